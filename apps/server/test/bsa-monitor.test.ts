import { bsa, bsaMonitor as m } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/sql.js';
import { cyclesOf, humidityState, temperatureState } from '../src/domains/bsa-monitor/bsa-monitor-battery.service.js';
import { flowsOf } from '../src/domains/bsa-monitor/bsa-monitor.service.js';
import { createTestApp, DB_KINDS, signIn, type Session, type TestApp } from './helpers.js';

// Issue 22's monitoring calls on the demo station SZ-01-BSA-01 (Suzhou tariff: valley 00-08 0.30, flat
// 08-10 0.65, peak 10-15 1.05, flat 15-18 0.65, peak 18-19 1.05, sharp 19-21 1.25, flat 21-24 0.65; 500 kWh,
// PCS SZ-01-PCS-01 250 kW) with readings written here, every figure against a hand calculation.

const D = '2026-03-10';
/** Local wall-clock (Asia/Shanghai, UTC+8, no DST) to epoch ms. */
const sh = (day: string, hhmm: string) => Date.parse(`${day}T${hhmm}:00+08:00`);

describe.each(DB_KINDS)('storage monitoring on %s', (kind) => {
  let t: TestApp;
  let alice: Session;
  let dave: Session;
  let sz01: number;
  let sh01: number;
  let todayLocal: string;
  let todayWh = 0;
  const dev: Record<string, number> = {};
  const message = (res: { body: { msg?: string } }) => res.body.msg;

  beforeAll(async () => {
    t = await createTestApp(kind);
    [alice, dave] = await Promise.all([signIn(t, 'alice'), signIn(t, 'dave')]);
    for (const d of await rowsOf<{ code: string; id: number }>(t.database.system, sql`select code, id from device`)) dev[d.code] = d.id;
    sz01 = (await alice.call(bsa.bsaListSimple, { name: 'Suzhou' })).body.data[0]!.id;
    sh01 = (await dave.call(bsa.bsaListSimple, {})).body.data[0]!.id;
    const r = (code: string, at: number, values: Record<string, number>) => ({ deviceId: dev[code]!, ts: new Date(at), values });
    const pcs = 'SZ-01-PCS-01';
    const now = Date.now();
    const written = await t.ingest.writeReadings([
      r(pcs, sh(D, '10:00'), { e_chg: 1000, e_dis: 400, p: -200, soc: 40, soh: 99, status: 1 }),
      r(pcs, sh(D, '10:05'), { e_chg: 1000.5, p: -100, soc: 42 }),
      r(pcs, sh(D, '10:20'), { e_chg: 1001.25, p: 0, soc: 44 }),
      r(pcs, sh(D, '12:20'), { e_chg: 1201.25 }),
      r(pcs, sh(D, '18:10'), { e_dis: 500, p: 150, soc: 44, status: 2 }),
      // the discharge counter is reset (a replaced meter board): it restarts from 0 and counts 0.25 kWh
      r(pcs, sh(D, '18:20'), { e_dis: 0.25, p: 120, soc: 43, soh: 98.8 }),
      r('SZ-01-GM-01', sh(D, '10:00'), { e_imp: 5000, e_exp: 10, p: 300 }),
      r('SZ-01-GM-01', sh(D, '10:05'), { e_imp: 5000.8, p: 280 }),
      r('SZ-01-GM-01', sh(D, '18:20'), { e_exp: 10.4, p: -20 }),
      r('SZ-01-INV-01', sh(D, '18:20'), { p_ac: 35.5 }),
      r('SZ-01-FCS-01', sh(D, '18:05'), { env_temp: 26.6, env_humidity: 90.5, smoke: 0, water: 0 }),
      r('SZ-01-FCS-01', sh(D, '18:20'), { run_state: 1, mode: 1, strategy_id: 0, env_temp: 27.4, env_humidity: 91.5, smoke: 0, water: 0 }),
      // today: 1201.25 -> 1202 kWh of charge
      r(pcs, now - 9 * 60_000, { e_chg: 1201.25 }),
      r(pcs, now - 4 * 60_000, { e_chg: 1202 }),
    ]);
    expect(written.rejected).toBe(0);
    const local = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
    todayLocal = local(now);
    // the increase counts in the bucket of the reading that makes it: 750 Wh today
    todayWh = 750;
  });
  afterAll(() => t?.close());

  it('answers the station now (every variant), its PCS and its power flow', async () => {
    const res = await alice.call(m.neoBsaRealTimeData, { bsaId: sz01 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const now = res.body.data;
    // latest: p 120 kW (discharging, above 1 % of 250 kW), SOC 43 %, stored 0.43 x 500 = 215 kWh, SOH 98.8
    expect(now).toMatchObject({ bsaId: sz01, code: 'SZ-01-BSA-01', powerKw: 120, socPct: 43, storedKwh: 215, state: 'discharging' });
    expect(now.pcs).toEqual([
      {
        deviceId: dev['SZ-01-PCS-01'],
        code: 'SZ-01-PCS-01',
        online: expect.any(Boolean),
        ratedPowerKw: 250,
        powerKw: 120,
        socPct: 43,
        sohPct: 98.8,
        state: 2,
        reportedAt: expect.any(String),
      },
    ]);
    expect(now.fcs).toMatchObject({ code: 'SZ-01-FCS-01', runState: 1, mode: 1, strategyId: 0, reportedAt: '2026-03-10T10:20:00.000Z' });
    expect(now.date).toBe(todayLocal);
    expect(now.today).toEqual({ chargeWh: todayWh, dischargeWh: 0, gridImportWh: 0, gridExportWh: 0 });
    for (const variant of [m.neoBsaRunningData, m.neoBsaBsaDataApp, m.bsaDataRealTimeData, m.bsaDataRunningData]) {
      expect((await alice.call(variant, { bsaId: sz01 })).body.data).toEqual(now);
    }
    expect((await alice.call(m.neoBsaGetPcsData, { bsaId: sz01 })).body.data).toEqual(now.pcs);

    // grid -20 kW (exporting), PV 35.5, battery 120: load = -20 + 35.5 + 120 = 135.5 kW; PV serves the load,
    // the battery the remaining 100 kW and exports its other 20 kW
    const ems = (await alice.call(m.neoBsaEms, { bsaId: sz01 })).body.data;
    expect(ems).toMatchObject({ bsaId: sz01, gridKw: -20, pvKw: 35.5, batteryKw: 120, loadKw: 135.5, socPct: 43 });
    expect(ems.flows).toEqual([
      { from: 'pv', to: 'load', kw: 35.5 },
      { from: 'battery', to: 'load', kw: 100 },
      { from: 'battery', to: 'grid', kw: 20 },
    ]);
    expect((await alice.call(m.overviewBsaEms, { bsaId: sz01 })).body.data).toEqual(ems);
    expect((await alice.call(m.overviewNeoBsaEms, { bsaId: sz01 })).body.data).toEqual(ems);
  });

  it("answers the day's operating curve with its prices and money, and the history in Wh across the counter reset", async () => {
    const c = (await alice.call(m.bsaOperatingCurve, { bsaId: sz01, date: D })).body.data;
    expect(c).toMatchObject({ date: D, timeZone: 'Asia/Shanghai', currency: 'CNY', stepMinutes: 15 });
    expect(c.steps).toHaveLength(96);
    expect(c.steps[0]).toMatchObject({ time: '00:00', kind: 'valley', price: 0.3, chargeWh: 0, pcsPowerKw: null });
    // 10:00: 1000 -> 1000.5 = 500 Wh, power avg(-200, -100) = -150, SOC 41, peak 1.05
    expect(c.steps[40]).toEqual({
      ts: sh(D, '10:00'),
      time: '10:00',
      pcsPowerKw: -150,
      socPct: 41,
      chargeWh: 500,
      dischargeWh: 0,
      gridImportWh: 800,
      kind: 'peak',
      price: 1.05,
    });
    expect(c.steps[41]).toMatchObject({ chargeWh: 750 });
    expect(c.steps[49]).toMatchObject({ time: '12:15', chargeWh: 200_000 });
    // 18:00: 400 -> 500 = 100 kWh; 18:15: reset, 0.25 kWh counted from 0
    expect(c.steps[72]).toMatchObject({ time: '18:00', dischargeWh: 100_000, kind: 'peak' });
    expect(c.steps[73]).toMatchObject({ time: '18:15', dischargeWh: 250, pcsPowerKw: 120 });
    expect(c.steps[76]).toMatchObject({ time: '19:00', kind: 'sharp', price: 1.25 });
    expect(c.totals).toEqual({ chargeWh: 201_250, dischargeWh: 100_250, gridImportWh: 800, gridExportWh: 400 });
    // money in ten-thousandths, rounded once to the cent as the charging data rounds a day (docs/bsa.md, "Money"):
    // (500 + 750 + 200,000) Wh x 1.05 = 211.3125 CNY -> 211.31; (100,000 + 250) Wh x 1.05 = 105.2625 CNY -> 105.26
    expect(c.chargeCost).toBe(2_113_100);
    expect(c.dischargeValue).toBe(1_052_600);
    expect((await alice.call(m.neoBsaOperatingCurve, { bsaId: sz01, date: D })).body.data).toEqual(c);
    expect((await alice.call(m.bsaOperatingCurveOldNeo, { bsaId: sz01, date: D })).body.data).toEqual(c);

    const days = (await alice.call(m.bsaDataData, { bsaId: sz01, timeResolution: 'day', from: '2026-03-09', to: '2026-03-11' })).body.data;
    expect(days.rows.map((r) => [r.date, r.ts, r.chargeWh, r.dischargeWh, r.gridImportWh, r.gridExportWh])).toEqual([
      ['2026-03-09', sh('2026-03-09', '00:00'), 0, 0, 0, 0],
      [D, sh(D, '00:00'), 201_250, 100_250, 800, 400],
      ['2026-03-11', sh('2026-03-11', '00:00'), 0, 0, 0, 0],
    ]);
    expect(days.totals).toEqual(c.totals);
    for (const variant of [m.bsaDataDataApp, m.bsaDataDataTmp, m.neoBsaHistoryDataApp]) {
      expect((await alice.call(variant, { bsaId: sz01, timeResolution: 'day', from: '2026-03-09', to: '2026-03-11' })).body.data).toEqual(
        days,
      );
    }
    const quarters = (await alice.call(m.bsaDataData, { bsaId: sz01, timeResolution: 'quarter', from: D, to: '2026-03-11' })).body.data;
    expect(quarters.rows).toHaveLength(192);
    expect(quarters.rows.reduce((s, r) => s + r.dischargeWh, 0)).toBe(100_250);
    expect(quarters.totals).toEqual(c.totals);

    // the file: the same Wh as kWh with 3 decimals
    const csv = await alice.call(m.bsaDataExport, { bsaId: sz01, timeResolution: 'day', from: D, to: D, format: 'csv', lang: 'en-US' });
    expect(csv.status).toBe(200);
    const lines = String(csv.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('Date,Charged (kWh),Discharged (kWh),Grid import (kWh),Grid export (kWh)');
    expect(lines[1]).toBe(`${D},201.25,100.25,0.8,0.4`);

    // bad input names the field
    expect(message(await alice.call(m.bsaDataData, { bsaId: sz01, timeResolution: 'day', from: D, to: '2026-03-01' }))).toBe(
      'to: must not be before from',
    );
    expect(message(await alice.call(m.bsaDataData, { bsaId: sz01, timeResolution: 'quarter', from: D, to: '2026-03-20' }))).toBe(
      'to: at most 7 days of quarter hours or 92 days from from',
    );
    expect((await alice.call(m.bsaOperatingCurve, { bsaId: sz01, date: '2026-02-30' })).status).toBe(400);
  });

  it('answers BMS tabs and data with the heat map figures, the weakest cells and the display config', async () => {
    const code = 'SZ-01-BSA-01-R01-P01';
    const [pack] = await rowsOf<{ id: number }>(t.database.system, sql`select id from bsa_pack where code = ${code}`);
    // pack R01-P01: cell n at 3.300 + n mV, 25.0 + n/10 °C; C05 weak at 3.101 V, C09 at 3.205 V, C12 hot at 41.3 °C
    await t.database.system.execute(sql`update bsa_cell set
        voltage_v = case seq when 5 then 3.101 when 9 then 3.205 else 3.3 + seq / 1000.0 end,
        temperature_c = case seq when 12 then 41.3 else 25 + seq / 10.0 end, soc_pct = 60
      where pack_id = ${pack!.id}`);
    await t.database.system.execute(sql`update bsa_rack set latest = case seq
        when 1 then '{"voltage": 806.4, "current": -12.5, "soc": 61.2, "soh": 97.5, "temperatureMax": 41.3, "temperatureMin": 25.1}'::jsonb
        else '{"voltage": 805.9, "current": -12.4, "soc": 61.0, "soh": 98.1, "temperatureMax": 29.9, "temperatureMin": 24.0}'::jsonb end,
        reported_at = now() where code like 'SZ-01-BSA-01-R%'`);

    const tab = (await alice.call(m.neoBsaGetBmsTab, { bsaId: sz01 })).body.data;
    expect(tab.tabs).toEqual([
      { level: 'stack', units: 1 },
      { level: 'rack', units: 2 },
      { level: 'pack', units: 24 },
      { level: 'cell', units: 576 },
    ]);
    expect((await alice.call(m.bsaDataGetBmsTab, { bsaId: sz01 })).body.data).toEqual(tab);

    const cells = (await alice.call(m.neoBsaGetBmsData, { bsaId: sz01, level: 'cell', parentId: pack!.id })).body.data;
    expect(cells.units).toHaveLength(24);
    expect(cells.points.map((p) => p.key)).toEqual(['voltage', 'temperature', 'soc']);
    expect(cells.units[4]).toMatchObject({ code: `${code}-C05`, values: { voltage: 3.101, temperature: 25.5, soc: 60 } });
    // max 3.324 (C24), min 3.101 (C05), spread 0.223; temperature max 41.3 (C12), min 25.1 (C01), spread 16.2
    expect(cells.cells.voltage).toMatchObject({ max: 3.324, maxCode: `${code}-C24`, min: 3.101, minCode: `${code}-C05`, spread: 0.223 });
    expect(cells.cells.temperature).toMatchObject({ max: 41.3, maxCode: `${code}-C12`, min: 25.1, minCode: `${code}-C01`, spread: 16.2 });
    expect(cells.weakest.map((c) => [c.code.slice(-3), c.voltageV])).toEqual([
      ['C05', 3.101],
      ['C09', 3.205],
      ['C01', 3.301],
      ['C02', 3.302],
      ['C03', 3.303],
    ]);
    // the whole station: the demo's low cell (R02-P01-C01, 2.95 V) is the weakest
    const station = (await alice.call(m.neoBsaGetBmsData, { bsaId: sz01, level: 'cell' })).body.data;
    expect(station.cells).toMatchObject({ count: 576, reported: 576 });
    expect(station.weakest[0]).toMatchObject({ code: 'SZ-01-BSA-01-R02-P01-C01', voltageV: 2.95 });
    expect(station.weakest[1]).toMatchObject({ code: `${code}-C05` });

    const racks = (await alice.call(m.neoBsaGetBmsData, { bsaId: sz01, level: 'rack' })).body.data;
    expect(racks.units.map((u) => [u.code, u.values.soh])).toEqual([
      ['SZ-01-BSA-01-R01', 97.5],
      ['SZ-01-BSA-01-R02', 98.1],
    ]);
    const stacks = (await alice.call(m.neoBsaGetBmsData, { bsaId: sz01, level: 'stack' })).body.data;
    expect(stacks.units[0]!.values).toMatchObject({ cellVoltageMin: 2.95 });

    // the display config (issue 21's) decides the points shown; every name of the call answers the same
    let res = await alice.call(m.neoBsaDataPropertyConfig, { bsaId: sz01, level: 'rack', keys: ['soh', 'soc'] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const shown = (await alice.call(m.neoBsaGetBmsData, { bsaId: sz01, level: 'rack' })).body.data;
    expect(shown.points.map((p) => p.key)).toEqual(['soh', 'soc']);
    expect(shown.units[0]!.values).toEqual({ soh: 97.5, soc: 61.2 });
    expect((await alice.call(m.bsaDataGetDataPropertyConfig, { bsaId: sz01, level: 'rack' })).body.data.keys).toEqual(['soh', 'soc']);
    expect((await alice.call(m.neoBsaGetDataPropertyConfig, { bsaId: sz01, level: 'rack' })).body.data.keys).toEqual(['soh', 'soc']);
    expect((await alice.call(m.neoBsaGetAllDataPropertyConfig, { bsaId: sz01 })).body.data).toHaveLength(3);
    expect((await alice.call(m.bsaDataGetAllDataPropertyConfig, { bsaId: sz01 })).body.data).toHaveLength(3);
    res = await alice.call(m.bsaDataDataPropertyConfig, { bsaId: sz01, level: 'rack', keys: ['nope'] });
    expect(res.status).toBe(400);
    expect(message(res)).toMatch(/^body\.keys\.0: nope is not a point of the racks of SZ-01-BSA-01/);
    await alice.call(m.bsaDataDataPropertyConfig, { bsaId: sz01, level: 'rack', keys: null });

    // a parent of another station or level is refused naming the field
    const [otherPack] = await rowsOf<{ id: number }>(t.database.system, sql`select id from bsa_pack where code = 'WX-01-BSA-01-R01-P01'`);
    const refused = await alice.call(m.neoBsaGetBmsData, { bsaId: sz01, level: 'cell', parentId: otherPack!.id });
    expect(refused.status).toBe(400);
    expect(message(refused)).toBe('body.parentId: is not a pack of SZ-01-BSA-01');
    expect((await alice.call(m.neoBsaGetBmsData, { bsaId: sz01, level: 'module' as 'cell' })).status).toBe(400);
  });

  it('answers the environment, battery health, structure', async () => {
    const env = (await alice.call(m.bsaEnvironmentalDetection, { bsaId: sz01, date: D })).body.data;
    // humidity 91.5 % is an alarm (from 90 %), 27.4 °C normal
    expect(env).toMatchObject({
      fcsCode: 'SZ-01-FCS-01',
      temperatureC: 27.4,
      humidityPct: 91.5,
      smoke: 0,
      water: 0,
      states: { temperature: 'normal', humidity: 'alarm', smoke: 'normal', water: 'normal' },
      state: 'alarm',
      date: D,
    });
    expect(env.steps).toHaveLength(96);
    expect(env.steps[72]).toEqual({ ts: sh(D, '18:00'), time: '18:00', temperatureC: 26.6, humidityPct: 90.5 });
    expect(env.steps[73]).toMatchObject({ temperatureC: 27.4, humidityPct: 91.5 });
    expect((await alice.call(m.neoBsaEnvironmentalDetection, { bsaId: sz01, date: D })).body.data).toEqual(env);

    // lifetime: charge 201,250 + today's 750 = 202,000 Wh, discharge 100,000 + 250 (after the reset) = 100,250 Wh;
    // cycles 100,250 / 500,000 = 0.2005 -> 0.2; efficiency 100,250 / 202,000 = 49.63 %
    const info = (await alice.call(m.batteryInfo, { bsaId: sz01 })).body.data;
    expect(info).toEqual({
      bsaId: sz01,
      capacityKwh: 500,
      sohPct: 98.8,
      rackSohMinPct: 97.5,
      rackSohAvgPct: 97.8,
      chargeWh: 201_250 + todayWh,
      dischargeWh: 100_250,
      throughputWh: 201_250 + todayWh + 100_250,
      cycles: 0.2,
      efficiencyPct: 49.63,
      firstDate: D,
    });
    const curve = (await alice.call(m.batteryInfoCurve, { bsaId: sz01, from: D, to: '2026-03-11' })).body.data;
    // SOH of the 10th: average of its readings 99 and 98.8 = 98.9
    expect(curve.days).toEqual([
      { date: D, chargeWh: 201_250, dischargeWh: 100_250, cycles: 0.2, sohPct: 98.9 },
      { date: '2026-03-11', chargeWh: 0, dischargeWh: 0, cycles: 0, sohPct: null },
    ]);

    const c = (await alice.call(m.bsaConstruction, { bsaId: sz01 })).body.data;
    expect(c.counts).toEqual({ pcs: 1, gridMeters: 1, upperMeters: 1, fcs: 1, stacks: 1, racks: 2, packs: 24, cells: 576 });
    expect(c.stacks).toEqual([
      { id: expect.any(Number), code: 'ST-01', name: expect.any(String), pcsCode: 'SZ-01-PCS-01', racks: 2, packs: 24, cells: 576 },
    ]);
  });

  it('answers the map, the statistics and the list of the staff’s stations', async () => {
    const treeRes = await alice.call(m.tenantCustomerTree, {});
    expect(treeRes.status, JSON.stringify(treeRes.body)).toBe(200);
    const tree = treeRes.body.data;
    const codes = (x: typeof tree) => x.flatMap((c) => c.ous.flatMap((o) => o.stations.map((s) => s.code))).sort();
    expect(codes(tree)).toEqual(['SZ-01-BSA-01', 'WX-01-BSA-01']);
    expect((await alice.call(m.bsaDataTenantCustomerTree, {})).body.data).toEqual(tree);
    expect(codes((await dave.call(m.tenantCustomerTree, {})).body.data)).toEqual(['SH-01-BSA-01']);

    const gis = (await alice.call(m.bsaStaticsGis, {})).body.data;
    expect(gis.map((g) => [g.code, g.capacityKwh, typeof g.lng, typeof g.lat])).toEqual([
      ['SZ-01-BSA-01', 500, 'number', 'number'],
      ['WX-01-BSA-01', 500, 'number', 'number'],
    ]);
    expect((await dave.call(m.bsaStaticsGis, {})).body.data.map((g) => g.code)).toEqual(['SH-01-BSA-01']);

    // two stations of 250 kW and 500 kWh; only SZ-01 has readings
    const s = (await alice.call(m.bsaStatics, {})).body.data;
    expect(s).toMatchObject({ stations: 2, byStatus: { enabled: 2 }, ratedPowerKw: 500, capacityKwh: 1000, date: todayLocal });
    expect(s.today).toEqual({ chargeWh: todayWh, dischargeWh: 0, gridImportWh: 0, gridExportWh: 0 });
    expect(s.lifetime).toEqual({ chargeWh: 201_250 + todayWh, dischargeWh: 100_250, gridImportWh: 800, gridExportWh: 400 });
    const harbor = (await dave.call(m.bsaStatics, {})).body.data;
    expect(harbor).toMatchObject({
      stations: 1,
      capacityKwh: 500,
      lifetime: { chargeWh: 0, dischargeWh: 0, gridImportWh: 0, gridExportWh: 0 },
    });

    const list = (await alice.call(m.bsaDataList, {})).body.data;
    expect(list.map((x) => [x.code, x.powerKw, x.socPct, x.todayChargeWh])).toEqual([
      ['SZ-01-BSA-01', 120, 43, todayWh],
      ['WX-01-BSA-01', null, null, 0],
    ]);
    expect((await alice.call(m.bsaDataNeoList, { name: 'Wuxi' })).body.data.map((x) => x.code)).toEqual(['WX-01-BSA-01']);
    expect(message(await alice.call(m.bsaDataList, { statusFilter: 'gone' as 'enabled' }))).toMatch(/^statusFilter/);
  });

  it("refuses anonymous callers and gives another tenant's staff nothing, also by id", async () => {
    for (const path of ['/api/v2/neo-bsa/real-time-data', '/api/v2/bsaData/statics', '/api/v2/bsaOperationOverview/batteryInfo']) {
      const res = await t.app.inject({ method: 'POST', url: path, payload: { bsaId: sz01 } });
      expect(res.statusCode).toBe(401);
    }
    const byId = [
      dave.call(m.neoBsaRealTimeData, { bsaId: sz01 }),
      dave.call(m.neoBsaGetPcsData, { bsaId: sz01 }),
      dave.call(m.neoBsaEms, { bsaId: sz01 }),
      dave.call(m.bsaOperatingCurve, { bsaId: sz01, date: D }),
      dave.call(m.bsaDataData, { bsaId: sz01, timeResolution: 'day', from: D, to: D }),
      dave.call(m.bsaDataExport, { bsaId: sz01, timeResolution: 'day', from: D, to: D, format: 'csv' }),
      dave.call(m.neoBsaGetBmsTab, { bsaId: sz01 }),
      dave.call(m.neoBsaGetBmsData, { bsaId: sz01, level: 'cell' }),
      dave.call(m.neoBsaGetDataPropertyConfig, { bsaId: sz01, level: 'rack' }),
      dave.call(m.bsaEnvironmentalDetection, { bsaId: sz01 }),
      dave.call(m.batteryInfo, { bsaId: sz01 }),
      dave.call(m.batteryInfoCurve, { bsaId: sz01, from: D, to: D }),
      dave.call(m.bsaConstruction, { bsaId: sz01 }),
    ];
    for (const res of await Promise.all(byId)) expect(res.status).toBe(404);
    // dave's own station answers
    expect((await dave.call(m.bsaConstruction, { bsaId: sh01 })).body.data.code).toBe('SH-01-BSA-01');
    expect((await dave.call(m.bsaDataList, {})).body.data.map((x) => x.code)).toEqual(['SH-01-BSA-01']);
  });
});

describe('storage monitoring rules', () => {
  it('splits the power flow: PV first to the load, then the battery; grid import to the rest', () => {
    // grid imports 50, PV 100, the battery charges 80: load = 50 + 100 - 80 = 70
    expect(flowsOf(50, 100, -80, 70)).toEqual([
      { from: 'pv', to: 'load', kw: 70 },
      { from: 'pv', to: 'battery', kw: 30 },
      { from: 'grid', to: 'battery', kw: 50 },
    ]);
    // no PV, the battery discharges 300 into a load of 250: 50 kW are exported
    expect(flowsOf(-50, 0, 300, 250)).toEqual([
      { from: 'battery', to: 'load', kw: 250 },
      { from: 'battery', to: 'grid', kw: 50 },
    ]);
  });

  it('rates the container: temperature 5..35 normal, from 45 an alarm; humidity from 75 a warning, from 90 an alarm', () => {
    expect([-1, 4.9, 5, 35, 35.1, 44.9, 45].map(temperatureState)).toEqual([
      'alarm',
      'warning',
      'normal',
      'normal',
      'warning',
      'warning',
      'alarm',
    ]);
    expect([50, 74.9, 75, 89.9, 90].map(humidityState)).toEqual(['normal', 'normal', 'warning', 'warning', 'alarm']);
    // equivalent cycles: 1,250,000 Wh discharged from 500 kWh = 2.5
    expect(cyclesOf(1_250_000, 500)).toBe(2.5);
  });
});
