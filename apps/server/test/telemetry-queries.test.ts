import { ErrorCode } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteExpiredRaw } from '../src/domains/telemetry/retention.js';
import { createTestApp, DB_KINDS, signIn, type Session, type TestApp } from './helpers.js';

type Rows<T> = { rows: T[] };
const H = 3_600_000;
const DAY = 24 * H;
// Asia/Shanghai is UTC+8: local midnight of 2026-01-01 is 2025-12-31T16:00Z
const LOCAL_JAN1 = Date.parse('2025-12-31T16:00:00Z');

describe.each(DB_KINDS)('telemetry queries on %s', (kind) => {
  let t: TestApp;
  let alice: Session;
  let inverter: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await signIn(t, 'alice');
    inverter = (await alice.post('/api/v2/device/page', { pageSize: 10, pageOffset: 1, code: 'SZ-01-INV-01' })).body.data.list.find(
      (d: { code: string }) => d.code === 'SZ-01-INV-01',
    ).id;
    // hourly readings for 70 local days from 2026-01-01: power = hour of day, energy counter +10 kWh per hour
    const readings = [];
    for (let i = 0; i < 70 * 24; i++)
      readings.push({ deviceId: inverter, ts: new Date(LOCAL_JAN1 + i * H), values: { p_ac: i % 24, e_total: 5000 + i * 10 } });
    const result = await t.ingest.writeReadings(readings);
    expect(result).toEqual({ accepted: 70 * 24 * 2, rejected: 0, unknownDevice: 0 });
  });
  afterAll(() => t?.close());

  const post = (path: string, body: object) => alice.post(`/api/v2/device/dataProperty/${path}`, { deviceId: inverter, ...body });

  it('resamples by local day, month and year in the tenant time zone, from the rollups', async () => {
    const day = await post('resampled/cumulative', {
      propertyKeys: ['e_total'],
      from: LOCAL_JAN1,
      to: LOCAL_JAN1 + 3 * DAY,
      interval: '1d',
    });
    expect(day.body.data.timeZone).toBe('Asia/Shanghai');
    // the first local day has 23 steps (its first reading has no predecessor), then 24 x 10 kWh
    expect(day.body.data.properties[0].points).toEqual([
      { ts: LOCAL_JAN1, increase: 230, last: 5230 },
      { ts: LOCAL_JAN1 + DAY, increase: 240, last: 5470 },
      { ts: LOCAL_JAN1 + 2 * DAY, increase: 240, last: 5710 },
    ]);
    const month = await post('resampled/cumulative', {
      propertyKeys: ['e_total'],
      from: '2026-01-01T00:00:00+08:00',
      to: '2026-04-01T00:00:00+08:00',
      interval: '1mo',
    });
    const feb = Date.parse('2026-02-01T00:00:00+08:00');
    expect(month.body.data.properties[0].points.map((p: { ts: number; increase: number | null }) => [p.ts, p.increase])).toEqual([
      [LOCAL_JAN1, 31 * 240 - 10],
      [feb, 28 * 240],
      [Date.parse('2026-03-01T00:00:00+08:00'), 11 * 240], // data ends on 11 March
    ]);
    const year = await post('resampled/instantaneous', {
      propertyKeys: ['p_ac'],
      from: LOCAL_JAN1,
      to: LOCAL_JAN1 + 365 * DAY,
      interval: '1y',
    });
    expect(year.body.data.properties[0].points).toEqual([{ ts: LOCAL_JAN1, avg: 11.5, max: 23, min: 0, last: 23, count: 70 * 24 }]);
    // a year by day is 365 buckets, the empty ones as nulls
    const byDay = await post('resampled/instantaneous', {
      propertyKeys: ['p_ac'],
      from: LOCAL_JAN1,
      to: LOCAL_JAN1 + 365 * DAY,
      interval: '1d',
    });
    const points = byDay.body.data.properties[0].points;
    expect(points).toHaveLength(365);
    expect(points[69]).toMatchObject({ avg: 11.5, max: 23, min: 0, count: 24 });
    expect(points[70]).toEqual({ ts: LOCAL_JAN1 + 70 * DAY, avg: null, max: null, min: null, last: null, count: 0 });
    // answered from the day rollup: 70 rows per property, not 1680 raw rows
    const rollups = (
      (await t.database.system.execute(
        sql`select (select count(*)::int from telemetry_1d where device_id = ${inverter}) as d, (select count(*)::int from telemetry_1h where device_id = ${inverter}) as h`,
      )) as unknown as Rows<{ d: number; h: number }>
    ).rows[0]!;
    expect(rollups).toEqual({ d: 140, h: 70 * 24 * 2 });
  });

  it('serves 15 min, hourly and minute buckets, raw rows and range totals', async () => {
    const from = LOCAL_JAN1 + 10 * DAY;
    const q = await post('resampled/instantaneous', { propertyKeys: ['p_ac'], from, to: from + 2 * H, interval: '15m' });
    expect(q.body.data.properties[0].points.map((p: { avg: number | null }) => p.avg)).toEqual([0, null, null, null, 1, null, null, null]);
    const h = await post('resampled/instantaneous1m', { propertyKeys: ['p_ac'], from, to: from + 2 * H });
    expect(h.body.data.properties[0].points).toHaveLength(120);
    const raw = await post('raw', { propertyKeys: ['p_ac', 'e_total'], from, to: from + 3 * H, limit: 2 });
    expect(raw.body.data.truncated).toBe(true);
    expect(raw.body.data.properties[1].points).toEqual([
      { ts: from, value: 5000 + 240 * 10 },
      { ts: from + H, value: 5000 + 241 * 10 },
    ]);
    // totals mix whole local days (day rollup) and the partial edges (15 min rollup)
    const total = await post('time-aggr/cumulative', { from: from + 6 * H, to: from + 2 * DAY + 3 * H });
    expect(total.body.data.values.find((v: { key: string }) => v.key === 'e_total').increase).toBe((18 + 24 + 3) * 10);
    const inst = await post('time-aggr/instantaneous', { propertyKeys: ['p_ac'], from, to: from + DAY });
    expect(inst.body.data.values[0]).toMatchObject({ avg: 11.5, max: 23, min: 0, count: 24 });
    const power = await alice.post('/api/v2/device/dataProperty/power', { deviceId: inverter, from, to: from + H, interval: '1h' });
    expect(power.body.data.properties[0]).toMatchObject({ key: 'p_ac', points: [{ ts: from, avg: 0 }] });
    const recent = await post('recent', { propertyKeys: ['e_total'] });
    expect(recent.body.data.values[0]).toMatchObject({ ts: LOCAL_JAN1 + (70 * 24 - 1) * H, value: 5000 + (70 * 24 - 1) * 10 });
  });

  it('refuses bad ranges, keys and kinds with a clear message', async () => {
    const bad = async (path: string, body: object, msg: RegExp) => {
      const r = await post(path, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.code).toBe(ErrorCode.VALIDATION);
      expect(r.body.msg).toMatch(msg);
    };
    await bad('raw', { from: 2000, to: 1000 }, /^body\.to: must be after from/);
    await bad('resampled/instantaneous', { from: 0, to: LOCAL_JAN1, interval: '1m' }, /^body\.to: one-minute/);
    await bad('resampled/instantaneous', { from: 0, to: LOCAL_JAN1, interval: '15m' }, /^body\.interval: gives more than/);
    await bad(
      'resampled/cumulative',
      { propertyKeys: ['p_ac'], from: 0, to: 1000, interval: '1d' },
      /^body\.propertyKeys: p_ac is instantaneous/,
    );
    await bad('recent', { propertyKeys: ['nope'] }, /^body\.propertyKeys: nope is not a property/);
    await bad('soc', { from: 0, to: 1000 }, /has no soc property/);
  });

  it("shows nothing of another tenant's device", async () => {
    const harbor = await signIn(t, 'alice');
    const hb = (await harbor.post('/api/v2/platform-public/staff/list', {})).body.data.find(
      (s: { staffCode: string }) => s.staffCode === 'HB-ALICE',
    );
    await harbor.post('/api/v2/platform-public/staff/switch', { staffId: hb.id });
    for (const path of ['raw', 'recent', 'resampled/instantaneous', 'time-aggr/cumulative']) {
      const r = await harbor.post(`/api/v2/device/dataProperty/${path}`, {
        deviceId: inverter,
        from: LOCAL_JAN1,
        to: LOCAL_JAN1 + DAY,
        interval: '1d',
      });
      expect(r.status, path).toBe(404);
    }
  });

  it('deletes raw rows past the retention and keeps the rollups', async () => {
    const before = (
      (await t.database.system.execute(
        sql`select count(*)::int as n from telemetry_raw where device_id = ${inverter}`,
      )) as unknown as Rows<{ n: number }>
    ).rows[0]!.n;
    const ageDays = Math.floor((Date.now() - (LOCAL_JAN1 + 35 * DAY)) / DAY);
    const deleted = await deleteExpiredRaw(t.database.system, ageDays);
    expect(deleted).toBeGreaterThan(0);
    const after = (
      (await t.database.system.execute(
        sql`select count(*)::int as n from telemetry_raw where device_id = ${inverter}`,
      )) as unknown as Rows<{ n: number }>
    ).rows[0]!.n;
    expect(after).toBe(before - deleted);
    const month = await post('resampled/cumulative', {
      propertyKeys: ['e_total'],
      from: LOCAL_JAN1,
      to: LOCAL_JAN1 + 31 * DAY,
      interval: '1mo',
    });
    expect(month.body.data.properties[0].points[0].increase).toBe(31 * 240 - 10);
  });
});
