import mqtt, { type MqttClient } from 'mqtt';
import { createModels, fastForward } from './backfill.js';
import type { DeviceModel, ModelOptions, Reading, SimDeviceSpec } from './types.js';

/**
 * Runs devices live over MQTT, one client per device as real devices connect. One shared timer steps
 * every model in turn (devices are spread evenly over the interval), so 500 devices cost 500 objects,
 * not 500 timers. While a device is offline its readings wait in a bounded backlog and go out in batches
 * when it is back; messages already sent but not acknowledged are re-sent by mqtt.js from its
 * outgoing store, which is kept across our reconnects.
 */

export interface FleetOptions {
  mqttUrl: string;
  devices: SimDeviceSpec[];
  /** Reading period per device, ms (default 5000). */
  intervalMs?: number;
  /** Readings per telemetry message in live running (default 1: each reading on its own). */
  batch?: number;
  /** QoS of telemetry (default 1). */
  qos?: 0 | 1;
  /**
   * Model origin (default now). Earlier than now: models start there and are fast-forwarded to now on
   * the grid of `catchUpStepSeconds`, so a fleet continues a backfill made with the same origin and step.
   */
  startFrom?: Date;
  /** Grid of the fast-forward from `startFrom` (default 300 s, the suggested backfill step). */
  catchUpStepSeconds?: number;
  /** Publish fast-forward readings later than this (in batches) to fill a gap; default none. */
  publishCatchUpAfter?: Date;
  /** Prepended verbatim to every topic, e.g. 'test123/'. */
  topicPrefix?: string;
  log?: (msg: string) => void;
  /** The last stored reading of a device, to continue its counters and SOC. */
  resume?: ModelOptions['resume'];
  /**
   * Strategies delivered to the PCSs. Keep the book: `plans.set(pcsUsername, plan)` while the fleet runs
   * switches that PCS (and its racks, packs, cells and the site's grid meter) to the plan from that moment.
   */
  plans?: ModelOptions['plans'];
  /** Initial connects are spread at random over this window (default: 20 ms per device, at most 10 s). */
  connectSpreadMs?: number;
  /** Reconnect backoff: first delay and ceiling, ms (defaults 1000 and 30000), each jittered ±50 %. */
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
  /** MQTT clean session (default false: the broker keeps the session across reconnects). */
  clean?: boolean;
  /** Readings kept per offline device before the oldest are dropped (default 10000). */
  maxBacklog?: number;
}

export interface FleetStats {
  connected: number;
  /** Telemetry messages handed to the broker connection. */
  published: number;
  /** Telemetry messages acknowledged (PUBACK at QoS 1). */
  acked: number;
  errors: number;
  /** Reconnect attempts. */
  reconnects: number;
  /** Readings and property values published. */
  readings: number;
  points: number;
  /** Readings dropped from a full backlog, and readings waiting to be sent. */
  dropped: number;
  pending: number;
  /** Commands received (by devices that take them, the FCS) and replies published on their ack topics. */
  commands: number;
  /** Reports besides telemetry (an FCS's battery data) acknowledged. */
  reports: number;
  replies: number;
}

export interface Fleet {
  stop(): Promise<void>;
  stats(): FleetStats;
}

interface Device {
  spec: SimDeviceSpec;
  model: DeviceModel;
  client: MqttClient;
  telemetryTopic: string;
  statusTopic: string;
  backlog: Reading[];
  online: boolean;
  attempts: number;
  nextDue: number;
  timer?: NodeJS.Timeout;
  /** A report (battery data) waiting for its PUBACK: the next is skipped rather than queued (latest values only). */
  reporting?: boolean;
}

const MAX_BATCH = 1000;
const OFFLINE = JSON.stringify({ online: false });
const ONLINE = JSON.stringify({ online: true });

