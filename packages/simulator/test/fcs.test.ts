import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import { Aedes } from 'aedes';
import { strategy } from '@energy/contracts';
import { createModels, PlanBook, startFleet, wireToPlan, type SimDeviceSpec } from '../src/index.js';
import { containerEnvironment } from '../src/models/fcs.js';
import { DAY, HOUR, device, fullSite, shanghaiMidnight } from './helpers.js';

/** The FCS model, the wire-to-plan adapter, and the FCS in a fleet answering commands over MQTT. */

const site = fullSite();
const pcs = site.find((s) => s.typeKey === 'bsa-pcs')!;
const fcs: SimDeviceSpec = { ...device('bsa-fcs', 40, { unit: 'bess1', strategyVersion: 1 }), site: pcs.site, username: 'fcs-40' };

/** A CA strategy: charge 100 kW 00-06, standby 06-08, discharge 150 kW 08-12 from a 300 kW load, smart 12-24. */
const WIRE: strategy.StrategyWire = {
  kind: 'strategy',
  name: 'test',
  version: 1,
  protectType: 'DOD',
  timeGranularity: 'HOUR',
  additionalFields: { dodMin: 5, dodMax: 95 },
  sections: [
    { beginTime: '00:00:00', endTime: '06:00:00', type: 'CHARGE', additionalFields: { pcsPower: 100, chargingLoadProtect: 0 } },
    { beginTime: '06:00:00', endTime: '08:00:00', type: 'STANDBY', additionalFields: {} },
    {
      beginTime: '08:00:00',
      endTime: '12:00:00',
      type: 'DISCHARGE',
      additionalFields: {
        dischargeStrategy: 'REACH_THRESHOLD',
        pcsPower: 150,
        triggerDischargeLoad: 300,
        stopDischargeLoad: 200,
        emptyStrategy: 'DEFINITE_TIME',
        emptyTime: '11:30:00',
      },
    },
    {
      beginTime: '12:00:00',
      endTime: '23:59:59',
      type: 'CONSUMPTION',
      additionalFields: {
        intelligentConsumptionControlType: 'LOAD',
        intelligentConsumptionTotalTargetLoad: 0,
        targetDemand: 800,
        pcsMaxChargePower: 50,
        intelligentLoadControlType: 'NONE',
      },
    },
  ],
};

const command = (deliveryId: number, body: object) => Buffer.from(JSON.stringify({ deliveryId, ...body }));

describe('wireToPlan', () => {
  it('converts the sample strategy of every version (the editor own formToWire) into a plan', () => {
    for (const version of [1, 2, 3, 4, 5, 6]) {
      for (const kind of ['strategy', 'template', 'fieldStrategy'] as const) {
        const wire = strategy.formToWire(strategy.sampleStrategyForm(version, kind));
        const result = wireToPlan(wire);
        expect(result.ok, `${version} ${kind}`).toBe(true);
        if (!result.ok) continue;
        expect(result.plan.sections.map((s) => [s.startMin, s.endMin])).toEqual([
          [0, 480],
          [480, 720],
          [720, 840],
          [840, 1440],
        ]);
        expect(result.plan.protection).toEqual({ kind: 'dod', minPct: 10, maxPct: 90 });
      }
    }
  });

  it('maps names and fields to the engine', () => {
    const result = wireToPlan(WIRE);
    if (!result.ok) throw new Error(result.reason);
    expect(result.plan.sections[0]).toEqual({ type: 'charge', startMin: 0, endMin: 360, pcsPowerKw: 100 });
    expect(result.plan.sections[2]).toMatchObject({
      type: 'discharge',
      mode: { kind: 'threshold', triggerKw: 300, stopKw: 200 },
      powerKw: 150,
      empty: { kind: 'timed', atMin: 690 },
    });
    expect(result.plan.sections[3]).toMatchObject({
      type: 'smart',
      controlType: 'load',
      targetDemandKw: 800,
      maxChargeKw: 50,
      loadHighAction: 'none',
      meterType: 'total',
    });
  });

  it('refuses what the engine cannot run, saying why', () => {
    const broken = (patch: (w: strategy.StrategyWire) => void) => {
      const w = structuredClone(WIRE);
      patch(w);
      const r = wireToPlan(w);
      return r.ok ? 'ok' : r.reason;
    };
    expect(broken((w) => (w.sections[0]!.type = 'BOOST'))).toBe('card 1: Invalid strategy section type');
    expect(broken((w) => delete w.sections[0]!.additionalFields.pcsPower)).toBe('card 1: pcsPower is missing or not a number');
    expect(broken((w) => (w.sections[1]!.beginTime = '05:00:00'))).toBe('time periods overlap');
    expect(broken((w) => (w.sections[1]!.endTime = '05:00:00'))).toBe('card 2: time period setting error');
    expect(broken((w) => ((w as { protectType: string }).protectType = 'MAGIC'))).toBe("unknown protection type 'MAGIC'");
    expect(broken((w) => (w.sections = []))).toBe('the strategy has no cards');
  });
});

