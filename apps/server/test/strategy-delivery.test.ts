import { randomBytes } from 'node:crypto';
import { ErrorCode, strategy } from '@energy/contracts';
import { createModels, PlanBook, startFleet, type Fleet, type SimDeviceSpec } from '@energy/simulator';
import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/sql.js';
import { DEMO_OPERATION_PASSWORD } from '../src/seed/demo.js';
import { createTestApp, DB_KINDS, signIn, type Session, type TestApp } from './helpers.js';
import { deviceByCode } from './mqtt-helpers.js';

/**
 * Delivery over real MQTT (the app's embedded broker) to a simulated FCS (@energy/simulator's fleet)
 * of the demo station Wuxi (version CB): the operation password, acceptance (executing, log, the
 * station's curves follow the plan), rejection and silence (log and DELIVERY_FAILED), stopping.
 */

const API = '/api/v2/energy-storage-strategy';
/** The demo users' operation password, seeded with them. */
const OPERATION_PASSWORD = DEMO_OPERATION_PASSWORD;
const TIMEOUT_MS = 2000;
const HOUR = 3_600_000;
/** Asia/Shanghai has no daylight saving: the local hour is UTC + 8. */
const localHour = (t: number) => Math.floor((t / HOUR + 8) % 24);

const until = async (what: string, condition: () => Promise<boolean> | boolean, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/**
 * A CB strategy that alternates every hour: even hours charge at 50 kW, odd hours discharge at 50 kW
 * (immediately, no load condition), over a 0..100 % DOD window. An hour at 50 kW moves the 500 kWh battery
 * by under 10.5 %, so from a mid-range SOC it follows every card for hours; from the SOC the simulator's
 * built-in schedule leaves (5 % after its evening discharge, 95 % after a charge) the first card can run
 * into the window within the hour, and the engine rightly stops there.
 */
function alternating(bsaId: number): strategy.StrategyWire {
  const form = strategy.newStrategyForm(2, 'strategy');
  form.name = 'Hourly-alternation';
  form.bsaId = bsaId;
  form.dod = [0, 100];
  form.sections = Array.from({ length: 24 }, (_, h) =>
    h % 2 === 0
      ? strategy.sampleSection(strategy.SectionType.CHARGE, [h, h + 1], { pcsPower: 50, chargingLoadProtect: false })
      : strategy.sampleSection(strategy.SectionType.DISCHARGE, [h, h + 1], {
          pcsPower: 50,
          dischargeStrategy: strategy.DischargeStrategy.IMMEDIATELY,
          stopDischargeLoad: 0,
          recoverDischargeLoad: 1,
        }),
  );
  expect(strategy.validateStrategyForm(form)).toEqual([]);
  return strategy.formToWire(form);
}
const cardPower = (t: number) => (localHour(t) % 2 === 0 ? -50 : 50);

describe.each(DB_KINDS)('strategy delivery over MQTT on %s', (dbKind) => {
  let t: TestApp;
  let alice: Session;
  let url: string;
  let wx: { id: number; ouId: number };
  let specs: { fcs: SimDeviceSpec; pcs: SimDeviceSpec; gm: SimDeviceSpec };
  let deviceIds: { fcs: number; pcs: number; gm: number };
  let strategyId: number;
  let fleet: Fleet | null = null;
  let plans: PlanBook;

  /** Runs the station's FCS, PCS and grid meter as a simulator fleet; the FCS runs firmware of `version`. */
  async function runStation(version: number) {
    await fleet?.stop();
    plans = new PlanBook();
    fleet = await startFleet({
      mqttUrl: url,
      devices: [{ ...specs.fcs, strategyVersion: version }, specs.pcs, specs.gm],
      plans,
      intervalMs: 500,
      connectSpreadMs: 0,
    });
    await until('the station to connect', () => fleet!.stats().connected === 3);
    // the FCS subscribes to its commands right after CONNACK
    await new Promise((resolve) => setTimeout(resolve, 300));
  }

  const deliver = (password = OPERATION_PASSWORD, id = strategyId) => alice.post(`${API}/deliver`, { id, operationPassword: password });
  const logRow = async (deliveryId: number) =>
    (
      (await alice.post(`${API}/deliver/log`, { bsaId: wx.id, pageSize: 100 })).body.data.list as {
        id: number;
        result: string;
        reason: string | null;
      }[]
    ).find((r) => r.id === deliveryId)!;
  const settled = async (deliveryId: number) => {
    await until(`delivery ${deliveryId} to be answered`, async () => (await logRow(deliveryId)).result !== 'pending');
    return logRow(deliveryId);
  };
  const alarms = () =>
    rowsOf<{ state: number; content: string; target_id: number }>(
      t.database.system,
      sql`select state, content, target_id from alarm_log where scene_type = 'DELIVERY_FAILED' order by id`,
    );

  beforeAll(async () => {
    t = await createTestApp(dbKind, { strategy: { deliveryTimeoutMs: TIMEOUT_MS } });
    url = `mqtt://127.0.0.1:${t.ingest.mqttPort}`;
    alice = await signIn(t, 'alice');
    wx = ((await alice.post('/api/v2/bsa/list')).body.data as { id: number; code: string; ouId: number }[]).find(
      (s) => s.code === 'WX-01-BSA-01',
    )!;
    const site = { key: 'WX-01', latitude: 31.5, longitude: 120.3, timeZone: 'Asia/Shanghai' };
    const fcs = await deviceByCode(alice, 'WX-01-FCS-01');
    const pcs = await deviceByCode(alice, 'WX-01-PCS-01');
    const gm = await deviceByCode(alice, 'WX-01-GM-01');
    deviceIds = { fcs: fcs.id, pcs: pcs.id, gm: gm.id };
    const spec = (typeKey: string, creds: { username: string; password: string }, id: number, extra: Partial<SimDeviceSpec> = {}) => ({
      typeKey,
      username: creds.username,
      password: creds.password,
      seed: id * 7919,
      site,
      ...extra,
    });
    specs = {
      fcs: spec('bsa-fcs', fcs.creds, fcs.id, { unit: 'bess1', strategyVersion: 2 }),
      pcs: spec('bsa-pcs', pcs.creds, pcs.id, { unit: 'bess1', ratingKw: 250 }),
      gm: spec('grid-meter', gm.creds, gm.id, { ratingKw: 1250 }),
    };
    strategyId = (await alice.post(`${API}/insert`, alternating(wx.id))).body.data.id;
  });
  afterAll(async () => {
    await fleet?.stop();
    await t?.close();
  });

  it('refuses a wrong operation password with the account message and logs nothing', async () => {
    const res = await deliver('000000');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: ErrorCode.WRONG_PASSWORD, msg: 'operationPassword: the operation password is incorrect' });
    expect((await alice.post(`${API}/deliver/log`, { bsaId: wx.id })).body.data.totalCount).toBe(0);
    // templates are not delivered
    const template = (await alice.post(`${API}/insert`, { ...alternating(wx.id), kind: 'template', bsaId: undefined })).body.data;
    expect((await deliver(OPERATION_PASSWORD, template.id)).body.msg).toBe(
      'body.id: is a template: templates are not delivered; create a strategy from it',
    );
  });

  it('an FCS that accepts: logged accepted, the strategy executes, and the station follows the plan', async () => {
    await runStation(2);
    const res = await deliver();
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      strategyId,
      strategyName: 'Hourly-alternation',
      action: 'deliver',
      bsaId: wx.id,
      revision: 1,
      version: 2,
      result: 'pending',
      answeredAt: null,
      operator: { staffCode: 'SR-ALICE' },
    });
    const row = await settled(res.body.data.id);
    expect(row).toMatchObject({ result: 'accepted', reason: null });
    const acceptedAt = Date.now();

    const detail = (await alice.post(`${API}/detail`, { id: strategyId })).body.data;
    expect(detail).toMatchObject({ executing: true, executingRevision: 1, lastDelivery: { id: row.id, result: 'accepted' } });
    const local = (await alice.post(`${API}/local-details`, { bsaId: wx.id })).body.data;
    expect(local.executing).toMatchObject({ strategyId, revision: 1, outdated: false, deliveryId: row.id });
    expect(local.body).toEqual(detail.body);
    const overview = (await alice.post('/api/v2/bsaOperationOverview/strategy/info', { bsaId: wx.id })).body.data;
    expect(overview).toMatchObject({ activeToday: true, executing: { strategyId } });
    expect(overview.cards).toHaveLength(24);
    expect(overview.cards.filter((c: { current: boolean }) => c.current)).toHaveLength(1);

    // the simulated FCS put the plan in force for its PCS from the moment it accepted
    expect(plans.entryAt(specs.pcs.username, Date.now())?.meta).toMatchObject({ strategyId, version: 2 });

    // the next hours of the simulated station (crossing card changes, and local midnight when delivered after
    // 21:00 there), from a mid-range SOC so that neither end of the DOD window is reached whatever the time of
    // day: the PCS at each card's power, the grid meter net of it
    const start = Date.now();
    const midSoc = (spec: SimDeviceSpec) => (spec.username === specs.pcs.username ? { soc: 50 } : undefined);
    const planned = createModels([specs.pcs, specs.gm], new Date(start), midSoc, plans);
    const [bare] = createModels([specs.gm], new Date(start));
    for (let at = start + 5 * 60_000; at <= start + 3 * HOUR; at += 5 * 60_000) {
      const p = planned[0]!.step(new Date(at)).values.p!;
      const grid = planned[1]!.step(new Date(at)).values.p!;
      const without = bare!.step(new Date(at)).values.p!;
      expect(p, new Date(at).toISOString()).toBe(cardPower(at));
      expect(grid).toBeCloseTo(without - p, 1);
    }
    // from the SOC the built-in schedule left at this hour, the card's power too, except where the DOD window
    // (0..100 %) stops it: a part step that reaches the limit, then standing still at it
    const [actual] = createModels([specs.pcs, specs.gm], new Date(start), undefined, plans);
    for (let at = start + 5 * 60_000; at <= start + 3 * HOUR; at += 5 * 60_000) {
      const { p, soc } = actual!.step(new Date(at)).values;
      const card = cardPower(at);
      if (p === card) continue;
      const when = `${new Date(at).toISOString()}: ${p} kW at SOC ${soc} %`;
      expect(p! / card, when).toBeGreaterThanOrEqual(0);
      expect(Math.abs(p!), when).toBeLessThan(50);
      expect(soc, when).toBeCloseTo(card > 0 ? 0 : 100, 1);
    }

    // and live: what the PCS and the FCS publish after the acceptance, through the broker into the database
    const readings = (deviceId: number, key: string) =>
      rowsOf<{ ts: string | Date; value: number }>(
        t.database.system,
        sql`select r.ts, r.value from telemetry_raw r join data_property p on p.id = r.property_id
            where r.device_id = ${deviceId} and p.key = ${key} and r.ts > ${new Date(acceptedAt + 600).toISOString()}::timestamptz order by r.ts`,
      );
    await until('live PCS readings under the plan', async () => (await readings(deviceIds.pcs, 'p')).length >= 3);
    for (const r of await readings(deviceIds.pcs, 'p')) expect(Number(r.value)).toBe(cardPower(new Date(r.ts).getTime()));
    await until('the FCS to report the strategy', async () => (await readings(deviceIds.fcs, 'strategy_id')).length >= 1);
    expect(Number((await readings(deviceIds.fcs, 'strategy_id'))[0]!.value)).toBe(strategyId);
  });

  it('an FCS that rejects: logged with its reason, DELIVERY_FAILED raised; the next accepted delivery recovers it; stop', async () => {
    // an FCS whose firmware runs CA, while the platform knows the station as CB
    await runStation(1);
    const res = await deliver();
    const row = await settled(res.body.data.id);
    expect(row).toMatchObject({ result: 'rejected', reason: 'strategy version CB does not match this FCS (CA)' });
    await until('the alarm', async () => (await alarms()).length === 1);
    expect(await alarms()).toEqual([
      {
        state: 0,
        target_id: wx.id,
        content: `Delivery of strategy "Hourly-alternation" (revision 1) was rejected by the FCS of Wuxi plant storage: strategy version CB does not match this FCS (CA)`,
      },
    ]);
    // what the station ran before still runs
    expect((await alice.post(`${API}/detail`, { id: strategyId })).body.data.executing).toBe(true);

    // the firmware is right again: accepted, the alarm recovers
    await runStation(2);
    const again = await settled((await deliver()).body.data.id);
    expect(again.result).toBe('accepted');
    await until('the alarm to recover', async () => (await alarms())[0]!.state === 1);

    // an edit makes the station's copy outdated until delivered again
    await alice.post(`${API}/update`, { id: strategyId, ...alternating(wx.id) });
    expect((await alice.post(`${API}/local/executing`, { bsaId: wx.id })).body.data[0].executing).toMatchObject({
      revision: 1,
      outdated: true,
    });

    // an executing strategy can be neither disabled nor deleted; stopping it needs the password too
    expect((await alice.post(`${API}/update-status`, { id: strategyId, status: 'disabled' })).body.code).toBe(ErrorCode.CONFLICT);
    const wrong = await alice.post(`${API}/local-status-update`, { bsaId: wx.id, status: 'stopped', operationPassword: '000000' });
    expect(wrong.body.code).toBe(ErrorCode.WRONG_PASSWORD);
    const stop = await alice.post(`${API}/local-status-update`, { bsaId: wx.id, status: 'stopped', operationPassword: OPERATION_PASSWORD });
    expect(stop.body.data).toMatchObject({ action: 'stop', strategyId, revision: null, result: 'pending' });
    expect(await settled(stop.body.data.id)).toMatchObject({ result: 'accepted' });
    expect((await alice.post(`${API}/local/executing`, { bsaId: wx.id })).body.data[0].executing).toBeNull();
    expect(plans.at(specs.pcs.username, Date.now())).toBeNull();
  });

  it('an FCS that never answers: timed out after the configured time, DELIVERY_FAILED raised', async () => {
    await fleet?.stop();
    fleet = null;
    const sent = Date.now();
    const res = await deliver();
    expect(res.body.data.result).toBe('pending');
    const row = await settled(res.body.data.id);
    expect(Date.now() - sent).toBeGreaterThanOrEqual(TIMEOUT_MS - 100);
    expect(row).toMatchObject({ result: 'timeout', reason: 'no answer from the FCS within 2 s' });
    await until('a new alarm', async () => (await alarms()).length === 2);
    expect((await alarms())[1]).toMatchObject({
      state: 0,
      target_id: wx.id,
      content: expect.stringContaining('no answer from the FCS within 2 s'),
    });
    expect((await alice.post(`${API}/detail`, { id: strategyId })).body.data.executing).toBe(false);
    // the log has every attempt with operator, time, revision and result
    const log = (await alice.post(`${API}/deliver/log`, { bsaId: wx.id })).body.data;
    expect(log.list.map((r: { result: string; action: string }) => `${r.action}:${r.result}`)).toEqual([
      'deliver:timeout',
      'stop:accepted',
      'deliver:accepted',
      'deliver:rejected',
      'deliver:accepted',
    ]);
    expect((await alice.post(`${API}/deliver/log`, { bsaId: wx.id, result: 'rejected' })).body.data.totalCount).toBe(1);
  });
});

