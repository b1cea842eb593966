import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reading } from '../src/domains/telemetry/ingest/ingest.js';
import { createTestApp, DB_KINDS, signIn, type TestApp } from './helpers.js';

const MIN = 60_000;
const H = 60 * MIN;
const DAY = 24 * H;
const STEP = 5 * MIN;
// a whole local day of the demo tenant (Asia/Shanghai, UTC+8, no DST) 20 days ago: within the raw retention
const DAY_START = Math.floor((Date.now() - 20 * DAY + 8 * H) / DAY) * DAY - 8 * H;
const RESET_AT = 150;

/**
 * One local day of 5-minute readings of a PV inverter: power p_ac = (i mod 12) + k, and the energy counter e_total from 1000 + 100k, +2 kWh per
 * step, except that the meter is replaced at step 150 and reads 1 kWh, then +2 again.
 * By hand: the day's energy is 286 steps of 2 kWh and the replacement's 1 kWh = 573 kWh; its power sums
 * to 24 x (0 + 1 + ... + 11) + 288k = 1584 + 288k.
 */
function day(deviceId: number, k: number): Reading[] {
  const readings: Reading[] = [];
  let e = 1000 + 100 * k;
  for (let i = 0; i < 288; i++) {
    if (i === RESET_AT) e = 1;
    else if (i > 0) e += 2;
    readings.push({ deviceId, ts: new Date(DAY_START + i * STEP), values: { p_ac: (i % 12) + k, e_total: e } });
  }
  return readings;
}

/** Time-ordered, as the simulator's backfill yields them: every device at t, then at t + step. */
const interleave = (a: Reading[], b: Reading[]) => a.flatMap((r, i) => [r, b[i]!]);

type Row = Record<string, number | string>;

