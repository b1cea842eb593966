import { bsa, ErrorCode } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/sql.js';
import { createTestApp, DB_KINDS, signIn, type Session, type TestApp } from './helpers.js';

/**
 * The edge calls of building a station (docs/bsa.md, "Edge calls") on the demo's stations: each has a
 * stack ST-01 of 2 racks x 12 packs x 24 cells = 2 + 24 + 576 units built from the LFP templates (rack 6
 * points, pack 5, cell 3), its cells reported (575 between 3.280 and 3.329 V, one at 2.950 V).
 */

const range = (from: number, to: number, state: 'normal' | 'warning' | 'fault') => ({ from, to, state });
const point = (key: string, name: string, unit: string, min: number, max: number, ranges: ReturnType<typeof range>[] = []) => ({
  key,
  name,
  unit,
  min,
  max,
  ranges,
});
const CELL_POINTS = [
  point('voltage', 'Cell voltage', 'V', 0, 5, [range(0, 2.8, 'fault'), range(2.8, 3.65, 'normal'), range(3.65, 5, 'fault')]),
  point('temperature', 'Temperature', '°C', -40, 120),
  point('soc', 'SOC', '%', 0, 100),
];

describe.each(DB_KINDS)('edge calls of building storage stations on %s', (kind) => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;
  let dave: Session;
  let sz: number;
  let wx: number;
  let sh: number;
  /** The demo tenant's device templates by name. */
  let tpl: Record<string, number>;

  const message = (res: { body: { msg?: string } }) => res.body.msg;
  /** The units of a demo station by code (system connection: the test's own look-up). */
  const unitId = async (level: 'rack' | 'pack' | 'cell', code: string) =>
    (await rowsOf<{ id: number }>(t.database.system, sql`select id from ${sql.identifier(`bsa_${level}`)} where code = ${code}`))[0]!.id;

  beforeAll(async () => {
    t = await createTestApp(kind);
    [alice, bob, dave] = await Promise.all([signIn(t, 'alice'), signIn(t, 'bob'), signIn(t, 'dave')]);
    const stations = (await alice.call(bsa.bsaListSimple, {})).body.data;
    sz = stations.find((s) => s.code === 'SZ-01-BSA-01')!.id;
    wx = stations.find((s) => s.code === 'WX-01-BSA-01')!.id;
    sh = (await dave.call(bsa.bsaListSimple, {})).body.data[0]!.id;
    tpl = Object.fromEntries((await alice.call(bsa.deviceBsaTemplateList, {})).body.data.map((d) => [d.name, d.id]));
  });
  afterAll(() => t?.close());

  it('answers what each level was created from, the status checks under their other names, and the cells’ states', async () => {
    const created = async (call: typeof bsa.edgeBsaRackTemplateCreated, bsaId: number) => (await alice.call(call, { bsaId })).body.data;
    const rack = await created(bsa.edgeBsaRackTemplateCreated, sz);
    expect(rack).toEqual({
      bsaId: sz,
      level: 'rack',
      units: 2,
      withoutTemplate: 0,
      templates: [
        {
          templateId: tpl['LFP rack, 12 packs'],
          name: 'LFP rack, 12 packs',
          childCount: 12,
          nominalVoltageV: expect.any(Number),
          capacityAh: 280,
          pointTemplateName: 'LFP rack points',
          pointVersion: 1,
          units: 2,
          special: 0,
        },
      ],
    });
    // 2 racks x 12 packs = 24 packs; 24 packs x 24 cells = 576 cells
    const pack = await created(bsa.edgeBsaPackTemplateCreated, sz);
    expect([pack.units, pack.templates.map((x) => [x.name, x.childCount, x.units])]).toEqual([24, [['LFP pack, 24 cells', 24, 24]]]);
    const cell = await created(bsa.edgeBsaCellTemplateCreated, sz);
    expect([cell.units, cell.templates.map((x) => [x.name, x.childCount, x.units])]).toEqual([576, [['LFP cell 280 Ah', null, 576]]]);
    // the device/bsa names answer the same
    expect((await bob.call(bsa.deviceBsaRackCreated, { bsaId: sz })).body.data).toEqual(rack);
    expect((await bob.call(bsa.deviceBsaPackCreated, { bsaId: sz })).body.data).toEqual(pack);
    expect((await bob.call(bsa.deviceBsaCellCreated, { bsaId: sz })).body.data).toEqual(cell);
    for (const [call, expected] of [
      [bsa.deviceBsaRackStatusCheck, { level: 'rack', expected: 2, created: 2, complete: true }],
      [bsa.deviceBsaPackStatusCheck, { level: 'pack', expected: 24, created: 24, complete: true }],
      [bsa.deviceBsaCellStatusCheck, { level: 'cell', expected: 576, created: 576, complete: true }],
    ] as const) {
      expect((await bob.call(call, { bsaId: sz })).body.data).toEqual(expected);
    }
    // a level's templates for its picker
    expect((await bob.call(bsa.deviceBsaRack, {})).body.data.map((d) => d.name)).toEqual(['LFP rack, 12 packs']);
    expect((await bob.call(bsa.deviceBsaPack, {})).body.data.map((d) => d.name)).toEqual(['LFP pack, 24 cells']);
    expect((await bob.call(bsa.deviceBsaCell, {})).body.data.map((d) => [d.level, d.name])).toEqual([['cell', 'LFP cell 280 Ah']]);

    // the cells: 576 made of 576 expected, all reported; 575 normal (3.280..3.329 V, 24..30 °C) and the
    // low cell (2.950 V, below the template's 3.0 V) a fault
    expect((await bob.call(bsa.deviceBsaCellStatus, { bsaId: sz })).body.data).toEqual({
      bsaId: sz,
      expected: 576,
      created: 576,
      complete: true,
      cells: 576,
      reported: 576,
      notReported: 0,
      states: { normal: 575, warning: 0, fault: 1, unknown: 0 },
    });
    // a cell not reported yet and one hotter than 45 °C (a warning band)
    const [c1, c2] = [await unitId('cell', 'SZ-01-BSA-01-R01-P01-C01'), await unitId('cell', 'SZ-01-BSA-01-R01-P01-C02')];
    await t.database.system.execute(sql`update bsa_cell set voltage_v = null, temperature_c = null, soc_pct = null where id = ${c1}`);
    await t.database.system.execute(sql`update bsa_cell set temperature_c = 50 where id = ${c2}`);
    expect((await bob.call(bsa.deviceBsaCellStatus, { bsaId: sz })).body.data).toMatchObject({
      reported: 575,
      notReported: 1,
      states: { normal: 573, warning: 1, fault: 1, unknown: 0 },
    });

    // another tenant: nothing, also by id; his own station answers
    for (const r of [
      await dave.call(bsa.edgeBsaRackTemplateCreated, { bsaId: sz }),
      await dave.call(bsa.deviceBsaCellCreated, { bsaId: sz }),
      await dave.call(bsa.deviceBsaCellStatusCheck, { bsaId: sz }),
      await dave.call(bsa.deviceBsaCellStatus, { bsaId: sz }),
    ]) {
      expect(r.status).toBe(404);
    }
    expect((await dave.call(bsa.edgeBsaCellTemplateCreated, { bsaId: sh })).body.data.units).toBe(576);
    expect((await dave.call(bsa.deviceBsaRack, {})).body.data.map((d) => d.id)).not.toContain(tpl['LFP rack, 12 packs']);
  });

  it('checks and confirms each level’s data points; a unit without points blocks its level', async () => {
    // by stack (WX-01 is alice's; bob works in SZ-01 only): 2 racks x 6 + 24 packs x 5 + 576 cells x 3 = 12 + 120 + 1,728 = 1,860, the point table's total
    const stacks = (await alice.call(bsa.edgeBsaPointStackList, { bsaId: wx })).body.data;
    expect(stacks).toEqual([
      {
        stackId: expect.any(Number),
        code: 'ST-01',
        name: expect.any(String),
        levels: [
          { level: 'rack', units: 2, withoutPoints: 0, points: 12 },
          { level: 'pack', units: 24, withoutPoints: 0, points: 120 },
          { level: 'cell', units: 576, withoutPoints: 0, points: 1728 },
        ],
        totalPoints: 1860,
      },
    ]);
    expect((await alice.call(bsa.bsaConfigGet, { bsaId: wx })).body.data.totalPoints).toBe(1860);

    const rack = await alice.call(bsa.edgeBsaPointRackStatusCheck, { bsaId: wx });
    expect(rack.body.data).toEqual({
      bsaId: wx,
      level: 'rack',
      units: 2,
      withPoints: 2,
      withoutPoints: 0,
      points: 12,
      complete: true,
      confirmed: null,
    });
    expect((await bob.call(bsa.edgeBsaPointRackComplete, { bsaId: wx })).status).toBe(403);
    const done = (await alice.call(bsa.edgeBsaPointRackComplete, { bsaId: wx })).body.data;
    expect(done).toMatchObject({
      complete: true,
      repeated: false,
      confirmed: { by: expect.stringContaining('Alice'), units: 2, points: 12, current: true },
    });
    // confirmed again (a retry): the same confirmation, no second row
    const again = (await alice.call(bsa.edgeBsaPointRackComplete, { bsaId: wx })).body.data;
    expect(again).toMatchObject({ repeated: true, confirmed: { at: done.confirmed!.at } });
    const setups = async () =>
      rowsOf<{ level: string; units: number; points: number }>(
        t.database.system,
        sql`select level, units, points from bsa_point_setup where station_id = ${wx} order by level`,
      );
    expect(await setups()).toEqual([{ level: 'rack', units: 2, points: 12 }]);

    // a pack whose template is gone (deleted templates leave units without one): 23 of 24 report 5 points
    const packId = await unitId('pack', 'WX-01-BSA-01-R02-P12');
    await t.database.system.execute(sql`update bsa_pack set template_id = null where id = ${packId}`);
    expect((await alice.call(bsa.edgeBsaPointPackStatusCheck, { bsaId: wx })).body.data).toMatchObject({
      units: 24,
      withPoints: 23,
      withoutPoints: 1,
      points: 115,
      complete: false,
    });
    const refused = await alice.call(bsa.edgeBsaPointPackComplete, { bsaId: wx });
    expect(refused.body.code).toBe(ErrorCode.CONFLICT);
    expect(message(refused)).toBe('The packs of WX-01-BSA-01 are not all set up: 1 of 24 report no data point (built without a template)');
    expect(await setups()).toEqual([{ level: 'rack', units: 2, points: 12 }]);
    expect((await alice.call(bsa.edgeBsaPointStackList, { bsaId: wx })).body.data[0]!.levels[1]).toEqual({
      level: 'pack',
      units: 24,
      withoutPoints: 1,
      points: 115,
    });

    // the pack gets its template back as a special unit; the level is complete again
    const fixed = await alice.call(bsa.deviceBsaEspeciallySave, {
      bsaId: wx,
      level: 'pack',
      unitId: packId,
      templateId: tpl['LFP pack, 24 cells']!,
      note: 'template restored after the BMS swap',
    });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    expect(fixed.body.data).toMatchObject({
      unitCode: 'WX-01-BSA-01-R02-P12',
      templateName: 'LFP pack, 24 cells',
      originalTemplateId: null,
    });
    const pack = (await alice.call(bsa.edgeBsaPointPackComplete, { bsaId: wx })).body.data;
    expect(pack).toMatchObject({ units: 24, withPoints: 24, points: 120, repeated: false, confirmed: { current: true } });
    const cell = (await alice.call(bsa.edgeBsaPointCellComplete, { bsaId: wx })).body.data;
    expect(cell).toMatchObject({ units: 576, points: 1728, confirmed: { units: 576, points: 1728 } });
    expect(await setups()).toEqual([
      { level: 'cell', units: 576, points: 1728 },
      { level: 'pack', units: 24, points: 120 },
      { level: 'rack', units: 2, points: 12 },
    ]);
    expect((await alice.call(bsa.edgeBsaPointCellStatusCheck, { bsaId: wx })).body.data.confirmed).toMatchObject({ current: true });

    for (const r of [
      await dave.call(bsa.edgeBsaPointStackList, { bsaId: wx }),
      await dave.call(bsa.edgeBsaPointRackStatusCheck, { bsaId: wx }),
      await dave.call(bsa.edgeBsaPointCellComplete, { bsaId: wx }),
    ]) {
      expect(r.status).toBe(404);
    }
    expect((await dave.call(bsa.edgeBsaPointRackStatusCheck, { bsaId: sh })).body.data).toMatchObject({ units: 2, confirmed: null });
  });

  it('changes a data-point template only as a new version; bad points are refused at their field', async () => {
    expect((await bob.call(bsa.edgeBsaPointTemplateAll, {})).body.data).toEqual((await bob.call(bsa.neoBsaPointTemplateAll, {})).body.data);
    const made = await alice.call(bsa.edgeBsaPointCreateTemplate, { level: 'cell', name: 'Edge cell points', points: CELL_POINTS });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const templateId = made.body.data.templateId;
    // created again (a retry): refused, still one template of that name
    expect(
      (await alice.call(bsa.edgeBsaPointCreateTemplate, { level: 'cell', name: 'Edge cell points', points: CELL_POINTS })).body.code,
    ).toBe(ErrorCode.CONFLICT);
    expect((await alice.call(bsa.edgeBsaPointTemplateAll, { level: 'cell' })).body.data.map((p) => p.name)).toEqual([
      'Edge cell points',
      'LFP cell points',
    ]);

    // update/template: the same points make no version; other points the next
    expect((await alice.call(bsa.edgeBsaPointUpdateTemplate, { templateId, level: 'cell', points: CELL_POINTS })).body.data.version).toBe(
      1,
    );
    const v2 = await alice.call(bsa.edgeBsaPointUpdateTemplate, {
      templateId,
      level: 'cell',
      note: 'adds internal resistance',
      points: [...CELL_POINTS, point('resistance', 'Internal resistance', 'mΩ', 0, 10)],
    });
    expect(v2.body.data).toMatchObject({ version: 2, note: 'adds internal resistance' });

    // update/template/data: voltage gets a warning band, resistance goes
    const voltage = {
      ...CELL_POINTS[0]!,
      ranges: [range(0, 2.8, 'fault'), range(2.8, 3.0, 'warning'), range(3.0, 3.65, 'normal'), range(3.65, 5, 'fault')],
    };
    const change = { templateId, basedOnVersion: 2, set: [voltage], remove: ['resistance'], note: 'warning below 3.0 V' };
    const v3 = await alice.call(bsa.edgeBsaPointUpdateTemplateData, change);
    expect(v3.status, JSON.stringify(v3.body)).toBe(200);
    expect(v3.body.data).toMatchObject({ version: 3, unchanged: false, note: 'warning below 3.0 V' });
    expect(v3.body.data.points.map((p) => [p.key, p.ranges.length])).toEqual([
      ['voltage', 4],
      ['temperature', 0],
      ['soc', 0],
    ]);
    // sent again (a retry): the latest answers, no version 4
    expect((await alice.call(bsa.edgeBsaPointUpdateTemplateData, change)).body.data).toMatchObject({ version: 3, unchanged: true });
    // another change from version 2 works on an old version
    const stale = await alice.call(bsa.edgeBsaPointUpdateTemplateData, { ...change, set: [{ ...voltage, name: 'U' }] });
    expect(stale.body.code).toBe(ErrorCode.CONFLICT);
    expect(message(stale)).toBe('Data-point template Edge cell points changed since version 2: version 3 is the latest, change that one');

    // bad changes, each at its field; nothing saved
    const bad = async (body: Partial<typeof change>, expected: string) => {
      const res = await alice.call(bsa.edgeBsaPointUpdateTemplateData, { templateId, basedOnVersion: 3, set: [], remove: [], ...body });
      expect(res.status, expected).toBe(400);
      expect(message(res)).toBe(expected);
    };
    await bad({ set: [{ ...voltage, unit: 'mV' }] }, 'body.set.0.unit: voltage is reported in V, not mV');
    await bad({ remove: ['soc'] }, 'body.remove: missing soc (SOC, %), which a cell must report');
    await bad(
      { set: [point('soc', 'SOC', '%', 0, 100), { ...voltage, ranges: [range(0, 3, 'fault'), range(2.9, 3.65, 'normal')] }] },
      'body.set.1.ranges.1: 2.9-3.65 overlaps 0-3 (ranges 1 and 2)',
    );
    await bad({ remove: ['resistance'] }, 'body.remove.0: resistance is not a point of version 3');
    await bad({}, 'set: nothing to change: set or remove points');
    await bad({ basedOnVersion: 9, remove: ['soc'] }, 'body.basedOnVersion: data-point template Edge cell points has no version 9');
    const versions = (await alice.call(bsa.neoBsaPointVersionList, { templateId })).body.data.map((v) => v.version);
    expect(versions).toEqual([3, 2, 1]);

    // point/template: the latest, or a version
    const latest = (await bob.call(bsa.edgeBsaPointTemplate, { templateId })).body.data;
    expect([latest.name, latest.level, latest.latestVersion, latest.version.version, latest.version.points[0]!.ranges.length]).toEqual([
      'Edge cell points',
      'cell',
      3,
      3,
      4,
    ]);
    expect((await bob.call(bsa.edgeBsaPointTemplate, { templateId, version: 2 })).body.data.version.points).toHaveLength(4);
    expect(message(await bob.call(bsa.edgeBsaPointTemplate, { templateId, version: 7 }))).toBe(
      'body.version: data-point template Edge cell points has no version 7',
    );
    expect((await bob.call(bsa.edgeBsaPointUpdateTemplateData, { ...change, basedOnVersion: 3 })).status).toBe(403);

    for (const r of [
      await dave.call(bsa.edgeBsaPointTemplate, { templateId }),
      await dave.call(bsa.edgeBsaPointUpdateTemplateData, { ...change, basedOnVersion: 3 }),
      await dave.call(bsa.edgeBsaPointUpdateTemplate, { templateId, level: 'cell', points: CELL_POINTS }),
    ]) {
      expect(r.status).toBe(404);
    }
    expect((await dave.call(bsa.edgeBsaPointTemplateAll, {})).body.data.map((p) => p.id)).not.toContain(templateId);
  });

  it('saves a station’s FCS settings as a whole, validated; reads them and the templates of its levels', async () => {
    expect((await bob.call(bsa.edgeBsaGetConfig, { bsaId: sz })).body.data).toBeNull();
    const settings = {
      bsaId: sz,
      reportIntervalS: 5,
      bms: { protocol: 'modbus-tcp' as const, host: '192.168.10.20', port: 502, slaveId: 1 },
      rackTemplateId: tpl['LFP rack, 12 packs']!,
      packTemplateId: tpl['LFP pack, 24 cells']!,
      cellTemplateId: tpl['LFP cell 280 Ah']!,
    };
    expect((await bob.call(bsa.edgeBsaConfig, settings)).status).toBe(403);
    const saved = await alice.call(bsa.edgeBsaConfig, settings);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({
      bsaId: sz,
      revision: 1,
      unchanged: false,
      reportIntervalS: 5,
      bms: { protocol: 'modbus-tcp', host: '192.168.10.20', port: 502, serialPort: null, baudRate: null, slaveId: 1, canBitrate: null },
      templates: { rack: { name: 'LFP rack, 12 packs' }, pack: { name: 'LFP pack, 24 cells' }, cell: { name: 'LFP cell 280 Ah' } },
      fcs: { code: 'SZ-01-FCS-01' },
    });
    // saved again (a retry): nothing changes; a real change is revision 2
    expect((await alice.call(bsa.edgeBsaConfig, settings)).body.data).toMatchObject({ revision: 1, unchanged: true });
    const rtu = {
      ...settings,
      reportIntervalS: 10,
      bms: { protocol: 'modbus-rtu' as const, serialPort: '/dev/ttyS1', baudRate: 9600, slaveId: 3 },
    };
    expect((await alice.call(bsa.edgeBsaConfig, rtu)).body.data).toMatchObject({
      revision: 2,
      unchanged: false,
      bms: { host: null, port: null },
    });

    const bad = async (body: typeof settings | typeof rtu, expected: string) => {
      const res = await alice.call(bsa.edgeBsaConfig, body as typeof settings);
      expect(res.status, expected).toBe(400);
      expect(message(res)).toBe(expected);
    };
    await bad(
      { ...settings, bms: { protocol: 'modbus-tcp', port: 502, slaveId: 1 } as typeof settings.bms },
      'bms.host: a Modbus TCP link needs the BMS host',
    );
    await bad({ ...rtu, bms: { ...rtu.bms, host: '10.0.0.1' } as typeof rtu.bms }, 'bms.host: only a Modbus TCP link has a host');
    await bad({ ...rtu, bms: { ...rtu.bms, baudRate: 1234 } }, 'bms.baudRate: must be one of 9600, 19200, 38400, 57600, 115200');
    await bad({ ...settings, bms: { ...settings.bms, host: 'bad host!' } }, 'bms.host: must be an IPv4 address or a host name');
    await bad({ ...settings, reportIntervalS: 0 }, 'reportIntervalS: must be 1..3600 s');
    await bad(
      { ...settings, rackTemplateId: tpl['LFP pack, 24 cells']! },
      'body.rackTemplateId: LFP pack, 24 cells is a pack template, not a rack one',
    );
    const got = (await bob.call(bsa.edgeBsaGetConfig, { bsaId: sz })).body.data!;
    expect([got.revision, got.reportIntervalS, got.bms.protocol, got.bms.serialPort]).toEqual([2, 10, 'modbus-rtu', '/dev/ttyS1']);

    // the templates of its levels: set, in use (2 racks, 24 packs, 576 cells), none differing
    const levels = (await bob.call(bsa.edgeBsaGetTemplate, { bsaId: sz })).body.data;
    expect(
      levels.map((l) => [l.level, l.configured?.name, l.configured?.points.length, l.inUse.map((u) => [u.name, u.units]), l.otherUnits]),
    ).toEqual([
      ['rack', 'LFP rack, 12 packs', 6, [['LFP rack, 12 packs', 2]], 0],
      ['pack', 'LFP pack, 24 cells', 5, [['LFP pack, 24 cells', 24]], 0],
      ['cell', 'LFP cell 280 Ah', 3, [['LFP cell 280 Ah', 576]], 0],
    ]);
    // without a set template the level is only listed
    await alice.call(bsa.edgeBsaConfig, { ...rtu, cellTemplateId: null });
    expect((await bob.call(bsa.edgeBsaGetTemplate, { bsaId: sz })).body.data[2]).toMatchObject({ configured: null, otherUnits: 0 });

    for (const r of [
      await dave.call(bsa.edgeBsaGetConfig, { bsaId: sz }),
      await dave.call(bsa.edgeBsaGetTemplate, { bsaId: sz }),
      await dave.call(bsa.edgeBsaConfig, { ...settings, rackTemplateId: null, packTemplateId: null, cellTemplateId: null }),
    ]) {
      expect(r.status).toBe(404);
    }
    expect((await dave.call(bsa.edgeBsaGetConfig, { bsaId: sh })).body.data).toBeNull();
    // dave cannot name Sunrise's templates for his station
    expect(message(await dave.call(bsa.edgeBsaConfig, { ...settings, bsaId: sh }))).toBe(
      'body.rackTemplateId: is not a device template of this tenant',
    );
    expect((await dave.call(bsa.edgeBsaGetConfig, { bsaId: sh })).body.data).toBeNull();
  });

  it('marks special units with a note and their own template; lists them; a retry keeps one mark', async () => {
    expect((await bob.call(bsa.deviceBsaEspeciallyList, { bsaId: sz })).body.data).toEqual([]);
    const rackId = await unitId('rack', 'SZ-01-BSA-01-R01');
    const mark = { bsaId: sz, level: 'rack' as 'rack' | 'pack' | 'cell', unitId: rackId, note: 'rack moved to the east container' };
    expect((await bob.call(bsa.deviceBsaEspeciallySave, mark)).status).toBe(403);
    const first = (await alice.call(bsa.deviceBsaEspeciallySave, mark)).body.data;
    expect(first).toMatchObject({
      level: 'rack',
      unitCode: 'SZ-01-BSA-01-R01',
      templateName: 'LFP rack, 12 packs',
      originalTemplateName: 'LFP rack, 12 packs',
      note: 'rack moved to the east container',
    });
    const second = (await alice.call(bsa.deviceBsaEspeciallySave, { ...mark, note: 'east container, bay 2' })).body.data;
    expect([second.id, second.note]).toEqual([first.id, 'east container, bay 2']);

    // a cell of another make: its own template (same points), counted apart: 575 + 1 = 576
    const other = await alice.call(bsa.edgeBsaTemplateCreate, {
      level: 'cell',
      name: 'CATL cell 280 Ah',
      nominalVoltageV: 3.2,
      capacityAh: 280,
      pointVersionId: (await alice.call(bsa.deviceBsaCell, {})).body.data[0]!.pointVersionId,
    });
    const cellId = await unitId('cell', 'SZ-01-BSA-01-R02-P03-C07');
    const cell = await alice.call(bsa.deviceBsaEspeciallySave, {
      bsaId: sz,
      level: 'cell',
      unitId: cellId,
      templateId: other.body.data.id,
      note: 'replaced after a fault',
    });
    expect(cell.body.data).toMatchObject({ templateName: 'CATL cell 280 Ah', originalTemplateName: 'LFP cell 280 Ah' });
    expect((await bob.call(bsa.deviceBsaCellCreated, { bsaId: sz })).body.data.templates.map((x) => [x.name, x.units, x.special])).toEqual([
      ['LFP cell 280 Ah', 575, 0],
      ['CATL cell 280 Ah', 1, 1],
    ]);
    expect((await bob.call(bsa.edgeBsaRackTemplateCreated, { bsaId: sz })).body.data.templates[0]).toMatchObject({ units: 2, special: 1 });
    // the settings name the 280 Ah cell: the special cell is not counted as differing
    await alice.call(bsa.edgeBsaConfig, {
      bsaId: sz,
      reportIntervalS: 5,
      bms: { protocol: 'can', canBitrate: 250_000 },
      cellTemplateId: tpl['LFP cell 280 Ah']!,
    });
    expect((await bob.call(bsa.edgeBsaGetTemplate, { bsaId: sz })).body.data[2]).toMatchObject({
      inUse: [
        { name: 'LFP cell 280 Ah', units: 575 },
        { name: 'CATL cell 280 Ah', units: 1 },
      ],
      otherUnits: 0,
    });

    const bad = async (body: Partial<typeof mark> & { templateId?: number }, expected: string) => {
      const res = await alice.call(bsa.deviceBsaEspeciallySave, { ...mark, ...body });
      expect(res.status, expected).toBe(400);
      expect(message(res)).toBe(expected);
    };
    const small = await alice.call(bsa.edgeBsaTemplateCreate, {
      level: 'pack',
      name: 'LFP pack, 16 cells',
      childCount: 16,
      nominalVoltageV: 51.2,
      capacityAh: 280,
      pointVersionId: (await alice.call(bsa.deviceBsaPack, {})).body.data[0]!.pointVersionId,
    });
    const packId = await unitId('pack', 'SZ-01-BSA-01-R01-P01');
    await bad(
      { level: 'pack', unitId: packId, templateId: small.body.data.id },
      'body.templateId: LFP pack, 16 cells holds 16 cells, SZ-01-BSA-01-R01-P01 has 24',
    );
    await bad(
      { level: 'pack', unitId: packId, templateId: other.body.data.id },
      'body.templateId: CATL cell 280 Ah is a cell template, not a pack one',
    );
    await bad({ level: 'cell', unitId: await unitId('cell', 'WX-01-BSA-01-R01-P01-C01') }, 'body.unitId: is not a cell of SZ-01-BSA-01');
    await bad({ note: '  ' }, 'note: must say why the unit is special');
    expect(
      (await bob.call(bsa.deviceBsaEspeciallyList, { bsaId: sz })).body.data.map((s) => [s.level, s.unitCode, s.templateName]),
    ).toEqual([
      ['rack', 'SZ-01-BSA-01-R01', 'LFP rack, 12 packs'],
      ['cell', 'SZ-01-BSA-01-R02-P03-C07', 'CATL cell 280 Ah'],
    ]);
    expect((await bob.call(bsa.deviceBsaEspeciallyList, { bsaId: sz, level: 'cell' })).body.data).toHaveLength(1);

    // saved without a template: the cell goes back to its original one
    const back = (await alice.call(bsa.deviceBsaEspeciallySave, { bsaId: sz, level: 'cell', unitId: cellId, note: 'same make again' })).body
      .data;
    expect([back.templateName, back.originalTemplateName]).toEqual(['LFP cell 280 Ah', 'LFP cell 280 Ah']);
    expect((await bob.call(bsa.deviceBsaCellCreated, { bsaId: sz })).body.data.templates.map((x) => [x.name, x.units, x.special])).toEqual([
      ['LFP cell 280 Ah', 576, 1],
    ]);

    for (const r of [await dave.call(bsa.deviceBsaEspeciallyList, { bsaId: sz }), await dave.call(bsa.deviceBsaEspeciallySave, mark)]) {
      expect(r.status).toBe(404);
    }
    expect(message(await dave.call(bsa.deviceBsaEspeciallySave, { ...mark, bsaId: sh }))).toBe(
      'body.unitId: is not a rack of SH-01-BSA-01',
    );
    expect((await dave.call(bsa.deviceBsaEspeciallyList, { bsaId: sh })).body.data).toEqual([]);
  });
});