export async function startFleet(options: FleetOptions): Promise<Fleet> {
  const intervalMs = options.intervalMs ?? 5000;
  const batch = Math.min(MAX_BATCH, Math.max(1, Math.floor(options.batch ?? 1)));
  const qos = options.qos ?? 1;
  const prefix = options.topicPrefix ?? '';
  const log = options.log ?? (() => {});
  const maxBacklog = options.maxBacklog ?? 10_000;
  const reconnectMin = options.reconnectMinMs ?? 1000;
  const reconnectMax = options.reconnectMaxMs ?? 30_000;
  const spread = options.connectSpreadMs ?? Math.min(10_000, options.devices.length * 20);
  const stats: FleetStats = {
    connected: 0,
    published: 0,
    acked: 0,
    errors: 0,
    reconnects: 0,
    readings: 0,
    points: 0,
    dropped: 0,
    pending: 0,
    commands: 0,
    replies: 0,
    reports: 0,
  };
  let stopping = false;
  let errorLogs = 0;

  const now = Date.now();
  const origin = Math.min(options.startFrom?.getTime() ?? now, now);
  const models = createModels(options.devices, new Date(origin), options.resume, options.plans);
  const backlogs = models.map((): Reading[] => []);
  if (origin < now) {
    const stepMs = (options.catchUpStepSeconds ?? 300) * 1000;
    const publishAfter = options.publishCatchUpAfter?.getTime() ?? Infinity;
    fastForward(models, origin, now, stepMs, (i, reading) => {
      if (reading.ts > publishAfter) backlogs[i]!.push(reading);
    });
    log(`fleet: fast-forwarded ${models.length} models from ${new Date(origin).toISOString()}`);
  }

  const noteError = (device: Device, error: Error) => {
    stats.errors++;
    errorLogs++;
    if (errorLogs <= 20 || errorLogs % 100 === 0) log(`fleet: ${device.spec.username}: ${error.message} (errors so far: ${stats.errors})`);
  };

  const enqueue = (device: Device, readings: Reading[]) => {
    device.backlog.push(...readings);
    const excess = device.backlog.length - maxBacklog;
    if (excess > 0) {
      device.backlog.splice(0, excess);
      stats.dropped += excess;
    }
  };

  const flush = (device: Device, threshold: number) => {
    while (device.online && device.backlog.length >= threshold && device.backlog.length > 0) {
      const chunk = device.backlog.splice(0, MAX_BATCH);
      const payload = chunk.length === 1 ? JSON.stringify(chunk[0]) : JSON.stringify({ readings: chunk });
      stats.published++;
      stats.readings += chunk.length;
      for (const reading of chunk) stats.points += Object.keys(reading.values).length;
      device.client.publish(device.telemetryTopic, payload, { qos }, (error) => {
        if (error) noteError(device, error);
        else stats.acked++;
      });
    }
  };

  /** A device's report besides telemetry (an FCS's battery data), live only: none while offline or while one is in flight. */
  const publishReport = (device: Device, t: number) => {
    if (!device.model.report || !device.online || device.reporting) return;
    const report = device.model.report(new Date(t));
    if (!report) return;
    device.reporting = true;
    device.client.publish(
      `${prefix}devices/${device.spec.username}/${report.topic}`,
      JSON.stringify(report.payload),
      { qos: 1 },
      (error) => {
        device.reporting = false;
        if (error) noteError(device, error);
        else stats.reports++;
      },
    );
  };

  const scheduleReconnect = (device: Device) => {
    if (stopping || device.timer) return;
    const base = Math.min(reconnectMax, reconnectMin * 2 ** Math.min(device.attempts, 16));
    const delay = base * (0.5 + Math.random());
    device.attempts++;
    device.timer = setTimeout(() => {
      device.timer = undefined;
      if (stopping) return;
      stats.reconnects++;
      // Keep the stores: mqtt.js re-sends unacknowledged QoS 1 messages from the outgoing store.
      device.client.reconnect({ incomingStore: device.client.incomingStore, outgoingStore: device.client.outgoingStore });
    }, delay);
  };

  const devices: Device[] = models.map((model, index) => {
    const { spec } = model;
    const statusTopic = `${prefix}devices/${spec.username}/status`;
    const client = mqtt.connect(options.mqttUrl, {
      clientId: spec.username,
      username: spec.username,
      password: spec.password,
      protocolVersion: 4,
      clean: options.clean ?? false,
      keepalive: 30,
      connectTimeout: 15_000,
      reconnectPeriod: 0,
      manualConnect: true,
      will: { topic: statusTopic, payload: Buffer.from(OFFLINE), qos: 1, retain: true },
    });
    const device: Device = {
      spec,
      model,
      client,
      telemetryTopic: `${prefix}devices/${spec.username}/telemetry`,
      statusTopic,
      backlog: backlogs[index]!,
      online: false,
      attempts: 0,
      // Spread devices evenly over the interval so the broker sees a steady stream, not bursts.
      nextDue: now + spread + (index / Math.max(1, models.length)) * intervalMs,
    };
    // devices that take commands (the FCS) subscribe to theirs and answer on their ack topic
    const commandPrefix = `${prefix}devices/${spec.username}/commands/`;
    const ackTopic = `${prefix}devices/${spec.username}/ack`;
    client.on('connect', () => {
      if (!device.online) stats.connected++;
      device.online = true;
      device.attempts = 0;
      client.publish(statusTopic, ONLINE, { qos: 1, retain: true }, (error) => error && noteError(device, error));
      if (model.onCommand)
        client.subscribe(`${commandPrefix}#`, { qos: 1 }, (error, granted) => {
          if (error) noteError(device, error);
          else if (granted?.some((g) => g.qos === 128)) noteError(device, new Error('command subscription refused by the broker'));
        });
      // what it runs (an FCS's firmware versions), said at each connect
      const hello = model.hello?.();
      if (hello) client.publish(ackTopic, JSON.stringify(hello), { qos: 1 }, (error) => error && noteError(device, error));
      flush(device, 1);
    });
    client.on('message', (topic, payload) => {
      if (!model.onCommand || !topic.startsWith(commandPrefix)) return;
      stats.commands++;
      let reply: ReturnType<NonNullable<DeviceModel['onCommand']>> = null;
      try {
        reply = model.onCommand(topic.slice(commandPrefix.length), payload, Date.now(), (message) =>
          client.publish(ackTopic, JSON.stringify(message), { qos: 1 }, (error) => {
            if (error) noteError(device, error);
            else stats.replies++;
          }),
        );
      } catch (error) {
        noteError(device, error as Error);
      }
      if (!reply) return;
      client.publish(ackTopic, JSON.stringify(reply), { qos: 1 }, (error) => {
        if (error) noteError(device, error);
        else stats.replies++;
      });
    });
    client.on('close', () => {
      if (device.online) stats.connected--;
      device.online = false;
      scheduleReconnect(device);
    });
    client.on('error', (error) => noteError(device, error));
    return device;
  });

  for (const device of devices) {
    device.timer = setTimeout(() => {
      device.timer = undefined;
      if (!stopping) device.client.connect();
    }, Math.random() * spread);
  }

  const tickMs = Math.max(50, Math.min(1000, intervalMs / 20));
  const ticker = setInterval(() => {
    const t = Date.now();
    let pending = 0;
    for (const device of devices) {
      if (device.nextDue <= t) {
        enqueue(device, [device.model.step(new Date(t))]);
        publishReport(device, t);
        device.nextDue += intervalMs;
        // After a stall (a paused process) skip the missed slots rather than bursting through them.
        if (device.nextDue <= t) device.nextDue = t + intervalMs;
        flush(device, batch);
      }
      pending += device.backlog.length;
    }
    stats.pending = pending;
  }, tickMs);

  return {
    stats: () => ({ ...stats }),
    async stop() {
      if (stopping) return;
      stopping = true;
      clearInterval(ticker);
      await Promise.all(
        devices.map(async (device) => {
          clearTimeout(device.timer);
          if (!device.online) {
            await device.client.endAsync(true).catch(() => {});
            return;
          }
          flush(device, 1);
          // A clean disconnect suppresses the Last Will, so say offline ourselves first.
          await new Promise<void>((resolve) => {
            const timeout = setTimeout(resolve, 3000);
            device.client.publish(device.statusTopic, OFFLINE, { qos: 1, retain: true }, () => {
              clearTimeout(timeout);
              resolve();
            });
          });
          await Promise.race([device.client.endAsync(), new Promise((resolve) => setTimeout(resolve, 3000))]);
          if (device.client.connected) await device.client.endAsync(true).catch(() => {});
        }),
      );
      stats.connected = devices.filter((device) => device.online).length;
      log(`fleet: stopped ${devices.length} devices`);
    },
  };
}
