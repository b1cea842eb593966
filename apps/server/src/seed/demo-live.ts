import { backfill, startFleet, type Fleet, type Reading as SimReading, type SimDeviceSpec } from '@energy/simulator';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/sql.js';
import { hashDevicePassword, newDevicePassword, newDeviceUsername } from '../domains/devices/credentials.js';
import type { DevicesService } from '../domains/devices/devices.service.js';
import type { TelemetryIngest } from '../domains/telemetry/ingest/ingest.js';
import { DEMO_DEVICE_CODES } from './demo-devices.js';

/**
 * The demo tenants' devices, alive: on every start their credentials are issued afresh (the passwords
 * live only in this process), the history up to now is written straight into the ingest (30 days on
 * the first start, the gap since the last reading after that), and then a simulator fleet publishes
 * over MQTT to the server's own broker, like real devices. Counters continue from the stored values.
 */

export const BACKFILL_DAYS = 30;
const STEP_SECONDS = 300;
const WRITE_CHUNK = 2000;
/** Which demo devices belong together (an inverter and its strings, a PCS and its racks). */
const UNIT_OF: Record<string, string> = { 'INV-01': 'inv1', 'PCS-01': 'bess1', 'RACK-01': 'bess1', 'RACK-02': 'bess1' };
const unitOf = (code: string) => UNIT_OF[code] ?? (code.startsWith('INV-01-') ? 'inv1' : undefined);

interface DemoDevice {
  id: number;
  code: string;
  ouCode: string;
  typeKey: string;
  ratedPowerKw: number | null;
  lng: number | null;
  lat: number | null;
  timeZone: string;
  mqttUsername: string | null;
}

export interface DemoLive {
  fleet: Fleet | null;
  /** Demo devices running. */
  devices: number;
  /** Readings written as history at this start. */
  written: number;
  stop(): Promise<void>;
}

async function demoDevices(db: Db): Promise<DemoDevice[]> {
  const rows = await rowsOf<{
    id: number;
    code: string;
    ou_code: string;
    type_key: string;
    rated_power_kw: number | null;
    lng: number | null;
    lat: number | null;
    time_zone: string;
    mqtt_username: string | null;
  }>(
    db,
    sql`select d.id, d.code, o.code as ou_code, t.key as type_key, d.rated_power_kw, d.lng, d.lat, tn.time_zone, d.mqtt_username
        from device d
        join ou o on o.id = d.ou_id
        join device_type t on t.id = d.device_type_id
        join tenant tn on tn.id = d.tenant_id
        order by d.id`,
  );
  return rows
    .filter((r) => r.code.startsWith(`${r.ou_code}-`) && DEMO_DEVICE_CODES.includes(r.code.slice(r.ou_code.length + 1)))
    .map((r) => ({
      id: Number(r.id),
      code: r.code.slice(r.ou_code.length + 1),
      ouCode: r.ou_code,
      typeKey: r.type_key,
      ratedPowerKw: r.rated_power_kw === null ? null : Number(r.rated_power_kw),
      lng: r.lng === null ? null : Number(r.lng),
      lat: r.lat === null ? null : Number(r.lat),
      timeZone: r.time_zone,
      mqttUsername: r.mqtt_username,
    }));
}

/** New credentials for each demo device (its username kept); returns the specs the simulator runs. */
async function issueCredentials(
  db: Db,
  registry: DevicesService,
  devices: DemoDevice[],
): Promise<Map<string, { spec: SimDeviceSpec; deviceId: number }>> {
  const out = new Map<string, { spec: SimDeviceSpec; deviceId: number }>();
  for (const d of devices) {
    const username = d.mqttUsername ?? newDeviceUsername();
    const password = newDevicePassword();
    await db.execute(
      sql`update device set mqtt_username = ${username}, mqtt_password_hash = ${await hashDevicePassword(password)},
          credentials_issued_at = now() where id = ${d.id}`,
    );
    registry.notifyChanged(d.id);
    const spec: SimDeviceSpec = {
      typeKey: d.typeKey,
      username,
      password,
      seed: d.id * 7919,
      site: { key: d.ouCode, latitude: d.lat ?? 31.3, longitude: d.lng ?? 120.6, timeZone: d.timeZone },
      ratingKw: d.ratedPowerKw ?? undefined,
      unit: unitOf(d.code),
    };
    out.set(username, { spec, deviceId: d.id });
  }
  return out;
}

