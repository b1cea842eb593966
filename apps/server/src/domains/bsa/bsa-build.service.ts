import { randomUUID } from 'node:crypto';
import { bsa as contract, type BodyOf } from '@energy/contracts';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/sql.js';
import type { StaffCtx } from '../../plugins/context.js';
import { conflict, invalid, notFound } from '../../plugins/errors.js';
import type { DevicesService } from '../devices/devices.service.js';
import { job } from '../jobs/jobs.schema.js';
import type { JobsService } from '../jobs/jobs.service.js';
import { bsaBuildRun, bsaCell, bsaPcsMeter, bsaStack, bsaStationDevice, type BatteryLevel } from './bsa.schema.js';
import type { BsaService } from './bsa.service.js';
import type { BsaTemplatesService } from './bsa-templates.service.js';
import { buildLevel, type BuildSpec } from './bsa-build-levels.js';
import { batteryTree } from './bsa-tree.js';

type DataPoint = z.infer<typeof contract.dataPoint>;
type ApplyInput = BodyOf<typeof contract.edgeBsaTemplateApply>;

/** The job kind of a template apply. */
export const APPLY_JOB = 'bsa-template-apply';

/**
 * The battery hierarchy of a station (stack > rack > pack > cell), its bindings, the device and
 * data-point templates, and applying templates in bulk (docs/bsa.md, "Building stations").
 */
export class BsaBuildService {
  constructor(
    private readonly bsa: BsaService,
    private readonly devices: DevicesService,
    private readonly jobs: JobsService,
    private readonly templates: BsaTemplatesService,
  ) {}

  /** A visible station (404 otherwise), for the calls that name one. */
  private station(ctx: StaffCtx, id: number) {
    return this.bsa.detail(ctx, { id });
  }

  /** A stack of a visible station; 404 otherwise. */
  private async stackOf(ctx: StaffCtx, stackId: number) {
    const [row] = await ctx.tx
      .select({ id: bsaStack.id, stationId: bsaStack.stationId })
      .from(bsaStack)
      .where(and(eq(bsaStack.id, stackId), eq(bsaStack.tenantId, ctx.staff.tenantId)));
    if (!row) throw notFound(`Battery stack ${stackId}`);
    const station = await this.station(ctx, row.stationId).catch(() => {
      throw notFound(`Battery stack ${stackId}`);
    });
    return { ...row, station };
  }

  // ---- stacks and PCS bindings ----

  async stacks(ctx: StaffCtx, input: { bsaId: number }) {
    const station = await this.station(ctx, input.bsaId);
    const rows = await rowsOf<{
      id: number;
      code: string;
      name: string;
      pcs_id: number | null;
      pcs_code: string | null;
      pcs_name: string | null;
      racks: number | string;
    }>(
      ctx.tx,
      sql`select s.id, s.code, s.name, d.id as pcs_id, d.code as pcs_code, d.name as pcs_name,
                 (select count(*) from bsa_rack r where r.stack_id = s.id) as racks
          from bsa_stack s left join device d on d.id = s.pcs_device_id and d.tenant_id = s.tenant_id
          where s.station_id = ${station.id} and s.tenant_id = ${ctx.staff.tenantId}
          order by s.code, s.id`,
    );
    return rows.map((r) => ({
      id: r.id,
      bsaId: station.id,
      code: r.code,
      name: r.name,
      pcs: r.pcs_id === null ? null : { deviceId: r.pcs_id, code: r.pcs_code!, name: r.pcs_name! },
      racks: Number(r.racks),
    }));
  }

  private async stackRow(ctx: StaffCtx, bsaId: number, stackId: number) {
    return (await this.stacks(ctx, { bsaId })).find((s) => s.id === stackId)!;
  }

  async saveStack(ctx: StaffCtx, input: BodyOf<typeof contract.bsaStack>) {
    const station = await this.station(ctx, input.bsaId);
    const [taken] = await ctx.tx
      .select({ id: bsaStack.id })
      .from(bsaStack)
      .where(and(eq(bsaStack.stationId, station.id), eq(bsaStack.code, input.code)));
    if (taken && taken.id !== input.id) throw conflict(`body.code: ${input.code} is already a stack of ${station.code}`);
    if (input.id) {
      const stack = await this.stackOf(ctx, input.id);
      if (stack.stationId !== station.id) throw invalid('body.id', `is not a stack of ${station.code}`);
      await ctx.tx.update(bsaStack).set({ code: input.code, name: input.name, updatedAt: new Date() }).where(eq(bsaStack.id, stack.id));
      return this.stackRow(ctx, station.id, stack.id);
    }
    const [row] = await ctx.tx
      .insert(bsaStack)
      .values({ tenantId: ctx.staff.tenantId, stationId: station.id, code: input.code, name: input.name })
      .returning({ id: bsaStack.id });
    return this.stackRow(ctx, station.id, row!.id);
  }

