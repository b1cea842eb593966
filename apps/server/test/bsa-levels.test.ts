import { bsa, device, ErrorCode } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/sql.js';
import { createTestApp, DB_KINDS, demoIds, signIn, type Session, type TestApp } from './helpers.js';

const BANDS = [
  { start: '00:00', end: '08:00', kind: 'valley' as const, price: 0.3 },
  { start: '08:00', end: '24:00', kind: 'peak' as const, price: 1.05 },
];

/** Local wall-clock (Asia/Shanghai, UTC+8, no DST) to epoch ms. */
const sh = (day: string, hhmm: string) => Date.parse(`${day}T${hhmm}:00+08:00`);

describe.each(DB_KINDS)('storage station levels, data and display on %s', (kind) => {
  let t: TestApp;
  let alice: Session;
  let dave: Session;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  const dev: Record<string, number> = {};
  let demo: Record<string, number>;
  /** The station built for these tests (SZ-01-BSA-07) and the demo stations. */
  let bsaId: number;
  let sz01: number;
  let wx01: number;
  let sh01: number;
  const message = (res: { body: { msg?: string } }) => res.body.msg;

  const typeId = async (key: string) =>
    (
      await rowsOf<{ id: number }>(
        t.database.system,
        sql`select id from device_type where key = ${key} and tenant_id = (select tenant_id from ou where code = 'SZ-01')`,
      )
    )[0]!.id;
  const stationRow = async (id: number) =>
    (await rowsOf<Record<string, unknown>>(t.database.system, sql`select * from bsa_station where id = ${id}`))[0]!;

  beforeAll(async () => {
    t = await createTestApp(kind);
    ids = await demoIds(t);
    [alice, dave] = await Promise.all([signIn(t, 'alice'), signIn(t, 'dave')]);
    demo = Object.fromEntries(
      (await rowsOf<{ code: string; id: number }>(t.database.system, sql`select code, id from device`)).map((d) => [d.code, d.id]),
    );
    for (const [code, type] of [
      ['SZ-01-PCS-07', 'bsa-pcs'],
      ['SZ-01-PCS-06', 'bsa-pcs'],
      ['SZ-01-FCS-07', 'bsa-fcs'],
    ] as const) {
      const res = await alice.call(device.deviceCreate, { code, name: code, deviceTypeId: await typeId(type), ouId: ids.ouId['SZ-01']! });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      dev[code] = res.body.data.id;
    }
    const res = await alice.call(bsa.bsaInsert, {
      basic: {
        code: 'SZ-01-BSA-07',
        name: 'Storage 7',
        ouId: ids.ouId['SZ-01']!,
        ratedPowerKw: 500,
        capacityKwh: 1000,
        strategyVersion: 6,
      },
      pcs: [{ deviceId: dev['SZ-01-PCS-07']! }, { deviceId: dev['SZ-01-PCS-06']! }],
      stack: { code: 'ST-01', name: 'Stack 1', pcsDeviceId: dev['SZ-01-PCS-07']! },
      meters: [{ deviceId: demo['SZ-01-GM-01']!, role: 'grid' }],
      fcs: { deviceId: dev['SZ-01-FCS-07']! },
      costInfo: { currency: 'CNY', bands: BANDS, demandPricePerKwMonth: null, effectiveFrom: '2026-01-01' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    bsaId = res.body.data.id;
    const all = (await alice.call(bsa.bsaListSimple, {})).body.data;
    sz01 = all.find((s) => s.code === 'SZ-01-BSA-01')!.id;
    wx01 = all.find((s) => s.code === 'WX-01-BSA-01')!.id;
    sh01 = (await dave.call(bsa.bsaListSimple, {})).body.data[0]!.id;
  });
  afterAll(() => t?.close());

  it('edits a configured station; refuses drafts, invalid stations and bad fields naming them, changing nothing', async () => {
    const body = { id: bsaId, name: 'Storage seven', ouId: ids.ouId['SZ-01']!, ratedPowerKw: 600, capacityKwh: 1200, strategyVersion: 5 };
    let res = await alice.call(bsa.bsaUpdate, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      id: bsaId,
      code: 'SZ-01-BSA-07',
      name: 'Storage seven',
      status: 'configured',
      ratedPowerKw: 600,
      capacityKwh: 1200,
      strategyVersion: 5,
    });
    expect((await alice.call(bsa.bsaDetail, { id: bsaId })).body.data).toMatchObject({
      name: 'Storage seven',
      ratedPowerKw: 600,
      strategyVersion: 5,
    });

    const before = await stationRow(bsaId);
    for (const [bad, field, why] of [
      [{ ratedPowerKw: 0 }, 'ratedPowerKw', 'must be more than 0'],
      [{ strategyVersion: 7 }, 'strategyVersion', 'must be 1..6 (CA..CF)'],
      [{ name: '' }, 'name', 'must not be empty'],
    ] as const) {
      res = await alice.call(bsa.bsaUpdate, { ...body, name: 'changed', ...bad });
      expect(res.status).toBe(400);
      expect(message(res)).toContain(field);
      expect(message(res)).toContain(why);
    }
    res = await alice.call(bsa.bsaUpdate, { ...body, name: 'changed', ouId: ids.ouId['SH-01']! });
    expect(message(res)).toBe('body.ouId: is not one of your operating units');
    // its devices are in SZ-01: moving it to Wuxi is refused with the first of them
    res = await alice.call(bsa.bsaUpdate, { ...body, name: 'changed', ouId: ids.ouId['WX-01']! });
    expect(message(res)).toBe("body.ouId: SZ-01-FCS-07 of the station is not in Wuxi Plant Site: move the station's devices first");
    expect(await stationRow(bsaId)).toEqual(before);

    // a draft is edited through bsa/draft; an invalid station no more
    const draft = (
      await alice.call(bsa.bsaDraft, {
        basic: { code: 'SZ-01-BSA-05', name: 'Draft', ouId: ids.ouId['SZ-01']!, ratedPowerKw: 100, capacityKwh: 200, strategyVersion: 1 },
        step: 'basic',
      })
    ).body.data;
    res = await alice.call(bsa.bsaUpdate, { ...body, id: draft.id });
    expect(res.body.code).toBe(ErrorCode.CONFLICT);
    expect(message(res)).toBe('Storage station SZ-01-BSA-05 is a draft: its form is edited through bsa/draft and finish');
    expect((await alice.call(bsa.bsaUpdateStatus, { id: draft.id, status: 'invalid' })).status).toBe(200);
    res = await alice.call(bsa.bsaUpdate, { ...body, id: draft.id });
    expect(message(res)).toBe('Storage station SZ-01-BSA-05 is invalid: it is out of service for good and no longer edited');
    expect((await stationRow(draft.id)).name).toBe('Draft');

    // another tenant's staff: 404, nothing changed
    expect((await dave.call(bsa.bsaUpdate, { ...body, name: 'dave was here' })).status).toBe(404);
    expect((await stationRow(bsaId)).name).toBe('Storage seven');
  });

  it("lists the OU's meters and binds PCS to a meter from the meter's side", async () => {
    const meters = (await alice.call(bsa.bsaMeterDevice, { bsaId })).body.data;
    expect(meters[0]).toMatchObject({
      code: 'SZ-01-GM-01',
      role: 'grid',
      pcsDeviceIds: [],
      otherStations: [{ id: sz01, code: 'SZ-01-BSA-01', role: 'grid' }],
    });
    expect(meters.find((m) => m.code === 'SZ-01-FM-01')).toMatchObject({
      role: null,
      otherStations: [{ code: 'SZ-01-BSA-01', role: 'upper' }],
    });
    expect(meters.every((m) => m.code.startsWith('SZ-01-'))).toBe(true);

    const gm = demo['SZ-01-GM-01']!;
    const [p7, p6] = [dev['SZ-01-PCS-07']!, dev['SZ-01-PCS-06']!];
    let res = await alice.call(bsa.bsaMeterBindingPcs, { bsaId, meterDeviceId: gm, pcsDeviceIds: [p7, p6] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.map((p) => [p.code, p.meter?.code])).toEqual([
      ['SZ-01-PCS-07', 'SZ-01-GM-01'],
      ['SZ-01-PCS-06', 'SZ-01-GM-01'],
    ]);
    expect((await alice.call(bsa.bsaMeterDevice, { bsaId })).body.data[0]!.pcsDeviceIds).toEqual([p7, p6].sort((a, b) => a - b));

    // refused, naming the field, changing nothing
    res = await alice.call(bsa.bsaMeterBindingPcs, { bsaId, meterDeviceId: demo['SZ-01-FM-01']!, pcsDeviceIds: [p7] });
    expect(message(res)).toBe('body.meterDeviceId: is not a meter of SZ-01-BSA-07');
    res = await alice.call(bsa.bsaMeterBindingPcs, { bsaId, meterDeviceId: gm, pcsDeviceIds: [p7, demo['SZ-01-PCS-01']!] });
    expect(message(res)).toBe('body.pcsDeviceIds.1: is not a PCS of SZ-01-BSA-07');
    res = await alice.call(bsa.bsaMeterBindingPcs, { bsaId, meterDeviceId: gm, pcsDeviceIds: [p7, p7] });
    expect(message(res)).toBe('body.pcsDeviceIds.1: is listed twice');
    expect((await alice.call(bsa.bsaPcsBindingList, { bsaId })).body.data.map((p) => p.meter?.code)).toEqual([
      'SZ-01-GM-01',
      'SZ-01-GM-01',
    ]);

    // a PCS not listed any more is unbound
    res = await alice.call(bsa.bsaMeterBindingPcs, { bsaId, meterDeviceId: gm, pcsDeviceIds: [p7] });
    expect(res.body.data.map((p) => [p.code, p.meter?.code ?? null])).toEqual([
      ['SZ-01-PCS-07', 'SZ-01-GM-01'],
      ['SZ-01-PCS-06', null],
    ]);

    expect((await dave.call(bsa.bsaMeterDevice, { bsaId })).status).toBe(404);
    expect((await dave.call(bsa.bsaMeterBindingPcs, { bsaId, meterDeviceId: gm, pcsDeviceIds: [] })).status).toBe(404);
    expect((await alice.call(bsa.bsaPcsBindingList, { bsaId })).body.data[0]!.meter?.code).toBe('SZ-01-GM-01');
  });

  it('makes master/slave groups: same OU, not itself, one level, no cycles', async () => {
    let res = await alice.call(bsa.bsaMasterSlaveGet, { bsaId });
    expect(res.body.data).toMatchObject({ id: bsaId, master: null, slaves: [] });
    expect(res.body.data.candidates.map((c) => c.code)).toEqual(['SZ-01-BSA-01']);

    res = await alice.call(bsa.bsaMasterSlave, { bsaId, masterId: sz01 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ master: { id: sz01, code: 'SZ-01-BSA-01' }, slaves: [] });
    expect((await alice.call(bsa.bsaMasterSlaveGet, { bsaId: sz01 })).body.data).toMatchObject({
      master: null,
      slaves: [{ id: bsaId, code: 'SZ-01-BSA-07' }],
      candidates: [],
    });

    const refused = async (body: { bsaId: number; masterId: number | null }, msg: string) => {
      const before = await rowsOf(t.database.system, sql`select id, master_station_id from bsa_station order by id`);
      const r = await alice.call(bsa.bsaMasterSlave, body);
      expect(r.status).toBe(400);
      expect(message(r)).toBe(msg);
      expect(await rowsOf(t.database.system, sql`select id, master_station_id from bsa_station order by id`)).toEqual(before);
    };
    await refused({ bsaId, masterId: bsaId }, 'body.masterId: a station cannot be its own master');
    // a cycle (the master becoming its slave's slave) and a chain are both refused
    await refused(
      { bsaId: sz01, masterId: bsaId },
      'body.masterId: SZ-01-BSA-07 is itself the slave of another station: a master has no master',
    );
    await refused(
      { bsaId: wx01, masterId: sz01 },
      "body.masterId: SZ-01-BSA-01 is in Suzhou Plant Site, not in the station's operating unit",
    );
    await refused({ bsaId, masterId: sh01 }, 'body.masterId: is not one of your storage stations');
    const invalidOne = (await alice.call(bsa.bsaListSimple, { name: 'Draft' })).body.data[0]!.id;
    await refused({ bsaId, masterId: invalidOne }, 'body.masterId: SZ-01-BSA-05 is invalid: it coordinates nothing');
    // a master whose slave would then be two levels down
    const draft2 = (
      await alice.call(bsa.bsaDraft, {
        basic: { code: 'SZ-01-BSA-04', name: 'Four', ouId: ids.ouId['SZ-01']!, ratedPowerKw: 100, capacityKwh: 200, strategyVersion: 1 },
        step: 'basic',
      })
    ).body.data.id;
    await refused(
      { bsaId: sz01, masterId: draft2 },
      'body.masterId: SZ-01-BSA-01 is the master of SZ-01-BSA-07: a master cannot become a slave',
    );

    // dave: 404 on alice's stations, his own cannot take hers
    expect((await dave.call(bsa.bsaMasterSlaveGet, { bsaId })).status).toBe(404);
    expect((await dave.call(bsa.bsaMasterSlave, { bsaId, masterId: null })).status).toBe(404);
    expect(message(await dave.call(bsa.bsaMasterSlave, { bsaId: sh01, masterId: sz01 }))).toBe(
      'body.masterId: is not one of your storage stations',
    );

    res = await alice.call(bsa.bsaMasterSlave, { bsaId, masterId: null });
    expect(res.body.data).toMatchObject({ master: null, slaves: [] });
    expect((await stationRow(bsaId)).master_station_id).toBeNull();
    // kept free for the following tests
  });

  it('finds the stations of energy units by their PCS; another tenant sees only its own', async () => {
    const pcs = [dev['SZ-01-PCS-07']!, demo['SZ-01-PCS-01']!, demo['SH-01-PCS-01']!, demo['SZ-01-GM-01']!];
    let res = await alice.call(bsa.bsaListByUet, { pcsDeviceIds: pcs });
    expect(res.body.data.map((r) => [r.pcsCode, r.station.code])).toEqual([
      ['SZ-01-PCS-07', 'SZ-01-BSA-07'],
      ['SZ-01-PCS-01', 'SZ-01-BSA-01'],
    ]);
    res = await dave.call(bsa.bsaListByUet, { pcsDeviceIds: pcs });
    expect(res.body.data.map((r) => [r.pcsCode, r.station.code])).toEqual([['SH-01-PCS-01', 'SH-01-BSA-01']]);
    res = await alice.call(bsa.bsaListByUet, { pcsDeviceIds: [] });
    expect(message(res)).toBe('pcsDeviceIds: must name at least one PCS');
  });

  it("answers the station's energy per quarter hour and per day from its PCS' and grid meter's rollups", async () => {
    const pcs = dev['SZ-01-PCS-07']!;
    const gm = demo['SZ-01-GM-01']!;
    const r = (deviceId: number, day: string, hhmm: string, values: Record<string, number>) => ({
      deviceId,
      ts: new Date(sh(day, hhmm)),
      values,
    });
    const written = await t.ingest.writeReadings([
      r(pcs, '2026-03-10', '10:00', { e_chg: 100, e_dis: 50, p: -200, soc: 40 }),
      r(pcs, '2026-03-10', '10:05', { e_chg: 100.5, e_dis: 50, p: -100, soc: 42 }),
      r(pcs, '2026-03-10', '10:20', { e_chg: 101.25, e_dis: 50, p: 0, soc: 44 }),
      r(pcs, '2026-03-10', '18:10', { e_chg: 101.25, e_dis: 50.3, p: 150, soc: 44 }),
      r(pcs, '2026-03-11', '10:00', { e_chg: 102.25 }),
      r(gm, '2026-03-10', '10:00', { e_imp: 1000, e_exp: 5 }),
      r(gm, '2026-03-10', '10:05', { e_imp: 1000.8, e_exp: 5 }),
    ]);
    expect(written.rejected).toBe(0);

    const q = (await alice.call(bsa.bsaDataQuarter, { bsaId, date: '2026-03-10' })).body.data;
    expect(q.timeZone).toBe('Asia/Shanghai');
    expect(q.steps).toHaveLength(96);
    expect(q.steps[0]).toMatchObject({ ts: sh('2026-03-10', '00:00'), time: '00:00', chargeWh: 0, pcsPowerKw: null, socPct: null });
    // 10:00-10:15: the first reading starts the counter, 10:05 adds 100.5 - 100 = 0.5 kWh = 500 Wh;
    // grid import 1000.8 - 1000 = 800 Wh; power avg(-200, -100) = -150 kW; SOC avg(40, 42) = 41 %
    expect(q.steps[40]).toEqual({
      ts: sh('2026-03-10', '10:00'),
      time: '10:00',
      chargeWh: 500,
      dischargeWh: 0,
      gridImportWh: 800,
      gridExportWh: 0,
      pcsPowerKw: -150,
      socPct: 41,
    });
    // 10:15-10:30: 101.25 - 100.5 = 750 Wh; 18:00-18:15: discharge 50.3 - 50 = 300 Wh
    expect(q.steps[41]).toMatchObject({ time: '10:15', chargeWh: 750, pcsPowerKw: 0, socPct: 44 });
    expect(q.steps[72]).toMatchObject({ time: '18:00', chargeWh: 0, dischargeWh: 300, pcsPowerKw: 150 });
    expect(q.totals).toEqual({ chargeWh: 1250, dischargeWh: 300, gridImportWh: 800, gridExportWh: 0 });
    expect(q.steps.reduce((s, x) => s + x.chargeWh, 0)).toBe(1250);

    // per day: the 11th adds 102.25 - 101.25 = 1 kWh of charge
    const d = (await alice.call(bsa.bsaData, { bsaId, from: '2026-03-09', to: '2026-03-11' })).body.data;
    expect(d.days).toEqual([
      { date: '2026-03-09', chargeWh: 0, dischargeWh: 0, gridImportWh: 0, gridExportWh: 0 },
      { date: '2026-03-10', chargeWh: 1250, dischargeWh: 300, gridImportWh: 800, gridExportWh: 0 },
      { date: '2026-03-11', chargeWh: 1000, dischargeWh: 0, gridImportWh: 0, gridExportWh: 0 },
    ]);
    expect(d.totals).toEqual({ chargeWh: 2250, dischargeWh: 300, gridImportWh: 800, gridExportWh: 0 });

    // now: the PCS' latest power and SOC (18:10 on the 10th), the other PCS has reported nothing
    const now = (await alice.call(bsa.bsaBsa, { bsaId })).body.data;
    expect(now).toMatchObject({ bsaId, code: 'SZ-01-BSA-07', powerKw: 150, socPct: 44 });
    expect(now.pcs).toEqual([
      {
        deviceId: pcs,
        code: 'SZ-01-PCS-07',
        online: expect.any(Boolean),
        powerKw: 150,
        socPct: 44,
        state: null,
        reportedAt: '2026-03-10T10:10:00.000Z',
      },
      { deviceId: dev['SZ-01-PCS-06']!, code: 'SZ-01-PCS-06', online: false, powerKw: null, socPct: null, state: null, reportedAt: null },
    ]);
    expect(now.today).toEqual({ chargeWh: 0, dischargeWh: 0, gridImportWh: 0, gridExportWh: 0 });

    // bad input names the field; another tenant gets 404
    expect(message(await alice.call(bsa.bsaData, { bsaId, from: '2026-03-11', to: '2026-03-10' }))).toBe('to: must not be before from');
    expect(message(await alice.call(bsa.bsaData, { bsaId, from: '2026-01-01', to: '2026-06-01' }))).toBe('to: at most 92 days from from');
    expect((await alice.call(bsa.bsaDataQuarter, { bsaId, date: '2026-02-30' })).status).toBe(400);
    for (const res of [
      await dave.call(bsa.bsaDataQuarter, { bsaId, date: '2026-03-10' }),
      await dave.call(bsa.bsaData, { bsaId, from: '2026-03-10', to: '2026-03-10' }),
      await dave.call(bsa.bsaBsa, { bsaId }),
    ]) {
      expect(res.status).toBe(404);
    }
  });

  it('creates one level at a time, each unit once; the other names answer as the calls they name', async () => {
    const templates = (await alice.call(bsa.neoBsaGetDeviceTemplate, {})).body.data;
    expect(templates).toEqual((await alice.call(bsa.deviceBsaTemplateList, {})).body.data);
    const rack = templates.find((x) => x.level === 'rack')!;
    const pack = templates.find((x) => x.level === 'pack')!;
    const cell = templates.find((x) => x.level === 'cell')!;
    const stackId = (await alice.call(bsa.neoBsaPointStackList, { bsaId })).body.data[0]!.id;

    let res = await alice.call(bsa.neoBsaCreateCell, { bsaId, stackId, cellTemplateId: cell.id });
    expect(message(res)).toBe('body.stackId: the stack has no packs yet: create its packs first');
    res = await alice.call(bsa.neoBsaCreateRack, { bsaId, stackId, racks: 2, rackTemplateId: pack.id });
    expect(message(res)).toBe(`body.rackTemplateId: ${pack.name} is a pack template, not a rack one`);
    res = await alice.call(bsa.neoBsaCreateRack, {
      bsaId,
      stackId: (await alice.call(bsa.bsaStackList, { bsaId: sz01 })).body.data[0]!.id,
      racks: 2,
      rackTemplateId: rack.id,
    });
    expect(message(res)).toBe('body.stackId: is not a stack of SZ-01-BSA-07');
    expect((await rowsOf(t.database.system, sql`select id from bsa_rack where station_id = ${bsaId}`)).length).toBe(0);

    res = await alice.call(bsa.neoBsaCreateRack, { bsaId, stackId, racks: 2, rackTemplateId: rack.id });
    expect(res.body.data).toEqual({ level: 'rack', created: 2, total: 2 });
    expect((await alice.call(bsa.neoBsaCreateRack, { bsaId, stackId, racks: 2, rackTemplateId: rack.id })).body.data).toEqual({
      level: 'rack',
      created: 0,
      total: 2,
    });
    // 2 racks x 12 packs (the rack template) = 24; 24 packs x 24 cells = 576
    res = await alice.call(bsa.neoBsaCreatePack, { bsaId, stackId, packTemplateId: pack.id });
    expect(res.body.data).toEqual({ level: 'pack', created: 2 * rack.childCount!, total: 24 });
    res = await alice.call(bsa.neoBsaCreateCell, { bsaId, stackId, cellTemplateId: cell.id });
    expect(res.body.data).toEqual({ level: 'cell', created: 24 * pack.childCount!, total: 576 });
    expect((await alice.call(bsa.neoBsaCreateCell, { bsaId, stackId, cellTemplateId: cell.id })).body.data.created).toBe(0);

    const racks = (await alice.call(bsa.neoBsaListRack, { stackId })).body.data;
    expect(racks.map((r) => [r.code, r.children])).toEqual([
      ['SZ-01-BSA-07-R01', 12],
      ['SZ-01-BSA-07-R02', 12],
    ]);
    expect((await alice.call(bsa.bsaRack, { stackId })).body.data).toEqual(racks);
    expect((await alice.call(bsa.bsaPack, { rackId: racks[0]!.id })).body.data).toEqual(
      (await alice.call(bsa.neoBsaListPack, { rackId: racks[0]!.id })).body.data,
    );
    const preview = { bsaId, stackId, racks: 2, rackTemplateId: rack.id, packTemplateId: pack.id, cellTemplateId: cell.id };
    expect((await alice.call(bsa.neoBsaPointPreview, preview)).body.data).toEqual(
      (await alice.call(bsa.edgeBsaPreview, preview)).body.data,
    );
    expect((await alice.call(bsa.neoBsaPointPreview, preview)).body.data.levels.map((l) => l.toCreate)).toEqual([0, 0, 0]);
    // bind/neo-bsa-stack and bind/neo-bsa-pcs are stack-binding-pcs and pcs-binding-bsa
    expect((await alice.call(bsa.neoBsaBindStack, { stackId, pcsDeviceId: dev['SZ-01-PCS-06']! })).body.data.pcs?.code).toBe(
      'SZ-01-PCS-06',
    );
    expect(message(await alice.call(bsa.neoBsaBindPcs, { bsaId, pcsDeviceId: demo['SZ-01-PCS-01']! }))).toBe(
      'body.pcsDeviceId: SZ-01-PCS-01 already belongs to storage station SZ-01-BSA-01',
    );

    for (const r of [
      await dave.call(bsa.neoBsaCreateRack, { bsaId, stackId, racks: 3, rackTemplateId: rack.id }),
      await dave.call(bsa.bsaRack, { stackId }),
      await dave.call(bsa.neoBsaPointStackList, { bsaId }),
    ]) {
      expect(r.status).toBe(404);
    }
    expect((await dave.call(bsa.neoBsaGetDeviceTemplate, {})).body.data.some((x) => x.id === rack.id)).toBe(false);
  });

  it('keeps which data points a level shows: validated, ordered, reset to the default; a version answers its points', async () => {
    const rackTemplate = (await alice.call(bsa.neoBsaGetDeviceTemplate, { level: 'rack' })).body.data[0]!;
    const version = (await alice.call(bsa.neoBsaVersionPoints, { versionId: rackTemplate.pointVersionId })).body.data;
    expect(version).toMatchObject({ id: rackTemplate.pointVersionId, version: rackTemplate.pointVersion });
    const rackKeys = version.points.map((p) => p.key);
    expect(rackKeys).toEqual(expect.arrayContaining(['voltage', 'current', 'soc', 'soh', 'temperatureMax', 'temperatureMin']));
    expect((await dave.call(bsa.neoBsaVersionPoints, { versionId: rackTemplate.pointVersionId })).status).toBe(404);

    // the level's points in the station: 2 racks report each rack point
    const list = (await alice.call(bsa.neoBsaPointListRack, { bsaId })).body.data;
    expect(list.map((p) => [p.key, p.units])).toEqual(rackKeys.map((k) => [k, 2]));
    expect((await alice.call(bsa.neoBsaPointListCell, { bsaId })).body.data.every((p) => p.units === 576)).toBe(true);

    let config = (await alice.call(bsa.neoBsaPointGetConfig, { bsaId, level: 'rack' })).body.data;
    expect(config).toMatchObject({ level: 'rack', saved: false, keys: rackKeys, updatedByName: null });
    expect((await alice.call(bsa.neoBsaPointConfTemplate, { bsaId, level: 'rack' })).body.data).toEqual(config);

    let res = await alice.call(bsa.neoBsaPointConfig, { bsaId, level: 'rack', keys: ['soc', 'voltage'] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ saved: true, keys: ['soc', 'voltage'], updatedByName: expect.any(String) });
    expect(res.body.data.points.filter((p) => p.shown).map((p) => p.key)).toEqual(['voltage', 'soc']);
    // the default stays the template's
    expect((await alice.call(bsa.neoBsaPointConfTemplate, { bsaId, level: 'rack' })).body.data.keys).toEqual(rackKeys);

    const stored = async () =>
      rowsOf(t.database.system, sql`select level, keys from bsa_point_display where station_id = ${bsaId} order by level`);
    const before = await stored();
    res = await alice.call(bsa.neoBsaPointConfig, { bsaId, level: 'rack', keys: ['soc', 'nope'] });
    expect(res.status).toBe(400);
    expect(message(res)).toBe(`body.keys.1: nope is not a point of the racks of SZ-01-BSA-07 (${rackKeys.join(', ')})`);
    res = await alice.call(bsa.neoBsaPointConfig, { bsaId, level: 'rack', keys: ['soc', 'soc'] });
    expect(message(res)).toBe('body.keys.1: soc is listed twice');
    res = await alice.call(bsa.neoBsaPointConfig, { bsaId, level: 'rack', keys: [] });
    expect(message(res)).toBe('keys: must show at least one point');
    res = await alice.call(bsa.neoBsaPointConfig, { bsaId: wx01, level: 'rack', keys: ['soc'] });
    expect(res.status).toBe(200);
    res = await alice.call(bsa.neoBsaPointConfig, {
      bsaId: (await alice.call(bsa.bsaListSimple, { name: 'Four' })).body.data[0]!.id,
      level: 'pack',
      keys: ['voltage'],
    });
    expect(message(res)).toBe('body.level: the packs of SZ-01-BSA-04 report no data point yet: apply templates first');
    expect(await stored()).toEqual(before);

    const all = (await alice.call(bsa.neoBsaPointAllDataProperty, { bsaId })).body.data;
    expect(all.map((c) => [c.level, c.saved, c.keys.length])).toEqual([
      ['rack', true, 2],
      ['pack', false, 5],
      ['cell', false, 3],
    ]);

    for (const r of [
      await dave.call(bsa.neoBsaPointGetConfig, { bsaId, level: 'rack' }),
      await dave.call(bsa.neoBsaPointConfig, { bsaId, level: 'rack', keys: ['soc'] }),
      await dave.call(bsa.neoBsaPointAllDataProperty, { bsaId }),
      await dave.call(bsa.neoBsaPointListRack, { bsaId }),
    ]) {
      expect(r.status).toBe(404);
    }
    expect(await stored()).toEqual(before);

    res = await alice.call(bsa.neoBsaPointConfig, { bsaId, level: 'rack', keys: null });
    expect(res.body.data).toMatchObject({ saved: false, keys: rackKeys });
    expect(await stored()).toEqual([]);
  });
});
