import { pv } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/sql.js';
import { coefficientOfVariation, median } from '../src/domains/pv/pv-dispersion-figures.js';
import { createTestApp, DB_KINDS, demoIds, signIn, type Session, type TestApp } from './helpers.js';

// String dispersion (docs/pv-analytics.md, "Dispersion"). One inverter INV-D with six strings on 10 June 2026
// (Asia/Shanghai, UTC+8), one reading per 15 min bucket, so each bucket's average is the reading itself.
//
// capacities: S1..S4 10 kWp (MPPT 1: S1-S3, MPPT 2: S4-S6), S5 and S6 12 kWp.
// bucket   irradiance  S1    S2    S3    S4  S5    S6      (currents in A)
// 11:00    800         8     8.4   6     0   9.6   9.12
// 11:15    600         6     6.3   4.5   0   7.2   6.84
// 11:30    150         1.5   1.575 1.5   0   1.8   1.71    below the 200 W/m² threshold: left out
// 11:45    400         4     4.2   3     0   4.8   4.56
// Normalised (A/kWp) in the three qualifying buckets: S1 .8 .6 .4, S2 .84 .63 .42, S3 .6 .45 .3, S4 0 0 0,
// S5 .8 .6 .4, S6 .76 .57 .38.
// Dead: in 11:00 the median of (0, .6, .76, .8, .8, .84) is (.76 + .8) / 2 = .78; S4's 0 ≤ 2 % × .78, dead in
// every qualifying bucket (and in its last): dead, left out of the rate.
// Means of the live strings: S1 .6, S2 .63, S3 .45, S5 .6, S6 .57; μ = 2.85 / 5 = .57
// deviations .03 .06 −.12 .03 0, squares .0009 .0036 .0144 .0009 0 = .0198; σ² = .0198 / 5 = .00396
// σ = .0629285; rate = σ / μ = .0629285 / .57 = .110401 → 11.04 % ("poor": 10-20 %).
// Had 11:30 counted, S3 (unshaded then) would have had (.6+.45+.15+.3)/4 = .375 against S1's .4875: another rate.
// Weak: median of live means (.45 .57 .6 .6 .63) = .6; S3 .45 / .6 = 75 % < 90 %: weak; S6 95 %: normal.

const at = (local: string) => Date.parse(`${local}+08:00`);
const CAP = [10, 10, 10, 10, 12, 12];
/** The defaults, sent explicitly. */
const CONFIG = { irradianceThreshold: 200, deadRatioPercent: 2, weakRatioPercent: 90, grouping: 'inverter', windowHours: 24 } as const;
const ROWS: [string, number, number[]][] = [
  ['11:00', 800, [8, 8.4, 6, 0, 9.6, 9.12]],
  ['11:15', 600, [6, 6.3, 4.5, 0, 7.2, 6.84]],
  ['11:30', 150, [1.5, 1.575, 1.5, 0, 1.8, 1.71]],
  ['11:45', 400, [4, 4.2, 3, 0, 4.8, 4.56]],
];

describe('dispersion arithmetic', () => {
  it('takes the population standard deviation over the mean, and the median', () => {
    // the means of the fixture's live strings: 11.04 % as computed by hand above
    expect(coefficientOfVariation([0.6, 0.63, 0.45, 0.6, 0.57])).toBeCloseTo(0.110401, 5);
    expect(coefficientOfVariation([0.6])).toBeNull();
    expect(median([0, 0.6, 0.76, 0.8, 0.8, 0.84])).toBeCloseTo(0.78, 10);
  });

  it('refuses classes whose bounds do not ascend, naming the field', () => {
    const bad = pv.dispersionClasses.safeParse([
      { name: 'good', upperPercent: 5 },
      { name: 'fair', upperPercent: 5 },
      { name: 'bad', upperPercent: null },
    ]);
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]!.path).toEqual([1, 'upperPercent']);
  });
});