  async bindStackPcs(ctx: StaffCtx, input: { stackId: number; pcsDeviceId: number | null }) {
    const stack = await this.stackOf(ctx, input.stackId);
    if (input.pcsDeviceId !== null && !stack.station.pcs.some((p) => p.deviceId === input.pcsDeviceId)) {
      throw invalid('body.pcsDeviceId', `is not a PCS of ${stack.station.code}`);
    }
    await ctx.tx.update(bsaStack).set({ pcsDeviceId: input.pcsDeviceId, updatedAt: new Date() }).where(eq(bsaStack.id, stack.id));
    return this.stackRow(ctx, stack.stationId, stack.id);
  }

  async pcsBindings(ctx: StaffCtx, input: { bsaId: number }) {
    const station = await this.station(ctx, input.bsaId);
    const meters = await rowsOf<{ pcs: number; id: number; code: string; name: string }>(
      ctx.tx,
      sql`select b.pcs_device_id as pcs, d.id, d.code, d.name from bsa_pcs_meter b join device d on d.id = b.meter_device_id
          where b.station_id = ${station.id} and b.tenant_id = ${ctx.staff.tenantId}`,
    );
    const stacks = await this.stacks(ctx, { bsaId: station.id });
    return station.pcs.map((p) => {
      const meter = meters.find((m) => m.pcs === p.deviceId);
      return {
        ...p,
        meter: meter ? { deviceId: meter.id, code: meter.code, name: meter.name } : null,
        stacks: stacks.filter((s) => s.pcs?.deviceId === p.deviceId).map((s) => ({ id: s.id, code: s.code, name: s.name })),
      };
    });
  }

  async bindPcs(ctx: StaffCtx, input: { bsaId: number; pcsDeviceId: number }) {
    const station = await this.station(ctx, input.bsaId);
    const pcs = await this.devices.visible(ctx, input.pcsDeviceId, 'own').catch(() => {
      throw invalid('body.pcsDeviceId', 'is not one of your devices');
    });
    if (pcs.deviceTypeKey !== 'bsa-pcs') throw invalid('body.pcsDeviceId', `${pcs.code} is a ${pcs.deviceTypeName}, not a storage PCS`);
    if (pcs.ouId !== station.ouId)
      throw invalid('body.pcsDeviceId', `${pcs.code} is in ${pcs.ouName}, not in the station's operating unit`);
    const [owner] = await rowsOf<{ code: string }>(
      ctx.tx,
      sql`select s.code from bsa_station_device l join bsa_station s on s.id = l.station_id
          where l.device_id = ${pcs.id} and l.role = 'pcs' and s.tenant_id = ${ctx.staff.tenantId}`,
    );
    if (owner && owner.code !== station.code)
      throw invalid('body.pcsDeviceId', `${pcs.code} already belongs to storage station ${owner.code}`);
    if (!owner) {
      await ctx.tx
        .insert(bsaStationDevice)
        .values({ tenantId: ctx.staff.tenantId, stationId: station.id, deviceId: pcs.id, role: 'pcs', sort: station.pcs.length });
    }
    return this.pcsBindings(ctx, { bsaId: station.id });
  }

  async bindPcsMeter(ctx: StaffCtx, input: { bsaId: number; pcsDeviceId: number; meterDeviceId: number | null }) {
    const station = await this.station(ctx, input.bsaId);
    if (!station.pcs.some((p) => p.deviceId === input.pcsDeviceId)) throw invalid('body.pcsDeviceId', `is not a PCS of ${station.code}`);
    await ctx.tx
      .delete(bsaPcsMeter)
      .where(and(eq(bsaPcsMeter.pcsDeviceId, input.pcsDeviceId), eq(bsaPcsMeter.tenantId, ctx.staff.tenantId)));
    if (input.meterDeviceId !== null) {
      if (!station.meters.some((m) => m.deviceId === input.meterDeviceId))
        throw invalid('body.meterDeviceId', `is not a meter of ${station.code}`);
      await ctx.tx.insert(bsaPcsMeter).values({
        tenantId: ctx.staff.tenantId,
        stationId: station.id,
        pcsDeviceId: input.pcsDeviceId,
        meterDeviceId: input.meterDeviceId,
      });
    }
    return this.pcsBindings(ctx, { bsaId: station.id });
  }