describe('the FCS model', () => {
  const from = shanghaiMidnight(2025, 6, 10);

  it('runs an accepted strategy on its PCS from that moment: charge card negative, discharge card positive, grid meter follows', () => {
    const plans = new PlanBook();
    const specs = [...site, fcs];
    const models = createModels(specs, new Date(from), undefined, plans);
    const fcsModel = models.find((m) => m.spec.typeKey === 'bsa-fcs')!;
    expect(fcsModel.step(new Date(from)).values).toMatchObject({ run_state: 1, mode: 0, strategy_id: 0, strategy_version: 0 });
    const reply = fcsModel.onCommand!('strategy', command(7, { action: 'deliver', strategyId: 42, revision: 3, strategy: WIRE }), from);
    expect(reply).toEqual({ deliveryId: 7, accepted: true });
    expect(plans.at(pcs.username, from + 1)).not.toBeNull();

    const pcsModel = models.find((m) => m.spec === pcs)!;
    const grid = models.find((m) => m.spec.typeKey === 'grid-meter')!;
    const feeders = models.filter((m) => m.spec.typeKey === 'feeder-meter');
    const inverter = models.find((m) => m.spec.typeKey === 'pv-inverter')!;
    const piles = models.filter((m) => m.spec.typeKey === 'charging-pile');
    const seen: Record<string, number>[] = [];
    for (let t = from + 5 * 60_000; t < from + DAY; t += 5 * 60_000) {
      const at = new Date(t);
      const p = pcsModel.step(at).values;
      const g = grid.step(at).values;
      const load =
        feeders.reduce((sum, m) => sum + m.step(at).values.p!, 0) * 1.015 + piles.reduce((sum, m) => sum + m.step(at).values.p!, 0);
      const pv = inverter.step(at).values.p_ac!;
      seen.push({ hour: (t - from) / HOUR, p: p.p!, soc: p.soc!, grid: g.p!, load, pv });
    }
    const at = (hour: number) => seen.find((s) => Math.abs(s.hour - hour) < 1e-9)!;
    // 100 kW × 0.95 / 430 kWh = 22 %/h: charging until the 95 % ceiling, a little before 05:00
    for (const hour of [1, 2, 3]) expect(at(hour).p).toBe(-100);
    expect(at(5.5)).toMatchObject({ p: 0, soc: 95 });
    expect(at(7).p).toBe(0);
    // the morning load passes the 300 kW trigger: discharging at the card's 150 kW (or emptying harder)
    expect(at(10).p).toBeGreaterThanOrEqual(150);
    for (const hour of [1, 5, 10]) expect(at(hour).grid).toBeCloseTo(at(hour).load - at(hour).pv - at(hour).p, 0);
    // the FCS reports what it runs
    expect(fcsModel.step(new Date(from + DAY)).values).toMatchObject({ run_state: 1, mode: 1, strategy_id: 42, strategy_version: 1 });
  });

  it('refuses another version, a broken strategy and a field strategy whose days have passed; stops on request', () => {
    const plans = new PlanBook();
    const [model] = createModels([...site, fcs], new Date(from), undefined, plans).filter((m) => m.spec.typeKey === 'bsa-fcs');
    const send = (id: number, body: object) => model!.onCommand!('strategy', command(id, body), from);
    expect(send(1, { action: 'deliver', strategyId: 1, strategy: { ...WIRE, version: 6 } })).toEqual({
      deliveryId: 1,
      accepted: false,
      reason: 'strategy version CF does not match this FCS (CA)',
    });
    expect(send(2, { action: 'deliver', strategyId: 1, strategy: { ...WIRE, sections: [] } })).toMatchObject({
      accepted: false,
      reason: 'the strategy has no cards',
    });
    expect(
      send(3, { action: 'deliver', strategy: { ...WIRE, kind: 'fieldStrategy', executiveTimes: ['2025-06-01', '2025-06-09'] } }),
    ).toEqual({
      deliveryId: 3,
      accepted: false,
      reason: 'its last day 2025-06-09 has passed',
    });
    expect(plans.at(pcs.username, from + HOUR)).toBeNull();
    // a field strategy runs on its days only
    expect(
      send(4, {
        action: 'deliver',
        strategyId: 9,
        strategy: { ...WIRE, kind: 'fieldStrategy', executiveTimes: ['2025-06-11', '2025-06-11'] },
      }),
    ).toEqual({
      deliveryId: 4,
      accepted: true,
    });
    expect(plans.at(pcs.username, from + HOUR)).toBeNull();
    expect(plans.entryAt(pcs.username, from + DAY + HOUR)?.meta?.strategyId).toBe(9);
    expect(plans.at(pcs.username, from + 2 * DAY + HOUR)).toBeNull();
    expect(send(5, { action: 'stop' })).toEqual({ deliveryId: 5, accepted: true });
    expect(plans.at(pcs.username, from + DAY + HOUR)).toBeNull();
    // no delivery id: nothing to answer
    expect(model!.onCommand!('strategy', Buffer.from('{"action":"stop"}'), from)).toBeNull();
    expect(model!.onCommand!('strategy', Buffer.from('not json'), from)).toBeNull();
  });
});

