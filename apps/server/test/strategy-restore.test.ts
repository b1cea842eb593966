import { bsa, ErrorCode, strategy } from '@energy/contracts';
import { PlanBook, startFleet, type Fleet } from '@energy/simulator';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/sql.js';
import { DEMO_OPERATION_PASSWORD } from '../src/seed/demo.js';
import { createTestApp, DB_KINDS, signIn, type Session, type TestApp } from './helpers.js';
import { deviceByCode } from './mqtt-helpers.js';

/**
 * `history/data/update` (docs/strategies.md, "Restoring a delivered revision"): a strategy gets back the
 * body one of its past deliveries sent, as a new revision, checked as `update`; nothing is sent to the
 * station. The deliveries are real: Wuxi's FCS runs as a simulated device on the app's broker and
 * accepts them; Suzhou's FCS is not running, so its delivery times out.
 */

const API = '/api/v2/energy-storage-strategy';
type Station = { id: number; code: string; name: string; strategyVersion: number };
type Detail = {
  id: number;
  name: string;
  revision: number;
  version: number;
  executing: boolean;
  executingRevision: number | null;
  body: strategy.StrategyWire;
};

const until = async (what: string, condition: () => Promise<boolean> | boolean, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/** The editor's wire body of the sample strategy of the station's version, named, with the DOD window given. */
function wireFor(station: Station, name: string, dod: [number, number] = [0, 100]) {
  const form = strategy.sampleStrategyForm(station.strategyVersion, 'strategy');
  form.name = name;
  form.bsaId = station.id;
  form.dod = dod;
  expect(strategy.validateStrategyForm(form)).toEqual([]);
  return strategy.formToWire(form);
}

describe.each(DB_KINDS)('restoring a strategy from a delivery (history/data/update) on %s', (dbKind) => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;
  let dave: Session;
  let wx: Station;
  let sz: Station;
  let fleet: Fleet | undefined;

  const detail = async (id: number) => (await alice.post(`${API}/detail`, { id })).body.data as Detail;
  const restore = (s: Session, id: number, deliveryId: number) => s.post(`${API}/history/data/update`, { id, deliveryId });
  const logCount = async () => (await alice.post(`${API}/deliver/log`, { pageSize: 1 })).body.data.totalCount as number;
  const result = async (deliveryId: number) =>
    ((await alice.post(`${API}/deliver/log`, { pageSize: 100 })).body.data.list as { id: number; result: string }[]).find(
      (r) => r.id === deliveryId,
    )!.result;
  /** Delivers a strategy (after the operation password) and waits for the FCS's answer; the log row's id. */
  const delivered = async (id: number) => {
    const res = await alice.post(`${API}/deliver`, { id, operationPassword: DEMO_OPERATION_PASSWORD });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await until(`delivery ${res.body.data.id} to be accepted`, async () => (await result(res.body.data.id)) === 'accepted');
    return res.body.data.id as number;
  };
  const audited = () =>
    rowsOf<{ outcome: string; target: string | null }>(
      t.database.system,
      sql`select outcome, target from audit_log where call = 'POST /api/v2/energy-storage-strategy/history/data/update' order by at, id`,
    );

  beforeAll(async () => {
    t = await createTestApp(dbKind, { strategy: { deliveryTimeoutMs: 2000 } });
    alice = await signIn(t, 'alice');
    bob = await signIn(t, 'bob');
    dave = await signIn(t, 'dave');
    const stations = (await alice.post('/api/v2/bsa/list')).body.data as Station[];
    wx = stations.find((s) => s.code === 'WX-01-BSA-01')!;
    sz = stations.find((s) => s.code === 'SZ-01-BSA-01')!;
    const site = { key: 'WX-01', latitude: 31.5, longitude: 120.3, timeZone: 'Asia/Shanghai' };
    const fcs = await deviceByCode(alice, 'WX-01-FCS-01');
    const pcs = await deviceByCode(alice, 'WX-01-PCS-01');
    fleet = await startFleet({
      mqttUrl: `mqtt://127.0.0.1:${t.ingest.mqttPort}`,
      plans: new PlanBook(),
      intervalMs: 1000,
      connectSpreadMs: 0,
      devices: [
        { typeKey: 'bsa-fcs', ...fcs.creds, seed: 1, site, unit: 'bess1', strategyVersion: wx.strategyVersion },
        { typeKey: 'bsa-pcs', ...pcs.creds, seed: 2, site, unit: 'bess1', ratingKw: 250 },
      ],
    });
    await until('the station to connect', () => fleet!.stats().connected === 2);
    // the FCS subscribes to its commands right after CONNACK
    await new Promise((resolve) => setTimeout(resolve, 300));
  });
  afterAll(async () => {
    await fleet?.stop();
    await t?.close();
  });

  let a: number;
  let first: Detail;
  let deliveryOfA: number;

  it('restores revision 1 after an edit: revision 3 with revision 1 body, nothing sent, audited', async () => {
    const created = await alice.post(`${API}/insert`, wireFor(wx, 'Restore-A'));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    a = created.body.data.id;
    first = await detail(a);
    deliveryOfA = await delivered(a);
    const edited = await alice.post(`${API}/update`, { id: a, ...wireFor(wx, 'Restore-A-edited', [10, 90]) });
    expect(edited.body.data).toMatchObject({ name: 'Restore-A-edited', revision: 2 });
    expect(strategy.wireToForm(edited.body.data.body).dod).toEqual([10, 90]);
    const sent = await logCount();

    const res = await restore(alice, a, deliveryOfA);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // the answer is the detail, as update's
    expect(res.body.data).toEqual(await detail(a));
    expect(res.body.data).toMatchObject({
      id: a,
      name: 'Restore-A',
      revision: 3,
      updatedBy: { staffCode: 'SR-ALICE' },
      // the station still runs what it accepted; the library's revision is newer until delivered
      executing: true,
      executingRevision: 1,
    });
    expect(res.body.data.body).toEqual(first.body);
    expect(strategy.wireToForm(res.body.data.body).dod).toEqual([0, 100]);
    // nothing went to the station: no new log row, what it executes is unchanged and now outdated
    expect(await logCount()).toBe(sent);
    const executing = (await alice.post(`${API}/local/executing`, { bsaId: wx.id })).body.data[0].executing;
    expect(executing).toMatchObject({ strategyId: a, revision: 1, outdated: true, deliveryId: deliveryOfA });
    expect(await audited()).toEqual([{ outcome: 'ok', target: `id=${a}` }]);

    // delivering it then sends revision 3, whose body is revision 1's
    const again = await delivered(a);
    const row = ((await alice.post(`${API}/deliver/log`, { strategyId: a })).body.data.list as { id: number; revision: number }[])[0]!;
    expect(row).toMatchObject({ id: again, revision: 3 });
    expect((await alice.post(`${API}/local-details`, { bsaId: wx.id })).body.data.body).toEqual(first.body);
  });

  it('refuses a delivery of another strategy, a stop, unknown ids, and wrong shapes, naming the field and changing nothing', async () => {
    const b = (await alice.post(`${API}/insert`, wireFor(wx, 'Restore-B'))).body.data.id as number;
    const deliveryOfB = await delivered(b);
    // B now runs on Wuxi; stopping it logs a stop row of B
    const stop = await alice.post(`${API}/local-status-update`, {
      bsaId: wx.id,
      status: 'stopped',
      operationPassword: DEMO_OPERATION_PASSWORD,
    });
    expect(stop.body.data).toMatchObject({ action: 'stop', strategyId: b });
    await until('the stop to be accepted', async () => (await result(stop.body.data.id)) === 'accepted');

    const before = { a: await detail(a), b: await detail(b), log: await logCount() };
    const refusals: [Promise<{ status: number; body: { code: number; msg: string } }>, number, string][] = [
      [
        restore(alice, a, deliveryOfB),
        400,
        `body.deliveryId: is not a delivery of strategy "Restore-A" (${a}): pick one from its own delivery log`,
      ],
      [
        restore(alice, b, stop.body.data.id),
        400,
        `body.deliveryId: delivery ${stop.body.data.id} stopped the station's strategy: it sent no strategy to restore`,
      ],
      [
        restore(alice, a, 999999),
        400,
        `body.deliveryId: is not a delivery of strategy "Restore-A" (${a}): pick one from its own delivery log`,
      ],
      [restore(alice, 999999, deliveryOfA), 404, 'Strategy 999999 does not exist'],
      [alice.post(`${API}/history/data/update`, { id: a }), 400, 'deliveryId: is required'],
      [alice.post(`${API}/history/data/update`, { id: a, deliveryId: 'x' }), 400, 'deliveryId'],
    ];
    for (const [call, status, msg] of refusals) {
      const res = await call;
      expect(res.status, msg).toBe(status);
      expect(res.body.msg).toContain(msg);
    }
    expect(await detail(a)).toEqual(before.a);
    expect(await detail(b)).toEqual(before.b);
    expect(await logCount()).toBe(before.log);
    expect((await audited()).map((r) => r.outcome).filter((o) => o === 'ok')).toHaveLength(1);
  });

  it('templates have no deliveries; bob (no edit button) gets 403 and Harbor staff 404, changing nothing', async () => {
    const template = (await alice.post(`${API}/insert`, { ...wireFor(wx, 'Restore-T'), kind: 'template', bsaId: undefined })).body.data;
    const onTemplate = await restore(alice, template.id, deliveryOfA);
    expect(onTemplate.body).toMatchObject({
      code: ErrorCode.VALIDATION,
      msg: 'body.id: is a template: templates are never delivered, so they have no delivered revision to restore',
    });

    // a Suzhou strategy bob can see: its FCS is not running, so the delivery gets no answer and times out,
    // but the log row carries the body all the same
    const c = (await alice.post(`${API}/insert`, wireFor(sz, 'Restore-C'))).body.data.id as number;
    const sent = await alice.post(`${API}/deliver`, { id: c, operationPassword: DEMO_OPERATION_PASSWORD });
    expect(sent.body.data).toMatchObject({ strategyId: c, revision: 1, result: 'pending' });
    await alice.post(`${API}/update`, { id: c, ...wireFor(sz, 'Restore-C-edited') });
    const before = { a: await detail(a), c: await detail(c) };
    expect((await bob.post(`${API}/detail`, { id: c })).status).toBe(200);
    const refused = await restore(bob, c, sent.body.data.id);
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('You do not have the permission b-bsa-strategy-edit');
    // Wuxi is not bob's: not found; Harbor's dave finds neither
    expect((await restore(bob, a, deliveryOfA)).status).toBe(404);
    expect((await restore(dave, a, deliveryOfA)).status).toBe(404);
    expect((await restore(dave, c, sent.body.data.id)).status).toBe(404);
    expect(await detail(a)).toEqual(before.a);
    expect(await detail(c)).toEqual(before.c);

    // alice may: a delivery that timed out carried its body too
    await until('the Suzhou delivery to time out', async () => (await result(sent.body.data.id)) === 'timeout');
    const res = await restore(alice, c, sent.body.data.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Restore-C', revision: 3 });
  });

  it('a revision that no longer passes update checks, or of another editor version, is refused naming the delivery', async () => {
    // Wuxi's FCS now runs CC: revision 1 (CB) no longer fits the station
    const station = (await alice.call(bsa.bsaDetail, { id: wx.id })).body.data;
    const moved = await alice.call(bsa.bsaUpdate, {
      id: wx.id,
      name: station.name,
      ouId: station.ouId,
      ratedPowerKw: station.ratedPowerKw,
      capacityKwh: station.capacityKwh,
      strategyVersion: 3,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const before = await detail(a);
    const stale = await restore(alice, a, deliveryOfA);
    expect(stale.body).toMatchObject({
      code: ErrorCode.VALIDATION,
      msg: `body.deliveryId: revision 1 (delivery ${deliveryOfA}) no longer passes the editor's checks: body.version: must be CC (3): the strategy version the FCS of ${wx.name} runs`,
    });
    expect(await detail(a)).toEqual(before);

    // the strategy follows the station to CC; its CB deliveries are of another editor version
    const cc = await alice.post(`${API}/update`, { id: a, ...wireFor({ ...wx, strategyVersion: 3 }, 'Restore-A-CC') });
    expect(cc.body.data).toMatchObject({ version: 3, revision: 4 });
    const current = await detail(a);
    const other = await restore(alice, a, deliveryOfA);
    expect(other.body).toMatchObject({
      code: ErrorCode.VALIDATION,
      msg: `body.deliveryId: revision 1 (delivery ${deliveryOfA}) is strategy version CB, and "Restore-A-CC" is now CC: only a revision of its current version can be restored`,
    });
    expect(await detail(a)).toEqual(current);
  });
});
