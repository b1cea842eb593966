import ExcelJS from 'exceljs';
import { ErrorCode, pv } from '@energy/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distanceKm } from '../src/domains/pv/pv-stations.service.js';
import { decimalText, wayInForce } from '../src/domains/pv/pv-settings.service.js';
import { createTestApp, DB_KINDS, demoIds, signIn, type Session, type TestApp } from './helpers.js';

/** The Suzhou site's position (the demo OU SZ-01). */
const SUZHOU = { longitude: 120.632, latitude: 31.262 };

describe('PV station rules', () => {
  it('measures great-circle distances: 0.1 degree of latitude is 11.119 km', () => {
    // 2 * pi * 6371 km / 360 * 0.1 = 11.1195 km
    expect(distanceKm({ lng: 120, lat: 31 }, { lng: 120, lat: 31.1 })).toBeCloseTo(11.1195, 3);
    // along a parallel the degree shrinks with cos(latitude): 111.195 * cos(60 deg) = 55.597 km
    expect(distanceKm({ lng: 10, lat: 60 }, { lng: 11, lat: 60 })).toBeCloseTo(55.59, 1);
  });

  it('picks the way in force on a day: the latest entry not after it', () => {
    const log = [{ effectiveFrom: '2026-03-16' }, { effectiveFrom: '2026-01-01' }, { effectiveFrom: '2026-04-01' }];
    expect(wayInForce(log, '2025-12-31')).toBeNull();
    expect(wayInForce(log, '2026-01-01')?.effectiveFrom).toBe('2026-01-01');
    expect(wayInForce(log, '2026-03-15')?.effectiveFrom).toBe('2026-01-01');
    expect(wayInForce(log, '2026-03-16')?.effectiveFrom).toBe('2026-03-16');
    expect(wayInForce(log, '2026-12-31')?.effectiveFrom).toBe('2026-04-01');
  });

  it('writes money as exact numeric text', () => {
    expect(decimalText(0.1 + 0.2, 2)).toBe('0.30');
    expect(decimalText(3_456_789.12, 2)).toBe('3456789.12');
    expect(decimalText(0.3985, 4)).toBe('0.3985');
  });
});