// The same protocol through an external broker (the machine's Mosquitto, anonymous on 127.0.0.1:1883):
// the platform publishes the command as a client and takes the acknowledgement from `devices/+/ack`.
describe('strategy delivery through an external broker (Mosquitto, pglite)', () => {
  it('the FCS gets the command from the broker and its acknowledgement settles the delivery', async () => {
    const prefix = `test-${randomBytes(6).toString('hex')}/`;
    const clientId = `energy-test-${randomBytes(6).toString('hex')}`;
    const mosquitto = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
    const t = await createTestApp('pglite', { ingest: { mqttUrl: mosquitto, topicPrefix: prefix, clientId } });
    let fleet: Fleet | undefined;
    const usernames: string[] = [];
    try {
      const alice = await signIn(t, 'alice');
      const wx = ((await alice.post('/api/v2/bsa/list')).body.data as { id: number; code: string }[]).find(
        (s) => s.code === 'WX-01-BSA-01',
      )!;
      const site = { key: 'WX-01', latitude: 31.5, longitude: 120.3, timeZone: 'Asia/Shanghai' };
      const fcs = await deviceByCode(alice, 'WX-01-FCS-01');
      const pcs = await deviceByCode(alice, 'WX-01-PCS-01');
      usernames.push(fcs.creds.username, pcs.creds.username);
      const plans = new PlanBook();
      fleet = await startFleet({
        mqttUrl: mosquitto,
        topicPrefix: prefix,
        plans,
        intervalMs: 1000,
        connectSpreadMs: 0,
        // no sessions left on the shared broker
        clean: true,
        devices: [
          { typeKey: 'bsa-fcs', ...fcs.creds, seed: 1, site, unit: 'bess1', strategyVersion: 2 },
          { typeKey: 'bsa-pcs', ...pcs.creds, seed: 2, site, unit: 'bess1', ratingKw: 250 },
        ],
      });
      await until('the station to connect', () => fleet!.stats().connected === 2);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const id = (await alice.post(`${API}/insert`, alternating(wx.id))).body.data.id;
      const delivery = (await alice.post(`${API}/deliver`, { id, operationPassword: OPERATION_PASSWORD })).body.data;
      await until('the acknowledgement', async () => {
        const log = (await alice.post(`${API}/deliver/log`, { bsaId: wx.id })).body.data.list as { id: number; result: string }[];
        return log.find((r) => r.id === delivery.id)!.result === 'accepted';
      });
      expect((await alice.post(`${API}/detail`, { id })).body.data.executing).toBe(true);
      expect(plans.entryAt(pcs.creds.username, Date.now())?.meta?.strategyId).toBe(id);
    } finally {
      await fleet?.stop();
      await t.close();
      // remove the platform's persistent session and the devices' retained status from the shared broker
      const cleanup = await mqtt.connectAsync(mosquitto, { clientId, clean: true, protocolVersion: 5, reconnectPeriod: 0 });
      for (const username of usernames) await cleanup.publishAsync(`${prefix}devices/${username}/status`, '', { qos: 1, retain: true });
      await cleanup.endAsync();
    }
  }, 60_000);
});
