import {
  applyStrategy,
  backfill,
  fcsTargets,
  PlanBook,
  startFleet,
  type Reading as SimReading,
  type SimDeviceSpec,
  type SiteSpec,
} from '@energy/simulator';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/sql.js';
import { BsaService } from '../domains/bsa/bsa.service.js';
import { newCredentials } from '../domains/devices/credentials.js';
import type { DevicesService } from '../domains/devices/devices.service.js';
import type { TelemetryIngest } from '../domains/telemetry/ingest/ingest.js';
import { executingStrategies } from '../domains/strategy/executing.js';
import { latestOf } from '../domains/telemetry/rollups.js';
import { DEMO_DEVICE_UNITS } from './demo-devices.js';
import { seedDemoStrategies } from './demo-strategies.js';

/**
 * The demo tenants' devices, alive: on every start their credentials are issued afresh (the passwords
 * live only in this process), the history up to now is written straight into the ingest (30 days on
 * the first start, the gap since the last reading after that), and then a simulator fleet publishes
 * over MQTT to the server's own broker, like real devices. Counters continue from the stored values.
 *
 * Each demo station's FCS runs too (docs/strategies.md): it takes strategies delivered from the
 * platform, and the station's PCS and grid meter follow them through a shared PlanBook. At start the
 * strategies the platform says are executing are put back in force from when they were accepted, so the
 * history written for the gap follows them as well.
 */

const BACKFILL_DAYS = 30;
const STEP_SECONDS = 300;
const WRITE_CHUNK = 2000;
/** The demo devices the simulator runs: the demo fleets' devices and the stations' FCS (demo-stations.ts), with their units. */
const LIVE_UNITS: ReadonlyMap<string, string | undefined> = new Map([...DEMO_DEVICE_UNITS, ['FCS-01', 'bess1']]);

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
    .filter((r) => r.code.startsWith(`${r.ou_code}-`) && LIVE_UNITS.has(r.code.slice(r.ou_code.length + 1)))
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
  const stations = new BsaService(db);
  // one site per OU, placed where its first device is: a site's devices share its weather
  const sites = new Map<string, SiteSpec>();
  for (const d of devices) {
    if (!sites.has(d.ouCode))
      sites.set(d.ouCode, { key: d.ouCode, latitude: d.lat ?? 31.3, longitude: d.lng ?? 120.6, timeZone: d.timeZone });
    const { username, password, passwordHash } = await newCredentials(d.mqttUsername);
    await db.execute(
      sql`update device set mqtt_username = ${username}, mqtt_password_hash = ${passwordHash}, credentials_issued_at = now() where id = ${d.id}`,
    );
    registry.notifyChanged(d.id);
    const spec: SimDeviceSpec = {
      typeKey: d.typeKey,
      username,
      password,
      seed: d.id * 7919,
      site: sites.get(d.ouCode)!,
      ratingKw: d.ratedPowerKw ?? undefined,
      unit: LIVE_UNITS.get(d.code),
    };
    // an FCS runs the strategy version of its station (strategies of another version are refused)
    if (d.typeKey === 'bsa-fcs') spec.strategyVersion = (await stations.stationByFcs(d.id))?.strategyVersion;
    out.set(username, { spec, deviceId: d.id });
  }
  return out;
}

/** The last stored reading of each demo device: its time and the latest value of every property. */
async function lastStored(db: Db, ids: number[]) {
  const properties = await rowsOf<{ d: number; p: number; key: string }>(
    db,
    sql`select d.id as d, p.id as p, p.key from device d join data_property p on p.device_type_id = d.device_type_id
        where d.id = any(${sql.param(ids)}::int[])`,
  );
  const keyOf = new Map(properties.map((r) => [`${r.d}:${r.p}`, r.key]));
  const rows = await latestOf(
    db,
    properties.map((r) => ({ deviceId: Number(r.d), propertyId: Number(r.p) })),
  );
  const values = new Map<number, Record<string, number>>();
  let latest = 0;
  for (const r of rows) {
    const id = Number(r.d);
    values.set(id, { ...(values.get(id) ?? {}), [keyOf.get(`${r.d}:${r.p}`)!]: Number(r.value) });
    latest = Math.max(latest, Number(r.ts));
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
  if (devices.length === 0) return { devices: 0, written: 0, stop: async () => {} };
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

  // strategies: the demo's library, and what the stations execute put back in force since they were accepted
  await seedDemoStrategies(db);
  const plans = new PlanBook();
  for (const running of await executingStrategies(db)) {
    const fcs = specs.find((spec) => spec.typeKey === 'bsa-fcs' && deviceIdOf(spec) === running.fcsDeviceId);
    if (!fcs) continue;
    const applied = applyStrategy({
      plans,
      pcsUsernames: fcsTargets(fcs, specs),
      timeZone: fcs.site.timeZone,
      wire: running.body,
      meta: { strategyId: running.strategyId, revision: running.revision ?? undefined, version: running.version },
      at: running.since.getTime(),
    });
    if (!applied.ok) log.warn(`demo devices: the executing strategy ${running.strategyId} cannot run: ${applied.reason}`);
  }

  // the history: 30 days on the first start, the gap since the last reading afterwards
  const started = Date.now();
  const last = new Map<number, SimReading>();
  let chunk: { deviceId: number; ts: Date; values: Record<string, number> }[] = [];
  let written = 0;
  const from = new Date(stored.latest === null ? origin : origin + stepMs);
  for (const { spec, reading } of backfill(specs, from, new Date(now), STEP_SECONDS, {
    origin: new Date(origin),
    resume: stored.latest === null ? undefined : resumeFromDb,
    plans,
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
    plans,
    log: (msg) => log.debug(`demo fleet: ${msg}`),
  });
  return { devices: specs.length, written, stop: () => fleet.stop() };
}
