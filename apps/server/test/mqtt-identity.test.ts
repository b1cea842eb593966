import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/sql.js';
import { createTestApp, DB_KINDS, signIn, type TestApp } from './helpers.js';
import { connectDevice, deviceByCode, type Credentials } from './mqtt-helpers.js';

/**
 * The client id of an MQTT connection is the device's own identity (docs/security.md): a device of one
 * tenant that signs in with its own valid credentials but another device's client id would otherwise
 * take over that device's persistent session (and its strategy commands).
 */

/** The next message on `topic`, or a rejection after `ms`. */
const nextMessage = (client: MqttClient, topic: string, ms = 5000) =>
  new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no message on ${topic} within ${ms} ms`)), ms);
    client.on('message', (t, payload) => {
      if (t !== topic) return;
      clearTimeout(timer);
      resolve(payload.toString());
    });
  });

describe.each(DB_KINDS)('MQTT client ids on %s', (kind) => {
  let t: TestApp;
  let url: string;
  let victim: Credentials;
  let attacker: Credentials;
  beforeAll(async () => {
    t = await createTestApp(kind);
    url = `mqtt://127.0.0.1:${t.ingest.mqttPort}`;
    victim = (await deviceByCode(await signIn(t, 'alice'), 'WX-01-FCS-01')).creds; // Sunrise's FCS
    attacker = (await deviceByCode(await signIn(t, 'dave'), 'SH-01-GM-01')).creds; // a Harbor meter
  });
  afterAll(() => t?.close());

  it("refuses another tenant's device that signs in with the victim's client id, and leaves the victim's session alone", async () => {
    const fcs = await connectDevice(url, victim, { clean: false });
    try {
      const commands = `devices/${victim.username}/commands/strategy`;
      await fcs.subscribeAsync(commands, { qos: 1 });
      let victimClosed = false;
      fcs.on('close', () => (victimClosed = true));

      // the takeover: valid Harbor credentials, Sunrise's FCS's client id (its MQTT username)
      const takeover = connectDevice(url, attacker, { clientId: victim.username, clean: false });
      await expect(takeover).rejects.toThrow(/Not authorized/i);
      await expect(takeover).rejects.toMatchObject({ code: 5 });

      // the victim is still connected and still receives what the platform sends it
      await new Promise((r) => setTimeout(r, 200));
      expect(victimClosed).toBe(false);
      expect(fcs.connected).toBe(true);
      const received = nextMessage(fcs, commands);
      await t.ingest.publishCommand(victim.username, 'strategy', Buffer.from('{"deliveryId":1}'));
      expect(await received).toBe('{"deliveryId":1}');
    } finally {
      fcs.end(true);
    }
  });

  it('refuses a device whose client id is anything but its username, an empty one included', async () => {
    await expect(connectDevice(url, attacker, { clientId: `${attacker.username}-2` })).rejects.toMatchObject({ code: 5 });
    await expect(connectDevice(url, attacker, { clientId: '', clean: true })).rejects.toMatchObject({ code: 5 });
    // a wrong password still answers "bad username or password", whatever the client id
    await expect(connectDevice(url, { ...attacker, password: 'wrong' }, { clientId: victim.username })).rejects.toMatchObject({ code: 4 });
    const own = await connectDevice(url, attacker);
    expect(own.connected).toBe(true);
    own.end(true);
  });
});

describe('MQTT over TLS', () => {
  let t: TestApp;
  let dir: string;
  let cert: Buffer;
  beforeAll(async () => {
    // a self-signed certificate for 127.0.0.1, made for this run
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mqtt-tls-'));
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '1',
      '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
      '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'),
    ], { stdio: 'ignore' }); // prettier-ignore
    cert = fs.readFileSync(path.join(dir, 'cert.pem'));
    t = await createTestApp('pglite', {
      ingest: { tls: { certFile: path.join(dir, 'cert.pem'), keyFile: path.join(dir, 'key.pem'), port: 0 } },
    });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('takes devices over TLS with the same credentials and client-id rule, and refuses an untrusted certificate', async () => {
    expect(t.ingest.mqttTlsPort).toEqual(expect.any(Number));
    const url = `mqtts://127.0.0.1:${t.ingest.mqttTlsPort}`;
    const { id, creds: meter } = await deviceByCode(await signIn(t, 'alice'), 'SZ-01-GM-01');
    const client = await connectDevice(url, meter, { ca: cert, rejectUnauthorized: true });
    try {
      const ts = Date.now() - 60_000;
      await client.publishAsync(meter.topic, JSON.stringify({ ts, values: { p: 12.5 } }), { qos: 1 });
      // PUBACK came after the commit: the reading is stored
      const rows = await rowsOf<{ n: number }>(
        t.database.system,
        sql`select count(*)::int as n from telemetry_raw where device_id = ${id} and ts = ${new Date(ts).toISOString()}`,
      );
      expect(rows[0]!.n).toBe(1);
    } finally {
      client.end(true);
    }
    await expect(connectDevice(url, meter, { ca: cert, clientId: 'someone-else' })).rejects.toMatchObject({ code: 5 });
    // a client that does not trust the certificate does not connect
    await expect(connectDevice(url, meter, { rejectUnauthorized: true })).rejects.toThrow(/self[- ]signed|certificate/i);
  });
});