  /** Takes a PCS off a station: refused while the station is enabled or a stack is bound to it. */
  async deletePcs(ctx: StaffCtx, input: { bsaId: number; pcsDeviceId: number }) {
    const station = await this.station(ctx, input.bsaId);
    const pcs = station.pcs.find((p) => p.deviceId === input.pcsDeviceId);
    if (!pcs) throw invalid('body.pcsDeviceId', `is not a PCS of ${station.code}`);
    if (station.status === 'enabled') throw conflict(`Storage station ${station.code} is enabled: disable it before removing a PCS`);
    const stacks = (await this.stacks(ctx, { bsaId: station.id })).filter((s) => s.pcs?.deviceId === pcs.deviceId);
    if (stacks.length)
      throw conflict(`${pcs.code} drives stack ${stacks.map((s) => s.code).join(', ')}: bind the stack to another PCS first`);
    await ctx.tx.delete(bsaPcsMeter).where(and(eq(bsaPcsMeter.pcsDeviceId, pcs.deviceId), eq(bsaPcsMeter.tenantId, ctx.staff.tenantId)));
    await ctx.tx
      .delete(bsaStationDevice)
      .where(
        and(eq(bsaStationDevice.stationId, station.id), eq(bsaStationDevice.deviceId, pcs.deviceId), eq(bsaStationDevice.role, 'pcs')),
      );
    return this.pcsBindings(ctx, { bsaId: station.id });
  }

  // ---- the levels ----

  async racks(ctx: StaffCtx, input: { stackId: number }) {
    const stack = await this.stackOf(ctx, input.stackId);
    return this.units(
      ctx,
      sql`select r.id, r.stack_id as parent_id, r.seq, r.code, r.template_id,
        (select count(*) from bsa_pack p where p.rack_id = r.id) as children
        from bsa_rack r where r.stack_id = ${stack.id} and r.tenant_id = ${ctx.staff.tenantId} order by r.seq`,
    );
  }

  /** The rack's or pack's station must be visible: the units answer 404 like the station. */
  private async parentVisible(ctx: StaffCtx, table: 'bsa_rack' | 'bsa_pack', id: number) {
    const [row] = await rowsOf<{ station_id: number }>(
      ctx.tx,
      sql`select station_id from ${sql.identifier(table)} where id = ${id} and tenant_id = ${ctx.staff.tenantId}`,
    );
    const what = table === 'bsa_rack' ? 'Battery rack' : 'Battery pack';
    if (!row) throw notFound(`${what} ${id}`);
    await this.station(ctx, row.station_id).catch(() => {
      throw notFound(`${what} ${id}`);
    });
  }

  async packs(ctx: StaffCtx, input: { rackId: number }) {
    await this.parentVisible(ctx, 'bsa_rack', input.rackId);
    return this.units(
      ctx,
      sql`select p.id, p.rack_id as parent_id, p.seq, p.code, p.template_id,
        (select count(*) from bsa_cell c where c.pack_id = p.id) as children
        from bsa_pack p where p.rack_id = ${input.rackId} and p.tenant_id = ${ctx.staff.tenantId} order by p.seq`,
    );
  }

  private async units(ctx: StaffCtx, query: ReturnType<typeof sql>) {
    const rows = await rowsOf<{
      id: number;
      parent_id: number;
      seq: number;
      code: string;
      template_id: number | null;
      children: number | string;
    }>(ctx.tx, query);
    return rows.map((r) => ({
      id: r.id,
      parentId: r.parent_id,
      seq: r.seq,
      code: r.code,
      templateId: r.template_id,
      children: Number(r.children),
    }));
  }

  async cells(ctx: StaffCtx, input: { packId: number }) {
    await this.parentVisible(ctx, 'bsa_pack', input.packId);
    const rows = await ctx.tx
      .select()
      .from(bsaCell)
      .where(and(eq(bsaCell.packId, input.packId), eq(bsaCell.tenantId, ctx.staff.tenantId)))
      .orderBy(asc(bsaCell.seq));
    return rows.map((c) => ({
      id: c.id,
      parentId: c.packId,
      seq: c.seq,
      code: c.code,
      templateId: c.templateId,
      voltageV: c.voltageV,
      temperatureC: c.temperatureC,
      socPct: c.socPct,
      reportedAt: c.reportedAt?.toISOString() ?? null,
    }));
  }

  // ---- applying templates ----

