import { createServer, type Server, type Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import { Aedes } from 'aedes';
import { DEVICE_TYPES } from '@energy/contracts';
import { planSites, startFleet, type SimDeviceSpec } from '../src/index.js';

const MOSQUITTO = process.env.SIM_TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';

function specsFor(devices: number, prefix: string): SimDeviceSpec[] {
  return planSites({ devices, prefix }).map((planned) => ({ ...planned, username: planned.code, password: 'not-checked' }));
}

const until = async (condition: () => boolean, timeoutMs: number, what: string) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

const keysOf = (typeKey: string) =>
  DEVICE_TYPES.find((type) => type.key === typeKey)!
    .properties.map((p) => p.key)
    .sort();

describe('fleet on the machine broker (Mosquitto, anonymous)', () => {
  const run = randomBytes(4).toString('hex');
  const prefix = `simtest-${run}/`;
  const retainedTopics = new Set<string>();
  let observer: mqtt.MqttClient;

  beforeAll(async () => {
    observer = await mqtt.connectAsync(MOSQUITTO, { clientId: `simtest-observer-${run}`, reconnectPeriod: 0 });
  });

  afterAll(async () => {
    // Leave no retained status messages behind on the shared broker.
    for (const topic of retainedTopics) await observer.publishAsync(topic, '', { qos: 1, retain: true });
    await observer.endAsync();
  });

  it('publishes pinned-format telemetry and retained online/offline status for every device', async () => {
    const devices = specsFor(20, `ft${run}`);
    const telemetry = new Map<string, unknown[]>();
    const status = new Map<string, string>();
    await observer.subscribeAsync([`${prefix}devices/+/telemetry`, `${prefix}devices/+/status`], { qos: 1 });
    observer.on('message', (topic, payload) => {
      const [, username, kind] = topic.slice(prefix.length).split('/');
      if (kind === 'status') {
        retainedTopics.add(topic);
        status.set(username!, payload.toString());
      } else telemetry.set(username!, [...(telemetry.get(username!) ?? []), JSON.parse(payload.toString())]);
    });

    const fleet = await startFleet({
      mqttUrl: MOSQUITTO,
      devices,
      intervalMs: 300,
      topicPrefix: prefix,
      connectSpreadMs: 300,
      clean: true,
    });
    try {
      await until(() => devices.every((d) => (telemetry.get(d.username)?.length ?? 0) >= 3), 15_000, 'three readings per device');
      expect(devices.every((d) => status.get(d.username) === '{"online":true}')).toBe(true);
      expect(fleet.stats().connected).toBe(20);
    } finally {
      await fleet.stop();
    }
    await until(() => devices.every((d) => status.get(d.username) === '{"online":false}'), 5000, 'offline status');

    for (const spec of devices) {
      for (const message of telemetry.get(spec.username)!) {
        const reading = message as { ts: unknown; values: Record<string, unknown> };
        expect(Object.keys(reading).sort()).toEqual(['ts', 'values']);
        expect(Number.isInteger(reading.ts)).toBe(true);
        expect(Math.abs((reading.ts as number) - Date.now())).toBeLessThan(60_000);
        expect(Object.keys(reading.values).sort()).toEqual(keysOf(spec.typeKey));
        for (const value of Object.values(reading.values)) expect(typeof value).toBe('number');
      }
    }
    const stats = fleet.stats();
    expect(stats.errors).toBe(0);
    expect(stats.acked).toBe(stats.published);
    expect(stats.connected).toBe(0);
  });

  it('sends batches of readings as {"readings": [...]}', async () => {
    const devices = specsFor(3, `fb${run}`);
    const batches: { readings: { ts: number; values: Record<string, number> }[] }[] = [];
    await observer.subscribeAsync(`${prefix}devices/fb${run}-0001/telemetry`, { qos: 1 });
    const onMessage = (topic: string, payload: Buffer) => {
      if (!topic.includes(`fb${run}-0001/telemetry`)) return;
      // a reading made before the device connected goes out alone at connect (flush of 1, a plain reading):
      // on a loaded machine the first tick can come before the connection; only the batches count here
      const message = JSON.parse(payload.toString());
      if (Array.isArray(message.readings)) batches.push(message);
    };
    observer.on('message', onMessage);
    const fleet = await startFleet({
      mqttUrl: MOSQUITTO,
      devices,
      intervalMs: 100,
      batch: 5,
      topicPrefix: prefix,
      connectSpreadMs: 100,
      clean: true,
    });
    try {
      await until(() => batches.length >= 2, 10_000, 'two batches');
    } finally {
      await fleet.stop();
      observer.off('message', onMessage);
    }
    for (const name of ['0001', '0002', '0003']) retainedTopics.add(`${prefix}devices/fb${run}-${name}/status`);
    expect(batches[0]!.readings).toHaveLength(5);
    expect(batches[0]!.readings[1]!.ts).toBeGreaterThan(batches[0]!.readings[0]!.ts);
    expect(Object.keys(batches[0]!.readings[0]!.values).sort()).toEqual(keysOf('edge-gateway'));
  });
});

describe('fleet across a broker restart (in-test aedes)', () => {
  it('reconnects with backoff and loses no reading: backlog while offline, unacknowledged ones re-sent', async () => {
    const received = new Map<string, Set<number>>();
    const wills: { topic: string; payload: string; retain: boolean }[] = [];
    let holdAcks = false;
    const held: (() => void)[] = [];
    const sockets = new Set<Socket>();

    const startBroker = async (port: number): Promise<{ broker: Aedes; server: Server; port: number }> => {
      const broker = await Aedes.createBroker({
        // While holdAcks is set the broker never answers, as if it died before sending PUBACK.
        authorizePublish: (_client, packet, done) => {
          if (holdAcks && packet.topic.endsWith('/telemetry')) held.push(() => done(null));
          else done(null);
        },
      });
      broker.on('client', (client) => {
        const will = (client as unknown as { will?: { topic: string; payload: Buffer; retain: boolean } }).will;
        if (will) wills.push({ topic: will.topic, payload: will.payload.toString(), retain: will.retain });
      });
      broker.on('publish', (packet, client) => {
        if (!client || !packet.topic.endsWith('/telemetry')) return;
        const body = JSON.parse(packet.payload.toString()) as { ts?: number; readings?: { ts: number }[] };
        for (const reading of body.readings ?? [body as { ts: number }]) {
          const set = received.get(client.id) ?? new Set<number>();
          set.add(reading.ts);
          received.set(client.id, set);
        }
      });
      const server = createServer(broker.handle);
      server.on('connection', (socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
      });
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      return { broker, server, port: (server.address() as { port: number }).port };
    };
    const stopBroker = async ({ broker, server }: { broker: Aedes; server: Server }) => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
    };

    let current = await startBroker(0);
    const port = current.port;
    const devices = specsFor(5, 'rc');
    const fleet = await startFleet({
      mqttUrl: `mqtt://127.0.0.1:${port}`,
      devices,
      intervalMs: 100,
      connectSpreadMs: 100,
      reconnectMinMs: 200,
      reconnectMaxMs: 800,
    });
    try {
      await until(() => fleet.stats().connected === 5 && fleet.stats().acked >= 25, 5000, 'a first run of readings');
      holdAcks = true;
      await until(() => held.length >= 5, 5000, 'messages awaiting PUBACK');
      await stopBroker(current);
      await until(() => fleet.stats().connected === 0, 5000, 'the fleet to notice');
      await new Promise((resolve) => setTimeout(resolve, 1000));
      holdAcks = false;
      current = await startBroker(port);
      await until(() => fleet.stats().connected === 5, 10_000, 'reconnection');
      // a second of live readings after the reconnection (half a second left a fast reconnection at exactly 25 in CI)
      await new Promise((resolve) => setTimeout(resolve, 1000));
    } finally {
      await fleet.stop();
      await stopBroker(current);
    }
    const stats = fleet.stats();
    expect(stats.reconnects).toBeGreaterThanOrEqual(5);
    expect(stats.acked).toBe(stats.published);
    expect(held.length).toBeGreaterThanOrEqual(5);
    for (const spec of devices) {
      const times = [...received.get(spec.username)!].sort((a, b) => a - b);
      const gaps = times.slice(1).map((t, k) => t - times[k]!);
      // Every 100 ms slot is there, across the outage: nothing lost, whether queued offline or in flight.
      expect(Math.max(...gaps), spec.username).toBeLessThan(250);
      expect(times.length).toBeGreaterThan(25);
    }
    expect(wills.length).toBeGreaterThanOrEqual(10);
    expect(wills[0]).toMatchObject({ payload: '{"online":false}', retain: true });
    expect(wills[0]!.topic).toMatch(/^devices\/rc-000\d\/status$/);
  });
});
