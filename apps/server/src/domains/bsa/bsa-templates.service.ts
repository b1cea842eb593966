import { bsa as contract, type BodyOf } from '@energy/contracts';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { rowsOf } from '../../db/sql.js';
import type { StaffCtx } from '../../plugins/context.js';
import { conflict, invalid, notFound } from '../../plugins/errors.js';
import { bsaDeviceTemplate, bsaPointTemplate, bsaPointTemplateVersion, type BatteryLevel } from './bsa.schema.js';

type DataPoint = z.infer<typeof contract.dataPoint>;

/** Points as comparable text (jsonb answers keys in its own order): equal text, equal points. */
export const pointsText = (points: DataPoint[]) =>
  JSON.stringify(
    points.map((p) => ({
      key: p.key,
      name: p.name,
      unit: p.unit,
      min: p.min,
      max: p.max,
      ranges: p.ranges.map((r) => ({ from: r.from, to: r.to, state: r.state })),
    })),
  );

/**
 * The battery templates of a tenant (docs/bsa.md, "Building stations"): data-point templates with their
 * versions (which points each level reports) and device templates (a level's shape and its point version).
 */
export class BsaTemplatesService {
  // ---- data-point templates ----

  /** A data-point template version of the tenant with its points; 404 otherwise. */
  async versionRow(ctx: StaffCtx, versionId: number) {
    const [v] = await ctx.tx
      .select()
      .from(bsaPointTemplateVersion)
      .where(and(eq(bsaPointTemplateVersion.id, versionId), eq(bsaPointTemplateVersion.tenantId, ctx.staff.tenantId)));
    if (!v) throw notFound(`Data-point template version ${versionId}`);
    return {
      id: v.id,
      templateId: v.templateId,
      version: v.version,
      note: v.note,
      points: v.points as DataPoint[],
      createdAt: v.createdAt.toISOString(),
    };
  }

  async insertPointTemplate(ctx: StaffCtx, input: BodyOf<typeof contract.neoBsaPointTemplateInsert>) {
    const [taken] = await ctx.tx
      .select({ id: bsaPointTemplate.id })
      .from(bsaPointTemplate)
      .where(
        and(
          eq(bsaPointTemplate.tenantId, ctx.staff.tenantId),
          eq(bsaPointTemplate.level, input.level),
          eq(bsaPointTemplate.name, input.name),
        ),
      );
    if (taken) throw conflict(`body.name: ${input.name} is already a ${input.level} data-point template`);
    const [t] = await ctx.tx
      .insert(bsaPointTemplate)
      .values({ tenantId: ctx.staff.tenantId, level: input.level, name: input.name })
      .returning({ id: bsaPointTemplate.id });
    return this.addVersion(ctx, t!.id, 1, input.note ?? null, input.points);
  }

  private async addVersion(ctx: StaffCtx, templateId: number, version: number, note: string | null, points: DataPoint[]) {
    const [v] = await ctx.tx
      .insert(bsaPointTemplateVersion)
      .values({ tenantId: ctx.staff.tenantId, templateId, version, note, points })
      .returning({ id: bsaPointTemplateVersion.id });
    await ctx.tx.update(bsaPointTemplate).set({ updatedAt: new Date() }).where(eq(bsaPointTemplate.id, templateId));
    return this.versionRow(ctx, v!.id);
  }

  async newPointVersion(ctx: StaffCtx, input: BodyOf<typeof contract.neoBsaPointCreate>) {
    const [t] = await ctx.tx
      .select()
      .from(bsaPointTemplate)
      .where(and(eq(bsaPointTemplate.id, input.templateId), eq(bsaPointTemplate.tenantId, ctx.staff.tenantId)))
      .for('update');
    if (!t) throw notFound(`Data-point template ${input.templateId}`);
    if (t.level !== input.level) throw invalid('body.level', `the template is for ${t.level}s, not ${input.level}s`);
    const [latest] = await rowsOf<{ id: number; version: number; points: DataPoint[] }>(
      ctx.tx,
      sql`select id, version, points from bsa_point_template_version where template_id = ${t.id} order by version desc limit 1`,
    );
    // the same points again (a retry, a double click) make no version: the latest answers
    if (latest && pointsText(latest.points) === pointsText(input.points)) return this.versionRow(ctx, latest.id);
    return this.addVersion(ctx, t.id, (latest?.version ?? 0) + 1, input.note ?? null, input.points);
  }

