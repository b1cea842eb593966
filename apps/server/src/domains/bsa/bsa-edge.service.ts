import { bsa as contract, ErrorCode, type BodyOf } from '@energy/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/sql.js';
import type { StaffCtx } from '../../plugins/context.js';
import { AppError, conflict, invalid, notFound } from '../../plugins/errors.js';
import type { BsaBuildService } from './bsa-build.service.js';
import { bsaPointSetup } from './bsa-edge.schema.js';
import { bsaPointTemplate, type BatteryLevel } from './bsa.schema.js';
import type { BsaService } from './bsa.service.js';
import { pointsText, type BsaTemplatesService } from './bsa-templates.service.js';

type DataPoint = contract.DataPoint;
const LEVELS = ['rack', 'pack', 'cell'] as const;
const plural = { rack: 'racks', pack: 'packs', cell: 'cells' } as const;
const table = (level: BatteryLevel) => sql.identifier(`bsa_${level}`);
const who = (ctx: StaffCtx) => `${ctx.user.name} (${ctx.staff.staffCode})`;

/**
 * The edge side of building a station (docs/bsa.md, "Edge calls"): what each level was created from,
 * the data-point setup of each level with its confirmation, the points by stack, changing a data-point
 * template's points as a new version, and the state of a station's cells.
 */
export class BsaEdgeService {
  constructor(
    private readonly bsa: BsaService,
    private readonly build: BsaBuildService,
    private readonly templates: BsaTemplatesService,
  ) {}

  private station(ctx: StaffCtx, id: number) {
    return this.bsa.detail(ctx, { id });
  }

  // ---- what a level was created from ----

  /** The templates a level's units are built from, counted from the units themselves. */
  async created(ctx: StaffCtx, input: { bsaId: number }, level: BatteryLevel) {
    const station = await this.station(ctx, input.bsaId);
    const groups = await rowsOf<{ template_id: number | null; units: number; special: number }>(
      ctx.tx,
      sql`select u.template_id, count(*)::int as units, count(s.id)::int as special
          from ${table(level)} u
          left join bsa_special_unit s on s.level = ${level} and s.unit_id = u.id
          where u.station_id = ${station.id} and u.tenant_id = ${ctx.staff.tenantId}
          group by u.template_id order by u.template_id`,
    );
    const all = await this.templates.deviceTemplates(ctx, { level });
    const templates = groups.flatMap((g) => {
      const t = all.find((d) => d.id === g.template_id);
      if (!t) return [];
      return [
        {
          templateId: t.id,
          name: t.name,
          childCount: t.childCount,
          nominalVoltageV: t.nominalVoltageV,
          capacityAh: t.capacityAh,
          pointTemplateName: t.pointTemplateName,
          pointVersion: t.pointVersion,
          units: g.units,
          special: g.special,
        },
      ];
    });
    const units = groups.reduce((a, g) => a + g.units, 0);
    return { bsaId: station.id, level, units, withoutTemplate: units - templates.reduce((a, t) => a + t.units, 0), templates };
  }

  // ---- the data-point setup of a level ----

  /** Units of a level, those whose template lists points, and Σ units x points. */
  private async levelPoints(ctx: StaffCtx, stationId: number, level: BatteryLevel) {
    const [row] = await rowsOf<{ units: number; with_points: number; points: number }>(
      ctx.tx,
      sql`select count(*)::int as units, count(v.id)::int as with_points,
                 coalesce(sum(jsonb_array_length(v.points)), 0)::int as points
          from ${table(level)} u
          left join bsa_device_template d on d.id = u.template_id
          left join bsa_point_template_version v on v.id = d.point_version_id
          where u.station_id = ${stationId} and u.tenant_id = ${ctx.staff.tenantId}`,
    );
    return row!;
  }

  private async setupRow(ctx: StaffCtx, stationId: number, level: BatteryLevel) {
    const counts = await this.levelPoints(ctx, stationId, level);
    const [confirmed] = await ctx.tx
      .select()
      .from(bsaPointSetup)
      .where(and(eq(bsaPointSetup.stationId, stationId), eq(bsaPointSetup.level, level), eq(bsaPointSetup.tenantId, ctx.staff.tenantId)));
    const complete = counts.units > 0 && counts.with_points === counts.units;
    return {
      bsaId: stationId,
      level,
      units: counts.units,
      withPoints: counts.with_points,
      withoutPoints: counts.units - counts.with_points,
      points: counts.points,
      complete,
      confirmed: confirmed
        ? {
            by: confirmed.completedBy,
            at: confirmed.completedAt.toISOString(),
            units: confirmed.units,
            points: confirmed.points,
            current: complete && confirmed.units === counts.units && confirmed.points === counts.points,
          }
        : null,
    };
  }

  async pointStatus(ctx: StaffCtx, input: { bsaId: number }, level: BatteryLevel) {
    const station = await this.station(ctx, input.bsaId);
    return this.setupRow(ctx, station.id, level);
  }

