import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/db/sql.js';
import { prepareDemoHistory } from '../src/seed/demo-live.js';
import { midnightBeforeSeed } from '../src/seed/demo-pv-inverters.js';
import { dayIn } from '../src/domains/pv/pv-stations.service.js';
import { localMidnight } from '@energy/simulator';
import { createTestApp, DB_KINDS, signIn, type TestApp } from './helpers.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Every inverter of the demo's monitored PV stations reports (docs/pv.md "Demo"): eight days of the demo
 * history of Suzhou's SZ-PV-01 (its ten inverters, generation meter and weather station) written through the
 * ingest's bulk path, as the first start does, and read back from the raw telemetry.
 */
describe.each(DB_KINDS)('demo PV inverters (%s)', (kind) => {
  let t: TestApp;
  const q = <T>(query: ReturnType<typeof sql>) => rowsOf<T>(t.database.system, query);
  /** Suzhou's station devices by code (SZ-01-INV-01 ... SZ-01-INV-10, SZ-01-PVM-01). */
  let deviceOf: Map<string, number>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const stationDevices = await q<{ id: number; code: string }>(
      sql`select d.id, d.code from device d where d.code ~ '^SZ-01-(INV-[0-9]+|PVM-01|ENV-01)$'`,
    );
    deviceOf = new Map(stationDevices.map((d) => [d.code, Number(d.id)]));
    const demo = (await prepareDemoHistory({
      db: t.database.system,
      registry: t.services.devices,
      log: t.app.log,
      backfillDays: 8,
    }))!;
    const ids = new Set(deviceOf.values());
    function* suzhou() {
      for (const r of demo.readings()) if (ids.has(r.deviceId)) yield r;
    }
    await t.ingest.writeHistory(suzhou());
  }, 180_000);
  afterAll(() => t?.close());

  /** A device's raw readings of one property in [from, to), oldest first. */
  const series = (code: string, key: string, from: number, to: number) =>
    q<{ ts: Date | string; value: number }>(
      sql`select r.ts, r.value from telemetry_raw r join device d on d.id = r.device_id
          join data_property p on p.id = r.property_id and p.key = ${key}
          where d.code = ${code} and r.ts >= ${new Date(from).toISOString()}::timestamptz and r.ts < ${new Date(to).toISOString()}::timestamptz
          order by r.ts`,
    ).then((rows) => rows.map((r) => ({ ts: new Date(r.ts).getTime(), value: Number(r.value) })));
  const valueAt = async (code: string, key: string, ts: number) => {
    const [row] = await series(code, key, ts, ts + 1);
    expect(row, `${code} ${key} at ${new Date(ts).toISOString()}`).toBeDefined();
    return row!.value;
  };
  const seededAt = async (code: string) =>
    new Date((await q<{ created_at: Date | string }>(sql`select created_at from device where code = ${code}`))[0]!.created_at);

  it('binds every inverter of SZ-PV-01 and SH-PV-01 to a pv-inverter device rated as the inverter, each with history', async () => {
    const bound = await q<{ station: string; code: string; device: string | null; type: string; rated: number; rows: number }>(
      sql`select s.code as station, i.code, d.code as device, t.key as type, d.rated_power_kw as rated,
                 (select count(*) from telemetry_raw r where r.device_id = d.id)::int as rows
          from pv_inverter i join pv_station s on s.id = i.station_id
          left join device d on d.id = i.device_id left join device_type t on t.id = d.device_type_id
          where s.code in ('SZ-PV-01', 'SH-PV-01') order by s.code, i.code`,
    );
    expect(bound).toHaveLength(10 + 25);
    for (const b of bound) {
      const ou = b.station === 'SZ-PV-01' ? 'SZ-01' : 'SH-01';
      expect([b.device, b.type, Number(b.rated)], b.code).toEqual([`${ou}-${b.code}`, 'pv-inverter', b.station === 'SZ-PV-01' ? 100 : 110]);
    }
    // Suzhou's ten wrote 8 days at 5 minutes: at least 8 × 288 = 2,304 readings each; INV-01 all eight
    // properties, INV-02..10 the five their history keeps (p_ac, p_dc, temp_inner, e_total, status)
    for (const b of bound.filter((x) => x.station === 'SZ-PV-01'))
      expect(b.rows, b.code).toBeGreaterThanOrEqual((b.code === 'INV-01' ? 8 : 5) * 2304);
    const keys = await q<{ key: string }>(
      sql`select distinct p.key from telemetry_raw r join data_property p on p.id = r.property_id
          where r.device_id = ${deviceOf.get('SZ-01-INV-05')!} order by p.key`,
    );
    expect(keys.map((k) => k.key)).toEqual(['e_total', 'p_ac', 'p_dc', 'status', 'temp_inner']);
  });

  it("shows INV-07's trip: status 2 and no power from 10:15 to 14:40 six days before the seed, running before and after", async () => {
    const midnight = midnightBeforeSeed('Asia/Shanghai', await seededAt('SZ-01-INV-07'), 6);
    const from = midnight + (10 * 60 + 15) * 60_000;
    const to = midnight + (14 * 60 + 40) * 60_000;
    // 10:15 to 14:40 is 4 h 25 min = 265 min: 53 readings of 5 minutes
    const status = await series('SZ-01-INV-07', 'status', from, to);
    const power = await series('SZ-01-INV-07', 'p_ac', from, to);
    expect(status).toHaveLength(53);
    expect(status.every((r) => r.value === 2)).toBe(true);
    expect(power.every((r) => r.value === 0)).toBe(true);
    // in daylight before and after the window it runs, as its neighbour INV-06 does
    for (const at of [from - 15 * 60_000, to, to + HOUR]) {
      expect(await valueAt('SZ-01-INV-07', 'status', at)).toBe(await valueAt('SZ-01-INV-06', 'status', at));
      expect(await valueAt('SZ-01-INV-07', 'status', at)).not.toBe(2);
    }
    // and its yield stands still for those hours while INV-06's grows
    expect(await valueAt('SZ-01-INV-07', 'e_total', to - 300_000)).toBe(await valueAt('SZ-01-INV-07', 'e_total', from));
    expect(await valueAt('SZ-01-INV-06', 'e_total', to - 300_000)).toBeGreaterThan(await valueAt('SZ-01-INV-06', 'e_total', from));
  });

  it("shows INV-04 derating to hold 55 °C inside and INV-09's efficiency 2 points below INV-08's", async () => {
    const end = Date.now() + HOUR;
    const start = end - 9 * DAY;
    const hot = await series('SZ-01-INV-04', 'temp_inner', start, end);
    // its enclosure never passes the limit (55 °C, rounded to 0.1)
    expect(Math.max(...hot.map((r) => r.value))).toBeLessThanOrEqual(55.1);
    const atLimit = new Set(hot.filter((r) => r.value >= 54.5).map((r) => r.ts));
    expect(atLimit.size).toBeGreaterThan(3);
    // at the limit it gives less than its healthy neighbour INV-03 (same weather, 99 kWp each)
    const own = (await series('SZ-01-INV-04', 'p_ac', start, end)).filter((r) => atLimit.has(r.ts));
    const neighbour = new Map((await series('SZ-01-INV-03', 'p_ac', start, end)).map((r) => [r.ts, r.value]));
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    expect(sum(own.map((r) => r.value)) / sum(own.map((r) => neighbour.get(r.ts)!))).toBeLessThan(0.9);

    // efficiency = Σ p_ac / Σ p_dc over the readings above 20 kW DC: INV-09 loses 2 % of its AC, so its
    // efficiency is 0.98 × INV-08's (the curve is flat above a quarter load; ±0.5 % for their different loads)
    const efficiency = async (code: string) => {
      const dc = await series(code, 'p_dc', start, end);
      const ac = new Map((await series(code, 'p_ac', start, end)).map((r) => [r.ts, r.value]));
      const lit = dc.filter((r) => r.value > 20);
      return sum(lit.map((r) => ac.get(r.ts)!)) / sum(lit.map((r) => r.value));
    };
    const ratio = (await efficiency('SZ-01-INV-09')) / (await efficiency('SZ-01-INV-08'));
    expect(ratio).toBeGreaterThan(0.975);
    expect(ratio).toBeLessThan(0.985);
  });

  it("has the generation meter read yesterday's Σ of the inverters' AC × 0.99 less the standby", async () => {
    const tz = 'Asia/Shanghai';
    const yesterday = dayIn(tz, new Date(Date.now() - DAY));
    const from = localMidnight(tz, yesterday)!;
    const to = from + DAY;
    const increase = async (code: string, key: string) => (await valueAt(code, key, to)) - (await valueAt(code, key, from));
    let ac = 0;
    for (let n = 1; n <= 10; n++) ac += await increase(`SZ-01-INV-${String(n).padStart(2, '0')}`, 'e_total');
    // net generation = e_exp increase − e_imp increase (the meter counts export and the night's draw apart)
    const net = (await increase('SZ-01-PVM-01', 'e_exp')) - (await increase('SZ-01-PVM-01', 'e_imp'));
    // standby: 990 kWp × 0.15 % = 1.485 kW, × 24 h = 35.640 kWh; net = 0.99 × Σ AC − 35.640 kWh.
    // Rounding: the meter sums the inverters' p_ac as reported (to 1 W) and integrates it per 5 minutes, the
    // inverters integrate their unrounded power: at most 10 × 0.0005 kW × 24 h = 0.120 kWh apart, plus the
    // counters' rounding to 1 Wh (4 readings of the meter, 20 of the inverters: 0.012 kWh).
    expect(ac).toBeGreaterThan(50); // a November day of 990 kWp makes 0.5-4 MWh; never nothing
    expect(Math.abs(net - (0.99 * ac - 35.64))).toBeLessThanOrEqual(0.132);
  });

  it("gives dave (Harbor) none of Suzhou's inverter devices", async () => {
    const dave = await signIn(t, 'dave');
    const page = (await dave.post('/api/v2/device/page', { pageSize: 100, pageOffset: 1, code: 'SZ-01-INV' })).body.data;
    expect(page.totalCount).toBe(0);
    const own = (await dave.post('/api/v2/device/page', { pageSize: 100, pageOffset: 1, code: 'SH-01-INV-' })).body.data;
    expect(own.totalCount).toBe(25 + 9); // Shanghai's 25 inverters and INV-01's nine strings
  });
});
