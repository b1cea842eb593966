import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { createTestApp, DB_KINDS, signIn } from './helpers.js';
import { deviceByCode } from './mqtt-helpers.js';

type Rows<T> = { rows: T[] };
const MOSQUITTO = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';

/** Waits until `check` holds (the external broker delivers asynchronously). */
async function until(check: () => Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('timed out waiting');
}

// The machine's Mosquitto accepts anonymous clients on 127.0.0.1:1883; each run uses its own topic
// prefix and client id, and removes its persistent session at the end.
describe.each(DB_KINDS)('telemetry through an external broker (Mosquitto) on %s', (kind) => {
  it('subscribes with a persistent session, takes readings published while it was down, ignores unknown devices', async () => {
    const prefix = `test-${randomBytes(6).toString('hex')}/`;
    const clientId = `energy-test-${randomBytes(6).toString('hex')}`;
    const t = await createTestApp(kind, { ingest: { mqttUrl: MOSQUITTO, topicPrefix: prefix, clientId } });
    let second: Awaited<ReturnType<typeof buildApp>> | undefined;
    const device = await mqtt.connectAsync(MOSQUITTO, { clientId: `${clientId}-dev`, reconnectPeriod: 0 });
    try {
      const alice = await signIn(t, 'alice');
      const env = await deviceByCode(alice, 'SZ-01-ENV-01');
      expect(env.creds.topic).toBe(`${prefix}devices/${env.creds.username}/telemetry`);
      const rows = async () =>
        (
          (await t.database.system.execute(
            sql`select count(*)::int as n from telemetry_raw where device_id = ${env.id}`,
          )) as unknown as Rows<{ n: number }>
        ).rows[0]!.n;
      const T = Date.now() - 60_000;
      await device.publishAsync(env.creds.topic, JSON.stringify({ ts: T, values: { irradiance: 800, temp_amb: 21.5 } }), { qos: 1 });
      await device.publishAsync(`${prefix}devices/dunknown/telemetry`, JSON.stringify({ values: { x: 1 } }), { qos: 1 });
      await until(async () => (await rows()) === 2);
      await until(async () => t.ingest.unknownTopics === 1);

      // the platform stops; what devices publish meanwhile waits in the broker for its session
      await t.app.close();
      await device.publishAsync(
        env.creds.topic,
        JSON.stringify({ readings: [1, 2, 3].map((i) => ({ ts: T + i * 1000, values: { wind: i } })) }),
        {
          qos: 1,
        },
      );
      second = await buildApp(t.config, t.database, { logger: false });
      await until(async () => (await rows()) === 5);
      const values = (
        (await t.database.system.execute(
          sql`select p.key, r.value from telemetry_raw r join data_property p on p.id = r.property_id where r.device_id = ${env.id} order by r.ts, p.key`,
        )) as unknown as Rows<{ key: string; value: number }>
      ).rows.map((r) => `${r.key}=${r.value}`);
      expect(values).toEqual(['irradiance=800', 'temp_amb=21.5', 'wind=1', 'wind=2', 'wind=3']);
    } finally {
      await device.endAsync();
      await second?.app.close();
      await t.close();
      // drop the platform's persistent session from the shared broker
      const cleanup = await mqtt.connectAsync(MOSQUITTO, { clientId, clean: true, protocolVersion: 5, reconnectPeriod: 0 });
      await cleanup.endAsync();
    }
  }, 60_000);
});
