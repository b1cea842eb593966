import type { FastifyBaseLogger } from 'fastify';
import type { IngestConfig } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import type { DevicesService } from '../../devices/devices.service.js';
import { startEmbeddedBroker, type EmbeddedBroker, type MessageSink } from './broker.js';
import { DeviceDirectory, type DeviceEntry } from './directory.js';
import { connectExternalBroker, type ExternalBrokerClient } from './external.js';
import { parseStatus, parseTelemetry, readingsToPoints } from './payload.js';
import { startRetention } from '../retention.js';
import type { DeviceCommands, IngestListener } from './listeners.js';
import { commandTopic } from './topics.js';
import { writeHistory, type HistoryOptions, type HistoryReading, type HistoryResult } from './history.js';
import { BatchWriter, type WriteItem } from './writer.js';

/** A reading for `writeReadings`: the same as an MQTT reading, for a device given by id. */
export interface Reading {
  deviceId: number;
  ts: Date;
  values: Record<string, number>;
}

const DAY_MS = 86_400_000;

/**
 * The telemetry ingest pipeline, one per server: a broker (embedded, or a client of MQTT_URL) feeding
 * the batch writer, plus the retention job. Built and started by `buildApp`, stopped by `app.close()`.
 *
 *   MQTT message → broker auth/ACL → parseTelemetry (validate, map keys to properties)
 *     → BatchWriter.submit (batched commit: raw + rollups + counters) → PUBACK
 *
 * `writeReadings` enters the same pipeline without MQTT (imports, tests); `writeHistory` is its bulk
 * path for long time-ordered history (the demo's 30 days), in slices that leave room for requests.
 */
export class TelemetryIngest implements MessageSink, DeviceCommands {
  readonly directory: DeviceDirectory;
  readonly writer: BatchWriter;
  private broker: EmbeddedBroker | null = null;
  private external: ExternalBrokerClient | null = null;
  private stopRetention: (() => void) | null = null;

  constructor(
    private readonly db: Db,
    private readonly config: IngestConfig,
    devices: DevicesService,
    private readonly log: FastifyBaseLogger,
    /** Other domains' work on committed telemetry and on devices' answers (alarm evaluation, strategy delivery). */
    private readonly listeners: readonly IngestListener[] = [],
  ) {
    this.directory = new DeviceDirectory(db, config.counterMaxKw);
    this.writer = new BatchWriter(db, config, log);
    this.writer.onCommitted = (items) => {
      for (const listener of this.listeners) listener.committed(items);
    };
    devices.changed.add((id) => {
      this.directory.invalidate(id);
      this.writer.forget(id);
    });
  }

  /** The embedded broker's port (null with an external broker or when MQTT is off). */
  get mqttPort(): number | null {
    return this.broker?.port ?? null;
  }

  /** The embedded broker's MQTT-over-TLS port (null without a certificate, an external broker, or MQTT off). */
  get mqttTlsPort(): number | null {
    return this.broker?.tlsPort ?? null;
  }

  /** External broker: messages on device topics of unknown usernames (ignored, counted, logged). */
  get unknownTopics(): number {
    return this.external?.unknownTopics ?? 0;
  }

  /** Where devices connect, for the start banner. */
  describe(): string {
    if (this.external) return `external broker ${this.config.mqttUrl} (topic prefix '${this.config.topicPrefix}')`;
    if (this.broker)
      return `embedded broker on port ${this.broker.port}${this.broker.tlsPort ? `, MQTT over TLS on port ${this.broker.tlsPort}` : ''}`;
    return 'off (MQTT_ENABLED=0)';
  }

  async start() {
    for (const listener of this.listeners) await listener.start?.(this.log, this);
    if (this.config.enabled) {
      const common = { prefix: this.config.topicPrefix, directory: this.directory, sink: this, log: this.log };
      if (this.config.mqttUrl)
        this.external = await connectExternalBroker({ ...common, url: this.config.mqttUrl, clientId: this.config.clientId });
      else
        this.broker = await startEmbeddedBroker({
          ...common,
          port: this.config.mqttPort,
          host: this.config.mqttHost,
          tls: this.config.tls,
        });
    }
    this.stopRetention = startRetention(this.db, this.config, this.log);
  }

  /** Stops taking messages, then writes what was accepted. */
  async stop() {
    for (const listener of this.listeners) await listener.stop?.();
    this.stopRetention?.();
    await this.broker?.close();
    await this.external?.close();
    this.broker = null;
    this.external = null;
    await this.writer.drain();
  }