  /** The apply's station, stack and templates, each of the right level; the counts each level expects. */
  private async plan(ctx: StaffCtx, input: ApplyInput) {
    const stack = await this.stackOf(ctx, input.stackId);
    if (stack.stationId !== input.bsaId) throw invalid('body.stackId', `is not a stack of ${stack.station.code}`);
    const all = await this.templates.deviceTemplates(ctx, {});
    const pick = (field: 'rackTemplateId' | 'packTemplateId' | 'cellTemplateId', level: BatteryLevel) => {
      const t = all.find((d) => d.id === input[field]);
      if (!t) throw invalid(`body.${field}`, 'is not a device template of this tenant');
      if (t.level !== level) throw invalid(`body.${field}`, `${t.name} is a ${t.level} template, not a ${level} one`);
      return t;
    };
    const rack = pick('rackTemplateId', 'rack');
    const pack = pick('packTemplateId', 'pack');
    const cell = pick('cellTemplateId', 'cell');
    const racks = input.racks;
    const packs = racks * rack.childCount!;
    const cells = packs * pack.childCount!;
    return { stack, rack, pack, cell, expected: { rack: racks, pack: packs, cell: cells } };
  }

  /** Units of the stack's first `racks` racks (and their first packs and cells) already made. */
  private async existing(tx: Db, stackId: number, plan: Awaited<ReturnType<BsaBuildService['plan']>>) {
    const [row] = await rowsOf<{ racks: number; packs: number; cells: number }>(
      tx,
      sql`select (select count(*) from bsa_rack r where r.stack_id = ${stackId} and r.seq <= ${plan.expected.rack})::int as racks,
                 (select count(*) from bsa_pack p join bsa_rack r on r.id = p.rack_id
                   where r.stack_id = ${stackId} and r.seq <= ${plan.expected.rack} and p.seq <= ${plan.rack.childCount})::int as packs,
                 (select count(*) from bsa_cell c join bsa_pack p on p.id = c.pack_id join bsa_rack r on r.id = p.rack_id
                   where r.stack_id = ${stackId} and r.seq <= ${plan.expected.rack} and p.seq <= ${plan.rack.childCount}
                     and c.seq <= ${plan.pack.childCount})::int as cells`,
    );
    return { rack: row!.racks, pack: row!.packs, cell: row!.cells };
  }

  async preview(ctx: StaffCtx, input: ApplyInput) {
    const plan = await this.plan(ctx, input);
    const existing = await this.existing(ctx.tx, plan.stack.id, plan);
    const levels = (['rack', 'pack', 'cell'] as const).map((level) => ({
      level,
      expected: plan.expected[level],
      existing: existing[level],
      toCreate: plan.expected[level] - existing[level],
    }));
    const points: Record<string, string[]> = {};
    for (const t of [plan.rack, plan.pack, plan.cell])
      points[t.level] = (await this.templates.versionRow(ctx, t.pointVersionId)).points.map((p) => p.key);
    return { levels, points };
  }

  /**
   * Makes the stack's racks, packs and cells: one insert per level from generate_series, each unit
   * numbered in its parent and skipped when it exists (the unique keys), so repeating it makes nothing
   * twice and two applies at once make each unit once. Up to 1,000 units run inline; more in a job.
   */
  async apply(ctx: StaffCtx, input: ApplyInput) {
    const plan = await this.plan(ctx, input);
    const station = plan.stack.station;
    if (station.status === 'invalid') throw conflict(`Storage station ${station.code} is invalid: nothing is built in it any more`);
    const total = plan.expected.rack + plan.expected.pack + plan.expected.cell;
    const id = randomUUID();
    await ctx.tx.insert(bsaBuildRun).values({
      tenantId: ctx.staff.tenantId,
      stationId: plan.stack.stationId,
      stackId: plan.stack.id,
      jobId: id,
      racks: input.racks,
      rackTemplateId: plan.rack.id,
      packTemplateId: plan.pack.id,
      cellTemplateId: plan.cell.id,
    });
    const spec: BuildSpec = {
      tenantId: ctx.staff.tenantId,
      stationId: plan.stack.station.id,
      stationCode: plan.stack.station.code,
      stackId: plan.stack.id,
      racks: input.racks,
      packsPerRack: plan.rack.childCount!,
      cellsPerPack: plan.pack.childCount!,
      rackTemplateId: plan.rack.id,
      packTemplateId: plan.pack.id,
      cellTemplateId: plan.cell.id,
    };
    return this.jobs.start(ctx, { id, kind: APPLY_JOB, total }, async (io) => {
      // racks, then their packs, then the packs' cells: each level one statement in its own transaction
      let made = await io.transaction((tx) => buildLevel.rack(tx, spec));
      io.progress(plan.expected.rack);
      made += await io.transaction((tx) => buildLevel.pack(tx, spec));
      io.progress(plan.expected.rack + plan.expected.pack);
      made += await io.transaction((tx) => buildLevel.cell(tx, spec));
      io.progress(total);
      return { imported: made, problems: [] };
    });
  }