/** The last stored reading of each demo device: its time and the latest value of every property. */
async function lastStored(db: Db, ids: number[]) {
  const rows = await rowsOf<{ device_id: number; key: string; value: number; ts: Date | string }>(
    db,
    sql`select distinct on (r.device_id, r.property_id) r.device_id, p.key, r.value, r.ts
        from telemetry_raw r join data_property p on p.id = r.property_id
        where r.device_id = any(${`{${ids.join(',')}}`}::int[])
        order by r.device_id, r.property_id, r.ts desc`,
  );
  const values = new Map<number, Record<string, number>>();
  let latest = 0;
  for (const r of rows) {
    const id = Number(r.device_id);
    values.set(id, { ...(values.get(id) ?? {}), [r.key]: Number(r.value) });
    latest = Math.max(latest, new Date(r.ts).getTime());
  }
  return { latest: latest || null, values };
}

/**
 * Brings the demo devices to life. Resolves once the history is written and the fleet is connecting;
 * errors are logged, never fatal: the platform runs without its demo traffic.
 */
export async function startDemoLive(opts: {
  db: Db;
  ingest: TelemetryIngest;
  registry: DevicesService;
  mqttUrl: string;
  topicPrefix: string;
  log: FastifyBaseLogger;
  /** History written on the first start (default 30 days). */
  backfillDays?: number;
  intervalMs?: number;
}): Promise<DemoLive> {
  const { db, ingest, log } = opts;
  const devices = await demoDevices(db);
  if (devices.length === 0) return { fleet: null, devices: 0, written: 0, stop: async () => {} };
  const byUsername = await issueCredentials(db, opts.registry, devices);
  const specs = [...byUsername.values()].map((v) => v.spec);
  const deviceIdOf = (spec: SimDeviceSpec) => byUsername.get(spec.username)!.deviceId;

  const stepMs = STEP_SECONDS * 1000;
  const now = Date.now();
  const earliest = Math.floor((now - (opts.backfillDays ?? BACKFILL_DAYS) * 86_400_000) / stepMs) * stepMs;
  const stored = await lastStored(
    db,
    devices.map((d) => d.id),
  );
  const origin = stored.latest === null ? earliest : Math.max(stored.latest, earliest);
  const resumeFromDb = (spec: SimDeviceSpec) => stored.values.get(deviceIdOf(spec));

  // the history: 30 days on the first start, the gap since the last reading afterwards
  const started = Date.now();
  const last = new Map<number, SimReading>();
  let chunk: { deviceId: number; ts: Date; values: Record<string, number> }[] = [];
  let written = 0;
  const from = new Date(stored.latest === null ? origin : origin + stepMs);
  for (const { spec, reading } of backfill(specs, from, new Date(now), STEP_SECONDS, {
    origin: new Date(origin),
    resume: stored.latest === null ? undefined : resumeFromDb,
  })) {
    const deviceId = deviceIdOf(spec);
    last.set(deviceId, reading);
    chunk.push({ deviceId, ts: new Date(reading.ts), values: reading.values });
    if (chunk.length >= WRITE_CHUNK) {
      written += (await ingest.writeReadings(chunk)).accepted;
      chunk = [];
    }
  }
  if (chunk.length > 0) written += (await ingest.writeReadings(chunk)).accepted;
  if (written > 0) {
    log.info(`demo devices: ${written} values written from ${from.toISOString()} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }

  // live: counters and state of charge continue from the last reading of each device
  const fleet = await startFleet({
    mqttUrl: opts.mqttUrl,
    devices: specs,
    intervalMs: opts.intervalMs ?? 5000,
    topicPrefix: opts.topicPrefix,
    resume: (spec) => last.get(deviceIdOf(spec))?.values ?? resumeFromDb(spec),
    log: (msg) => log.debug(`demo fleet: ${msg}`),
  });
  return { fleet, devices: specs.length, written, stop: () => fleet.stop() };
}
