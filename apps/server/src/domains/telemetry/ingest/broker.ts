import fs from 'node:fs';
import net from 'node:net';
import tls from 'node:tls';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import { verifyPassword } from '../../auth/passwords.js';
import type { DeviceDirectory, DeviceEntry } from './directory.js';
import { isOwnCommandFilter, parseDeviceTopic, type DeviceTopic } from './topics.js';

/** What the broker hands the ingest: a device's message, answered once it is committed. */
export interface MessageSink {
  telemetry(entry: DeviceEntry, payload: Buffer): Promise<void>;
  status(entry: DeviceEntry, payload: Buffer): Promise<void>;
  /** A device's answer to a command (`devices/{username}/ack`); acknowledged once this resolves. */
  ack?(entry: DeviceEntry, payload: Buffer): Promise<void>;
  /** An FCS's battery data (`devices/{username}/battery`, docs/bsa.md); acknowledged once this resolves. */
  battery?(entry: DeviceEntry, payload: Buffer): Promise<void>;
}

/** Where a message from a device goes, by its topic's kind. */
export function deliverToSink(sink: MessageSink, kind: DeviceTopic['kind'], entry: DeviceEntry, payload: Buffer): Promise<void> {
  if (kind === 'telemetry') return sink.telemetry(entry, payload);
  if (kind === 'status') return sink.status(entry, payload);
  if (kind === 'battery') return sink.battery ? sink.battery(entry, payload) : Promise.resolve();
  return sink.ack ? sink.ack(entry, payload) : Promise.resolve();
}

export interface EmbeddedBroker {
  port: number;
  /** The MQTT-over-TLS listener's port, when a certificate is configured (MQTT_TLS_CERT, MQTT_TLS_KEY). */
  tlsPort: number | null;
  /** Publishes a command to a device's topic at QoS 1 (queued by the broker for a device with a persistent session). */
  publish(topic: string, payload: Buffer): Promise<void>;
  close(): Promise<void>;
}

const authError = (message: string): AuthenticateError => Object.assign(new Error(message), { returnCode: 4 as const });
const notAuthorized = (message: string): AuthenticateError => Object.assign(new Error(message), { returnCode: 5 as const });
const deviceOf = (client: Client | null) => (client as (Client & { device?: DeviceEntry }) | null)?.device;

/**
 * The embedded MQTT broker (aedes). CONNECT is authenticated against the devices' credentials, and the
 * client id must be the device's own identity, its MQTT username (else CONNACK 5 "not authorized"):
 * MQTT sessions are keyed by client id, so a device signing in with another device's client id would
 * otherwise take over that device's persistent session and its queued commands (docs/security.md). A
 * device may publish only to its own telemetry, status, ack and battery topics and subscribe only to its own
 * command topics. The platform publishes commands through `publish`.
 *
 * The QoS 1 guarantee: aedes sends PUBACK once `authorizePublish` calls back, so that is where a
 * message is ingested, and the callback waits for the batch commit. A failed commit answers an error:
 * aedes drops the connection without PUBACK and the device sends the message again.
 */
export async function startEmbeddedBroker(opts: {
  port: number;
  host: string;
  prefix: string;
  directory: DeviceDirectory;
  sink: MessageSink;
  log: FastifyBaseLogger;
  /** MQTT over TLS on `port` with this certificate and key (PEM files). */
  tls?: { certFile: string; keyFile: string; port: number };
}): Promise<EmbeddedBroker> {
  const { prefix, directory, sink, log } = opts;
  const broker = await Aedes.createBroker({
    authenticate(client, username, password, done) {
      if (!username || !password) return done(authError('username and password are required'), false);
      directory
        .byUsername(username)
        .then(async (entry) => {
          if (!entry?.passwordHash || !(await verifyPassword(password.toString('utf8'), entry.passwordHash))) {
            log.warn({ username: username.slice(0, 64), clientId: client.id }, 'MQTT sign-in refused');
            return done(authError('bad username or password'), false);
          }
          // checked after the password, so the answer tells a stranger nothing about client ids
          if (client.id !== entry.username) {
            log.warn(
              { deviceId: entry.id, clientId: client.id.slice(0, 64) },
              'MQTT sign-in refused: the client id is not the device’s username',
            );
            return done(notAuthorized('the client id must be the device’s MQTT username'), false);
          }
          (client as Client & { device?: DeviceEntry }).device = entry;
          done(null, true);
        })
        .catch((err) => {
          log.error({ err }, 'MQTT sign-in failed');
          done(Object.assign(new Error('server unavailable'), { returnCode: 3 as const }), false);
        });
    },
    authorizePublish(client, packet, done) {
      const entry = deviceOf(client);
      const topic = parseDeviceTopic(prefix, packet.topic);
      if (!entry || !topic || topic.username !== entry.username) {
        log.warn({ deviceId: entry?.id, topic: packet.topic.slice(0, 200) }, 'MQTT publish refused: not the device’s own topic');
        return done(new Error('not authorised to publish here'));
      }
      const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
      // the device as it is now (the cache forgets a device the registry changed or deleted)
      directory
        .byUsername(topic.username)
        .then((current) => {
          if (current?.id !== entry.id) throw new Error('the device no longer exists');
          return deliverToSink(sink, topic.kind, current, payload);
        })
        .then(
          () => done(null),
          (err: Error) => done(err),
        );
    },
    authorizeSubscribe(client, subscription, done) {
      const entry = deviceOf(client);
      if (!entry?.username || !isOwnCommandFilter(prefix, entry.username, subscription.topic)) {
        log.warn({ deviceId: entry?.id, topic: subscription.topic.slice(0, 200) }, 'MQTT subscribe refused');
        return done(null, null); // SUBACK 0x80 for this filter
      }
      done(null, subscription);
    },
  });
  const server = net.createServer(broker.handle);
  const port = await listenFrom(server, opts.port, opts.host, log);
  let tlsServer: tls.Server | null = null;
  let tlsPort: number | null = null;
  if (opts.tls) {
    try {
      const [cert, key] = [fs.readFileSync(opts.tls.certFile), fs.readFileSync(opts.tls.keyFile)];
      tlsServer = tls.createServer({ cert, key, minVersion: 'TLSv1.2' }, broker.handle);
      tlsServer.on('tlsClientError', (err) => log.debug({ err }, 'MQTT TLS handshake failed'));
      tlsPort = await listenFrom(tlsServer, opts.tls.port, opts.host, log);
    } catch (error) {
      server.close();
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      throw error;
    }
  }
  return {
    port,
    tlsPort,
    publish: (topic, payload) =>
      new Promise<void>((resolve, reject) =>
        broker.publish({ cmd: 'publish', topic, payload, qos: 1, retain: false, dup: false }, (error) =>
          error ? reject(error) : resolve(),
        ),
      ),
    close: () =>
      new Promise<void>((resolve) => {
        server.close();
        tlsServer?.close();
        broker.close(() => resolve());
      }),
  };
}

/** Listens on `port`, or on the next free one when it is taken (0 = any). */
async function listenFrom(server: net.Server | tls.Server, port: number, host: string, log: FastifyBaseLogger): Promise<number> {
  for (let candidate = port; ; candidate++) {
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(candidate, host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      return (server.address() as net.AddressInfo).port;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || candidate === 0 || candidate >= port + 100) throw error;
      log.warn(`MQTT port ${candidate} is in use; trying ${candidate + 1}`);
    }
  }
}
