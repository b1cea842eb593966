import type { alarm } from '@energy/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/sql.js';

/** An enabled rule as the evaluator holds it, with what an alarm copies from it. */
export interface RuleEntry {
  id: number;
  tenantId: string;
  name: string;
  deviceTypeName: string;
  propertyId: number;
  propertyKey: string;
  propertyName: string;
  unit: string;
  condition: alarm.AlarmCondition;
  threshold: number;
  durationSeconds: number;
  level: number;
  ouId: number | null;
  /** null: every device of the type in the rule's OU scope. */
  deviceIds: Set<number> | null;
}

export interface DeviceInfo {
  id: number;
  tenantId: string;
  code: string;
  name: string;
  ouId: number;
  typeName: string;
  isGateway: boolean;
}

const RULES_TTL_MS = 60_000;
const DEVICES_TTL_MS = 60_000;

/** What an alarm copies from a device, for the rows `where` picks (the evaluator's cache and the data-delay check). */
export async function selectDevices(db: Db, where: SQL): Promise<DeviceInfo[]> {
  const rows = await rowsOf<{
    id: number;
    tenant_id: string;
    code: string;
    name: string;
    ou_id: number;
    type_name: string;
    is_gateway: boolean;
  }>(
    db,
    sql`select d.id, d.tenant_id, d.code, d.name, d.ou_id, t.name as type_name, t.is_gateway
        from device d join device_type t on t.id = d.device_type_id where ${where} order by d.id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    tenantId: r.tenant_id,
    code: r.code,
    name: r.name,
    ouId: Number(r.ou_id),
    typeName: r.type_name,
    isGateway: r.is_gateway,
  }));
}

/**
 * The enabled rules indexed by property (a property belongs to one device type of one tenant), re-read
 * after a change and at least every minute; and the devices readings come from, cached for a minute and
 * dropped when the registry changes one.
 */
export class RuleIndex {
  private byProperty = new Map<number, RuleEntry[]>();
  /** When the rules were read; 0: re-read them before the next use. */
  private rulesAt = 0;
  private devices = new Map<number, { info: DeviceInfo | null; at: number }>();

  constructor(private readonly db: Db) {}

  /** Re-read the rules before the next evaluation. */
  invalidate() {
    this.rulesAt = 0;
  }

  rulesOf(propertyId: number): RuleEntry[] | undefined {
    return this.byProperty.get(propertyId);
  }

  /** A device changed (OU, name, type) or was deleted. */
  deviceChanged(deviceId: number) {
    this.devices.delete(deviceId);
  }

  /** Reads the rules when stale; answers the ids of the enabled rules when it did, else null. */
  async load(): Promise<Set<number> | null> {
    if (Date.now() - this.rulesAt < RULES_TTL_MS) return null;
    this.rulesAt = Date.now();
    const entries = await ruleEntries(this.db, sql`r.enabled`);
    const byProperty = new Map<number, RuleEntry[]>();
    const live = new Set<number>();
    for (const entry of entries) {
      live.add(entry.id);
      const list = byProperty.get(entry.propertyId);
      if (list) list.push(entry);
      else byProperty.set(entry.propertyId, [entry]);
    }
    this.byProperty = byProperty;
    return live;
  }

  /** The devices (cached a minute); ids of deleted devices are left out. */
  async deviceInfos(ids: number[]): Promise<Map<number, DeviceInfo>> {
    const out = new Map<number, DeviceInfo>();
    const missing: number[] = [];
    const now = Date.now();
    for (const id of ids) {
      const hit = this.devices.get(id);
      if (hit && now - hit.at < DEVICES_TTL_MS) {
        if (hit.info) out.set(id, hit.info);
      } else missing.push(id);
    }
    if (missing.length) {
      const found = new Map((await selectDevices(this.db, sql`d.id = any(${sql.param(missing)}::int[])`)).map((d) => [d.id, d]));
      for (const id of missing) {
        const info = found.get(id) ?? null;
        this.devices.set(id, { info, at: now });
        if (info) out.set(id, info);
      }
    }
    return out;
  }
}

/** Rules as the engine holds them, those matching `where` (on `alarm_rule r`), in id order; the demo's alarm history reads them too. */
export async function ruleEntries(db: Db, where: SQL): Promise<RuleEntry[]> {
  const rows = await rowsOf<{
    id: number;
    tenant_id: string;
    name: string;
    type_name: string;
    property_id: number;
    property_key: string;
    property_name: string;
    unit: string;
    condition: alarm.AlarmCondition;
    threshold: number;
    duration_seconds: number;
    level: number;
    ou_id: number | null;
    device_ids: number[];
  }>(
    db,
    sql`select r.id, r.tenant_id, r.name, t.name as type_name, r.property_id, p.key as property_key, p.name as property_name, p.unit,
               r.condition, r.threshold, r.duration_seconds, r.level, r.ou_id, r.device_ids
        from alarm_rule r join device_type t on t.id = r.device_type_id join data_property p on p.id = r.property_id
        where ${where} order by r.id`,
  );
  return rows.map((r) => {
    const ids = (r.device_ids ?? []).map(Number);
    return {
      id: Number(r.id),
      tenantId: r.tenant_id,
      name: r.name,
      deviceTypeName: r.type_name,
      propertyId: Number(r.property_id),
      propertyKey: r.property_key,
      propertyName: r.property_name,
      unit: r.unit,
      condition: r.condition,
      threshold: Number(r.threshold),
      durationSeconds: Number(r.duration_seconds),
      level: Number(r.level),
      ouId: r.ou_id === null ? null : Number(r.ou_id),
      deviceIds: ids.length ? new Set(ids) : null,
    };
  });
}