describe.each(DB_KINDS)('PV string dispersion on %s', (kind) => {
  let t: TestApp;
  let alice: Session;
  let dave: Session;
  let stationId: number;
  let inverterId: number;
  const stringIds: number[] = [];
  let later: { deviceId: number; ts: Date; values: Record<string, number> }[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { alarmHistory: false });
    const ids = await demoIds(t);
    [alice, dave] = await Promise.all([signIn(t, 'alice'), signIn(t, 'dave')]);
    const tree = (await alice.post('/api/v2/device-type/tree', {})).body.data as { children: { key: string; id: number }[] }[];
    const typeId = (key: string) => tree.flatMap((x) => x.children).find((x) => x.key === key)!.id;
    const device = async (code: string, type: string) =>
      (await alice.post('/api/v2/device/create', { code, name: code, deviceTypeId: typeId(type), ouId: ids.ouId['SZ-01'] })).body.data
        .id as number;
    const env = await device('T-DSP-ENV', 'env-sensor');
    const made = await alice.call(pv.pvStationBasicInfo, {
      code: 'T-PV-DSP',
      name: 'Dispersion test',
      ouId: ids.ouId['SZ-01']!,
      capacityKwp: 64,
      weatherStationId: env,
    } as never);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    stationId = made.body.data.id;
    const inv = await alice.call(pv.pvInverterCreateCall, {
      pvId: stationId,
      code: 'INV-D',
      name: 'Inverter D',
      ratedAcKw: 60,
      mpptCount: 2,
    });
    expect(inv.status, JSON.stringify(inv.body)).toBe(200);
    inverterId = inv.body.data.id;
    const devices: number[] = [];
    for (const [i, cap] of CAP.entries()) {
      const s = await alice.call(pv.pvStringCreateCall, {
        pvId: stationId,
        code: `S${i + 1}`,
        name: `String ${i + 1}`,
        inverterId,
        mpptInput: i < 3 ? 1 : 2,
        moduleCount: cap === 10 ? 20 : 24,
        capacityKwp: cap,
      });
      expect(s.status, JSON.stringify(s.body)).toBe(200);
      stringIds.push(s.body.data.id);
      devices.push(await device(`T-DSP-S${i + 1}`, 'pv-string'));
      expect((await alice.call(pv.pvStringUpdateDevice, { id: s.body.data.id, deviceId: devices[i]! })).status).toBe(200);
    }
    const readings = ROWS.flatMap(([time, g, currents]) => {
      const ts = new Date(at(`2026-06-10T${time}:00`) + 5 * 60_000);
      return [{ deviceId: env, ts, values: { irradiance: g } }, ...currents.map((i, k) => ({ deviceId: devices[k]!, ts, values: { i } }))];
    });
    expect((await t.ingest.writeReadings(readings)).rejected).toBe(0);
    // a later bucket (12:00, 700 W/m²) in which S4 produces again: written in the recovery test
    later = [
      { deviceId: env, ts: new Date(at('2026-06-10T12:05:00')), values: { irradiance: 700 } },
      ...CAP.map((cap, k) => ({ deviceId: devices[k]!, ts: new Date(at('2026-06-10T12:05:00')), values: { i: 0.7 * cap } })),
    ];
  });
  afterAll(() => t?.close());

  const day = { from: '2026-06-10', to: '2026-06-10' };

  it('rates the inverter 11.04 % (poor) with S4 dead and S3 weak, over the 3 buckets above 200 W/m²', async () => {
    const page = await alice.call(pv.dispersionPvDevicePage, { stationId, ...day, pageSize: 20, pageOffset: 1 });
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.data.totalCount).toBe(1);
    expect(page.body.data.classes).toEqual(pv.DEFAULT_DISPERSION_CLASSES);
    expect(page.body.data.list[0]).toMatchObject({
      inverterCode: 'INV-D',
      mpptInput: null,
      status: 'analysed',
      ratePercent: 11.04,
      className: 'poor',
      classIndex: 2,
      stringsTotal: 6,
      stringsCounted: 5,
      deadStrings: [{ id: stringIds[3], code: 'S4' }],
      weakStrings: [{ id: stringIds[2], code: 'S3', relativePercent: 75 }],
      buckets: 3,
    });
    // the service other domains call answers the same
    const rates = await alice.call(pv.dispersionPvDevicePage, { stationId, ...day, className: 'good', pageSize: 20, pageOffset: 1 });
    expect(rates.body.data.totalCount).toBe(0);
  });

  it('lists the strings with their means and draws the day: 11:30 is below the threshold', async () => {
    const res = await alice.call(pv.dispersionPvDeviceList, { inverterId, ...day });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const s = res.body.data.strings;
    // S1 mean current (8 + 6 + 4) / 3 = 6 A, .6 A/kWp, 100 % of the median .6
    expect(s[0]).toMatchObject({
      code: 'S1',
      state: 'normal',
      meanCurrentA: 6,
      normalisedCurrent: 0.6,
      relativePercent: 100,
      qualifyingBuckets: 3,
    });
    // S3 (6 + 4.5 + 3) / 3 = 4.5 A, .45 A/kWp, 75 %
    expect(s[2]).toMatchObject({ code: 'S3', state: 'weak', meanCurrentA: 4.5, normalisedCurrent: 0.45, relativePercent: 75 });
    expect(s[3]).toMatchObject({ code: 'S4', state: 'dead', meanCurrentA: null, deadBuckets: 3 });
    // S6 (9.12 + 6.84 + 4.56) / 3 = 6.84 A, / 12 kWp = .57 A/kWp, .57 / .6 = 95 %
    expect(s[5]).toMatchObject({ code: 'S6', state: 'normal', meanCurrentA: 6.84, normalisedCurrent: 0.57, relativePercent: 95 });
    const curve = res.body.data.curve;
    expect(curve.buckets).toHaveLength(96);
    const b = (time: string) => curve.buckets.find((x) => x.ts === at(`2026-06-10T${time}:00`))!;
    // 11:00: live .8 .84 .6 .8 .76, μ = .76, σ² = (.0016 + .0064 + .0256 + .0016 + 0) / 5 = .00704, σ = .083905, 11.04 %
    expect(b('11:00')).toEqual({ ts: at('2026-06-10T11:00:00'), irradiance: 800, qualifying: true, ratePercent: 11.04 });
    expect(b('11:30')).toMatchObject({ irradiance: 150, qualifying: false, ratePercent: null });
    expect(curve.strings[0]!.currents[44]).toBe(8); // 11:00 is the 45th bucket of the day
  });

  it('compares per MPPT input when configured so: 14.06 % and 2.56 %', async () => {
    const set = await alice.call(pv.dispersionAnalysisSetUp, {
      ...CONFIG,
      stationId,
      grouping: 'mppt',
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data).toMatchObject({ isDefault: false, grouping: 'mppt', updatedBy: expect.any(String) });
    const page = await alice.call(pv.dispersionPvDevicePage, { stationId, ...day, pageSize: 20, pageOffset: 1 });
    // MPPT 1: .6 .63 .45, μ = .56, σ² = (.0016 + .0049 + .0121) / 3 = .0062, σ = .0787401, 14.06 %
    // MPPT 2: S4 dead; .6 .57, μ = .585, σ = .015, 2.56 %
    expect(page.body.data.list.map((u) => [u.mpptInput, u.ratePercent, u.className])).toEqual([
      [1, 14.06, 'poor'],
      [2, 2.56, 'good'],
    ]);
  });

  it('leaves excluded strings out: without S2 the rate is 11.14 %', async () => {
    const set = await alice.call(pv.dispersionAnalysisSetUp, {
      ...CONFIG,
      stationId,
      excluded: [{ kind: 'string', id: stringIds[1]!, reason: 'Replaced modules, being commissioned' }],
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data.excludedCount).toBe(1);
    // live .6 .45 .6 .57, μ = .555, deviations .045 −.105 .045 .015, σ² = .0153 / 4 = .003825, σ = .0618466, 11.14 %
    const page = await alice.call(pv.dispersionPvDevicePage, { stationId, ...day, pageSize: 20, pageOffset: 1 });
    expect(page.body.data.list[0]).toMatchObject({ ratePercent: 11.14, stringsTotal: 6, stringsCounted: 4 });
    const excluded = await alice.call(pv.dispersionExcludeDevicePage, { stationId, pageSize: 20, pageOffset: 1 });
    expect(excluded.body.data.list).toEqual([
      expect.objectContaining({
        kind: 'string',
        targetId: stringIds[1],
        code: 'S2',
        inverterCode: 'INV-D',
        reason: 'Replaced modules, being commissioned',
      }),
    ]);
    // a string of another station is refused, naming the field
    const wrong = await alice.call(pv.dispersionAnalysisSetUp, {
      ...CONFIG,
      stationId,
      excluded: [{ kind: 'inverter', id: 999_999, reason: 'x' }],
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toContain('excluded.0.id');
    // back to all strings
    await alice.call(pv.dispersionAnalysisSetUp, { ...set.body.data, stationId, excluded: [] } as never);
  });

  it('keeps classes per station, validated', async () => {
    expect((await alice.call(pv.dispersionThresholdInfo, { stationId })).body.data).toMatchObject({
      isDefault: true,
      classes: pv.DEFAULT_DISPERSION_CLASSES,
    });
    const refused = await alice.call(pv.dispersionThresholdSetUp, {
      stationId,
      classes: [
        { name: 'good', upperPercent: 8 },
        { name: 'fair', upperPercent: 6 },
        { name: 'bad', upperPercent: null },
      ],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toContain('classes.1.upperPercent');
    const page = await alice.call(pv.dispersionThresholdPage, { keyword: 'T-PV-DSP', pageSize: 20, pageOffset: 1 });
    expect(page.body.data.list.map((r) => r.stationCode)).toEqual(['T-PV-DSP']);
    const cfg = await alice.call(pv.dispersionAnalyzeConfigPage, { keyword: 'T-PV-DSP', pageSize: 20, pageOffset: 1 });
    expect(cfg.body.data.list[0]).toMatchObject({ stationCode: 'T-PV-DSP', irradianceThreshold: 200, excludedCount: 0 });
  });

  it('exports the device list with the page’s filter, in the asked language', async () => {
    const get = (session: Session, query: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v2/pv-dispersion-rate/pv-device-export?${query}`,
        headers: { cookie: session.cookie, jwttoken: session.token },
      });
    const csv = await get(alice, `stationId=${stationId}&from=2026-06-10&to=2026-06-10&format=csv&lang=zh-CN`);
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain('离散率');
    // per inverter again: 11.04 %, the weak S3 at 75 %, the dead S4
    expect(lines).toHaveLength(2);
    for (const cell of ['INV-D', '11.04', 'S3 (75 %)', 'S4']) expect(lines[1]).toContain(cell);
    expect((await get(dave, `stationId=${stationId}&from=2026-06-10&to=2026-06-10&format=csv`)).statusCode).toBe(404);
  });

  it('refuses a period over 31 days, naming the field', async () => {
    const res = await alice.call(pv.dispersionPvDevicePage, {
      stationId,
      from: '2026-06-01',
      to: '2026-07-05',
      pageSize: 20,
      pageOffset: 1,
    });
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain('to');
  });

  it('raises a dead-string alarm and a worst-class alarm, and recovers the string when it produces again', async () => {
    const alarms = () =>
      rowsOf<{ scene_type: string; target_id: number; state: number; content: string }>(
        t.database.system,
        sql`select scene_type, target_id, state, content from alarm_log where scene_type in ('PV_STRING_DEAD', 'PV_DISPERSION_HIGH') order by id`,
      );
    const first = await t.services.pvDispersionAlarms.check(at('2026-06-10T12:00:00'));
    expect(first.raised).toEqual([{ scene: 'PV_STRING_DEAD', targetId: stringIds[3], alarmId: expect.any(Number) }]);
    // 11.04 % is "poor" under the defaults; with bad from 10 % the inverter is in the worst class
    const set = await alice.call(pv.dispersionThresholdSetUp, {
      stationId,
      classes: [
        { name: 'good', upperPercent: 5 },
        { name: 'bad', upperPercent: null },
      ],
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const second = await t.services.pvDispersionAlarms.check(at('2026-06-10T12:00:00'));
    expect(second.raised).toEqual([{ scene: 'PV_DISPERSION_HIGH', targetId: inverterId, alarmId: expect.any(Number) }]);
    expect((await alarms()).map((a) => [a.scene_type, a.state])).toEqual([
      ['PV_STRING_DEAD', 0],
      ['PV_DISPERSION_HIGH', 0],
    ]);
    expect((await alarms())[0]!.content).toContain('T-PV-DSP INV-D S4 gives no current');
    // 12:00-12:15: every string at .7 A/kWp, S4 too: its last qualifying bucket is live
    expect((await t.ingest.writeReadings(later)).rejected).toBe(0);
    const third = await t.services.pvDispersionAlarms.check(at('2026-06-10T12:30:00'));
    expect(third.recovered).toContainEqual({ scene: 'PV_STRING_DEAD', targetId: stringIds[3] });
    expect((await alarms())[0]!.state).toBe(1);
  });

  it('shows another tenant nothing', async () => {
    expect((await dave.call(pv.dispersionThresholdInfo, { stationId })).status).toBe(404);
    expect((await dave.call(pv.dispersionGetAnalysisConfig, { stationId })).status).toBe(404);
    expect((await dave.call(pv.dispersionPvDeviceList, { inverterId, ...day })).status).toBe(404);
    expect((await dave.call(pv.dispersionPvDevicePage, { stationId, ...day, pageSize: 20, pageOffset: 1 })).status).toBe(404);
    const set = await dave.call(pv.dispersionThresholdSetUp, { stationId, classes: pv.DEFAULT_DISPERSION_CLASSES });
    expect(set.status).toBe(404);
    const tree = await dave.call(pv.dispersionPvWithArea, undefined as never);
    expect(JSON.stringify(tree.body.data)).not.toContain('Dispersion test');
    const excluded = await dave.call(pv.dispersionExcludeDevicePage, { pageSize: 20, pageOffset: 1 });
    expect(excluded.body.data.totalCount).toBe(0);
  });
});
