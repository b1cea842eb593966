import { bsa, device, ErrorCode } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/sql.js';
import { createTestApp, DB_KINDS, demoIds, signIn, type Session, type TestApp } from './helpers.js';

/** A day of bands covering 00:00-24:00: valley 00-08 0.30, peak 08-20 1.05, flat 20-24 0.65. */
const BANDS = [
  { start: '00:00', end: '08:00', kind: 'valley' as const, price: 0.3 },
  { start: '08:00', end: '20:00', kind: 'peak' as const, price: 1.05 },
  { start: '20:00', end: '24:00', kind: 'flat' as const, price: 0.65 },
];

const range = (from: number, to: number, state: 'normal' | 'warning' | 'fault') => ({ from, to, state });
const point = (key: string, name: string, unit: string, min: number, max: number, ranges: ReturnType<typeof range>[] = []) => ({
  key,
  name,
  unit,
  min,
  max,
  ranges,
});
const RACK_POINTS = [
  point('voltage', 'Rack voltage', 'V', 0, 1000, [range(600, 900, 'normal')]),
  point('current', 'Rack current', 'A', -500, 500),
  point('soc', 'SOC', '%', 0, 100, [range(0, 5, 'warning'), range(5, 100, 'normal')]),
  point('soh', 'SOH', '%', 0, 100),
  point('temperatureMax', 'Highest temperature', '°C', -40, 120),
  point('temperatureMin', 'Lowest temperature', '°C', -40, 120),
];
const PACK_POINTS = [
  point('voltage', 'Pack voltage', 'V', 0, 100),
  point('temperatureMax', 'Highest temperature', '°C', -40, 120),
  point('temperatureMin', 'Lowest temperature', '°C', -40, 120),
  point('cellVoltageMax', 'Highest cell voltage', 'V', 0, 5),
  point('cellVoltageMin', 'Lowest cell voltage', 'V', 0, 5),
];
const CELL_POINTS = [
  point('voltage', 'Cell voltage', 'V', 0, 5, [range(0, 2.8, 'fault'), range(2.8, 3.65, 'normal'), range(3.65, 5, 'fault')]),
  point('temperature', 'Temperature', '°C', -40, 120),
  point('soc', 'SOC', '%', 0, 100),
];

