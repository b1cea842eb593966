import type { bsa as contract } from '@energy/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { rowsOf } from '../../db/sql.js';
import type { StaffCtx } from '../../plugins/context.js';
import { bsaStack } from './bsa.schema.js';

type Stats = z.infer<typeof contract.bsaBatteryTree.output>[number]['stats'];

const num = (v: number | string | null) => (v === null ? null : Number(v));
const extreme = (values: (number | null)[], pick: (...v: number[]) => number) => {
  const known = values.filter((v): v is number => v !== null);
  return known.length ? pick(...known) : null;
};

/** Stacks > racks > packs of a visible station, each with the count and extremes of its cells' latest values. */
export async function batteryTree(ctx: StaffCtx, stationId: number) {
  const stacks = await ctx.tx
    .select({ id: bsaStack.id, code: bsaStack.code, name: bsaStack.name })
    .from(bsaStack)
    .where(and(eq(bsaStack.stationId, stationId), eq(bsaStack.tenantId, ctx.staff.tenantId)))
    .orderBy(asc(bsaStack.code));
  // one grouped query over the station's cells gives every pack's figures; racks and stacks add them up
  const packs = await rowsOf<{
    stack_id: number;
    rack_id: number;
    rack_seq: number;
    rack_code: string;
    id: number;
    seq: number;
    code: string;
    cells: number;
    reported: number;
    vmin: number | null;
    vmax: number | null;
    tmax: number | null;
  }>(
    ctx.tx,
    sql`select r.stack_id, r.id as rack_id, r.seq as rack_seq, r.code as rack_code, p.id, p.seq, p.code,
               count(c.id)::int as cells, count(c.voltage_v)::int as reported,
               min(c.voltage_v) as vmin, max(c.voltage_v) as vmax, max(c.temperature_c) as tmax
        from bsa_rack r
        left join bsa_pack p on p.rack_id = r.id
        left join bsa_cell c on c.pack_id = p.id
        where r.station_id = ${stationId} and r.tenant_id = ${ctx.staff.tenantId}
        group by r.stack_id, r.id, r.seq, r.code, p.id, p.seq, p.code
        order by r.seq, p.seq`,
  );
  const stats = (rows: Stats[]): Stats => ({
    cells: rows.reduce((a, r) => a + r.cells, 0),
    reported: rows.reduce((a, r) => a + r.reported, 0),
    voltageMinV: extreme(
      rows.map((r) => r.voltageMinV),
      Math.min,
    ),
    voltageMaxV: extreme(
      rows.map((r) => r.voltageMaxV),
      Math.max,
    ),
    temperatureMaxC: extreme(
      rows.map((r) => r.temperatureMaxC),
      Math.max,
    ),
  });
  return stacks.map((s) => {
    const racks = new Map<
      number,
      { id: number; seq: number; code: string; packs: { id: number; seq: number; code: string; stats: Stats }[] }
    >();
    for (const p of packs.filter((p) => p.stack_id === s.id)) {
      const rack = racks.get(p.rack_id) ?? { id: p.rack_id, seq: p.rack_seq, code: p.rack_code, packs: [] };
      racks.set(p.rack_id, rack);
      if (p.id === null) continue;
      rack.packs.push({
        id: p.id,
        seq: p.seq,
        code: p.code,
        stats: {
          cells: p.cells,
          reported: p.reported,
          voltageMinV: num(p.vmin),
          voltageMaxV: num(p.vmax),
          temperatureMaxC: num(p.tmax),
        },
      });
    }
    const rackRows = [...racks.values()].map((r) => ({ ...r, stats: stats(r.packs.map((p) => p.stats)) }));
    return { id: s.id, code: s.code, name: s.name, stats: stats(rackRows.map((r) => r.stats)), racks: rackRows };
  });
}