  /** A device's answer to a command: handed to the listeners (strategy delivery); PUBACK once they are done. */
  async ack(entry: DeviceEntry, payload: Buffer): Promise<void> {
    // a listener that fails (the database) fails the message: no PUBACK, and the device sends it again
    await Promise.all(this.listeners.map((listener) => listener.ack?.(entry, payload)));
  }

  /** An FCS's battery data: handed to the listeners (docs/bsa.md); PUBACK once they are done. */
  async battery(entry: DeviceEntry, payload: Buffer): Promise<void> {
    await Promise.all(this.listeners.map((listener) => listener.battery?.(entry, payload)));
  }

  /** Publishes a command to a device through the broker (docs/strategies.md). */
  async publishCommand(username: string, name: string, payload: Buffer): Promise<void> {
    const topic = commandTopic(this.config.topicPrefix, username, name);
    if (this.broker) return this.broker.publish(topic, payload);
    if (this.external) return this.external.publish(topic, payload);
    throw new Error('MQTT is off: commands cannot reach devices');
  }

  /** Readings older than this are refused: raw rows before it are being deleted. */
  private oldestMs(now: number) {
    return now - this.config.rawRetentionDays * DAY_MS;
  }

  telemetry(entry: DeviceEntry, payload: Buffer): Promise<void> {
    const now = Date.now();
    const { points, rejections } = parseTelemetry(entry, payload, now, this.oldestMs(now));
    return this.writer.submit({
      devices: [entry],
      points,
      rejections: rejections.map((r) => ({ deviceId: entry.id, ...r })),
      seen: [{ deviceId: entry.id, online: true }],
    });
  }

  status(entry: DeviceEntry, payload: Buffer): Promise<void> {
    const online = parseStatus(payload);
    const item: WriteItem =
      online === null
        ? {
            devices: [entry],
            points: [],
            rejections: [{ deviceId: entry.id, reason: 'bad_status', detail: 'expected {"online": true|false}' }],
            seen: [],
          }
        : { devices: [entry], points: [], rejections: [], seen: [{ deviceId: entry.id, online }] };
    return this.writer.submit(item);
  }

  /**
   * Writes readings without MQTT (demo backfill, imports), through the same validation, batching,
   * rollups and counters. Resolves once everything is committed; readings of unknown devices are
   * counted as `unknownDevice` and skipped.
   */
  async writeReadings(readings: Reading[]): Promise<{ accepted: number; rejected: number; unknownDevice: number }> {
    const now = Date.now();
    const entries = await this.directory.byDeviceIds(readings.map((r) => r.deviceId));
    let accepted = 0;
    let rejected = 0;
    let unknownDevice = 0;
    const pending: Promise<void>[] = [];
    let item: WriteItem = { devices: [], points: [], rejections: [], seen: [] };
    const flush = () => {
      const done = this.writer.submit(item);
      done.catch(() => {}); // awaited below; this only keeps a failure from being "unhandled" meanwhile
      pending.push(done);
      item = { devices: [], points: [], rejections: [], seen: [] };
    };
    for (const r of readings) {
      const entry = entries.get(r.deviceId);
      if (!entry) {
        unknownDevice++;
        continue;
      }
      const parsed = readingsToPoints(entry, [{ ts: r.ts.getTime(), values: r.values }], now, this.oldestMs(now));
      if (!item.devices.includes(entry)) item.devices.push(entry);
      item.points.push(...parsed.points);
      item.rejections.push(...parsed.rejections.map((x) => ({ deviceId: entry.id, ...x })));
      accepted += parsed.points.length;
      rejected += parsed.rejections.length;
      if (item.points.length >= this.config.flushPoints) {
        flush();
        // backpressure: a long backfill keeps at most two chunks in memory
        if (pending.length >= 2) await pending.shift();
      }
    }
    if (item.points.length || item.rejections.length) flush();
    // each chunk is its own batch; wait for all of them (a failure rejects)
    for (const p of pending) await p;
    return { accepted, rejected, unknownDevice };
  }

  /**
   * Writes a long, time-ordered history in bulk slices (history.ts): the same validation, raw rows,
   * rollups and counters as `writeReadings`, without alarm evaluation, pausing between slices.
   */
  writeHistory(readings: Iterable<HistoryReading>, opts?: HistoryOptions): Promise<HistoryResult> {
    return writeHistory(
      { db: this.db, directory: this.directory, writer: this.writer, oldestMs: (now) => this.oldestMs(now) },
      readings,
      opts,
    );
  }
}
