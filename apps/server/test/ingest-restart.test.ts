import net from 'node:net';
import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { createTestApp, DB_KINDS, signIn } from './helpers.js';
import { deviceByCode } from './mqtt-helpers.js';

type Rows<T> = { rows: T[] };

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe.each(DB_KINDS)('a server restart while devices publish on %s', (kind) => {
  it('stores every reading acknowledged at QoS 1 exactly once', async () => {
    const port = await freePort();
    const t = await createTestApp(kind, { ingest: { mqttPort: port } });
    let second: Awaited<ReturnType<typeof buildApp>> | undefined;
    const alice = await signIn(t, 'alice');
    const meter = await deviceByCode(alice, 'SZ-01-GM-01');
    const client = mqtt.connect(`mqtt://127.0.0.1:${port}`, {
      ...meter.creds,
      clientId: meter.creds.username,
      clean: false,
      reconnectPeriod: 100,
    });
    try {
      const N = 400;
      const start = Date.now() - 3_600_000;
      const acked = new Set<number>();
      const all: Promise<void>[] = [];
      let refused = 0;
      // what the client library gives up on (queued while the connection dropped) is sent again, as a device would
      const send = (i: number): Promise<void> =>
        new Promise<void>((resolve) =>
          client.publish(meter.creds.topic, JSON.stringify({ ts: start + i * 1000, values: { p: i } }), { qos: 1 }, (err) => {
            if (!err) {
              acked.add(i);
              return resolve();
            }
            refused++;
            setTimeout(() => resolve(send(i)), 100);
          }),
        );
      for (let i = 0; i < N; i++) {
        all.push(send(i));
        if (i % 20 === 19) await new Promise((r) => setTimeout(r, 5));
        if (i === 150) {
          while (acked.size < 100) await new Promise((r) => setTimeout(r, 5));
          // mid-stream: the server goes away and comes back on the same database and port
          await t.app.close();
          second = await buildApp(t.config, t.database, { logger: false });
        }
      }
      await Promise.all(all);
      expect(acked.size).toBe(N);
      expect(refused).toBeLessThan(N);
      const rows = (
        (await t.database.system.execute(
          sql`select count(*)::int as n, count(distinct ts)::int as d, min(value) as lo, max(value) as hi from telemetry_raw where device_id = ${meter.id}`,
        )) as unknown as Rows<{ n: number; d: number; lo: number; hi: number }>
      ).rows[0]!;
      expect(rows).toEqual({ n: N, d: N, lo: 0, hi: N - 1 });
      const r15 = (
        (await t.database.system.execute(
          sql`select sum(count)::int as n from telemetry_15m where device_id = ${meter.id}`,
        )) as unknown as Rows<{ n: number }>
      ).rows[0]!;
      expect(r15.n).toBe(N);
    } finally {
      client.end(true);
      await second?.app.close();
      await t.close();
    }
  }, 60_000);
});