describe.each(DB_KINDS)('building storage stations on %s', (kind) => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;
  let dave: Session;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  /** Devices made for the new station in SZ-01 (alice's and bob's OU). */
  const dev: Record<string, number> = {};
  let demoDevices: Record<string, number>;

  const typeId = async (key: string) =>
    (
      await rowsOf<{ id: number }>(
        t.database.system,
        sql`select id from device_type where key = ${key} and tenant_id = (select tenant_id from ou where code = 'SZ-01')`,
      )
    )[0]!.id;

  const basic = (code: string) => ({
    code,
    name: `Storage ${code}`,
    ouId: ids.ouId['SZ-01']!,
    ratedPowerKw: 500,
    capacityKwh: 1000,
    strategyVersion: 6,
  });
  /** A complete form for a station in SZ-01 with the given PCS and FCS. */
  const form = (code: string, pcs: number, fcs: number) => ({
    basic: basic(code),
    pcs: [{ deviceId: pcs }],
    stack: { code: 'ST-01', name: 'Stack 1', pcsDeviceId: pcs },
    meters: [{ deviceId: demoDevices['SZ-01-GM-01']!, role: 'grid' as const }],
    fcs: { deviceId: fcs },
    costInfo: { currency: 'CNY', bands: BANDS, demandPricePerKwMonth: 40, effectiveFrom: '2026-01-01' },
  });
  const message = (res: { body: { msg?: string } }) => res.body.msg;

  beforeAll(async () => {
    t = await createTestApp(kind);
    ids = await demoIds(t);
    [alice, bob, dave] = await Promise.all([signIn(t, 'alice'), signIn(t, 'bob'), signIn(t, 'dave')]);
    demoDevices = Object.fromEntries(
      (await rowsOf<{ code: string; id: number }>(t.database.system, sql`select code, id from device`)).map((d) => [d.code, d.id]),
    );
    for (const [code, type] of [
      ['SZ-01-PCS-09', 'bsa-pcs'],
      ['SZ-01-PCS-08', 'bsa-pcs'],
      ['SZ-01-FCS-09', 'bsa-fcs'],
      ['SZ-01-FCS-08', 'bsa-fcs'],
    ] as const) {
      const res = await alice.call(device.deviceCreate, { code, name: code, deviceTypeId: await typeId(type), ouId: ids.ouId['SZ-01']! });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      dev[code] = res.body.data.id;
    }
  });
  afterAll(() => t?.close());

  it('builds a station through a resumable draft; finish checks every step, names the field and changes nothing', async () => {
    const first = await alice.call(bsa.bsaDraft, { basic: basic('SZ-01-BSA-09'), step: 'pcs' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const id = first.body.data.id;
    expect(first.body.data).toMatchObject({ status: 'draft', step: 'pcs', form: { basic: { code: 'SZ-01-BSA-09', ratedPowerKw: 500 } } });

    // resumed later, by bob of the same OU: the step and what was filled in
    const resumed = await bob.call(bsa.bsaGetDraft, { id });
    expect(resumed.body.data).toMatchObject({ id, status: 'draft', step: 'pcs' });
    expect((await alice.call(bsa.bsaListSimple, { statusFilter: 'draft' })).body.data.map((s) => s.code)).toEqual(['SZ-01-BSA-09']);

    // a PCS of another station, then no FCS, then bands with a gap: each refused with its field
    const full = form('SZ-01-BSA-09', demoDevices['SZ-01-PCS-01']!, dev['SZ-01-FCS-09']!);
    expect((await alice.call(bsa.bsaDraft, { ...full, id, step: 'fcs' })).status).toBe(200);
    let res = await alice.call(bsa.bsaFinish, { id });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(ErrorCode.VALIDATION);
    expect(message(res)).toBe('form.pcs.0.deviceId: SZ-01-PCS-01 already belongs to storage station SZ-01-BSA-01');

    await alice.call(bsa.bsaDraft, {
      ...full,
      pcs: [{ deviceId: dev['SZ-01-PCS-09']! }],
      stack: { ...full.stack, pcsDeviceId: dev['SZ-01-PCS-09']! },
      fcs: null,
      id,
      step: 'fcs',
    });
    res = await alice.call(bsa.bsaFinish, { id });
    expect(message(res)).toBe('form.fcs: a station needs its FCS edge controller');

    const gap = [BANDS[0]!, { ...BANDS[1]!, start: '09:00' }, BANDS[2]!];
    await alice.call(bsa.bsaDraft, {
      ...full,
      pcs: [{ deviceId: dev['SZ-01-PCS-09']! }],
      stack: { ...full.stack, pcsDeviceId: dev['SZ-01-PCS-09']! },
      costInfo: { ...full.costInfo, bands: gap },
      id,
      step: 'costInfo',
    });
    res = await alice.call(bsa.bsaFinish, { id });
    expect(message(res)).toBe('form.costInfo.bands: nothing covers 08:00-09:00: the bands must cover 00:00-24:00 without gaps');
    // nothing was written by the refused finishes
    expect((await alice.call(bsa.bsaDetail, { id })).body.data).toMatchObject({ status: 'draft', pcs: [], meters: [], fcs: null });
    expect((await alice.call(bsa.bsaCostInfo, { bsaId: id })).body.data).toBeNull();

    const good = { ...full, pcs: [{ deviceId: dev['SZ-01-PCS-09']! }], stack: { ...full.stack, pcsDeviceId: dev['SZ-01-PCS-09']! } };
    await alice.call(bsa.bsaDraft, { ...good, id, step: 'costInfo' });
    res = await alice.call(bsa.bsaFinish, { id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ id, status: 'configured' });
    const detail = (await alice.call(bsa.bsaDetail, { id })).body.data;
    expect(detail).toMatchObject({
      status: 'configured',
      pcs: [{ code: 'SZ-01-PCS-09' }],
      meters: [{ code: 'SZ-01-GM-01', role: 'grid' }],
      fcs: { code: 'SZ-01-FCS-09' },
    });
    const cost = (await alice.call(bsa.bsaCostInfo, { bsaId: id })).body.data!;
    expect(cost.bands).toEqual(BANDS);
    expect(cost.demandPricePerKwMonth).toBe(40);
    expect((await alice.call(bsa.bsaStackList, { bsaId: id })).body.data).toEqual([
      {
        id: expect.any(Number),
        bsaId: id,
        code: 'ST-01',
        name: 'Stack 1',
        pcs: { deviceId: dev['SZ-01-PCS-09']!, code: 'SZ-01-PCS-09', name: 'SZ-01-PCS-09' },
        racks: 0,
      },
    ]);

    // a finished station's form is no longer a draft to save; its code is taken for the next one
    res = await alice.call(bsa.bsaDraft, { ...good, id, step: 'basic' });
    expect(res.body.code).toBe(ErrorCode.CONFLICT);
    expect(message(res)).toBe("Storage station SZ-01-BSA-09 is configured: only a draft's form can be saved");
    res = await alice.call(bsa.bsaDraft, { basic: basic('SZ-01-BSA-09'), step: 'basic' });
    expect(message(res)).toBe('body.basic.code: SZ-01-BSA-09 is already the code of another storage station');
    // a draft in an OU the staff does not have
    res = await alice.call(bsa.bsaDraft, { basic: { ...basic('SH-01-BSA-09'), ouId: ids.ouId['SH-01']! }, step: 'basic' });
    expect(message(res)).toBe('body.basic.ouId: is not one of your operating units');
    // bob reads stations but has no create button
    expect((await bob.call(bsa.bsaDraft, { basic: basic('SZ-01-BSA-06'), step: 'basic' })).status).toBe(403);

    // another tenant's staff sees none of it, also by id
    for (const r of [
      await dave.call(bsa.bsaGetDraft, { id }),
      await dave.call(bsa.bsaDetail, { id }),
      await dave.call(bsa.bsaFinish, { id }),
      await dave.call(bsa.bsaFsm, { id }),
      await dave.call(bsa.bsaUpdateStatus, { id, status: 'enabled' }),
      await dave.call(bsa.bsaStackList, { bsaId: id }),
    ]) {
      expect(r.status).toBe(404);
    }
    expect((await dave.call(bsa.bsaListSimple, {})).body.data.map((s) => s.code)).toEqual(['SH-01-BSA-01']);
    expect((await alice.call(bsa.bsaListWithOu, {})).body.data.map((g) => [g.ouName, g.stations.map((s) => s.code)])).toEqual([
      ['Suzhou Plant Site', ['SZ-01-BSA-01', 'SZ-01-BSA-09']],
      ['Wuxi Plant Site', ['WX-01-BSA-01']],
    ]);
  });

  it('moves along the lifecycle; every refused change answers why and changes nothing', async () => {
    const made = await alice.call(bsa.bsaInsert, form('SZ-01-BSA-08', dev['SZ-01-PCS-08']!, dev['SZ-01-FCS-08']!));
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const id = made.body.data.id;
    const fsm = (await alice.call(bsa.bsaFsm, {})).body.data;
    expect(fsm.transitions).toEqual([
      { from: 'draft', to: 'configured' },
      { from: 'draft', to: 'invalid' },
      { from: 'configured', to: 'enabled' },
      { from: 'configured', to: 'invalid' },
      { from: 'enabled', to: 'disabled' },
      { from: 'disabled', to: 'enabled' },
      { from: 'disabled', to: 'invalid' },
    ]);
    const refused = async (to: contractStatus, reason: string) => {
      const before = (await alice.call(bsa.bsaDetail, { id })).body.data.status;
      const res = await alice.call(bsa.bsaUpdateStatus, { id, status: to });
      expect(res.body.code, `${before} -> ${to}`).toBe(ErrorCode.CONFLICT);
      expect(message(res)).toBe(`Storage station SZ-01-BSA-08 cannot go from ${before} to ${to}: ${reason}`);
      expect((await alice.call(bsa.bsaDetail, { id })).body.data.status).toBe(before);
    };
    const moves = async (to: contractStatus, from: contractStatus) => {
      const res = await alice.call(bsa.bsaUpdateStatus, { id, status: to });
      expect(res.body.data).toEqual({ id, status: to, previous: from });
    };
    // configured
    await refused('draft', 'a station never goes back to draft');
    await refused('configured', 'the station is already configured');
    await refused('disabled', 'configured cannot become disabled; from configured it may become enabled or invalid');
    const next = (await alice.call(bsa.bsaFsm, { id })).body.data.station!;
    expect(next.next.filter((n) => n.allowed).map((n) => n.status)).toEqual(['enabled', 'invalid']);
    await moves('enabled', 'configured');
    // enabled
    await refused('draft', 'a station never goes back to draft');
    await refused('configured', 'enabled cannot become configured; from enabled it may become disabled');
    await refused('enabled', 'the station is already enabled');
    await refused('invalid', 'an enabled station runs its strategy: disable it before making it invalid');
    await moves('disabled', 'enabled');
    // disabled
    await refused('draft', 'a station never goes back to draft');
    await refused('configured', 'disabled cannot become configured; from disabled it may become enabled or invalid');
    await refused('disabled', 'the station is already disabled');
    // enabling needs its FCS: without it (the device deleted) the station stays disabled
    expect((await alice.call(device.deviceDelete, { id: dev['SZ-01-FCS-08']! })).status).toBe(200);
    await refused('enabled', 'enabling needs an FCS to run its strategy: the station has none');
    await moves('invalid', 'disabled');
    // invalid is the end
    for (const to of ['draft', 'configured', 'enabled', 'disabled'] as const) {
      await refused(to, 'an invalid station is out of service for good; no status follows invalid');
    }
    await refused('invalid', 'the station is already invalid');

    // a draft: finish makes it configured, update-status does not; it may be abandoned (invalid)
    const draft = (await alice.call(bsa.bsaDraft, { basic: basic('SZ-01-BSA-07'), step: 'basic' })).body.data.id;
    for (const [to, reason] of [
      ['configured', 'a draft becomes configured by finish, which checks every step of its form'],
      ['enabled', 'a draft must be finished (configured) first'],
      ['disabled', 'a draft must be finished (configured) first'],
      ['draft', 'the station is already draft'],
    ] as const) {
      const res = await alice.call(bsa.bsaUpdateStatus, { id: draft, status: to });
      expect(message(res)).toBe(`Storage station SZ-01-BSA-07 cannot go from draft to ${to}: ${reason}`);
    }
    expect((await alice.call(bsa.bsaUpdateStatus, { id: draft, status: 'invalid' })).body.data).toEqual({
      id: draft,
      status: 'invalid',
      previous: 'draft',
    });
    // bob may read stations but has no edit button
    expect((await bob.call(bsa.bsaUpdateStatus, { id, status: 'enabled' })).status).toBe(403);
  });

  it('refuses bad data-point templates with the field and the reason, keeps versions', async () => {
    const bad = async (points: ReturnType<typeof point>[], field: string, reason: string) => {
      const res = await alice.call(bsa.neoBsaPointTemplateInsert, { level: 'cell', name: 'Bad cell points', points });
      expect(res.status).toBe(400);
      expect(message(res)).toContain(`${field}: ${reason}`);
    };
    await bad(
      CELL_POINTS.filter((p) => p.key !== 'soc'),
      'points',
      'missing soc (SOC, %), which a cell must report',
    );
    await bad(
      [{ ...CELL_POINTS[0]!, ranges: [range(0, 2.8, 'fault'), range(2.7, 3.65, 'normal')] }, ...CELL_POINTS.slice(1)],
      'points.0.ranges.1',
      '2.7-3.65 overlaps 0-2.8 (ranges 1 and 2)',
    );
    await bad([{ ...CELL_POINTS[0]!, unit: 'mV' }, ...CELL_POINTS.slice(1)], 'points.0.unit', 'voltage is reported in V, not mV');
    await bad([{ ...CELL_POINTS[1]!, min: 50, max: 50 }, CELL_POINTS[0]!, CELL_POINTS[2]!], 'points.0.max', 'must be more than min (50)');
    await bad([...CELL_POINTS, CELL_POINTS[2]!], 'points.3.key', 'soc is already point 3');
    await bad(
      [{ ...CELL_POINTS[0]!, ranges: [range(3, 6, 'normal')] }, ...CELL_POINTS.slice(1)],
      'points.0.ranges.0',
      "3-6 is outside the point's range 0-5",
    );
    // nothing was saved: the tenant has its demo templates only
    const DEMO = ['LFP rack points', 'LFP pack points', 'LFP cell points'];
    expect((await alice.call(bsa.neoBsaPointTemplateAll, {})).body.data.map((p) => p.name)).toEqual(DEMO);

    const v1 = (await alice.call(bsa.neoBsaPointTemplateInsert, { level: 'cell', name: 'LFP cell', points: CELL_POINTS })).body.data;
    expect(v1).toMatchObject({ version: 1, points: CELL_POINTS });
    const v2 = await alice.call(bsa.neoBsaPointCreate, {
      templateId: v1.templateId,
      level: 'cell',
      note: 'adds internal resistance',
      points: [...CELL_POINTS, point('resistance', 'Internal resistance', 'mΩ', 0, 10)],
    });
    expect(v2.body.data).toMatchObject({ version: 2, note: 'adds internal resistance' });
    expect(
      (await alice.call(bsa.neoBsaPointVersionList, { templateId: v1.templateId })).body.data.map((v) => [v.version, v.points.length]),
    ).toEqual([
      [2, 4],
      [1, 3],
    ]);
    expect((await alice.call(bsa.neoBsaPointCreate, { templateId: v1.templateId, level: 'pack', points: PACK_POINTS })).body.msg).toBe(
      'body.level: the template is for cells, not packs',
    );
    // Harbor's dave: his tenant's demo templates, none of Sunrise's
    const harbor = (await dave.call(bsa.neoBsaPointTemplateAll, {})).body.data;
    expect(harbor.map((p) => p.name)).toEqual(DEMO);
    expect(harbor.map((p) => p.id)).not.toContain(v1.templateId);
    expect((await dave.call(bsa.neoBsaPointVersionList, { templateId: v1.templateId })).status).toBe(404);
  });

  it('applies templates: 10 racks x 16 packs x 24 cells = 3,840 cells in one call, each made once', async () => {
    const version = async (level: 'rack' | 'pack' | 'cell', points: ReturnType<typeof point>[]) =>
      (await alice.call(bsa.neoBsaPointTemplateInsert, { level, name: `Apply ${level} points`, points })).body.data.id;
    const template = async (level: 'rack' | 'pack' | 'cell', childCount: number | null, v: number) => {
      const res = await alice.call(bsa.edgeBsaTemplateCreate, {
        level,
        name: `Apply ${level}`,
        childCount,
        nominalVoltageV: level === 'cell' ? 3.2 : level === 'pack' ? 76.8 : 1228.8,
        capacityAh: 280,
        pointVersionId: v,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.id;
    };
    const cellV = await version('cell', CELL_POINTS);
    // a template of one level refuses another level's points, and a cell holds no children
    expect(
      message(
        await alice.call(bsa.edgeBsaTemplateCreate, {
          level: 'pack',
          name: 'x',
          childCount: 24,
          nominalVoltageV: 76.8,
          capacityAh: 280,
          pointVersionId: cellV,
        }),
      ),
    ).toBe('body.pointVersionId: is a cell data-point template, not a pack one');
    expect(
      message(
        await alice.call(bsa.edgeBsaTemplateCreate, {
          level: 'cell',
          name: 'x',
          childCount: 2,
          nominalVoltageV: 3.2,
          capacityAh: 280,
          pointVersionId: cellV,
        }),
      ),
    ).toBe('childCount: a cell holds nothing: leave it empty');
    const rack = await template('rack', 16, await version('rack', RACK_POINTS));
    const pack = await template('pack', 24, await version('pack', PACK_POINTS));
    const cell = await template('cell', null, cellV);

    const bsaId = (await alice.call(bsa.bsaListSimple, { name: 'SZ-01-BSA-09' })).body.data[0]!.id;
    const stackId = (await alice.call(bsa.bsaStackList, { bsaId })).body.data[0]!.id;
    const input = { bsaId, stackId, racks: 10, rackTemplateId: rack, packTemplateId: pack, cellTemplateId: cell };
    expect(message(await alice.call(bsa.edgeBsaPreview, { ...input, packTemplateId: cell }))).toBe(
      'body.packTemplateId: Apply cell is a cell template, not a pack one',
    );

    const preview = (await alice.call(bsa.edgeBsaPreview, input)).body.data;
    expect(preview.levels).toEqual([
      { level: 'rack', expected: 10, existing: 0, toCreate: 10 },
      { level: 'pack', expected: 160, existing: 0, toCreate: 160 },
      { level: 'cell', expected: 3840, existing: 0, toCreate: 3840 },
    ]);
    expect(preview.points.cell).toEqual(['voltage', 'temperature', 'soc']);

    // 10 + 160 + 3,840 = 4,010 units: more than runs inline, so a job with progress
    const started = await alice.call(bsa.edgeBsaTemplateApply, input);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.data).toMatchObject({ kind: 'bsa-template-apply', total: 4010 });
    await t.services.jobs.idle();
    const status = (await bob.call(bsa.neoBsaCreateStatus, { bsaId })).body.data!;
    expect(status.job).toMatchObject({ status: 'done', processed: 4010, imported: 4010 });
    for (const [call, expected] of [
      [bsa.edgeBsaRackStatusCheck, { level: 'rack', expected: 10, created: 10, complete: true }],
      [bsa.edgeBsaPackStatusCheck, { level: 'pack', expected: 160, created: 160, complete: true }],
      [bsa.edgeBsaCellStatusCheck, { level: 'cell', expected: 3840, created: 3840, complete: true }],
    ] as const) {
      expect((await alice.call(call, { bsaId })).body.data).toEqual(expected);
    }

    // applied again (a retry, a double click): nothing new
    await alice.call(bsa.edgeBsaTemplateApply, input);
    await alice.call(bsa.edgeBsaTemplateApply, input);
    await t.services.jobs.idle();
    expect((await alice.call(bsa.neoBsaCreateStatus, { bsaId })).body.data!.job).toMatchObject({ status: 'done', imported: 0 });
    const [counts] = await rowsOf<{ racks: number; packs: number; cells: number; distinct_cells: number }>(
      t.database.system,
      sql`select (select count(*)::int from bsa_rack where station_id = ${bsaId}) as racks,
                 (select count(*)::int from bsa_pack where station_id = ${bsaId}) as packs,
                 (select count(*)::int from bsa_cell where station_id = ${bsaId}) as cells,
                 (select count(distinct (pack_id, seq))::int from bsa_cell where station_id = ${bsaId}) as distinct_cells`,
    );
    expect(counts).toEqual({ racks: 10, packs: 160, cells: 3840, distinct_cells: 3840 });

    // the tree: a stack of 10 racks of 16 packs of 24 cells, cells not yet reported
    const tree = (await alice.call(bsa.bsaBatteryTree, { bsaId })).body.data;
    expect(tree).toHaveLength(1);
    expect(tree[0]!.stats).toEqual({ cells: 3840, reported: 0, voltageMinV: null, voltageMaxV: null, temperatureMaxC: null });
    expect(tree[0]!.racks.map((r) => [r.code, r.packs.length, r.stats.cells])).toEqual(
      Array.from({ length: 10 }, (_, i) => [`SZ-01-BSA-09-R${String(i + 1).padStart(2, '0')}`, 16, 384]),
    );
    const firstPack = tree[0]!.racks[0]!.packs[0]!;
    expect(firstPack).toMatchObject({ code: 'SZ-01-BSA-09-R01-P01', stats: { cells: 24 } });
    const cells = (await alice.call(bsa.neoBsaListCell, { packId: firstPack.id })).body.data;
    expect(cells.map((c) => c.code).slice(0, 2)).toEqual(['SZ-01-BSA-09-R01-P01-C01', 'SZ-01-BSA-09-R01-P01-C02']);
    expect((await alice.call(bsa.neoBsaListPack, { rackId: tree[0]!.racks[0]!.id })).body.data.map((p) => p.children)).toEqual(
      Array(16).fill(24),
    );

    // the point table: 10 racks x 6 points + 160 packs x 5 + 3,840 cells x 3 = 60 + 800 + 11,520 = 12,380
    const table = (await alice.call(bsa.bsaConfigGet, { bsaId })).body.data;
    expect(table.groups.map((g) => [g.level, g.units, g.templateName, g.pointVersion, g.points.length])).toEqual([
      ['rack', 10, 'Apply rack', 1, 6],
      ['pack', 160, 'Apply pack', 1, 5],
      ['cell', 3840, 'Apply cell', 1, 3],
    ]);
    expect(table.totalPoints).toBe(12_380);

    // an invalid station (SZ-01-BSA-08, made invalid above) builds nothing more
    const invalidId = (await alice.call(bsa.bsaListSimple, { name: 'SZ-01-BSA-08' })).body.data[0]!.id;
    const invalidStack = (await alice.call(bsa.bsaStackList, { bsaId: invalidId })).body.data[0]!.id;
    const refused = await alice.call(bsa.edgeBsaTemplateApply, { ...input, bsaId: invalidId, stackId: invalidStack });
    expect(refused.body.msg).toBe('Storage station SZ-01-BSA-08 is invalid: nothing is built in it any more');

    // another tenant: nothing, also by id
    for (const r of [
      await dave.call(bsa.bsaConfigGet, { bsaId }),
      await dave.call(bsa.bsaBatteryTree, { bsaId }),
      await dave.call(bsa.neoBsaListCell, { packId: firstPack.id }),
      await dave.call(bsa.neoBsaListRack, { stackId }),
      await dave.call(bsa.neoBsaCreateStatus, { bsaId }),
      await dave.call(bsa.edgeBsaCellStatusCheck, { bsaId }),
      await dave.call(bsa.edgeBsaTemplateApply, input),
    ]) {
      expect(r.status).toBe(r === undefined ? 0 : 404);
    }
    const harbor = (await dave.call(bsa.deviceBsaTemplateList, {})).body.data;
    expect(harbor.map((d) => d.name)).toEqual(['LFP rack, 12 packs', 'LFP pack, 24 cells', 'LFP cell 280 Ah']);
    expect(harbor.map((d) => d.id).filter((id) => [rack, pack, cell].includes(id))).toEqual([]);
  });

  it('gives the demo stations a battery built from templates, with latest cell values', async () => {
    const sz = (await alice.call(bsa.bsaListSimple, { name: 'Suzhou plant storage' })).body.data[0]!;
    const tree = (await bob.call(bsa.bsaBatteryTree, { bsaId: sz.id })).body.data;
    // 2 racks x 12 packs x 24 cells = 576 cells; 576 x 3.2 V x 280 Ah = 516,096 Wh, the station's 500 kWh
    expect(tree.map((s) => [s.code, s.racks.length, s.stats.cells, s.stats.reported])).toEqual([['ST-01', 2, 576, 576]]);
    expect(tree[0]!.racks.map((r) => r.packs.length)).toEqual([12, 12]);
    // one low cell (2.950 V) in rack 2; the others 3.280..3.329 V
    expect(tree[0]!.stats.voltageMinV).toBe(2.95);
    expect(tree[0]!.racks[0]!.stats.voltageMinV).toBeGreaterThanOrEqual(3.28);
    expect(tree[0]!.stats.voltageMaxV).toBeLessThanOrEqual(3.329);
    expect(tree[0]!.racks[1]!.packs[0]!.stats.voltageMinV).toBe(2.95);
    expect((await alice.call(bsa.edgeBsaCellStatusCheck, { bsaId: sz.id })).body.data).toEqual({
      level: 'cell',
      expected: 576,
      created: 576,
      complete: true,
    });
    expect((await alice.call(bsa.bsaPcsBindingList, { bsaId: sz.id })).body.data[0]!.stacks.map((s) => s.code)).toEqual(['ST-01']);
    // its point table: 2 racks x 6 points + 24 packs x 5 + 576 cells x 3 = 12 + 120 + 1,728 = 1,860
    expect((await alice.call(bsa.bsaConfigGet, { bsaId: sz.id })).body.data.totalPoints).toBe(1_860);
    const sh = (await dave.call(bsa.bsaListSimple, {})).body.data[0]!;
    expect((await dave.call(bsa.bsaBatteryTree, { bsaId: sh.id })).body.data[0]!.stats.cells).toBe(576);
    expect((await alice.call(bsa.bsaBatteryTree, { bsaId: sh.id })).status).toBe(404);
  });

  it('exports the station list as the page filters it; another tenant exports its own', async () => {
    const res = await alice.call(bsa.bsaExport, { format: 'csv', lang: 'en-US', statusFilter: 'enabled' });
    expect(res.status).toBe(200);
    const lines = String(res.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('Code,Name,Status,OU,Customer,Rated power (kW),Capacity (kWh),PCS,FCS,Created');
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 3).join(','))).toEqual([
      'SZ-01-BSA-01,Suzhou plant storage,Enabled',
      'WX-01-BSA-01,Wuxi plant storage,Enabled',
    ]);
    const zh = String((await alice.call(bsa.bsaExport, { format: 'csv', lang: 'zh-CN', name: 'Suzhou' })).body);
    expect(zh).toContain('电站编码');
    expect(zh).toContain('已启用');
    const harbor = String((await dave.call(bsa.bsaExport, { format: 'csv', lang: 'en-US' })).body);
    expect(harbor).toContain('SH-01-BSA-01');
    expect(harbor).not.toContain('SZ-01');
    expect((await bob.call(bsa.bsaExport, { format: 'csv' })).status).toBe(403);
  });

  it('binds PCS, meters and stacks; a PCS driving a stack cannot be removed', async () => {
    const bsaId = (await alice.call(bsa.bsaListSimple, { name: 'SZ-01-BSA-09' })).body.data[0]!.id;
    const pcs = dev['SZ-01-PCS-09']!;
    const meter = demoDevices['SZ-01-GM-01']!;
    let res = await alice.call(bsa.bsaPcsBindingMeter, { bsaId, pcsDeviceId: pcs, meterDeviceId: meter });
    expect(res.body.data).toEqual([
      {
        deviceId: pcs,
        code: 'SZ-01-PCS-09',
        name: 'SZ-01-PCS-09',
        ratedPowerKw: null,
        meter: { deviceId: meter, code: 'SZ-01-GM-01', name: expect.any(String) },
        stacks: [{ id: expect.any(Number), code: 'ST-01', name: 'Stack 1' }],
      },
    ]);
    res = await alice.call(bsa.neoBsaDelPcs, { bsaId, pcsDeviceId: pcs });
    expect(message(res)).toBe('SZ-01-PCS-09 drives stack ST-01: bind the stack to another PCS first');
    res = await alice.call(bsa.bsaPcsBindingBsa, { bsaId, pcsDeviceId: demoDevices['SZ-01-PCS-01']! });
    expect(message(res)).toBe('body.pcsDeviceId: SZ-01-PCS-01 already belongs to storage station SZ-01-BSA-01');
    const stackId = (await alice.call(bsa.bsaStackList, { bsaId })).body.data[0]!.id;
    expect((await alice.call(bsa.bsaStackBindingPcs, { stackId, pcsDeviceId: null })).body.data.pcs).toBeNull();
    res = await alice.call(bsa.neoBsaDelPcs, { bsaId, pcsDeviceId: pcs });
    expect(res.body.data).toEqual([]);
    expect((await alice.call(bsa.bsaDetail, { id: bsaId })).body.data.pcs).toEqual([]);
    res = await alice.call(bsa.bsaPcsBindingBsa, { bsaId, pcsDeviceId: pcs });
    expect(res.body.data.map((p) => [p.code, p.meter])).toEqual([['SZ-01-PCS-09', null]]);
    expect((await dave.call(bsa.bsaPcsBindingList, { bsaId })).status).toBe(404);
    expect((await dave.call(bsa.bsaStackBindingPcs, { stackId, pcsDeviceId: pcs })).status).toBe(404);
  });
});

type contractStatus = 'draft' | 'configured' | 'enabled' | 'disabled' | 'invalid';