  async pointTemplates(ctx: StaffCtx, input: { level?: BatteryLevel } = {}) {
    const rows = await rowsOf<{
      id: number;
      level: BatteryLevel;
      name: string;
      version: number;
      version_id: number;
      points: number;
      updated_at: Date | string;
    }>(
      ctx.tx,
      sql`select t.id, t.level, t.name, v.version, v.id as version_id, jsonb_array_length(v.points)::int as points, t.updated_at
          from bsa_point_template t
          join lateral (select * from bsa_point_template_version v where v.template_id = t.id order by v.version desc limit 1) v on true
          where t.tenant_id = ${ctx.staff.tenantId} ${input.level ? sql`and t.level = ${input.level}` : sql``}
          order by array_position(array['rack','pack','cell'], t.level), t.name`,
    );
    return rows.map((r) => ({
      id: r.id,
      level: r.level,
      name: r.name,
      latestVersion: r.version,
      latestVersionId: r.version_id,
      points: r.points,
      updatedAt: new Date(r.updated_at).toISOString(),
    }));
  }

  async pointVersions(ctx: StaffCtx, input: { templateId: number }) {
    const rows = await ctx.tx
      .select({ id: bsaPointTemplateVersion.id })
      .from(bsaPointTemplateVersion)
      .where(and(eq(bsaPointTemplateVersion.templateId, input.templateId), eq(bsaPointTemplateVersion.tenantId, ctx.staff.tenantId)))
      .orderBy(desc(bsaPointTemplateVersion.version));
    if (!rows.length) throw notFound(`Data-point template ${input.templateId}`);
    return Promise.all(rows.map((r) => this.versionRow(ctx, r.id)));
  }

  // ---- device templates ----

  async createDeviceTemplate(ctx: StaffCtx, input: BodyOf<typeof contract.edgeBsaTemplateCreate>) {
    const version = await this.versionRow(ctx, input.pointVersionId).catch(() => {
      throw invalid('body.pointVersionId', 'is not a data-point template version of this tenant');
    });
    const [t] = await ctx.tx
      .select({ level: bsaPointTemplate.level })
      .from(bsaPointTemplate)
      .where(eq(bsaPointTemplate.id, version.templateId));
    if (t!.level !== input.level) throw invalid('body.pointVersionId', `is a ${t!.level} data-point template, not a ${input.level} one`);
    const [taken] = await ctx.tx
      .select({ id: bsaDeviceTemplate.id })
      .from(bsaDeviceTemplate)
      .where(
        and(
          eq(bsaDeviceTemplate.tenantId, ctx.staff.tenantId),
          eq(bsaDeviceTemplate.level, input.level),
          eq(bsaDeviceTemplate.name, input.name),
        ),
      );
    if (taken) throw conflict(`body.name: ${input.name} is already a ${input.level} template`);
    const [row] = await ctx.tx
      .insert(bsaDeviceTemplate)
      .values({
        tenantId: ctx.staff.tenantId,
        level: input.level,
        name: input.name,
        childCount: input.level === 'cell' ? null : input.childCount!,
        nominalVoltageV: input.nominalVoltageV,
        capacityAh: input.capacityAh,
        pointVersionId: version.id,
      })
      .returning({ id: bsaDeviceTemplate.id });
    return (await this.deviceTemplates(ctx, {})).find((d) => d.id === row!.id)!;
  }

  async deviceTemplates(ctx: StaffCtx, input: { level?: BatteryLevel } = {}) {
    const rows = await ctx.tx
      .select({ d: bsaDeviceTemplate, pointTemplateName: bsaPointTemplate.name, pointVersion: bsaPointTemplateVersion.version })
      .from(bsaDeviceTemplate)
      .innerJoin(bsaPointTemplateVersion, eq(bsaPointTemplateVersion.id, bsaDeviceTemplate.pointVersionId))
      .innerJoin(bsaPointTemplate, eq(bsaPointTemplate.id, bsaPointTemplateVersion.templateId))
      .where(and(eq(bsaDeviceTemplate.tenantId, ctx.staff.tenantId), ...(input.level ? [eq(bsaDeviceTemplate.level, input.level)] : [])))
      .orderBy(sql`array_position(array['rack','pack','cell'], ${bsaDeviceTemplate.level})`, asc(bsaDeviceTemplate.name));
    return rows.map(({ d, pointTemplateName, pointVersion }) => ({
      id: d.id,
      level: d.level,
      name: d.name,
      childCount: d.childCount,
      nominalVoltageV: d.nominalVoltageV,
      capacityAh: d.capacityAh,
      pointVersionId: d.pointVersionId,
      pointTemplateName,
      pointVersion,
    }));
  }
}