  /** Confirms a level's data points: refused while a unit reports nothing; the same confirmation again changes nothing. */
  async pointComplete(ctx: StaffCtx, input: { bsaId: number }, level: BatteryLevel) {
    const station = await this.station(ctx, input.bsaId);
    if (station.status === 'invalid') throw conflict(`Storage station ${station.code} is invalid: nothing is built in it any more`);
    const row = await this.setupRow(ctx, station.id, level);
    if (row.units === 0) throw conflict(`Storage station ${station.code} has no ${plural[level]} yet: apply templates first`);
    if (!row.complete) {
      throw conflict(
        `The ${plural[level]} of ${station.code} are not all set up: ${row.withoutPoints} of ${row.units} report no data point (built without a template)`,
      );
    }
    if (row.confirmed?.current) return { ...row, repeated: true };
    await ctx.tx
      .insert(bsaPointSetup)
      .values({
        tenantId: ctx.staff.tenantId,
        stationId: station.id,
        level,
        units: row.units,
        points: row.points,
        completedBy: who(ctx),
      })
      .onConflictDoUpdate({
        target: [bsaPointSetup.stationId, bsaPointSetup.level],
        set: { units: row.units, points: row.points, completedBy: who(ctx), completedAt: new Date(), updatedAt: new Date() },
      });
    return { ...(await this.setupRow(ctx, station.id, level)), repeated: false };
  }

  /** Per stack: each level's units, those without points, and Σ units x points. */
  async pointStacks(ctx: StaffCtx, input: { bsaId: number }) {
    const station = await this.station(ctx, input.bsaId);
    const stacks = await this.build.stacks(ctx, { bsaId: station.id });
    const tenant = ctx.staff.tenantId;
    const rows = await rowsOf<{ stack_id: number; level: BatteryLevel; units: number; without_points: number; points: number }>(
      ctx.tx,
      sql`with units as (
            select r.stack_id, 'rack' as level, r.template_id from bsa_rack r where r.station_id = ${station.id} and r.tenant_id = ${tenant}
            union all
            select r.stack_id, 'pack', p.template_id from bsa_pack p join bsa_rack r on r.id = p.rack_id
              where p.station_id = ${station.id} and p.tenant_id = ${tenant}
            union all
            select r.stack_id, 'cell', c.template_id from bsa_cell c join bsa_pack p on p.id = c.pack_id join bsa_rack r on r.id = p.rack_id
              where c.station_id = ${station.id} and c.tenant_id = ${tenant})
          select u.stack_id, u.level, count(*)::int as units, (count(*) - count(v.id))::int as without_points,
                 coalesce(sum(jsonb_array_length(v.points)), 0)::int as points
          from units u
          left join bsa_device_template d on d.id = u.template_id
          left join bsa_point_template_version v on v.id = d.point_version_id
          group by u.stack_id, u.level`,
    );
    return stacks.map((s) => {
      const levels = LEVELS.map((level) => {
        const r = rows.find((x) => x.stack_id === s.id && x.level === level);
        return { level, units: r?.units ?? 0, withoutPoints: r?.without_points ?? 0, points: r?.points ?? 0 };
      });
      return { stackId: s.id, code: s.code, name: s.name, levels, totalPoints: levels.reduce((a, l) => a + l.points, 0) };
    });
  }

  // ---- data-point templates ----

  private async pointTemplateOf(ctx: StaffCtx, templateId: number, lock = false) {
    const query = ctx.tx
      .select()
      .from(bsaPointTemplate)
      .where(and(eq(bsaPointTemplate.id, templateId), eq(bsaPointTemplate.tenantId, ctx.staff.tenantId)));
    const [t] = lock ? await query.for('update') : await query;
    if (!t) throw notFound(`Data-point template ${templateId}`);
    return t;
  }

  /** The version ids of a template, newest first. */
  private versionsOf(ctx: StaffCtx, templateId: number) {
    return rowsOf<{ id: number; version: number }>(
      ctx.tx,
      sql`select id, version from bsa_point_template_version
          where template_id = ${templateId} and tenant_id = ${ctx.staff.tenantId} order by version desc`,
    );
  }

  /** A template with one version (default the latest). */
  async pointTemplate(ctx: StaffCtx, input: { templateId: number; version?: number }) {
    const t = await this.pointTemplateOf(ctx, input.templateId);
    const versions = await this.versionsOf(ctx, t.id);
    const pick = input.version === undefined ? versions[0] : versions.find((v) => v.version === input.version);
    if (!pick) throw invalid('body.version', `data-point template ${t.name} has no version ${input.version}`);
    return {
      id: t.id,
      level: t.level,
      name: t.name,
      latestVersion: versions[0]!.version,
      version: await this.templates.versionRow(ctx, pick.id),
    };
  }

