import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/** What a template apply makes in a stack: `racks` racks of `packsPerRack` packs of `cellsPerPack` cells. */
export interface BuildSpec {
  tenantId: string;
  stationId: number;
  stationCode: string;
  stackId: number;
  racks: number;
  packsPerRack: number;
  cellsPerPack: number;
  rackTemplateId: number;
  packTemplateId: number;
  cellTemplateId: number;
}

/**
 * One insert per level from generate_series: units are numbered in their parent (seq) and coded after
 * it (`<station>-R01-P03-C12`); a unit that exists is skipped (unique per parent), so the same spec run
 * twice, or twice at once, makes each unit once. Each answers the units it made. The demo seed uses them too.
 */
export const buildLevel = {
  rack: async (tx: Db, s: BuildSpec) =>
    count(
      await tx.execute(sql`insert into bsa_rack (tenant_id, station_id, stack_id, seq, code, template_id)
        select ${s.tenantId}, ${s.stationId}, ${s.stackId}, n, ${s.stationCode} || '-R' || lpad(n::text, 2, '0'), ${s.rackTemplateId}
        from generate_series(1, ${s.racks}::int) n
        on conflict (stack_id, seq) do nothing`),
    ),
  pack: async (tx: Db, s: BuildSpec) =>
    count(
      await tx.execute(sql`insert into bsa_pack (tenant_id, station_id, rack_id, seq, code, template_id)
        select ${s.tenantId}, ${s.stationId}, r.id, n, r.code || '-P' || lpad(n::text, 2, '0'), ${s.packTemplateId}
        from bsa_rack r cross join generate_series(1, ${s.packsPerRack}::int) n
        where r.stack_id = ${s.stackId} and r.seq <= ${s.racks}
        on conflict (rack_id, seq) do nothing`),
    ),
  cell: async (tx: Db, s: BuildSpec) =>
    count(
      await tx.execute(sql`insert into bsa_cell (tenant_id, station_id, pack_id, seq, code, template_id)
        select ${s.tenantId}, ${s.stationId}, p.id, n, p.code || '-C' || lpad(n::text, 2, '0'), ${s.cellTemplateId}
        from bsa_pack p join bsa_rack r on r.id = p.rack_id cross join generate_series(1, ${s.cellsPerPack}::int) n
        where r.stack_id = ${s.stackId} and r.seq <= ${s.racks} and p.seq <= ${s.packsPerRack}
        on conflict (pack_id, seq) do nothing`),
    ),
};

/** Rows an insert made, from the driver's result (PGlite: affectedRows, node-postgres: rowCount). */
function count(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return Number(r.rowCount ?? r.affectedRows ?? 0);
}
