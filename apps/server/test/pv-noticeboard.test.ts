import { pv } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, demoIds, signIn, type Session, type TestApp } from './helpers.js';

// The PV noticeboard (docs/pv-analytics.md, "Noticeboard"). A station of one inverter with three monitored
// strings of 11 kWp and a fourth not monitored, a weather station, and 10 June 2026 (Asia/Shanghai, UTC+8)
// of five-minute readings from 10:00 to 10:25. Every figure below is worked out by hand from them.

const at = (local: string) => new Date(Date.parse(`${local}+08:00`));
const DAY = '2026-06-10';

describe.each(DB_KINDS)('PV noticeboard on %s', (kind) => {
  let t: TestApp;
  let alice: Session;
  let dave: Session;
  let pvId: number;
  let inverterId: number;
  let inverterDevice: number;
  let env: number;
  const strings: number[] = [];
  const stringDevices: number[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { alarmHistory: false });
    const ids = await demoIds(t);
    [alice, dave] = await Promise.all([signIn(t, 'alice'), signIn(t, 'dave')]);
    const tree = (await alice.post('/api/v2/device-type/tree', {})).body.data as { children: { key: string; id: number }[] }[];
    const typeId = (key: string) => tree.flatMap((x) => x.children).find((x) => x.key === key)!.id;
    const device = async (code: string, type: string) =>
      (await alice.post('/api/v2/device/create', { code, name: code, deviceTypeId: typeId(type), ouId: ids.ouId['SZ-01'] })).body.data
        .id as number;
    env = await device('T-NB-ENV', 'env-sensor');
    inverterDevice = await device('T-NB-INV', 'pv-inverter');
    for (const n of [1, 2, 3]) stringDevices.push(await device(`T-NB-S${n}`, 'pv-string'));
    const made = await alice.call(pv.pvStationBasicInfo, {
      code: 'T-PV-NB',
      name: 'Noticeboard test',
      ouId: ids.ouId['SZ-01']!,
      capacityKwp: 44,
      gridConnectionDate: '2026-06-01',
      weatherStationId: env,
    } as never);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    pvId = made.body.data.id;
    const inv = await alice.call(pv.pvInverterCreateCall, { pvId, code: 'INV-1', name: 'Inverter 1', ratedAcKw: 40, mpptCount: 2 });
    inverterId = inv.body.data.id;
    expect((await alice.call(pv.pvInverterUpdateDevice, { id: inverterId, deviceId: inverterDevice })).status).toBe(200);
    for (const n of [1, 2, 3, 4]) {
      const s = await alice.call(pv.pvStringCreateCall, {
        pvId,
        code: `S${n}`,
        name: `String ${n}`,
        inverterId,
        mpptInput: n <= 2 ? 1 : 2,
        moduleCount: 20,
        capacityKwp: 11,
      });
      strings.push(s.body.data.id);
      if (n <= 3)
        expect((await alice.call(pv.pvStringUpdateDevice, { id: s.body.data.id, deviceId: stringDevices[n - 1]! })).status).toBe(200);
    }
    // 10:05..10:15 fall in the 10:00 bucket, 10:15..10:25 in the 10:15 one (a bucket holds the readings from its start)
    const readings: { deviceId: number; ts: Date; values: Record<string, number> }[] = [];
    const env5 = [
      ['10:00', 600, 40],
      ['10:05', 610, 41],
      ['10:10', 620, 42],
      ['10:15', 700, 45],
      ['10:20', 700, 45],
      ['10:25', 700, 45],
    ] as const;
    for (const [clock, g, tm] of env5)
      readings.push({ deviceId: env, ts: at(`${DAY}T${clock}:00`), values: { irradiance: g, temp_module: tm } });
    readings.push({ deviceId: env, ts: at(`${DAY}T10:25:00`), values: { temp_amb: 30, wind: 2.5, humidity: 61 } });
    const currents: Record<string, [number, number, number]> = {
      '10:00': [8, 6, 0],
      '10:05': [8, 7, 0],
      '10:10': [8, 8, 0],
      '10:15': [9, 9, 0],
      '10:20': [9, 9, 0],
      '10:25': [9, 9.3, 0],
    };
    for (const [clock, c] of Object.entries(currents))
      c.forEach((i, n) => readings.push({ deviceId: stringDevices[n]!, ts: at(`${DAY}T${clock}:00`), values: { i } }));
    // the inverter's AC counter: 100.0 kWh at 10:00, 105.5 at 10:14, 112.5 at 10:29: 12,500 Wh on the day, each
    // quarter's energy in its own bucket beside its irradiance (a step counts in the bucket of the reading that ends it)
    for (const [clock, kwh] of [
      ['10:00', 100],
      ['10:14', 105.5],
      ['10:29', 112.5],
    ] as const)
      readings.push({ deviceId: inverterDevice, ts: at(`${DAY}T${clock}:00`), values: { e_total: kwh } });
    expect((await t.ingest.writeReadings(readings)).rejected).toBe(0);
  });
  afterAll(async () => t?.close());

  it('shows the weather station: its latest values and the day’s quarter-hour averages', async () => {
    const r = await alice.call(pv.noticeboardModuleData, { pvId, day: DAY });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({
      weatherStation: { deviceId: env, code: 'T-NB-ENV' },
      irradiance: 700,
      tempModule: 45,
      tempAmbient: 30,
      wind: 2.5,
      humidity: 61,
    });
    // 10:00 bucket: (600 + 610 + 620) / 3 = 610 W/m², (40 + 41 + 42) / 3 = 41 °C; 10:15 bucket: 700, 45
    expect(r.body.data.curve).toEqual([
      { ts: at(`${DAY}T10:00:00`).getTime(), irradiance: 610, tempModule: 41 },
      { ts: at(`${DAY}T10:15:00`).getTime(), irradiance: 700, tempModule: 45 },
    ]);
    // a day after today is refused, naming the field
    const later = await alice.call(pv.noticeboardModuleData, { pvId, day: '2099-01-01' });
    expect(later.body.msg).toMatch(/^body\.day: must not be after today/);
  });

  it('draws the string currents of the inverter with monitored strings, per quarter hour', async () => {
    const r = await alice.call(pv.noticeboardStringCurve, { pvId, day: DAY });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.inverterId).toBe(inverterId);
    // S1: (8+8+8)/3 = 8, (9+9+9)/3 = 9; S2: (6+7+8)/3 = 7, (9+9+9.3)/3 = 9.1; S3 dead: 0, 0. S4 has no device: not drawn.
    const q0 = at(`${DAY}T10:00:00`).getTime();
    const q1 = at(`${DAY}T10:15:00`).getTime();
    expect(r.body.data.strings).toEqual([
      {
        stringId: strings[0],
        code: 'S1',
        capacityKwp: 11,
        points: [
          { ts: q0, current: 8 },
          { ts: q1, current: 9 },
        ],
      },
      {
        stringId: strings[1],
        code: 'S2',
        capacityKwp: 11,
        points: [
          { ts: q0, current: 7 },
          { ts: q1, current: 9.1 },
        ],
      },
      {
        stringId: strings[2],
        code: 'S3',
        capacityKwp: 11,
        points: [
          { ts: q0, current: 0 },
          { ts: q1, current: 0 },
        ],
      },
    ]);
    expect((await alice.call(pv.noticeboardStringCurve, { pvId, day: DAY, inverterId: 999_999 })).status).toBe(404);
  });

  it('shows a day’s PR, temperature-corrected PR and equivalent hours from the performance service', async () => {
    const r = await alice.call(pv.noticeboardIndicator, { pvId, day: DAY });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // no generation meter: the inverter's AC counter, 12,500 Wh. H = (610 + 700) W/m² × 0.25 h = 327.5 Wh/m².
    // PR = 12,500 / (327.5 × 44 kWp) = 12,500 / 14,410 = 0.867453… → 0.8675; equivalent hours 12.5 / 44 = 0.284 → 0.28.
    // Corrected (γ −0.35 %/K, 25 °C): 44 × 0.61 × 0.25 × (1 − 0.0035 × 16) = 6.33424 kWh and 44 × 0.7 × 0.25 ×
    // (1 − 0.0035 × 20) = 7.161 kWh, Σ 13.49524 kWh: 12.5 / 13.49524 = 0.926252… → 0.9263.
    expect(r.body.data).toEqual({
      day: DAY,
      generationWh: 12_500,
      irradiationWhM2: 327.5,
      pr: 0.8675,
      prTempCorrected: 0.9263,
      equivalentHours: 0.28,
    });
  });

  it('gives the station card from the outline: energy of the year and in total, CO2 avoided', async () => {
    const r = await alice.call(pv.noticeboardInfo, { pvId });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // the only energy is 10 June's 12,500 Wh (this year, not this month); CO2 12,500 Wh × 0.5703 g/Wh = 7,128.75 g → 7.129 kg
    expect(r.body.data).toMatchObject({ code: 'T-PV-NB', capacityKwp: 44, todayWh: 0, monthWh: 0, totalWh: 12_500, co2AvoidedKg: 7.129 });
    expect(r.body.data.yearWh).toBe(DAY.slice(0, 4) === r.body.data.day.slice(0, 4) ? 12_500 : 0);
  });

  it('gives each inverter’s dispersion and its curve from the dispersion service', async () => {
    const r = await alice.call(pv.noticeboardDispersionDevices, { pvId, day: DAY });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // both buckets qualify (610 and 700 W/m², threshold 200); S3 gives 0 A next to producing strings: dead, left out.
    // Live means in A/kWp: S1 (8 + 9) / 2 / 11 = 0.772727, S2 (7 + 9.1) / 2 / 11 = 0.731818; μ = 0.752273,
    // σ = 0.020455: 2.72 % (good, under 5 %)
    expect(r.body.data.devices).toEqual([
      {
        inverterId,
        code: 'INV-1',
        name: 'Inverter 1',
        rate: 0.0272,
        className: expect.any(String),
        strings: 4,
        deadStrings: ['S3'],
        weakStrings: [],
      },
    ]);
    const curve = await alice.call(pv.noticeboardDispersionCurve, { pvId, day: DAY });
    // 10:00: 8/11 and 7/11 → μ 0.681818, σ 0.045455: 6.67 %; 10:15: 9/11 and 9.1/11 → μ 0.822727, σ 0.004545: 0.55 %
    const lit = curve.body.data.points.filter((p) => p.rate != null);
    expect(lit).toEqual([
      { ts: at(`${DAY}T10:00:00`).getTime(), rate: 0.0667 },
      { ts: at(`${DAY}T10:15:00`).getTime(), rate: 0.0055 },
    ]);
  });

  it('counts the equipment by the outline’s states', async () => {
    // nothing has said it is online yet: the bound devices are offline, S4 has no device
    let r = await alice.call(pv.noticeboardDeviceInfo, { pvId });
    expect(r.body.data.inverters).toEqual({ 'no-device': 0, offline: 1, fault: 0, alarm: 0, online: 0 });
    expect(r.body.data.strings).toEqual({ 'no-device': 1, offline: 3, fault: 0, alarm: 0, online: 0 });
    expect(r.body.data.meters).toEqual({ 'no-device': 0, offline: 0, fault: 0, alarm: 0, online: 0 });
    // online and seen now; the inverter reports running (status 1), then a fault (status 2)
    await t.database.system.execute(
      sql`update device set online = true, last_seen_at = now() where id = any(${sql.param([inverterDevice, ...stringDevices])}::int[])`,
    );
    const now = Date.now();
    await t.ingest.writeReadings([{ deviceId: inverterDevice, ts: new Date(now - 60_000), values: { p_ac: 12.5, status: 1 } }]);
    r = await alice.call(pv.noticeboardDeviceInfo, { pvId });
    expect(r.body.data.inverters).toEqual({ 'no-device': 0, offline: 0, fault: 0, alarm: 0, online: 1 });
    expect(r.body.data.strings).toEqual({ 'no-device': 1, offline: 0, fault: 0, alarm: 0, online: 3 });
    await t.ingest.writeReadings([{ deviceId: inverterDevice, ts: new Date(now - 30_000), values: { p_ac: 0, status: 2 } }]);
    r = await alice.call(pv.noticeboardDeviceInfo, { pvId });
    expect(r.body.data.inverters.fault).toBe(1);
  });

  it('counts the week’s alarms per local day and level, the active ones, and pages them', async () => {
    const tenant = sql`(select tenant_id from device where id = ${inverterDevice})`;
    const alarm = (device: number, level: number, state: number, when: Date, content: string) =>
      t.database.system.execute(
        sql`insert into alarm_log (tenant_id, source, level, rule_name, device_id, device_code, content, alarm_time, state, recover_time)
            values (${tenant}, 'rule', ${level}, 'Test', ${device}, (select code from device where id = ${device}), ${content},
                    ${when.toISOString()}::timestamptz, ${state}, ${state ? when.toISOString() : null}::timestamptz)`,
      );
    const now = new Date();
    const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);
    await alarm(inverterDevice, 1, 0, new Date(now.getTime() - 60_000), 'Inverter fault');
    await alarm(stringDevices[2]!, 2, 1, daysAgo(3), 'String current low');
    await alarm(inverterDevice, 0, 1, daysAgo(8), 'Older than a week');
    // another device of the tenant, not the station's: never counted
    const other = await (async () => {
      const [row] = (
        (await t.database.system.execute(sql`select id from device where code = 'SZ-01-GM-01'`)) as unknown as { rows: { id: number }[] }
      ).rows;
      return Number(row!.id);
    })();
    await alarm(other, 0, 0, new Date(now.getTime() - 60_000), 'Not this station');

    const week = await alice.call(pv.noticeboardAlarmWeek, { pvId });
    expect(week.body.data.days).toHaveLength(7);
    const dayOf = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(d);
    const byDay = Object.fromEntries(week.body.data.days.map((d) => [d.day, d.byLevel]));
    expect(week.body.data.days[6]!.day).toBe(dayOf(now));
    expect(byDay[dayOf(now)]).toEqual([0, 1, 0, 0, 0]);
    expect(byDay[dayOf(daysAgo(3))]).toEqual([0, 0, 1, 0, 0]);
    expect(week.body.data.days.reduce((s, d) => s + d.total, 0)).toBe(2);

    const count = await alice.call(pv.noticeboardAlarmCount, { pvId });
    expect(count.body.data).toEqual({ active: 1, activeByLevel: [0, 1, 0, 0, 0], raisedToday: 1 });

    const page = await alice.call(pv.noticeboardAlarmPage, { pvId, pageSize: 2, pageOffset: 1, activeOnly: false });
    expect(page.body.data.totalCount).toBe(3);
    // newest first
    expect(page.body.data.list.map((a) => a.content)).toEqual(['Inverter fault', 'String current low']);
    const active = await alice.call(pv.noticeboardAlarmPage, { pvId, pageSize: 10, pageOffset: 1, activeOnly: true });
    expect(active.body.data.list.map((a) => [a.content, a.deviceCode, a.state])).toEqual([['Inverter fault', 'T-NB-INV', 0]]);
  });

  it('shows another tenant’s staff nothing: the station is not found', async () => {
    for (const call of [
      dave.call(pv.noticeboardInfo, { pvId }),
      dave.call(pv.noticeboardIndicator, { pvId }),
      dave.call(pv.noticeboardDispersionDevices, { pvId }),
      dave.call(pv.noticeboardDispersionCurve, { pvId }),
      dave.call(pv.noticeboardModuleData, { pvId }),
      dave.call(pv.noticeboardDeviceInfo, { pvId }),
      dave.call(pv.noticeboardStringCurve, { pvId }),
      dave.call(pv.noticeboardAlarmWeek, { pvId }),
      dave.call(pv.noticeboardAlarmCount, { pvId }),
      dave.call(pv.noticeboardAlarmPage, { pvId, pageSize: 10, pageOffset: 1, activeOnly: false }),
    ]) {
      const r = await call;
      expect(r.status).toBe(404);
      expect(r.body.msg).toBe(`PV station ${pvId} does not exist`);
    }
  });
});