describe.each(DB_KINDS)('history path on %s', (kind) => {
  let t: TestApp;
  /** Two inverters written by writeReadings (the per-reading path), two by writeHistory. */
  let perReading: number[];
  let history: number[];

  beforeAll(async () => {
    t = await createTestApp(kind);
    const alice = await signIn(t, 'alice');
    const post = async (url: string, body: object) => {
      const { body: answer } = await alice.post(url, body);
      expect(answer.code, `${url}: ${JSON.stringify(answer)}`).toBe(0);
      return answer.data;
    };
    const types = (await post('/api/v2/device-type/tree', {})) as { children: { key: string; id: number }[] }[];
    const inverter = types.flatMap((c) => c.children).find((x) => x.key === 'pv-inverter')!.id;
    const ouId = (await post('/api/v2/ou/list', {}))[0].id as number;
    const ids: number[] = [];
    for (let i = 0; i < 4; i++)
      ids.push(
        (await post('/api/v2/device/create', { code: `HIST-${i}`, name: `History inverter ${i}`, deviceTypeId: inverter, ouId })).id,
      );
    perReading = ids.slice(0, 2);
    history = ids.slice(2);
  });
  afterAll(() => t?.close());

  it('writes the same raw rows, 15 min / hour / day rollups and counters as the per-reading path', async () => {
    // the per-reading path, in chunks of 100 readings as the demo wrote its history before
    const a = interleave(day(perReading[0]!, 0), day(perReading[1]!, 1));
    for (let i = 0; i < a.length; i += 100) {
      expect(await t.ingest.writeReadings(a.slice(i, i + 100))).toMatchObject({ rejected: 0, unknownDevice: 0 });
    }
    // the history path in two runs, the second starting inside a 15-minute bucket the first began
    // (a restart continuing its gap), each in slices of at least 500 values (several hours)
    const b = interleave(day(history[0]!, 0), day(history[1]!, 1));
    const split = 2 * 101; // 08:25 local: the 08:15 bucket holds 08:15 and 08:20 already
    const first = await t.ingest.writeHistory(b.slice(0, split), { firstSlice: 1, sliceMs: 1, pauseMs: 0 });
    const second = await t.ingest.writeHistory(b.slice(split), { firstSlice: 1, sliceMs: 1, pauseMs: 0 });
    expect(first.accepted + second.accepted).toBe(288 * 2 * 2);
    expect(first.rejected + second.rejected + first.unknownDevice + second.unknownDevice).toBe(0);
    expect(second.slices).toBeGreaterThan(1);

    const db = t.database.system;
    const of = async (table: string, deviceId: number): Promise<Row[]> => {
      const cols =
        table === 'telemetry_raw'
          ? sql`p.key, (extract(epoch from r.ts) * 1000)::float8 as ts, r.value`
          : sql`p.key, (extract(epoch from r.bucket) * 1000)::float8 as bucket, r.count, r.sum, r.min, r.max,
                (extract(epoch from r.last_ts) * 1000)::float8 as last_ts, r.last, r.increase`;
      const res = (await db.execute(
        sql`select ${cols} from ${sql.identifier(table)} r join data_property p on p.id = r.property_id
            where r.device_id = ${deviceId} order by p.key, 2`,
      )) as unknown as { rows: Row[] };
      return res.rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, k === 'key' ? v : Number(v)])));
    };
    // sums of floats may differ in the last bit with the order they were added in: sum and increase to 1e-9
    const close = (rows: Row[]) =>
      rows.map((r) => ({
        ...r,
        ...(r.sum !== undefined ? { sum: expect.closeTo(r.sum as number, 9) } : {}),
        ...(r.increase !== undefined ? { increase: expect.closeTo(r.increase as number, 9) } : {}),
      }));

    for (const k of [0, 1]) {
      const raw = await of('telemetry_raw', history[k]!);
      expect(raw).toHaveLength(288 * 2);
      expect(raw).toEqual(await of('telemetry_raw', perReading[k]!));
      for (const table of ['telemetry_15m', 'telemetry_1h', 'telemetry_1d']) {
        const mine = await of(table, history[k]!);
        expect(mine.length, table).toBe({ telemetry_15m: 96, telemetry_1h: 24, telemetry_1d: 1 }[table]! * 2);
        expect(mine, `${table} of inverter ${k}`).toEqual(close(await of(table, perReading[k]!)));
      }
      // by hand: the local day
      const days = await of('telemetry_1d', history[k]!);
      expect(days.find((r) => r.key === 'e_total')).toMatchObject({ bucket: DAY_START, count: 288, increase: 573 });
      expect(days.find((r) => r.key === 'p_ac')).toMatchObject({ bucket: DAY_START, count: 288, sum: 1584 + 288 * k, min: k, max: 11 + k });
      // the hour of the replacement (step 150 is 12:30): 11 steps of 2 kWh and the new meter's 1 kWh
      const hours = await of('telemetry_1h', history[k]!);
      expect(hours.find((r) => r.key === 'e_total' && r.bucket === DAY_START + 12 * H)).toMatchObject({ count: 12, increase: 23 });
    }

    // the counters: one replaced meter per device, on both paths
    const stats = async (deviceId: number) =>
      (
        (await db.execute(sql`select reason, count from device_ingest_stat where device_id = ${deviceId} order by reason`)) as unknown as {
          rows: Row[];
        }
      ).rows.map((r) => ({ reason: r.reason, count: Number(r.count) }));
    for (const k of [0, 1]) {
      expect(await stats(history[k]!)).toEqual([{ reason: 'counter_reset', count: 1 }]);
      expect(await stats(history[k]!)).toEqual(await stats(perReading[k]!));
    }
  });

  it('refuses what the per-reading path refuses, and counts it', async () => {
    const deviceId = history[0]!;
    const result = await t.ingest.writeHistory(
      [
        { deviceId, ts: new Date(DAY_START + DAY), values: { p_ac: 3, nope: 1 } },
        { deviceId: 999_999, ts: new Date(DAY_START + DAY), values: { p_ac: 1 } },
        { deviceId, ts: new Date(Date.now() + DAY), values: { p_ac: 1 } },
      ],
      { pauseMs: 0 },
    );
    expect(result).toMatchObject({ accepted: 1, rejected: 2, unknownDevice: 1 });
    const { rows } = (await t.database.system.execute(
      sql`select reason, count from device_ingest_stat where device_id = ${deviceId} and reason <> 'counter_reset' order by reason`,
    )) as unknown as { rows: Row[] };
    expect(rows.map((r) => [r.reason, Number(r.count)])).toEqual([
      ['future_timestamp', 1],
      ['unknown_property', 1],
    ]);
  });
});