describe.each(DB_KINDS)('PV stations on %s', (kind) => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;
  let dave: Session;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let deviceId: Record<string, number>;
  let station: pv.PvStationRow;

  const create = (s: Session, body: Record<string, unknown>) =>
    s.call(pv.pvStationBasicInfo, { code: 'PV-X', name: 'X', ouId: ids.ouId['SZ-01']!, capacityKwp: 100, ...body } as never);

  beforeAll(async () => {
    t = await createTestApp(kind);
    ids = await demoIds(t);
    alice = await signIn(t, 'alice');
    bob = await signIn(t, 'bob');
    dave = await signIn(t, 'dave');
    const devices = (await alice.post('/api/v2/device/page', { pageSize: 100, pageOffset: 1 })).body.data.list as {
      id: number;
      code: string;
    }[];
    deviceId = Object.fromEntries(devices.map((d) => [d.code, d.id]));
    const made = await alice.call(pv.pvStationBasicInfo, {
      code: 'SZ-PV-TEST',
      name: 'Suzhou rooftop test',
      ouId: ids.ouId['SZ-01']!,
      address: '88 Wuzhong Avenue, Suzhou',
      districtAdcode: '320506',
      location: SUZHOU,
      capacityKwp: 1234.5,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    station = made.body.data;
  });
  afterAll(() => t?.close());

  it('creates a station in planning, in the OU’s customer and the tenant’s zone, with its first stage logged', async () => {
    expect(station).toMatchObject({
      code: 'SZ-PV-TEST',
      mcid: ids.mcid['Sunrise Suzhou Plant'],
      customerName: 'Sunrise Suzhou Plant',
      ouName: 'Suzhou Plant Site',
      capacityKwp: 1234.5,
      stage: 'planning',
      status: 'enabled',
      timeZone: 'Asia/Shanghai',
      location: SUZHOU,
      gridConnectionDate: null,
      areaCount: 0,
    });
    const detail = (await bob.call(pv.pvStationDetail, { id: station.id })).body.data;
    expect(detail.stages).toEqual([{ stage: 'planning', at: expect.any(String), byName: 'Alice Chen' }]);
  });

  it('refuses bad basic info naming the field, taken codes, foreign OUs and staff without the button', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ code: '' }, 400, 'code: is required'],
      [{ capacityKwp: 0 }, 400, 'capacityKwp: must be more than 0'],
      [{ capacityKwp: 1.2345 }, 400, 'capacityKwp: must have at most 3 decimals'],
      [{ timeZone: 'Mars/Olympus' }, 400, 'timeZone: is not an IANA time zone'],
      [{ gridConnectionDate: '2026-02-30' }, 400, 'gridConnectionDate: is not a day of the calendar'],
      [{ districtAdcode: '32' }, 400, 'districtAdcode: must be a 6-digit district code'],
      [{ code: 'SZ-PV-TEST' }, 400, 'The PV station code SZ-PV-TEST is already used in this tenant'],
      [{ ouId: ids.ouId['SH-01'] }, 400, 'body.ouId: is not one of your operating units'],
      [{ stage: 'grid-connected' }, 400, 'body.gridConnectionDate: is required for a grid-connected station'],
      [{ stage: 'decommissioned' }, 400, 'body.stage: a new station cannot be decommissioned'],
      [{ weatherStationId: deviceId['SZ-01-GM-01'] }, 400, 'body.weatherStationId: is not one of your environment devices'],
    ];
    for (const [body, status, message] of cases) {
      const res = await create(alice, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.msg, JSON.stringify(body)).toContain(message);
    }
    expect((await create(bob, { code: 'PV-BOB' })).status).toBe(403);
    expect((await create(bob, { id: station.id, code: station.code })).status).toBe(403);
    const page = (await alice.call(pv.pvStationPage, { pageSize: 100, pageOffset: 1 })).body.data;
    expect(page.list.map((s) => s.code)).not.toContain('PV-X');
  });

  it('lists stations by filter, scoped to tenant and OUs; another tenant sees nothing, also by id', async () => {
    const wx = (await create(alice, { code: 'WX-PV-TEST', name: 'Wuxi carport', ouId: ids.ouId['WX-01'], stage: 'construction' })).body
      .data;
    const codes = async (s: Session, body: Record<string, unknown> = {}) =>
      (await s.call(pv.pvStationPage, { pageSize: 100, pageOffset: 1, ...body })).body.data.list.map((r) => r.code);
    expect(await codes(alice, { keyword: 'test' })).toEqual(['SZ-PV-TEST', 'WX-PV-TEST']);
    expect(await codes(alice, { keyword: 'wuxi carport' })).toEqual(['WX-PV-TEST']);
    expect(await codes(alice, { keyword: '%' })).toEqual([]);
    expect(await codes(alice, { stage: 'construction' })).toEqual(['SZ-PV-02', 'WX-PV-TEST']);
    expect(await codes(alice, { ouId: ids.ouId['SZ-01'], keyword: 'test' })).toEqual(['SZ-PV-TEST']);
    expect(await codes(alice, { mcid: ids.mcid['Sunrise Wuxi Plant'], keyword: 'test' })).toEqual(['WX-PV-TEST']);
    // bob sees Suzhou only; dave (Harbor) none of Sunrise's
    expect(await codes(bob, { keyword: 'test' })).toEqual(['SZ-PV-TEST']);
    expect(await codes(dave, { keyword: 'test' })).toEqual([]);
    expect((await dave.call(pv.pvList, {})).body.data.map((s) => s.code)).not.toContain('SZ-PV-TEST');
    for (const id of [station.id, wx.id]) {
      for (const [contract, input] of [
        [pv.pvStationDetail, { id }],
        [pv.pvAreaList, { pvId: id }],
        [pv.gridConnectionPointList, { pvId: id }],
        [pv.pvGetCostInfo, { pvId: id }],
        [pv.pvOnlineWayLog, { pvId: id }],
        [pv.pvIncomeWayLog, { pvId: id }],
        [pv.candidateWeatherStations, { pvId: id }],
        [pv.pvUpdateStatus, { id, status: 'disabled' }],
        [pv.pvModifyStage, { id, stage: 'construction' }],
        [pv.pvAreaAdd, { pvId: id, name: 'Roof' }],
        [pv.pvUpsertCostInfo, { pvId: id, currency: 'CNY', investment: 1, yearlyOmCost: 1 }],
      ] as const) {
        const res = await dave.call(contract as typeof pv.pvStationDetail, input as never);
        expect(res.status, `${contract.path} ${id}`).toBe(404);
        expect(res.body.msg).toBe(`PV station ${id} does not exist`);
      }
    }
    // bob does not see Wuxi's station either
    expect((await bob.call(pv.pvStationDetail, { id: wx.id })).status).toBe(404);
  });

  it('exports the filtered station list as XLSX or CSV, in the asked language; dave gets an empty file', async () => {
    const get = (s: Session, query: string) =>
      t.app.inject({ method: 'GET', url: `/api/v2/pvStation/export?${query}`, headers: { cookie: s.cookie, jwttoken: s.token } });
    const csv = await get(alice, 'keyword=SZ-PV-TEST&format=csv');
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('Code,Name,Customer,OU,Capacity (kWp),Stage,Status,Grid connection date,Address,Weather station,Areas,Time zone');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^SZ-PV-TEST,Suzhou rooftop test,Sunrise Suzhou Plant,.*,1234\.5,/);

    const xlsx = await get(alice, 'stage=construction&lang=zh-CN');
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).getCell(1).value).toBe('电站编码');
    const codes = [];
    for (let r = 2; r <= ws.rowCount; r++) codes.push(ws.getRow(r).getCell(1).value);
    expect(codes).toContain('SZ-PV-02');
    expect(ws.getRow(2).getCell(6).value).toBe('建设中');

    const foreign = await get(dave, 'keyword=SZ-PV&format=csv');
    expect(foreign.statusCode).toBe(200);
    expect(
      foreign.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/),
    ).toHaveLength(1);
  });

  it('moves the stage one step forward only, says why a step is refused, and keeps a decommissioned station read-only', async () => {
    const s = (await create(alice, { code: 'SZ-PV-STAGE', name: 'Stage test' })).body.data;
    const step = (stage: pv.PvStage, extra: Record<string, unknown> = {}) =>
      alice.call(pv.pvModifyStage, { id: s.id, stage, ...extra } as never);
    const refusedWith = async (stage: pv.PvStage, message: string, extra: Record<string, unknown> = {}) => {
      const res = await step(stage, extra);
      expect(res.status, stage).toBe(400);
      expect(res.body).toMatchObject({ code: ErrorCode.BUSINESS_FAILURE, msg: message });
    };
    await refusedWith('planning', 'PV station SZ-PV-STAGE is already in the stage planning');
    await refusedWith('grid-connected', 'PV station SZ-PV-STAGE goes from planning to construction first: stages are not skipped');
    expect((await step('construction')).body.data.stage).toBe('construction');
    await refusedWith('planning', 'PV station SZ-PV-STAGE cannot go back from construction to planning: the stage only moves forward');
    await refusedWith(
      'grid-connected',
      'PV station SZ-PV-STAGE needs its grid-connection date (gridConnectionDate) to become grid-connected',
    );
    expect((await bob.call(pv.pvModifyStage, { id: s.id, stage: 'grid-connected', gridConnectionDate: '2026-05-20' })).status).toBe(403);
    const connected = (await step('grid-connected', { gridConnectionDate: '2026-05-20' })).body.data;
    expect(connected).toMatchObject({ stage: 'grid-connected', gridConnectionDate: '2026-05-20' });
    expect((await step('decommissioned')).body.data.stage).toBe('decommissioned');
    const detail = (await alice.call(pv.pvStationDetail, { id: s.id })).body.data;
    expect(detail.stages.map((x) => x.stage)).toEqual(['planning', 'construction', 'grid-connected', 'decommissioned']);

    const readOnly = 'PV station SZ-PV-STAGE is decommissioned: it is read-only';
    for (const [contract, input] of [
      [pv.pvModifyStage, { id: s.id, stage: 'decommissioned' }],
      [pv.pvUpdateStatus, { id: s.id, status: 'disabled' }],
      [pv.pvStationBasicInfo, { id: s.id, code: 'SZ-PV-STAGE', name: 'Renamed', ouId: ids.ouId['SZ-01'], capacityKwp: 100 }],
      [pv.pvAreaAdd, { pvId: s.id, name: 'Roof' }],
      [pv.gridConnectionPoints, { pvId: s.id, points: [] }],
      [pv.pvUpsertCostInfo, { pvId: s.id, currency: 'CNY', investment: 1, yearlyOmCost: 1 }],
      [pv.pvUpsetOnlineWay, { pvId: s.id, effectiveFrom: '2030-01-01', way: 'inverter' }],
      [pv.pvUpsetIncomeWay, { pvId: s.id, effectiveFrom: '2030-01-01', selfConsumptionPricing: 'customer-tariff', feedInPrice: 0.39 }],
    ] as const) {
      const res = await alice.call(contract as typeof pv.pvModifyStage, input as never);
      expect(res.status, contract.path).toBe(400);
      expect(res.body.msg, contract.path).toBe(readOnly);
    }
    // still readable
    expect((await alice.call(pv.pvStationDetail, { id: s.id })).body.data.name).toBe('Stage test');
  });

  it('edits basic info, enables and disables', async () => {
    const edited = await alice.call(pv.pvStationBasicInfo, {
      id: station.id,
      code: 'SZ-PV-TEST',
      name: 'Suzhou rooftop (east)',
      ouId: ids.ouId['SZ-01']!,
      capacityKwp: 1300,
      timeZone: 'Asia/Urumqi',
      weatherStationId: deviceId['SZ-01-ENV-01']!,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({
      name: 'Suzhou rooftop (east)',
      capacityKwp: 1300,
      timeZone: 'Asia/Urumqi',
      address: '88 Wuzhong Avenue, Suzhou',
      location: SUZHOU,
      weatherStationName: 'Weather station',
    });
    const stage = await alice.call(pv.pvStationBasicInfo, { ...edited.body.data, stage: 'construction' } as never);
    expect(stage.body.msg).toContain('body.stage: changes only through pv/modify-stage');
    expect((await alice.call(pv.pvUpdateStatus, { id: station.id, status: 'disabled' })).body.data.status).toBe('disabled');
    const disabled = (await alice.call(pv.pvStationPage, { pageSize: 100, pageOffset: 1, status: 'disabled' })).body.data.list;
    expect(disabled.map((r) => r.code)).toEqual(['SZ-PV-TEST']);
    expect((await alice.call(pv.pvUpdateStatus, { id: station.id, status: 'enabled' })).body.data.status).toBe('enabled');
    expect((await bob.call(pv.pvUpdateStatus, { id: station.id, status: 'disabled' })).status).toBe(403);
  });

  it('keeps areas with unique names, shows them in the tree, and counts them on the station', async () => {
    const add = (name: string, extra: Record<string, unknown> = {}) =>
      alice.call(pv.pvAreaAdd, { pvId: station.id, name, ...extra } as never);
    const west = (await add('West roof', { capacityKwp: 600, sort: 2 })).body.data;
    const east = (await add('East roof', { capacityKwp: 700, sort: 1 })).body.data;
    expect((await add('East roof')).body.msg).toBe('The station already has an area named East roof');
    expect((await add('', {})).body.msg).toContain('name: is required');
    const renamed = await alice.call(pv.pvAreaUpdate, { id: west.id, name: 'West roof A', capacityKwp: 550 });
    expect(renamed.body.data).toMatchObject({ name: 'West roof A', capacityKwp: 550, sort: 2 });
    expect((await alice.call(pv.pvAreaUpdate, { id: west.id, name: 'East roof' })).body.msg).toContain('already has an area named');
    const areas = (await bob.call(pv.pvAreaList, { pvId: station.id })).body.data;
    expect(areas.map((a) => a.name)).toEqual(['East roof', 'West roof A']);
    expect((await alice.call(pv.pvStationDetail, { id: station.id })).body.data.areaCount).toBe(2);

    const tree = (await bob.call(pv.pvTree, {})).body.data;
    const suzhou = tree.find((n) => n.type === 'ou' && n.id === ids.ouId['SZ-01'])!;
    const node = suzhou.children.find((c) => c.id === station.id)!;
    expect(node).toMatchObject({ type: 'station', key: `station-${station.id}`, name: 'Suzhou rooftop (east)' });
    expect(node.children.map((c) => [c.type, c.name])).toEqual([
      ['area', 'East roof'],
      ['area', 'West roof A'],
    ]);
    expect(tree.some((n) => n.id === ids.ouId['WX-01'])).toBe(false); // bob does not see Wuxi
    expect((await dave.call(pv.pvTree, {})).body.data.flatMap((n) => n.children.map((c) => c.id))).not.toContain(station.id);
    const list = (await bob.call(pv.pvList, {})).body.data;
    expect(list.find((s) => s.id === station.id)).toMatchObject({ code: 'SZ-PV-TEST', stage: 'planning', capacityKwp: 1300 });

    expect((await dave.call(pv.pvAreaUpdate, { id: east.id, name: 'Mine' })).status).toBe(404);
    expect((await dave.call(pv.pvAreaDelete, { id: east.id })).status).toBe(404);
    expect((await bob.call(pv.pvAreaDelete, { id: east.id })).status).toBe(403);
    expect((await alice.call(pv.pvAreaDelete, { id: west.id })).status).toBe(200);
    expect((await alice.call(pv.pvAreaList, { pvId: station.id })).body.data.map((a) => a.name)).toEqual(['East roof']);
  });

  it('saves grid connection points as a whole with meters of the station’s OU, each meter serving one point', async () => {
    const save = (points: Record<string, unknown>[]) => alice.call(pv.gridConnectionPoints, { pvId: station.id, points } as never);
    // three new meters of the Suzhou site (the demo's grid meter serves the demo station's point)
    const tree = (await alice.post('/api/v2/device-type/tree', {})).body.data as { children: { key: string; id: number }[] }[];
    const meterType = tree.flatMap((c) => c.children).find((x) => x.key === 'grid-meter')!.id;
    const meter = async (code: string) =>
      (await alice.post('/api/v2/device/create', { code, name: code, deviceTypeId: meterType, ouId: ids.ouId['SZ-01'] })).body.data
        .id as number;
    const gm = await meter('SZ-01-GM-T1');
    const fm1 = await meter('SZ-01-FM-T1');
    const fm2 = await meter('SZ-01-FM-T2');
    const first = await save([
      { name: 'Point 1', voltageKv: 10, generationMeterId: fm1, onGridMeterId: gm },
      { name: 'Point 2', voltageKv: 0.4, offtakeMeterId: fm2 },
    ]);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject([
      {
        name: 'Point 1',
        voltageKv: 10,
        generationMeter: { deviceId: fm1, code: 'SZ-01-FM-T1' },
        onGridMeter: { deviceId: gm, code: 'SZ-01-GM-T1' },
        offtakeMeter: null,
      },
      { name: 'Point 2', generationMeter: null, onGridMeter: null, offtakeMeter: { code: 'SZ-01-FM-T2' } },
    ]);
    const [p1, p2] = first.body.data;
    const refusals: [Record<string, unknown>[], string][] = [
      [
        [{ name: 'P', onGridMeterId: deviceId['SZ-01-ENV-01'] }],
        "body.points.0.onGridMeterId: is not a meter of the station's operating unit",
      ],
      [
        [{ name: 'P', onGridMeterId: deviceId['WX-01-GM-01'] }],
        "body.points.0.onGridMeterId: is not a meter of the station's operating unit",
      ],
      [
        [
          { name: 'P', onGridMeterId: gm },
          { name: 'Q', offtakeMeterId: gm },
        ],
        'body.points.1.offtakeMeterId: is already the meter of body.points.0.onGridMeterId',
      ],
      [[{ name: 'P' }, { name: 'P' }], 'body.points.1.name: is used by another point of this station'],
      [[{ id: 999_999, name: 'P' }], 'body.points.0.id: is not a grid connection point of this station'],
    ];
    for (const [points, message] of refusals) {
      const res = await save(points);
      expect(res.status, message).toBe(400);
      expect(res.body.msg).toContain(message);
    }
    // change one, drop the other, add one
    const second = await save([
      { id: p1!.id, name: 'Point 1 (main)', voltageKv: 10, generationMeterId: fm1, onGridMeterId: gm, offtakeMeterId: fm2 },
      { name: 'Point 3' },
    ]);
    expect(second.body.data.map((p) => [p.id === p1!.id, p.name, p.offtakeMeter?.code ?? null])).toEqual([
      [true, 'Point 1 (main)', 'SZ-01-FM-T2'],
      [false, 'Point 3', null],
    ]);
    expect(second.body.data.some((p) => p.id === p2!.id)).toBe(false);
    // another station may not take a meter this one uses
    const other = (await create(alice, { code: 'SZ-PV-OTHER', name: 'Other' })).body.data;
    const taken = await alice.call(pv.gridConnectionPoints, { pvId: other.id, points: [{ name: 'X', onGridMeterId: gm }] });
    expect(taken.body.msg).toBe('A meter already serves the grid connection point Point 1 (main) of another station');
    expect((await bob.call(pv.gridConnectionPoints, { pvId: station.id, points: [] })).status).toBe(403);
    expect((await bob.call(pv.gridConnectionPointList, { pvId: station.id })).body.data).toHaveLength(2);
  });

  it('offers the environment devices nearest first, with their distance', async () => {
    // a second sensor 0.1 degree north of the station: 11.119 km; the demo sensor sits 0.0018 degree east
    // (its fleet's tenth device, 0.0002 degree apart): 111.195 km * 0.0018 * cos(31.262 deg) = 0.171 km
    const far = await alice.post('/api/v2/device/create', {
      code: 'SZ-01-ENV-FAR',
      name: 'North sensor',
      deviceTypeId: (await alice.post('/api/v2/device/detail', { id: deviceId['SZ-01-ENV-01'] })).body.data.deviceTypeId,
      ouId: ids.ouId['SZ-01'],
      location: { longitude: SUZHOU.longitude, latitude: SUZHOU.latitude + 0.1 },
    });
    expect(far.status, JSON.stringify(far.body)).toBe(200);
    const res = (await bob.call(pv.candidateWeatherStations, { pvId: station.id })).body.data;
    expect(res.map((c) => [c.code, c.distanceKm, c.selected])).toEqual([
      ['SZ-01-ENV-01', 0.171, true],
      ['SZ-01-ENV-FAR', 11.119, false],
    ]);
  });

  it('saves cost info exactly to the cent', async () => {
    expect((await bob.call(pv.pvGetCostInfo, { pvId: station.id })).body.data).toBeNull();
    const saved = await alice.call(pv.pvUpsertCostInfo, {
      pvId: station.id,
      currency: 'CNY',
      investment: 4_567_890.12,
      yearlyOmCost: 45_678.9,
    });
    expect(saved.body.data).toMatchObject({ pvId: station.id, currency: 'CNY', investment: 4_567_890.12, yearlyOmCost: 45_678.9 });
    for (const [body, message] of [
      [{ investment: 1.005 }, 'investment: must have at most 2 decimals'],
      [{ yearlyOmCost: -1 }, 'yearlyOmCost: must not be negative'],
      [{ currency: 'yuan' }, 'currency: must be a 3-letter currency code'],
    ] as const) {
      const res = await alice.call(pv.pvUpsertCostInfo, {
        pvId: station.id,
        currency: 'CNY',
        investment: 1,
        yearlyOmCost: 1,
        ...(body as object),
      } as never);
      expect(res.status).toBe(400);
      expect(res.body.msg).toContain(message);
    }
    await alice.call(pv.pvUpsertCostInfo, { pvId: station.id, currency: 'EUR', investment: 100, yearlyOmCost: 0.1 });
    expect((await bob.call(pv.pvGetCostInfo, { pvId: station.id })).body.data).toMatchObject({
      currency: 'EUR',
      investment: 100,
      yearlyOmCost: 0.1,
    });
    expect((await bob.call(pv.pvUpsertCostInfo, { pvId: station.id, currency: 'CNY', investment: 1, yearlyOmCost: 1 })).status).toBe(403);
  });

  it('keeps each calculation way as a log in force from a day, never rewriting a past period', async () => {
    const online = (effectiveFrom: string, way: string) =>
      alice.call(pv.pvUpsetOnlineWay, { pvId: station.id, effectiveFrom, way } as never);
    expect((await online('2026-01-01', 'on-grid-meter')).body.data).toMatchObject({
      effectiveFrom: '2026-01-01',
      way: 'on-grid-meter',
      changedBy: 'Alice Chen',
    });
    expect((await online('2026-03-16', 'generation-meter')).status).toBe(200);
    const back = await online('2026-02-01', 'inverter');
    expect(back.status).toBe(400);
    expect(back.body.msg).toBe(
      'body.effectiveFrom: must be after 2026-03-16, the day the latest way took force: a past period keeps the way that was in force then',
    );
    expect((await online('2026-03-16', 'inverter')).body.msg).toContain('must be after 2026-03-16');
    // a way not yet in force may be replaced on its own day
    expect((await online('2099-01-01', 'inverter')).status).toBe(200);
    expect((await online('2099-01-01', 'on-grid-meter')).body.data).toMatchObject({ effectiveFrom: '2099-01-01', way: 'on-grid-meter' });
    expect((await online('2099-02-01', 'bogus')).body.msg).toContain('way');
    const log = (await bob.call(pv.pvOnlineWayLog, { pvId: station.id })).body.data;
    expect(log.map((e) => [e.effectiveFrom, e.way])).toEqual([
      ['2099-01-01', 'on-grid-meter'],
      ['2026-03-16', 'generation-meter'],
      ['2026-01-01', 'on-grid-meter'],
    ]);
    expect(wayInForce(log, '2026-03-15')?.way).toBe('on-grid-meter');

    const income = (body: Record<string, unknown>) => alice.call(pv.pvUpsetIncomeWay, { pvId: station.id, ...body } as never);
    const fixed = await income({ effectiveFrom: '2026-01-01', selfConsumptionPricing: 'fixed', feedInPrice: 0.3912 });
    expect(fixed.body.msg).toContain('selfConsumptionPrice: is required with fixed pricing');
    expect(
      (await income({ effectiveFrom: '2026-01-01', selfConsumptionPricing: 'fixed', selfConsumptionPrice: 0.12345, feedInPrice: 0.39 }))
        .body.msg,
    ).toContain('selfConsumptionPrice: must have at most 4 decimals');
    const first = await income({
      effectiveFrom: '2026-01-01',
      selfConsumptionPricing: 'fixed',
      selfConsumptionPrice: 0.85,
      feedInPrice: 0.3912,
      subsidyPerKwh: 0.03,
    });
    expect(first.body.data).toMatchObject({
      effectiveFrom: '2026-01-01',
      currency: 'CNY',
      selfConsumptionPricing: 'fixed',
      selfConsumptionPrice: 0.85,
      discountPercent: 0,
      feedInPrice: 0.3912,
      subsidyPerKwh: 0.03,
    });
    const tariff = await income({
      effectiveFrom: '2026-03-16',
      selfConsumptionPricing: 'customer-tariff',
      selfConsumptionPrice: 0.9,
      discountPercent: 12.5,
      feedInPrice: 0.3912,
    });
    expect(tariff.body.data).toMatchObject({
      selfConsumptionPricing: 'customer-tariff',
      selfConsumptionPrice: null,
      discountPercent: 12.5,
      subsidyPerKwh: 0,
    });
    expect((await income({ effectiveFrom: '2026-03-01', selfConsumptionPricing: 'customer-tariff', feedInPrice: 0.4 })).status).toBe(400);
    const incomeLog = (await bob.call(pv.pvIncomeWayLog, { pvId: station.id })).body.data;
    expect(incomeLog.map((e) => e.effectiveFrom)).toEqual(['2026-03-16', '2026-01-01']);
    expect(wayInForce(incomeLog, '2026-03-10')?.selfConsumptionPrice).toBe(0.85);
    expect(
      (
        await bob.call(pv.pvUpsetIncomeWay, {
          pvId: station.id,
          effectiveFrom: '2099-01-01',
          selfConsumptionPricing: 'customer-tariff',
          feedInPrice: 0.4,
        } as never)
      ).status,
    ).toBe(403);
  });

  it('seeds each demo tenant a 1 MWp and a 3 MWp station with areas, inverters and strings, and one under construction', async () => {
    const rows = async (s: Session) => (await s.call(pv.pvStationPage, { pageSize: 100, pageOffset: 1, keyword: '-PV-0' })).body.data.list;
    const sunrise = await rows(alice);
    expect(sunrise.map((r) => [r.code, r.stage, r.capacityKwp, r.areaCount])).toEqual([
      ['SZ-PV-01', 'grid-connected', 990, 2],
      ['SZ-PV-02', 'construction', 1200, 0],
      ['WX-PV-01', 'grid-connected', 3025, 3],
    ]);
    expect((await rows(bob)).map((r) => r.code)).toEqual(['SZ-PV-01', 'SZ-PV-02']);
    expect((await rows(dave)).map((r) => [r.code, r.capacityKwp])).toEqual([
      ['NB-PV-01', 990],
      ['SH-PV-01', 3025],
      ['SH-PV-02', 1200],
    ]);
    const sz = sunrise[0]!;
    expect(sz).toMatchObject({ weatherStationName: 'Weather station', gridConnectionDate: '2024-06-28' });
    const inverters = (await bob.call(pv.pvInverterList, { pvId: sz.id })).body.data;
    // 10 inverters of 9 strings of 20 x 550 Wp: 10 x 9 x 11 kWp = 990 kWp
    expect(inverters).toHaveLength(10);
    expect(inverters.every((i) => i.stringCount === 9)).toBe(true);
    expect(inverters[0]).toMatchObject({ code: 'INV-01', deviceCode: 'SZ-01-INV-01', areaName: 'Workshop A roof' });
    const strings = (await bob.call(pv.pvStringList, { pvId: sz.id })).body.data;
    expect(strings.reduce((kwp, s) => kwp + s.capacityKwp * 1000, 0) / 1000).toBe(990);
    expect(strings.filter((s) => s.deviceCode).map((s) => [s.code, s.deviceCode])).toEqual(
      [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => [`INV-01-S0${n}`, `SZ-01-INV-01-S${n}`]),
    );
    const modules = (await bob.call(pv.pvModuleList, { pvId: sz.id })).body.data;
    expect(modules.reduce((n, m) => n + m.count, 0)).toBe(1800);
    expect((await bob.call(pv.gridConnectionPointList, { pvId: sz.id })).body.data[0]).toMatchObject({
      onGridMeter: { code: 'SZ-01-GM-01' },
      generationMeter: { code: 'SZ-01-PVM-01' },
    });
    // every built station has a weather station and a generation meter; Wuxi feeds everything in
    const wxPoint = (await alice.call(pv.gridConnectionPointList, { pvId: sunrise[2]!.id })).body.data[0]!;
    expect([wxPoint.generationMeter?.code, wxPoint.onGridMeter]).toEqual(['WX-01-PVM-01', null]);
    expect(sunrise[2]).toMatchObject({ weatherStationName: 'Weather station' });
    const wx = (await alice.call(pv.pvInverterList, { pvId: sunrise[2]!.id })).body.data;
    expect([wx.length, wx.reduce((n, i) => n + i.stringCount, 0)]).toEqual([25, 275]);
    expect((await alice.call(pv.pvInverterList, { pvId: sunrise[1]!.id })).body.data).toEqual([]);
  });
});
