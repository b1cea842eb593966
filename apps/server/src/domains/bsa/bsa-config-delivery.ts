import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/sql.js';
import { device } from '../devices/devices.schema.js';
import type { DeviceEntry } from '../telemetry/ingest/directory.js';
import { FcsAnswerListener } from '../telemetry/ingest/answer-timers.js';
import type { ConfigContent } from './bsa-config-content.js';
import { bsaConfigPublish, bsaConfigVersion, bsaStationDevice, type BatteryLevel } from './bsa.schema.js';

/** The command name: the FCS gets it on `devices/{username}/commands/bsa-config`. */
export const CONFIG_COMMAND = 'bsa-config';

/** What the FCS gets (docs/bsa.md, "Configuration to the edge"). */
export interface ConfigCommandPayload extends ConfigContent {
  publishId: number;
  version: number;
  checksum: string;
  sentAt: string;
}

type Ranges = Map<string, { min: number; max: number }>;
interface AcceptedConfig {
  publishId: number;
  version: number;
  /** The points of each unit's template: key → range. */
  pointsOf: Map<number, Ranges>;
}

const LEVEL_TABLE = { rack: 'bsa_rack', pack: 'bsa_pack' } as const;

/**
 * Publishing configurations to the stations' FCS over the ingest's MQTT broker, on the owner connection
 * (answers, timeouts and battery reports belong to no request). An ingest listener like the strategy
 * delivery (docs/strategies.md), with the same answer timeout:
 * - `send(id)`: once the request that logged the publish committed, publishes the command and arms the
 *   timeout; a command that cannot be sent times out at once with the reason.
 * - `ack`: `{publishId, accepted, reason?}` from the publish's own FCS settles it (acknowledged or
 *   refused with the reason), also after a timeout (the FCS did load what it acknowledged).
 * - `battery`: `{version, rack?, pack?, cell?: {keys, rows: [[unitId, ...values]]}}` on
 *   `devices/{username}/battery`, from the FCS of a station whose acknowledged version it names: the
 *   latest values of its racks, packs (by point key) and cells (voltage, temperature, soc). Values
 *   outside the point's range or of units of another station are left out.
 */
export class BsaConfigDelivery extends FcsAnswerListener {
  private readonly accepted = new Map<number, AcceptedConfig>();

  constructor(
    private readonly db: Db,
    timeoutMs: number,
  ) {
    super(timeoutMs, 'configuration publish', 'publishId');
  }

  protected pending() {
    return this.db.select().from(bsaConfigPublish).where(eq(bsaConfigPublish.status, 'pending'));
  }

  /** Publishes a logged publish to its FCS (called once the request that logged it has committed). */
  async send(id: number): Promise<void> {
    const [row] = await this.db
      .select({
        p: bsaConfigPublish,
        content: bsaConfigVersion.content,
        checksum: bsaConfigVersion.checksum,
        username: device.mqttUsername,
      })
      .from(bsaConfigPublish)
      .innerJoin(bsaConfigVersion, eq(bsaConfigVersion.id, bsaConfigPublish.configVersionId))
      .leftJoin(device, eq(device.id, bsaConfigPublish.fcsDeviceId))
      .where(and(eq(bsaConfigPublish.id, id), eq(bsaConfigPublish.status, 'pending')));
    if (!row) return; // the request rolled back, or it is settled already
    const payload: ConfigCommandPayload = {
      ...(row.content as ConfigContent),
      publishId: row.p.id,
      version: row.p.version,
      checksum: row.checksum,
      sentAt: new Date().toISOString(),
    };
    this.timers.arm(row.p.id, row.p.requestedAt.getTime());
    try {
      if (!row.username) throw new Error('the FCS has no MQTT credentials');
      if (!this.commands) throw new Error('MQTT is off');
      await this.commands.publishCommand(row.username, CONFIG_COMMAND, Buffer.from(JSON.stringify(payload)));
    } catch (error) {
      this.timers.disarm(row.p.id);
      await this.expire(row.p.id, `not sent: ${(error as Error).message}`);
    }
  }

