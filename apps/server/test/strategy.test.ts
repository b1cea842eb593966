import { ErrorCode, strategy } from '@energy/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, demoIds, signIn, type Session, type TestApp } from './helpers.js';

/**
 * The strategy library (docs/strategies.md): create, edit, copy, status, templates and their customers,
 * field strategies, the lists, the editor's station calls, and scoping by tenant, OU and permission.
 */

type Station = {
  id: number;
  code: string;
  name: string;
  ouId: number;
  mcid: string;
  strategyVersion: number;
  meters: { deviceId: number; role: string }[];
};
const API = '/api/v2/energy-storage-strategy';

/** The editor's wire body of a sample strategy of `version` for a station (what the web's formToWire sends). */
function wireOf(version: number, kind: strategy.StrategyKind, station?: Station, edit: (f: strategy.StrategyForm) => void = () => {}) {
  const form = strategy.sampleStrategyForm(version, kind);
  form.bsaId = station?.id ?? null;
  form.bsaName = station ? 'whatever the client says' : null;
  edit(form);
  return strategy.formToWire(form);
}

describe.each(DB_KINDS)('strategies on %s', (dbKind) => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;
  let dave: Session;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let sz: Station;
  let wx: Station;
  let sh: Station;

  beforeAll(async () => {
    t = await createTestApp(dbKind);
    ids = await demoIds(t);
    alice = await signIn(t, 'alice');
    bob = await signIn(t, 'bob');
    dave = await signIn(t, 'dave');
    const mine = (await alice.post('/api/v2/bsa/list')).body.data as Station[];
    sz = mine.find((s) => s.code === 'SZ-01-BSA-01')!;
    wx = mine.find((s) => s.code === 'WX-01-BSA-01')!;
    sh = ((await dave.post('/api/v2/bsa/list')).body.data as Station[])[0]!;
  });
  afterAll(() => t?.close());

  const insert = (s: Session, body: unknown) => s.post(`${API}/insert`, body);

  it('creates a strategy for a station: revision 1, enabled, not executing, the station named by the server', async () => {
    const res = await insert(alice, wireOf(2, 'strategy', wx));
    expect(res.status).toBe(200);
    const row = res.body.data;
    expect(row).toMatchObject({
      kind: 'strategy',
      name: 'Plant_A-strategy',
      version: 2,
      versionName: 'CB',
      bsaId: wx.id,
      bsaName: 'Wuxi plant storage',
      ouId: wx.ouId,
      mcid: wx.mcid,
      status: 'enabled',
      revision: 1,
      executing: false,
      executiveTimes: null,
      lastDelivery: null,
      createdBy: { staffCode: 'SR-ALICE', name: expect.any(String) },
    });
    expect(row.body.bsaName).toBe('Wuxi plant storage');
    expect(row.body.sections).toHaveLength(4);
    // the detail answers the same body, the editor reads it back with wireToForm
    const detail = await alice.post(`${API}/detail`, { id: row.id });
    expect(detail.body.data.body).toEqual(row.body);
    expect(strategy.validateStrategyForm(strategy.wireToForm(detail.body.data.body))).toEqual([]);
  });

  it("refuses a strategy without a station, for another version than the station's FCS, or with a template's missing station", async () => {
    const noStation = await insert(alice, wireOf(2, 'strategy'));
    expect(noStation.body).toMatchObject({ code: ErrorCode.VALIDATION, msg: 'body.bsaId: is required: a strategy belongs to a station' });
    const wrongVersion = await insert(alice, wireOf(1, 'strategy', wx));
    expect(wrongVersion.status).toBe(400);
    expect(wrongVersion.body.msg).toBe('body.version: must be CB (2): the strategy version the FCS of Wuxi plant storage runs');
    const templateWithStation = await insert(alice, wireOf(2, 'template', wx));
    expect(templateWithStation.body.msg).toBe('body.bsaId: a template belongs to no station: leave it out');
    // a meter that is not the station's upper transformer meter
    const badMeter = await insert(
      alice,
      wireOf(6, 'strategy', sz, (f) => {
        f.meters = [{ deviceId: 999_999, deviceName: 'x', chargeThreshold: null, pcsMaxChargePower: null }];
      }),
    );
    expect(badMeter.body.msg).toBe(
      'body.upstreamTransformerMeterParamList.0.deviceId: is not an upper transformer meter of Suzhou plant storage',
    );
    const upper = sz.meters.find((m) => m.role === 'upper')!;
    const goodMeter = await insert(
      alice,
      wireOf(6, 'strategy', sz, (f) => {
        f.meters = [{ deviceId: upper.deviceId, deviceName: 'TR-1', chargeThreshold: null, pcsMaxChargePower: null }];
      }),
    );
    expect(goodMeter.status).toBe(200);
    // another tenant's station: not found
    const foreign = await insert(alice, wireOf(1, 'strategy', sh));
    expect(foreign.status).toBe(404);
  });

  it('edits: the revision goes up, the kind cannot change; copies get the copy suffix; field strategies keep their days', async () => {
    const created = (await insert(alice, wireOf(2, 'strategy', wx))).body.data;
    const edited = await alice.post(`${API}/update`, { id: created.id, ...wireOf(2, 'strategy', wx, (f) => (f.name = 'Valley-charge_2')) });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ id: created.id, name: 'Valley-charge_2', revision: 2, updatedBy: { staffCode: 'SR-ALICE' } });
    const kindChange = await alice.post(`${API}/update`, { id: created.id, ...wireOf(2, 'fieldStrategy', wx) });
    expect(kindChange.body.msg).toBe('body.kind: cannot change (it is a strategy): copy it instead');

    const copy = await alice.post(`${API}/copy`, { id: created.id });
    expect(copy.body.data).toMatchObject({ name: 'Valley-charge_2-copy', revision: 1, bsaId: wx.id, executing: false });
    expect(copy.body.data.id).not.toBe(created.id);

    const field = await insert(alice, wireOf(2, 'fieldStrategy', wx));
    expect(field.body.data).toMatchObject({ kind: 'fieldStrategy', executiveTimes: ['2099-01-01', '2099-01-31'] });
    const moved = await alice.post(`${API}/copy`, { id: field.body.data.id, executiveTimes: ['2099-03-01', '2099-03-02'] });
    expect(moved.body.data).toMatchObject({
      kind: 'fieldStrategy',
      executiveTimes: ['2099-03-01', '2099-03-02'],
      name: 'Plant_A-strategy-copy',
    });
    const past = await alice.post(`${API}/copy`, { id: field.body.data.id, executiveTimes: ['2020-03-01', '2020-03-02'] });
    expect(past.body).toMatchObject({ code: ErrorCode.VALIDATION, msg: 'body.executiveTimes: past days cannot be selected' });
  });

  it('enables, disables and deletes; bob (no buttons) gets 403 on every command', async () => {
    const created = (await insert(alice, wireOf(6, 'strategy', sz))).body.data;
    expect((await alice.post(`${API}/update-status`, { id: created.id, status: 'disabled' })).body.data).toEqual({
      id: created.id,
      status: 'disabled',
    });
    expect((await alice.post(`${API}/detail`, { id: created.id })).body.data.status).toBe('disabled');
    // bob sees Suzhou strategies but may change none
    expect((await bob.post(`${API}/detail`, { id: created.id })).status).toBe(200);
    for (const [path, body] of [
      ['insert', wireOf(6, 'strategy', sz)],
      ['update', { id: created.id, ...wireOf(6, 'strategy', sz) }],
      ['copy', { id: created.id }],
      ['update-status', { id: created.id, status: 'enabled' }],
      ['deliver', { id: created.id, operationPassword: 'x' }],
      ['local-status-update', { bsaId: sz.id, status: 'stopped', operationPassword: 'x' }],
      ['update-mcid-binding-strategy', { id: created.id, mcids: [] }],
    ] as const) {
      const res = await bob.post(`${API}/${path}`, body);
      expect(res.status, path).toBe(403);
      expect(res.body.code).toBe(ErrorCode.FORBIDDEN);
    }
    expect((await alice.post(`${API}/update-status`, { id: created.id, status: 'deleted' })).status).toBe(200);
    expect((await alice.post(`${API}/detail`, { id: created.id })).status).toBe(404);
  });

  it('binds templates to customers and lists them by customer; bindings stay in the tenant', async () => {
    const template = (await insert(alice, wireOf(6, 'template'))).body.data;
    expect(template).toMatchObject({ kind: 'template', bsaId: null, bsaName: null, boundCustomers: 0 });
    const bind = await alice.post(`${API}/update-mcid-binding-strategy`, { id: template.id, mcids: [sz.mcid, sz.mcid] });
    expect(bind.body.data).toEqual({ id: template.id, mcids: [sz.mcid] });
    expect((await alice.post(`${API}/mcid-list-by-strategy`, { id: template.id })).body.data).toEqual([
      { mcid: sz.mcid, name: 'Sunrise Suzhou Plant', code: expect.any(String), level: expect.any(Number) },
    ]);
    const harbor = ids.mcid['Harbor Shanghai Park']!;
    const foreign = await alice.post(`${API}/update-mcid-binding-strategy`, { id: template.id, mcids: [harbor] });
    expect(foreign.body).toMatchObject({ code: ErrorCode.VALIDATION, msg: 'body.mcids.0: is not a customer of this tenant' });
    const strategyRow = (await insert(alice, wireOf(6, 'strategy', sz))).body.data;
    expect((await alice.post(`${API}/update-mcid-binding-strategy`, { id: strategyRow.id, mcids: [] })).body.msg).toBe(
      'body.id: is not a template: only templates are bound to customers',
    );

    const byCustomer = (await alice.post(`${API}/list-customer`, { mcid: sz.mcid })).body.data as { id: number; kind: string }[];
    expect(byCustomer.map((r) => r.id)).toContain(template.id);
    expect(byCustomer.map((r) => r.id)).toContain(strategyRow.id);
    expect(
      (await alice.post(`${API}/list`, { kind: 'template' })).body.data.find((r: { id: number }) => r.id === template.id).boundCustomers,
    ).toBe(1);
    // the template can be applied at the bound customer's stations of its version
    const links = (await alice.post(`${API}/bsa-link-info`, { id: template.id })).body.data;
    expect(links).toMatchObject({ id: template.id, kind: 'template', stations: [{ id: sz.id, strategyVersion: 6, executing: null }] });
    const tree = (await alice.post(`${API}/organization-with-code`)).body.data;
    expect(tree[0]).toMatchObject({ code: expect.any(String), children: expect.any(Array) });
    // a template copy
    expect((await alice.post(`${API}/copy`, { id: template.id })).body.data).toMatchObject({
      kind: 'template',
      name: '削峰填谷模板-1-copy',
    });
  });

  it('lists by station, OU, customer and version, and pages', async () => {
    const byStation = (await alice.post(`${API}/list-bsa`, { bsaId: wx.id })).body.data as { bsaId: number; kind: string }[];
    expect(byStation.length).toBeGreaterThan(0);
    expect(byStation.every((r) => r.bsaId === wx.id && r.kind !== 'template')).toBe(true);
    const byOu = (await alice.post(`${API}/list-ou`, { ouId: sz.ouId })).body.data as { ouId: number }[];
    expect(byOu.length).toBeGreaterThan(0);
    expect(byOu.every((r) => r.ouId === sz.ouId)).toBe(true);
    const versions = (await alice.post(`${API}/list-version`)).body.data as {
      version: number;
      name: string;
      stations: number;
      strategies: number;
      templates: number;
      inUse: boolean;
    }[];
    expect(versions.map((v) => v.name)).toEqual(['CA', 'CB', 'CC', 'CD', 'CE', 'CF']);
    expect(versions[1]).toMatchObject({ stations: 1, inUse: true });
    expect(versions[5]!.templates).toBeGreaterThan(0);
    expect(versions[2]).toMatchObject({ stations: 0, strategies: 0, templates: 0, inUse: false });
    const page = (await alice.post(`${API}/page`, { pageSize: 2, pageOffset: 1, version: 2 })).body.data;
    expect(page.list).toHaveLength(2);
    expect(page.totalCount).toBeGreaterThan(2);
    expect(page.list.every((r: { version: number }) => r.version === 2)).toBe(true);
    const named = (await alice.post(`${API}/list`, { name: 'valley-charge' })).body.data as { name: string }[];
    expect(named.map((r) => r.name).sort()).toEqual(['Valley-charge_2', 'Valley-charge_2-copy']);
  });

  it('answers the station calls of the editor: info with meters, ratings, PCS links, what runs where', async () => {
    const info = (await alice.post(`${API}/bsa-info`, { bsaId: sz.id })).body.data;
    expect(info).toMatchObject({ id: sz.id, versionName: 'CF', ratedPowerKw: 250, capacityKwh: 500, executing: null });
    expect(info.meterEntries).toEqual([
      { deviceId: expect.any(Number), deviceName: expect.any(String), chargeThreshold: null, pcsMaxChargePower: null },
    ]);
    const ratings = (await alice.post(`${API}/fcs-ratings`, { bsaId: sz.id })).body.data;
    expect(ratings).toMatchObject({ ratedPowerKw: 250, pcsRatedKwTotal: 250, transformerKvaTotal: 1000, fcs: { code: 'SZ-01-FCS-01' } });
    const link = (await alice.post(`${API}/pcs-device-link`, { bsaId: sz.id })).body.data;
    expect(link).toEqual([
      { pcs: expect.objectContaining({ code: 'SZ-01-PCS-01' }), fcs: expect.objectContaining({ code: 'SZ-01-FCS-01' }) },
    ]);
    const executing = (await alice.post(`${API}/local/executing`)).body.data as { bsaCode: string; executing: unknown }[];
    expect(executing.map((r) => [r.bsaCode, r.executing])).toEqual([
      ['SZ-01-BSA-01', null],
      ['WX-01-BSA-01', null],
    ]);
    expect((await alice.post(`${API}/local-details`, { bsaId: sz.id })).body.data).toMatchObject({ executing: null, body: null });
    const overview = (await alice.post('/api/v2/bsaOperationOverview/strategy/info', { bsaId: sz.id })).body.data;
    expect(overview).toMatchObject({
      bsaId: sz.id,
      timeZone: 'Asia/Shanghai',
      executing: null,
      activeToday: false,
      cards: [],
      lastDelivery: null,
    });
    expect(overview.bars).toHaveLength(48);
    expect((await alice.post('/api/v2/bsaOperationOverview/neo/strategy/List')).body.data).toHaveLength(2);
  });

  it("scopes by tenant and OU: Harbor's dave gets 404 on Sunrise strategies, bob sees only his OU's", async () => {
    const wxRow = (await insert(alice, wireOf(2, 'strategy', wx))).body.data;
    const szRow = (await insert(alice, wireOf(6, 'strategy', sz))).body.data;
    for (const path of ['detail', 'bsa-link-info']) expect((await dave.post(`${API}/${path}`, { id: szRow.id })).status, path).toBe(404);
    expect((await dave.post(`${API}/update`, { id: szRow.id, ...wireOf(6, 'strategy', sz) })).status).toBe(404);
    expect((await dave.post(`${API}/update-status`, { id: szRow.id, status: 'disabled' })).status).toBe(404);
    expect((await dave.post(`${API}/copy`, { id: szRow.id })).status).toBe(404);
    expect((await dave.post(`${API}/bsa-info`, { bsaId: sz.id })).status).toBe(404);
    const daveList = (await dave.post(`${API}/list`)).body.data as { bsaId: number | null }[];
    expect(daveList.every((r) => r.bsaId === null || r.bsaId === sh.id)).toBe(true);
    expect((await dave.post(`${API}/list-customer`, { mcid: sz.mcid })).status).toBe(404);
    // bob: Suzhou only
    expect((await bob.post(`${API}/detail`, { id: wxRow.id })).status).toBe(404);
    expect((await bob.post(`${API}/detail`, { id: szRow.id })).status).toBe(200);
    const bobList = (await bob.post(`${API}/list`, { kinds: ['strategy', 'fieldStrategy'] })).body.data as { bsaId: number }[];
    expect(bobList.length).toBeGreaterThan(0);
    expect(bobList.every((r) => r.bsaId === sz.id)).toBe(true);
    expect((await bob.post(`${API}/list-bsa`, { bsaId: wx.id })).status).toBe(404);
    expect((await bob.post(`${API}/list-ou`, { ouId: wx.ouId })).status).toBe(404);
    // the delivery log and backtest of another tenant's station
    expect((await dave.post(`${API}/deliver/log`, { bsaId: sz.id })).body.data.list).toEqual([]);
    expect((await dave.post(`${API}/backtest`, { bsaId: sz.id, date: '2025-01-01', id: szRow.id })).status).toBe(404);
  });
});
