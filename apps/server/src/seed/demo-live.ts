import {
  applyStrategy,
  backfill,
  fcsTargets,
  PlanBook,
  startFleet,
  type Reading as SimReading,
  type SimDeviceSpec,
  type SiteSpec,
  type StringFault,
} from '@energy/simulator';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/sql.js';
import { BsaService } from '../domains/bsa/bsa.service.js';
import { newCredentials } from '../domains/devices/credentials.js';
import type { DevicesService } from '../domains/devices/devices.service.js';
import type { HistoryFill } from '../domains/telemetry/history-fill.js';
import type { HistoryReading } from '../domains/telemetry/ingest/history.js';
import type { TelemetryIngest } from '../domains/telemetry/ingest/ingest.js';
import { acknowledgedConfigs } from '../domains/bsa/bsa-config-content.js';
import { executingStrategies } from '../domains/strategy/executing.js';
import { latestOf } from '../domains/telemetry/rollups.js';
import { DEMO_DEVICE_UNITS } from './demo-devices.js';
import { demoStringFault, settleDemoPvReadings } from './demo-pv.js';
import {
  DEMO_INVERTER_UNITS,
  demoInverterSpecs,
  inverterHistoryValues,
  midnightBeforeSeed,
  type InverterSpec,
} from './demo-pv-inverters.js';
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
/**
 * The demo devices the simulator runs: the demo fleets' devices, the stations' FCS (demo-stations.ts), the
 * PV stations' generation meters and weather stations (demo-pv.ts) and the monitored stations' inverters
 * beyond the fleet's INV-01 (demo-pv-inverters.ts), with their units.
 */
const LIVE_UNITS: ReadonlyMap<string, string | undefined> = new Map([
  ...DEMO_DEVICE_UNITS,
  ['FCS-01', 'bess1'],
  ['PVM-01', undefined],
  ...DEMO_INVERTER_UNITS,
]);

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
  tenantId: string;
  createdAt: Date;
}