  async ack(entry: DeviceEntry, payload: Buffer): Promise<void> {
    let answer: { publishId?: unknown; accepted?: unknown; reason?: unknown };
    try {
      answer = JSON.parse(payload.toString('utf8'));
    } catch {
      return; // the strategy delivery logs it
    }
    const id = answer?.publishId;
    if (id === undefined) return; // an answer to another command (a strategy delivery)
    if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0 || id > 2_147_483_647 || typeof answer.accepted !== 'boolean') {
      this.log.warn({ deviceId: entry.id }, 'configuration publish: an answer without publishId and accepted ignored');
      return;
    }
    const accepted = answer.accepted;
    const reason = typeof answer.reason === 'string' ? answer.reason.replace(/\u0000/g, '').slice(0, 500) : null;
    await this.db.transaction(async (tx) => {
      const [p] = await tx.select().from(bsaConfigPublish).where(eq(bsaConfigPublish.id, id)).for('update');
      // only the publish's own FCS answers it, and only once
      if (!p || p.fcsDeviceId !== entry.id || p.status === 'acknowledged' || p.status === 'refused') return;
      const late = p.status === 'timeout';
      await tx
        .update(bsaConfigPublish)
        .set({
          status: accepted ? 'acknowledged' : 'refused',
          answeredAt: new Date(),
          reason: accepted ? (late ? 'acknowledged after the timeout' : null) : (reason ?? 'refused by the FCS'),
        })
        .where(eq(bsaConfigPublish.id, p.id));
    });
    this.timers.disarm(id);
  }

  protected async expire(id: number, reason: string) {
    await this.db
      .update(bsaConfigPublish)
      .set({ status: 'timeout', reason })
      .where(and(eq(bsaConfigPublish.id, id), eq(bsaConfigPublish.status, 'pending')));
  }

  // --- battery reports

  /** The configuration the station of this FCS acknowledged last, with each template's point ranges (cached by publish). */
  private async acceptedConfig(fcsDeviceId: number): Promise<{ stationId: number; config: AcceptedConfig } | null> {
    const [row] = await this.db
      .select({
        stationId: bsaConfigPublish.stationId,
        publishId: bsaConfigPublish.id,
        version: bsaConfigPublish.version,
        versionId: bsaConfigPublish.configVersionId,
      })
      .from(bsaConfigPublish)
      .innerJoin(bsaStationDevice, and(eq(bsaStationDevice.stationId, bsaConfigPublish.stationId), eq(bsaStationDevice.role, 'fcs')))
      .where(and(eq(bsaStationDevice.deviceId, fcsDeviceId), eq(bsaConfigPublish.status, 'acknowledged')))
      .orderBy(desc(bsaConfigPublish.id))
      .limit(1);
    if (!row) return null;
    let config = this.accepted.get(row.stationId);
    if (config?.publishId !== row.publishId) {
      const [version] = await this.db
        .select({ content: bsaConfigVersion.content })
        .from(bsaConfigVersion)
        .where(eq(bsaConfigVersion.id, row.versionId));
      const content = version!.content as ConfigContent;
      const pointsOf = new Map<number, Ranges>(
        content.templates.map((t) => [t.id, new Map(t.points.map((p) => [p.key, { min: p.min, max: p.max }]))]),
      );
      config = { publishId: row.publishId, version: row.version, pointsOf };
      this.accepted.set(row.stationId, config);
    }
    return { stationId: row.stationId, config };
  }

  /** Battery data from an FCS: `{version, rack?, pack?, cell?}`; stored before the PUBACK. */
  async battery(entry: DeviceEntry, payload: Buffer): Promise<void> {
    let report: { version?: unknown } & Partial<Record<BatteryLevel, { keys?: unknown; rows?: unknown }>>;
    try {
      report = JSON.parse(payload.toString('utf8'));
    } catch {
      this.log.warn({ deviceId: entry.id }, 'battery report: not JSON, ignored');
      return;
    }
    const found = await this.acceptedConfig(entry.id);
    if (!found || report?.version !== found.config.version) {
      this.log.warn(
        { deviceId: entry.id, version: report?.version },
        'battery report: not of the configuration the station acknowledged last, ignored',
      );
      return;
    }
    const { stationId, config } = found;
    for (const level of ['rack', 'pack', 'cell'] as const) {
      const part = report[level];
      if (!part || !Array.isArray(part.keys) || !Array.isArray(part.rows)) continue;
      const keys = part.keys.map((k) => (typeof k === 'string' ? k : ''));
      // [unitId, {key: value}] with the values inside the point's range; the template is checked in SQL
      const units: [number, Record<string, number>][] = [];
      for (const row of part.rows.slice(0, 100_000)) {
        if (!Array.isArray(row) || !Number.isInteger(row[0])) continue;
        const values: Record<string, number> = {};
        keys.forEach((key, i) => {
          const v = row[i + 1];
          if (key && typeof v === 'number' && Number.isFinite(v)) values[key] = v;
        });
        units.push([row[0] as number, values]);
      }
      if (units.length) await this.store(stationId, level, config, units);
    }
  }

  private async store(stationId: number, level: BatteryLevel, config: AcceptedConfig, units: [number, Record<string, number>][]) {
    // the unit's template is looked up to keep only its points and their plausible values
    const table = level === 'cell' ? 'bsa_cell' : LEVEL_TABLE[level];
    const templates = await rowsOf<{ id: number; template_id: number | null }>(
      this.db,
      sql`select id, template_id from ${sql.raw(table)} where station_id = ${stationId} and id = any(${sql.param(units.map((u) => u[0]))}::int[])`,
    );
    const templateOf = new Map(templates.map((r) => [r.id, r.template_id]));
    const rows: [number, Record<string, number>][] = [];
    for (const [id, values] of units) {
      if (!templateOf.has(id)) continue; // not a unit of this station
      const ranges = config.pointsOf.get(templateOf.get(id) ?? -1);
      if (!ranges) continue;
      const kept: Record<string, number> = {};
      for (const [key, v] of Object.entries(values)) {
        const r = ranges.get(key);
        if (r && v >= r.min && v <= r.max) kept[key] = v;
      }
      if (Object.keys(kept).length) rows.push([id, kept]);
    }
    if (!rows.length) return;
    const json = JSON.stringify(rows);
    if (level === 'cell') {
      await this.db.execute(sql`update bsa_cell c
        set voltage_v = coalesce((u.e->1->>'voltage')::float8, c.voltage_v),
            temperature_c = coalesce((u.e->1->>'temperature')::float8, c.temperature_c),
            soc_pct = coalesce((u.e->1->>'soc')::float8, c.soc_pct),
            reported_at = now()
        from jsonb_array_elements(${json}::jsonb) as u(e)
        where c.id = (u.e->>0)::int and c.station_id = ${stationId}`);
    } else {
      await this.db.execute(sql`update ${sql.raw(table)} t
        set latest = coalesce(t.latest, '{}'::jsonb) || (u.e->1), reported_at = now()
        from jsonb_array_elements(${json}::jsonb) as u(e)
        where t.id = (u.e->>0)::int and t.station_id = ${stationId}`);
    }
  }
}
