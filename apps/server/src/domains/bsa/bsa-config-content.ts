import { createHash } from 'node:crypto';
import type { bsa } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/sql.js';
import type { BatteryLevel } from './bsa.schema.js';

/** A unit of the configuration: id (the address the FCS reports it by), code, device template, parent id. */
export type ConfigUnit = [id: number, code: string, templateId: number | null, parentId: number];

/** A configuration version's content (`bsa_config_version.content`), the body of the command without its envelope. */
export interface ConfigContent {
  bsaId: number;
  stationCode: string;
  templates: { id: number; level: BatteryLevel; name: string; pointTemplateName: string; pointVersion: number; points: bsa.DataPoint[] }[];
  units: Record<BatteryLevel, ConfigUnit[]>;
}

/**
 * The configuration the station's hierarchy and templates make now (mirror point generation, docs/bsa.md):
 * its content, checksum (sha256 of the content's JSON), units, points (Σ units x their template's points)
 * and the units that report nothing (no template).
 */
export async function buildConfig(tx: Db, tenantId: string, station: { id: number; code: string }) {
  const rows = await rowsOf<{ level: BatteryLevel; id: number; code: string; template_id: number | null; parent_id: number }>(
    tx,
    sql`select 'rack' as level, id, code, template_id, stack_id as parent_id from bsa_rack where station_id = ${station.id} and tenant_id = ${tenantId}
        union all select 'pack', id, code, template_id, rack_id from bsa_pack where station_id = ${station.id} and tenant_id = ${tenantId}
        union all select 'cell', id, code, template_id, pack_id from bsa_cell where station_id = ${station.id} and tenant_id = ${tenantId}
        order by 1, 3`,
  );
  const templates = await rowsOf<ConfigContent['templates'][number]>(
    tx,
    sql`select d.id, d.level, d.name, t.name as "pointTemplateName", v.version as "pointVersion", v.points
        from bsa_device_template d
        join bsa_point_template_version v on v.id = d.point_version_id
        join bsa_point_template t on t.id = v.template_id
        where d.id = any(${sql.param([...new Set(rows.map((u) => u.template_id).filter((t) => t !== null))])}::int[])
        order by d.id`,
  );
  const units: Record<BatteryLevel, ConfigUnit[]> = { rack: [], pack: [], cell: [] };
  for (const u of rows) units[u.level].push([u.id, u.code, u.template_id, u.parent_id]);
  const content: ConfigContent = { bsaId: station.id, stationCode: station.code, templates, units };
  const pointsOf = new Map(templates.map((t) => [t.id, t.points.length]));
  let points = 0;
  let unitsWithoutPoints = 0;
  for (const u of rows) {
    const n = u.template_id === null ? 0 : (pointsOf.get(u.template_id) ?? 0);
    points += n;
    if (n === 0) unitsWithoutPoints++;
  }
  const checksum = createHash('sha256').update(JSON.stringify(content)).digest('hex');
  return { content, checksum, units: rows.length, points, unitsWithoutPoints };
}

/**
 * The configuration each FCS acknowledged last for its station, as the command that carried it (by the
 * FCS's device id): a restarted simulated FCS starts with it (seed/demo-live.ts), as a real one keeps it.
 */
export async function acknowledgedConfigs(
  db: Db,
): Promise<Map<number, ConfigContent & { publishId: number; version: number; checksum: string }>> {
  const rows = await rowsOf<{ id: number; version: number; fcs_device_id: number; checksum: string; content: ConfigContent }>(
    db,
    sql`select distinct on (p.station_id) p.id, p.version, p.fcs_device_id, v.checksum, v.content
        from bsa_config_publish p
        join bsa_config_version v on v.id = p.config_version_id
        join bsa_station_device l on l.station_id = p.station_id and l.role = 'fcs' and l.device_id = p.fcs_device_id
        where p.status = 'acknowledged'
        order by p.station_id, p.id desc`,
  );
  return new Map(rows.map((r) => [r.fcs_device_id, { ...r.content, publishId: r.id, version: r.version, checksum: r.checksum }]));
}