export interface DemoLive {
  /** Demo devices running. */
  devices: number;
  /** Readings written as history at this start. */
  written: number;
  /** The demo PV stations' meter readings settled up to yesterday once the history is written: the station-days settled (0 after an error, logged). */
  readingsSettled: Promise<number>;
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
    tenant_id: string;
    created_at: Date | string;
  }>(
    db,
    sql`select d.id, d.code, o.code as ou_code, t.key as type_key, d.rated_power_kw, d.lng, d.lat, tn.time_zone, d.mqtt_username,
               d.tenant_id, d.created_at
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
      tenantId: r.tenant_id,
      createdAt: new Date(r.created_at),
    }));
}

/**
 * A demo string's fault (demo-pv.ts) as the simulator runs it: a dead string's date counts from the day its
 * device was made (the first start), so every later start, its history and its live run agree.
 */
function stringFaultOf(d: DemoDevice): StringFault | undefined {
  if (d.typeKey !== 'pv-string') return undefined;
  const fault = demoStringFault(d.ouCode, d.code);
  if (!fault) return undefined;
  if (fault.kind === 'weak') return fault;
  return { kind: 'dead', since: midnightBeforeSeed(d.timeZone, d.createdAt, fault.daysBeforeSeed) + (11 * 60 + 40) * 60_000 };
}

/**
 * What a demo FCS runs (docs/bsa.md, "Second edition and firmware"): the version it reported last, as a real
 * FCS keeps its firmware across restarts; at the first start Wuxi's older FCS-H1 runs 2.2.0, the others
 * 2.3.1 on FCS-H2. Wuxi's FCS sits behind a flaky link that corrupts its downloads (a fault to show): an
 * update to it fails with 'checksum mismatch'.
 */
async function demoFirmware(db: Db, deviceId: number, ouCode: string): Promise<SimDeviceSpec['firmware']> {
  // a demo device's code comes without its OU's prefix (FCS-01 of WX-01): the site is its OU
  const wuxi = ouCode === 'WX-01';
  const [stored] = await rowsOf<{ software_version: string | null; hardware_version: string | null }>(
    db,
    sql`select software_version, hardware_version from bsa_fcs_version where device_id = ${deviceId}`,
  );
  return {
    softwareVersion: stored?.software_version ?? (wuxi ? '2.2.0' : '2.3.1'),
    hardwareVersion: stored?.hardware_version ?? (wuxi ? 'FCS-H1' : 'FCS-H2'),
    corruptDownloads: wuxi,
  };
}

/**
 * A PCS that trips now and then while the demo runs (docs/bsa.md, "Remote control"): Suzhou's, 20 minutes
 * every 6 hours from an hour after start (the history before start is left as it was). Meanwhile it reports
 * status 3 and 0 kW and refuses a remote start or set power with the reason.
 */
function livePcsFault(code: string, start: number): SimDeviceSpec['pcsFault'] {
  if (code !== 'SZ-01-PCS-01') return undefined;
  const from = start + 3_600_000;
  return { from, to: from + 20 * 60_000, periodMs: 6 * 3_600_000, reason: 'insulation resistance low' };
}

/** New credentials for each demo device (its username kept); returns the specs the simulator runs. */
async function issueCredentials(
  db: Db,
  registry: DevicesService,
  devices: DemoDevice[],
  inverters: Map<number, InverterSpec>,
): Promise<Map<string, { spec: SimDeviceSpec; deviceId: number }>> {
  const out = new Map<string, { spec: SimDeviceSpec; deviceId: number }>();
  const stations = new BsaService(db);
  const started = Date.now();
  // one site per OU, placed where its first device is: a site's devices share its weather
  const sites = new Map<string, SiteSpec>();
  // the hashes in parallel (scrypt runs on libuv's thread pool), the updates one by one
  const credentials = await Promise.all(devices.map((d) => newCredentials(d.mqttUsername)));
  for (const [i, d] of devices.entries()) {
    if (!sites.has(d.ouCode))
      sites.set(d.ouCode, { key: d.ouCode, latitude: d.lat ?? 31.3, longitude: d.lng ?? 120.6, timeZone: d.timeZone });
    const { username, password, passwordHash } = credentials[i]!;
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
      stringFault: stringFaultOf(d),
      pcsFault: livePcsFault(d.code, started),
      // a PV station's inverter: its strings in all, its fault, whether it feeds the station's own connection
      ...inverters.get(d.id),
    };
    // an FCS runs the strategy version of its station (strategies of another version are refused)
    if (d.typeKey === 'bsa-fcs') {
      spec.strategyVersion = (await stations.stationByFcs(d.id))?.strategyVersion;
      spec.firmware = await demoFirmware(db, d.id, d.ouCode);
    }
    // the demo's container fault (docs/bsa.md "Monitoring (issue 22)"): Wuxi's dehumidifier has failed
    if (d.ouCode === 'WX-01' && d.code === 'FCS-01') spec.containerFault = 'humidity';
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

/** A stored alarm as a span of history: from when its condition had to hold until it recovered (or now). */
interface AlarmWindow {
  key: string;
  above: boolean;
  value: number;
  from: number;
  to: number;
}

/**
 * The rule alarms stored since `from` (on a first start: the demo's seeded past and active alarms,
 * seed/demo-alarms.ts) as windows of their device's history: the rule's duration before the alarm time
 * until its recovery. The simulator does not know them, so without this its history contradicts them
 * (a chart at 24 °C under a '29.1 °C > 28 °C' alarm).
 */
async function alarmWindows(db: Db, from: Date): Promise<Map<number, AlarmWindow[]>> {
  const rows = await rowsOf<{
    device_id: number;
    property_key: string;
    condition: string;
    trigger_value: number;
    alarm_time: Date | string;
    recover_time: Date | string | null;
    duration_seconds: number | null;
  }>(
    db,
    sql`select a.device_id, a.property_key, a.condition, a.trigger_value, a.alarm_time, a.recover_time, r.duration_seconds
        from alarm_log a left join alarm_rule r on r.id = a.rule_id
        where a.source = 'rule' and a.device_id is not null and a.trigger_value is not null and a.property_key is not null
          and a.alarm_time >= ${from.toISOString()}::timestamptz`,
  );
  const out = new Map<number, AlarmWindow[]>();
  for (const r of rows) {
    const at = new Date(r.alarm_time).getTime();
    const window: AlarmWindow = {
      key: r.property_key,
      above: r.condition === 'GT' || r.condition === 'GE',
      value: Number(r.trigger_value),
      from: at - Number(r.duration_seconds ?? 0) * 1000,
      to: r.recover_time === null ? Number.POSITIVE_INFINITY : new Date(r.recover_time).getTime(),
    };
    const id = Number(r.device_id);
    out.set(id, [...(out.get(id) ?? []), window]);
  }
  return out;
}

/** A reading inside an alarm's window reports at least (at most, for a low-limit rule) the alarm's value. */
function withFaults(values: Record<string, number>, ts: number, windows: AlarmWindow[]): Record<string, number> {
  let out = values;
  for (const w of windows) {
    if (ts < w.from || ts >= w.to || !(w.key in values)) continue;
    const v = values[w.key]!;
    const faulty = w.above ? Math.max(v, w.value) : Math.min(v, w.value);
    if (faulty !== v) out = { ...out, [w.key]: faulty };
  }
  return out;
}

interface DemoOptions {
  db: Db;
  registry: DevicesService;
  log: FastifyBaseLogger;
  /** History written on the first start (default 30 days). */
  backfillDays?: number;
}

/** The demo devices ready to run: their specs, the strategies in force, and the history they lack. */
export interface DemoHistory {
  specs: SimDeviceSpec[];
  deviceIdOf: (spec: SimDeviceSpec) => number;
  plans: PlanBook;
  /** The tenants whose devices get history (for the notice of pages that chart it). */
  tenantIds: string[];
  /** The first reading time written, and how many readings the history holds. */
  from: Date;
  expected: number;
  /** The readings, time by time (each device at t, then at t + step); remembers each device's last. */
  readings(): Generator<HistoryReading>;
  /** Where a live device continues: its last history reading, else its latest stored values. */
  resume(spec: SimDeviceSpec): Record<string, number> | undefined;
}

/**
 * Issues the demo devices' credentials, puts the executing strategies back in force, and says what
 * history is missing: 30 days on the first start, the gap since the last reading afterwards. Null
 * without demo devices.
 */
export async function prepareDemoHistory(opts: DemoOptions): Promise<DemoHistory | null> {
  const { db, log } = opts;
  const devices = await demoDevices(db);
  if (devices.length === 0) return null;
  const inverters = await demoInverterSpecs(
    db,
    devices.filter((d) => d.typeKey === 'pv-inverter').map((d) => d.id),
  );
  const byUsername = await issueCredentials(db, opts.registry, devices, inverters);
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
  // battery configurations (docs/bsa.md): each FCS starts with the one its station acknowledged last
  for (const [fcsDeviceId, config] of await acknowledgedConfigs(db)) {
    const fcs = specs.find((spec) => spec.typeKey === 'bsa-fcs' && deviceIdOf(spec) === fcsDeviceId);
    if (fcs) fcs.batteryConfig = config;
  }

  const from = new Date(stored.latest === null ? origin : origin + stepMs);
  // the first history shows the demo's seeded alarms: their readings hold the condition that raised them
  const faults = stored.latest === null ? await alarmWindows(db, from) : new Map<number, AlarmWindow[]>();
  const last = new Map<number, SimReading>();
  // the grid times in [from, now], for every device
  const times = Math.max(0, Math.floor(now / stepMs) - Math.ceil(from.getTime() / stepMs) + 1);
  return {
    specs,
    deviceIdOf,
    plans,
    tenantIds: [...new Set(devices.map((d) => d.tenantId))],
    from,
    expected: times * specs.length,
    *readings() {
      for (const { spec, reading } of backfill(specs, from, new Date(now), STEP_SECONDS, {
        origin: new Date(origin),
        resume: stored.latest === null ? undefined : resumeFromDb,
        plans,
      })) {
        const deviceId = deviceIdOf(spec);
        const windows = faults.get(deviceId);
        // a station's inverters beyond the fleet's INV-01 keep fewer properties in their history
        const kept = spec.feedsStation ? inverterHistoryValues(reading.values) : reading.values;
        const values = windows ? withFaults(kept, reading.ts, windows) : kept;
        last.set(deviceId, values === reading.values ? reading : { ...reading, values });
        yield { deviceId, ts: new Date(reading.ts), values };
      }
    },
    resume: (spec) => last.get(deviceIdOf(spec))?.values ?? resumeFromDb(spec),
  };
}

/**
 * Brings the demo devices to life. Resolves once the history is written and the fleet is connecting;
 * errors are logged, never fatal: the platform runs without its demo traffic. The history goes through
 * the ingest's bulk path (writeHistory: slices that leave the database to requests in between), and
 * `historyFill` tells the demo tenants' pages how far it is.
 */
export async function startDemoLive(
  opts: DemoOptions & {
    ingest: TelemetryIngest;
    mqttUrl: string;
    topicPrefix: string;
    intervalMs?: number;
    historyFill?: HistoryFill;
  },
): Promise<DemoLive> {
  const { ingest, log } = opts;
  const demo = await prepareDemoHistory(opts);
  if (!demo) return { devices: 0, written: 0, readingsSettled: Promise.resolve(0), stop: async () => {} };

  // the history: 30 days on the first start, the gap since the last reading afterwards
  const started = Date.now();
  let written = 0;
  if (demo.expected > 0) {
    opts.historyFill?.start(demo.tenantIds, demo.expected);
    try {
      const result = await ingest.writeHistory(demo.readings(), { onProgress: (n) => opts.historyFill?.advance(n) });
      written = result.accepted;
      log.info(
        `demo devices: ${written} values written from ${demo.from.toISOString()} in ${((Date.now() - started) / 1000).toFixed(1)} s (${result.slices} slices)`,
      );
    } finally {
      opts.historyFill?.finish();
    }
  }

  // live: counters and state of charge continue from the last reading of each device
  const fleet = await startFleet({
    mqttUrl: opts.mqttUrl,
    devices: demo.specs,
    intervalMs: opts.intervalMs ?? 5000,
    topicPrefix: opts.topicPrefix,
    resume: (spec) => demo.resume(spec),
    plans: demo.plans,
    log: (msg) => log.debug(`demo fleet: ${msg}`),
  });
  // the PV stations' settlement readings of the days the history holds (docs/pv.md), while the fleet runs
  const settling = Date.now();
  const readingsSettled = settleDemoPvReadings(opts.db, demo.from).then(
    (days) => {
      if (days)
        log.info(`demo PV stations: ${days} station-days of meter readings settled in ${((Date.now() - settling) / 1000).toFixed(1)} s`);
      return days;
    },
    (err: unknown) => {
      log.error({ err }, 'demo PV stations: their meter readings could not be settled');
      return 0;
    },
  );
  return {
    devices: demo.specs.length,
    written,
    readingsSettled,
    stop: async () => {
      await readingsSettled;
      await fleet.stop();
    },
  };
}