  /**
   * Some points of a template changed as a new version: `set` replaces by key or adds, `remove` drops,
   * from `basedOnVersion`. The merged points get the template checks, each problem at the field it came from.
   */
  async updatePointData(ctx: StaffCtx, input: BodyOf<typeof contract.edgeBsaPointUpdateTemplateData>) {
    const t = await this.pointTemplateOf(ctx, input.templateId, true);
    const versions = await this.versionsOf(ctx, t.id);
    const base = versions.find((v) => v.version === input.basedOnVersion);
    if (!base) throw invalid('body.basedOnVersion', `data-point template ${t.name} has no version ${input.basedOnVersion}`);
    const basePoints = (await this.templates.versionRow(ctx, base.id)).points;
    // merged[i] came from set[origin[i]], or from the base version (-1)
    const merged: DataPoint[] = basePoints.map((p) => ({ ...p }));
    const origin: number[] = merged.map(() => -1);
    input.set.forEach((p, j) => {
      const at = merged.findIndex((m) => m.key === p.key);
      if (at >= 0) {
        merged[at] = p;
        origin[at] = j;
      } else {
        merged.push(p);
        origin.push(j);
      }
    });
    for (const [i, key] of input.remove.entries()) {
      const at = merged.findIndex((m) => m.key === key);
      if (at < 0) throw invalid(`body.remove.${i}`, `${key} is not a point of version ${base.version}`);
      merged.splice(at, 1);
      origin.splice(at, 1);
    }
    const problems = contract.pointProblems(t.level, merged).map((p) => {
      const [, index, ...rest] = p.path;
      const field =
        typeof index === 'number'
          ? origin[index]! >= 0
            ? ['body', 'set', origin[index], ...rest]
            : ['body', 'basedOnVersion']
          : ['body', 'remove'];
      return `${field.join('.')}: ${p.message}`;
    });
    if (problems.length) throw new AppError(ErrorCode.VALIDATION, problems.slice(0, 5).join('; '));
    const latest = versions[0]!;
    if (latest.version !== base.version) {
      // the same change already saved (a retry): the latest answers; anything else works on an old version
      const latestPoints = (await this.templates.versionRow(ctx, latest.id)).points;
      if (pointsText(latestPoints) === pointsText(merged)) return { ...(await this.templates.versionRow(ctx, latest.id)), unchanged: true };
      throw conflict(
        `Data-point template ${t.name} changed since version ${base.version}: version ${latest.version} is the latest, change that one`,
      );
    }
    if (pointsText(basePoints) === pointsText(merged)) return { ...(await this.templates.versionRow(ctx, base.id)), unchanged: true };
    const row = await this.templates.newPointVersion(ctx, { templateId: t.id, level: t.level, note: input.note, points: merged });
    return { ...row, unchanged: false };
  }

  /** The tenant's device templates of one level. */
  levelTemplates(ctx: StaffCtx, level: BatteryLevel) {
    return this.templates.deviceTemplates(ctx, { level });
  }

  // ---- cells ----

  /** Cells created against the latest apply, reported, and the reported cells by their worst state. */
  async cellStatus(ctx: StaffCtx, input: { bsaId: number }) {
    const check = await this.build.statusCheck(ctx, input, 'cell');
    const cells = await rowsOf<{ template_id: number | null; v: number | null; t: number | null; soc: number | null }>(
      ctx.tx,
      sql`select template_id, voltage_v as v, temperature_c as t, soc_pct as soc from bsa_cell
          where station_id = ${input.bsaId} and tenant_id = ${ctx.staff.tenantId}`,
    );
    const points = new Map(
      (
        await rowsOf<{ id: number; points: DataPoint[] }>(
          ctx.tx,
          sql`select d.id, v.points from bsa_device_template d join bsa_point_template_version v on v.id = d.point_version_id
              where d.tenant_id = ${ctx.staff.tenantId} and d.level = 'cell'`,
        )
      ).map((r) => [r.id, r.points]),
    );
    const rank = { normal: 0, warning: 1, fault: 2 } as const;
    const states = { normal: 0, warning: 0, fault: 0, unknown: 0 };
    let reported = 0;
    for (const c of cells) {
      const values: [string, number | null][] = [
        ['voltage', c.v],
        ['temperature', c.t],
        ['soc', c.soc],
      ];
      if (values.every(([, v]) => v === null)) continue;
      reported++;
      const list = points.get(c.template_id ?? -1) ?? [];
      let worst: keyof typeof rank | null = null;
      for (const [key, v] of values) {
        if (v === null) continue;
        const state = list.find((p) => p.key === key)?.ranges.find((r) => Number(v) >= r.from && Number(v) < r.to)?.state;
        if (state && (worst === null || rank[state] > rank[worst])) worst = state;
      }
      states[worst ?? 'unknown']++;
    }
    return {
      bsaId: input.bsaId,
      expected: check.expected,
      created: check.created,
      complete: check.complete,
      cells: cells.length,
      reported,
      notReported: cells.length - reported,
      states,
    };
  }
}