describe('the FCS in a fleet (in-test aedes broker)', () => {
  let broker: Aedes;
  let url: string;
  const server = createServer();
  beforeAll(async () => {
    broker = await Aedes.createBroker();
    server.on('connection', broker.handle);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `mqtt://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await new Promise<void>((resolve) => broker.close(() => resolve()));
  });

  it('subscribes to its command topic and answers on its ack topic', async () => {
    const plans = new PlanBook();
    const prefix = 'fcs-test/';
    const fleet = await startFleet({ mqttUrl: url, devices: [pcs, fcs], plans, topicPrefix: prefix, intervalMs: 1000, connectSpreadMs: 0 });
    const platform = await mqtt.connectAsync(url, { clientId: 'platform-test', reconnectPeriod: 0 });
    try {
      const acks: unknown[] = [];
      await platform.subscribeAsync(`${prefix}devices/+/ack`, { qos: 1 });
      platform.on('message', (topic, payload) => acks.push({ topic, ...JSON.parse(payload.toString()) }));
      // wait until the FCS is subscribed (a retained-less command sent earlier would be lost)
      const deadline = Date.now() + 5000;
      while (fleet.stats().connected < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 200));
      await platform.publishAsync(
        `${prefix}devices/${fcs.username}/commands/strategy`,
        JSON.stringify({ deliveryId: 11, action: 'deliver', strategyId: 5, strategy: WIRE }),
        { qos: 1 },
      );
      while (acks.length === 0 && Date.now() < deadline + 5000) await new Promise((r) => setTimeout(r, 50));
      expect(acks).toEqual([{ topic: `${prefix}devices/${fcs.username}/ack`, deliveryId: 11, accepted: true }]);
      expect(plans.entryAt(pcs.username, Date.now())?.meta?.strategyId).toBe(5);
      expect(fleet.stats()).toMatchObject({ commands: 1, replies: 1 });
    } finally {
      await platform.endAsync();
      await fleet.stop();
    }
  });
});

describe("the FCS' container sensors", () => {
  it('holds an air-conditioned container at 24-28 °C and 45-60 %; a failed dehumidifier above 88 %; smoke and water clear', () => {
    const from = shanghaiMidnight(2026, 3, 10);
    const humid: SimDeviceSpec = { ...fcs, containerFault: 'humidity' };
    for (let t = from; t < from + DAY; t += HOUR) {
      const ok = containerEnvironment(fcs, t);
      expect(ok.env_temp).toBeGreaterThanOrEqual(23.5);
      expect(ok.env_temp).toBeLessThanOrEqual(28.5);
      expect(ok.env_humidity).toBeGreaterThanOrEqual(45);
      expect(ok.env_humidity).toBeLessThanOrEqual(59);
      expect([ok.smoke, ok.water]).toEqual([0, 0]);
      expect(containerEnvironment(humid, t).env_humidity).toBeGreaterThanOrEqual(87.5);
    }
    // warmest in the afternoon, most humid at night
    expect(containerEnvironment(fcs, from + 15 * HOUR).env_temp).toBeGreaterThan(containerEnvironment(fcs, from + 3 * HOUR).env_temp);
    expect(containerEnvironment(humid, from + 3 * HOUR).env_humidity).toBeGreaterThanOrEqual(94);
  });
});