  async createStatus(ctx: StaffCtx, input: { bsaId: number }) {
    const station = await this.station(ctx, input.bsaId);
    const [run] = await ctx.tx
      .select()
      .from(bsaBuildRun)
      .where(and(eq(bsaBuildRun.stationId, station.id), eq(bsaBuildRun.tenantId, ctx.staff.tenantId)))
      .orderBy(desc(bsaBuildRun.id))
      .limit(1);
    if (!run) return null;
    // any staff of the station's tenant follows the progress (jobs/detail shows a job to its starter only)
    const [r] = await ctx.tx
      .select()
      .from(job)
      .where(and(eq(job.id, run.jobId), eq(job.tenantId, ctx.staff.tenantId)));
    if (!r) return null;
    return {
      job: {
        id: r.id,
        kind: r.kind,
        status: r.status,
        processed: r.processed,
        total: r.total,
        imported: r.imported,
        problems: r.problems.map(({ row, column, message }) => ({ row, column, message })),
        problemCount: r.problemCount,
        message: r.message,
        createdAt: r.createdAt.toISOString(),
        finishedAt: r.finishedAt ? r.finishedAt.toISOString() : null,
      },
      racks: run.racks,
      stackId: run.stackId,
    };
  }

  /** Whether a level is complete: its units made against what the station's latest apply expects. */
  async statusCheck(ctx: StaffCtx, input: { bsaId: number }, level: BatteryLevel) {
    const station = await this.station(ctx, input.bsaId);
    const [run] = await ctx.tx
      .select()
      .from(bsaBuildRun)
      .where(and(eq(bsaBuildRun.stationId, station.id), eq(bsaBuildRun.tenantId, ctx.staff.tenantId)))
      .orderBy(desc(bsaBuildRun.id))
      .limit(1);
    if (!run) return { level, expected: 0, created: 0, complete: false };
    const plan = await this.plan(ctx, {
      bsaId: station.id,
      stackId: run.stackId,
      racks: run.racks,
      rackTemplateId: run.rackTemplateId,
      packTemplateId: run.packTemplateId,
      cellTemplateId: run.cellTemplateId,
    });
    const existing = await this.existing(ctx.tx, run.stackId, plan);
    return { level, expected: plan.expected[level], created: existing[level], complete: existing[level] === plan.expected[level] };
  }

  // ---- the point table ----

  /** Per level and device template: units built from it and the points its data-point version lists. */
  async pointTable(ctx: StaffCtx, input: { bsaId: number }) {
    const station = await this.station(ctx, input.bsaId);
    const groups = await rowsOf<{
      level: BatteryLevel;
      units: number;
      template_id: number | null;
      template_name: string | null;
      point_name: string | null;
      version: number | null;
      points: DataPoint[] | null;
    }>(
      ctx.tx,
      sql`with units as (
            select 'rack' as level, template_id from bsa_rack where station_id = ${station.id} and tenant_id = ${ctx.staff.tenantId}
            union all select 'pack', template_id from bsa_pack where station_id = ${station.id} and tenant_id = ${ctx.staff.tenantId}
            union all select 'cell', template_id from bsa_cell where station_id = ${station.id} and tenant_id = ${ctx.staff.tenantId})
          select u.level, count(*)::int as units, u.template_id, d.name as template_name, t.name as point_name, v.version, v.points
          from units u
          left join bsa_device_template d on d.id = u.template_id
          left join bsa_point_template_version v on v.id = d.point_version_id
          left join bsa_point_template t on t.id = v.template_id
          group by u.level, u.template_id, d.name, t.name, v.version, v.points
          order by array_position(array['rack','pack','cell'], u.level), u.template_id`,
    );
    const rows = groups.map((g) => ({
      level: g.level,
      units: g.units,
      templateId: g.template_id,
      templateName: g.template_name,
      pointTemplateName: g.point_name,
      pointVersion: g.version,
      points: g.points ?? [],
    }));
    return { bsaId: station.id, groups: rows, totalPoints: rows.reduce((sum, g) => sum + g.units * g.points.length, 0) };
  }

  // ---- the battery tree ----

  /** Stacks > racks > packs of a station, each with the count and extremes of its cells' latest values. */
  async tree(ctx: StaffCtx, input: { bsaId: number }) {
    const station = await this.station(ctx, input.bsaId);
    return batteryTree(ctx, station.id);
  }
}
