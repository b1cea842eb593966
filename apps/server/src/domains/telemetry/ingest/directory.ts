import type { PropertyKind } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import { maxKwOf } from '../rollups.js';
import type { Db } from '../../../db/client.js';
import { rowsOf } from '../../../db/sql.js';

export interface DeviceEntry {
  id: number;
  tenantId: string;
  typeKey: string;
  username: string | null;
  passwordHash: string | null;
  /** Fastest plausible growth of its energy counters, kW. */
  maxKw: number;
  timeZone: string;
  properties: Map<string, { id: number; kind: PropertyKind }>;
}

interface Row {
  id: number;
  tenant_id: string;
  type_key: string;
  username: string | null;
  password_hash: string | null;
  rated_power_kw: number | null;
  time_zone: string;
  properties: { id: number; key: string; kind: PropertyKind }[] | string;
}

const TTL_MS = 60_000;

/**
 * Devices as the ingest sees them (identity, credentials, properties, time zone), cached for a minute
 * and dropped at once when the registry changes a device. Read on the owner connection: the ingest
 * serves every tenant, and a device is only ever found by its own authenticated username or id.
 */
export class DeviceDirectory {
  private byName = new Map<string, { entry: DeviceEntry | null; at: number }>();
  private byId = new Map<number, { entry: DeviceEntry | null; at: number }>();

  constructor(
    private readonly db: Db,
    private readonly counterMaxKw: number,
  ) {}

  async byUsername(username: string): Promise<DeviceEntry | null> {
    const hit = this.byName.get(username);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.entry;
    const [entry = null] = await this.load(sql`d.mqtt_username = ${username}`);
    this.remember(entry, username);
    return entry;
  }

  /** Devices by id (null for an unknown one); those not cached are read in one query. */
  async byDeviceIds(ids: Iterable<number>): Promise<Map<number, DeviceEntry | null>> {
    const found = new Map<number, DeviceEntry | null>();
    const missing: number[] = [];
    for (const id of new Set(ids)) {
      const hit = this.byId.get(id);
      if (hit && Date.now() - hit.at < TTL_MS) found.set(id, hit.entry);
      else missing.push(id);
    }
    if (missing.length) {
      const loaded = await this.load(sql`d.id = any(${sql.param(missing)}::int[])`);
      for (const id of missing) {
        const entry = loaded.find((e) => e.id === id) ?? null;
        this.remember(entry, undefined, id);
        found.set(id, entry);
      }
    }
    return found;
  }

  invalidate(deviceId: number) {
    this.byId.delete(deviceId);
    for (const [name, hit] of this.byName) if (hit.entry?.id === deviceId) this.byName.delete(name);
  }

  private remember(entry: DeviceEntry | null, username?: string, id?: number) {
    const at = Date.now();
    if (username !== undefined) this.byName.set(username, { entry, at });
    if (entry?.username) this.byName.set(entry.username, { entry, at });
    if (entry) this.byId.set(entry.id, { entry, at });
    else if (id !== undefined) this.byId.set(id, { entry, at });
  }

  private async load(where: ReturnType<typeof sql>): Promise<DeviceEntry[]> {
    const rows = await rowsOf<Row>(
      this.db,
      sql`select d.id, d.tenant_id, t.key as type_key, d.mqtt_username as username, d.mqtt_password_hash as password_hash,
                 d.rated_power_kw, tn.time_zone,
                 coalesce((select json_agg(json_build_object('id', p.id, 'key', p.key, 'kind', p.kind))
                           from data_property p where p.device_type_id = d.device_type_id), '[]'::json) as properties
          from device d join device_type t on t.id = d.device_type_id join tenant tn on tn.id = d.tenant_id
          where ${where}`,
    );
    return rows.map((row) => {
      const props =
        typeof row.properties === 'string' ? (JSON.parse(row.properties) as Exclude<Row['properties'], string>) : row.properties;
      return {
        id: Number(row.id),
        tenantId: row.tenant_id,
        typeKey: row.type_key,
        username: row.username,
        passwordHash: row.password_hash,
        maxKw: maxKwOf(row.rated_power_kw, this.counterMaxKw),
        timeZone: row.time_zone,
        properties: new Map(props.map((p) => [p.key, { id: Number(p.id), kind: p.kind }])),
      };
    });
  }
}
