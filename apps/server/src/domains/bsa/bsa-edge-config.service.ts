import type { bsa as contract, BodyOf } from '@energy/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/sql.js';
import type { StaffCtx } from '../../plugins/context.js';
import { conflict, invalid } from '../../plugins/errors.js';
import { bsaEdgeConfig, bsaSpecialUnit } from './bsa-edge.schema.js';
import { type BatteryLevel } from './bsa.schema.js';
import type { BsaService } from './bsa.service.js';
import type { BsaTemplatesService } from './bsa-templates.service.js';

type ConfigInput = BodyOf<typeof contract.edgeBsaConfig>;
type ConfigRow = typeof bsaEdgeConfig.$inferSelect;
type SpecialRow = typeof bsaSpecialUnit.$inferSelect;
type DeviceTemplate = Awaited<ReturnType<BsaTemplatesService['deviceTemplates']>>[number];

const LEVELS = ['rack', 'pack', 'cell'] as const;
const who = (ctx: StaffCtx) => `${ctx.user.name} (${ctx.staff.staffCode})`;
const templateField = { rack: 'rackTemplateId', pack: 'packTemplateId', cell: 'cellTemplateId' } as const;

/**
 * A station's edge (FCS) settings and its special units (docs/bsa.md, "Edge calls"): the BMS link and
 * report interval with the template of each level (config, get-config, get-template), and racks, packs
 * or cells that differ from their level (especially/save, especially/list).
 */
export class BsaEdgeConfigService {
  constructor(
    private readonly bsa: BsaService,
    private readonly templates: BsaTemplatesService,
  ) {}

  /** A device template of the tenant and level, or the field's problem. */
  private pickTemplate(all: DeviceTemplate[], field: string, templateId: number, level: BatteryLevel) {
    const t = all.find((d) => d.id === templateId);
    if (!t) throw invalid(field, 'is not a device template of this tenant');
    if (t.level !== level) throw invalid(field, `${t.name} is a ${t.level} template, not a ${level} one`);
    return t;
  }

  // ---- FCS settings ----

  private async configOf(ctx: StaffCtx, stationId: number) {
    const [row] = await ctx.tx
      .select()
      .from(bsaEdgeConfig)
      .where(and(eq(bsaEdgeConfig.stationId, stationId), eq(bsaEdgeConfig.tenantId, ctx.staff.tenantId)));
    return row ?? null;
  }

  private configRow(row: ConfigRow, all: DeviceTemplate[], fcs: Awaited<ReturnType<BsaService['detail']>>['fcs']) {
    const ref = (id: number | null) => {
      const t = id === null ? undefined : all.find((d) => d.id === id);
      return t ? { id: t.id, name: t.name } : null;
    };
    return {
      bsaId: row.stationId,
      revision: row.revision,
      reportIntervalS: row.reportIntervalS,
      bms: {
        protocol: row.bmsProtocol,
        host: row.bmsHost,
        port: row.bmsPort,
        serialPort: row.serialPort,
        baudRate: row.baudRate,
        slaveId: row.slaveId,
        canBitrate: row.canBitrate,
      },
      templates: { rack: ref(row.rackTemplateId), pack: ref(row.packTemplateId), cell: ref(row.cellTemplateId) },
      fcs,
      updatedBy: row.updatedBy,
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async getConfig(ctx: StaffCtx, input: { bsaId: number }) {
    const station = await this.bsa.detail(ctx, { id: input.bsaId });
    const row = await this.configOf(ctx, station.id);
    return row ? this.configRow(row, await this.templates.deviceTemplates(ctx, {}), station.fcs) : null;
  }

  /** Saves the settings as a whole; the same settings again change nothing (`unchanged`, same revision). */
  async saveConfig(ctx: StaffCtx, input: ConfigInput) {
    const station = await this.bsa.detail(ctx, { id: input.bsaId });
    if (station.status === 'invalid') throw conflict(`Storage station ${station.code} is invalid: it gets no settings any more`);
    const all = await this.templates.deviceTemplates(ctx, {});
    for (const level of LEVELS) {
      const id = input[templateField[level]];
      if (id != null) this.pickTemplate(all, `body.${templateField[level]}`, id, level);
    }
    const values = {
      reportIntervalS: input.reportIntervalS,
      bmsProtocol: input.bms.protocol,
      bmsHost: input.bms.host ?? null,
      bmsPort: input.bms.port ?? null,
      serialPort: input.bms.serialPort ?? null,
      baudRate: input.bms.baudRate ?? null,
      slaveId: input.bms.slaveId ?? null,
      canBitrate: input.bms.canBitrate ?? null,
      rackTemplateId: input.rackTemplateId ?? null,
      packTemplateId: input.packTemplateId ?? null,
      cellTemplateId: input.cellTemplateId ?? null,
    };
    const [current] = await ctx.tx
      .select()
      .from(bsaEdgeConfig)
      .where(and(eq(bsaEdgeConfig.stationId, station.id), eq(bsaEdgeConfig.tenantId, ctx.staff.tenantId)))
      .for('update');
    if (current && (Object.keys(values) as (keyof typeof values)[]).every((k) => current[k] === values[k]))
      return { ...this.configRow(current, all, station.fcs), unchanged: true };
    const [row] = await ctx.tx
      .insert(bsaEdgeConfig)
      .values({ tenantId: ctx.staff.tenantId, stationId: station.id, ...values, updatedBy: who(ctx) })
      .onConflictDoUpdate({
        target: bsaEdgeConfig.stationId,
        set: { ...values, revision: sql`${bsaEdgeConfig.revision} + 1`, updatedBy: who(ctx), updatedAt: new Date() },
      })
      .returning();
    return { ...this.configRow(row!, all, station.fcs), unchanged: false };
  }

  /** Per level: the set template with its points, the templates the units use, and the units that differ unmarked. */
  async getTemplate(ctx: StaffCtx, input: { bsaId: number }) {
    const station = await this.bsa.detail(ctx, { id: input.bsaId });
    const config = await this.configOf(ctx, station.id);
    const all = await this.templates.deviceTemplates(ctx, {});
    const out = [];
    for (const level of LEVELS) {
      const setId = config?.[templateField[level]] ?? null;
      const groups = await rowsOf<{ template_id: number | null; units: number; unmarked: number }>(
        ctx.tx,
        sql`select u.template_id, count(*)::int as units, count(*) filter (where s.id is null)::int as unmarked
            from ${sql.identifier(`bsa_${level}`)} u
            left join bsa_special_unit s on s.level = ${level} and s.unit_id = u.id
            where u.station_id = ${station.id} and u.tenant_id = ${ctx.staff.tenantId}
            group by u.template_id order by u.template_id`,
      );
      const set = setId === null ? undefined : all.find((d) => d.id === setId);
      out.push({
        level,
        configured: set ? { ...set, points: (await this.templates.versionRow(ctx, set.pointVersionId)).points } : null,
        inUse: groups.map((g) => ({
          templateId: g.template_id,
          name: all.find((d) => d.id === g.template_id)?.name ?? null,
          units: g.units,
        })),
        otherUnits: set ? groups.filter((g) => g.template_id !== set.id).reduce((a, g) => a + g.unmarked, 0) : 0,
      });
    }
    return out;
  }

  // ---- special units ----

  private specialRow(r: SpecialRow, all: DeviceTemplate[]) {
    const name = (id: number | null) => (id === null ? null : (all.find((d) => d.id === id)?.name ?? null));
    return {
      id: r.id,
      bsaId: r.stationId,
      level: r.level,
      unitId: r.unitId,
      unitCode: r.unitCode,
      templateId: r.templateId,
      templateName: name(r.templateId),
      originalTemplateId: r.originalTemplateId,
      originalTemplateName: name(r.originalTemplateId),
      note: r.note,
      updatedBy: r.updatedBy,
      updatedAt: r.updatedAt.toISOString(),
    };
  }

  /**
   * Marks a unit special: its note and, with `templateId`, its own template of the level (a rack's or a
   * pack's must hold as many children as the unit has). Without it the unit goes back to its original template.
   */
  async saveSpecial(ctx: StaffCtx, input: BodyOf<typeof contract.deviceBsaEspeciallySave>) {
    const station = await this.bsa.detail(ctx, { id: input.bsaId });
    if (station.status === 'invalid') throw conflict(`Storage station ${station.code} is invalid: nothing is built in it any more`);
    const level = input.level;
    const children =
      level === 'rack'
        ? sql`(select count(*) from bsa_pack c where c.rack_id = u.id)`
        : level === 'pack'
          ? sql`(select count(*) from bsa_cell c where c.pack_id = u.id)`
          : sql`0`;
    const [unit] = await rowsOf<{ id: number; code: string; template_id: number | null; children: number }>(
      ctx.tx,
      sql`select u.id, u.code, u.template_id, ${children}::int as children from ${sql.identifier(`bsa_${level}`)} u
          where u.id = ${input.unitId} and u.station_id = ${station.id} and u.tenant_id = ${ctx.staff.tenantId}
          for update of u`,
    );
    if (!unit) throw invalid('body.unitId', `is not a ${level} of ${station.code}`);
    const all = await this.templates.deviceTemplates(ctx, {});
    if (input.templateId != null) {
      const t = this.pickTemplate(all, 'body.templateId', input.templateId, level);
      if (t.childCount !== null && unit.children > 0 && t.childCount !== unit.children) {
        const what = level === 'rack' ? 'packs' : 'cells';
        throw invalid('body.templateId', `${t.name} holds ${t.childCount} ${what}, ${unit.code} has ${unit.children}`);
      }
    }
    const [marked] = await ctx.tx
      .select()
      .from(bsaSpecialUnit)
      .where(and(eq(bsaSpecialUnit.level, level), eq(bsaSpecialUnit.unitId, unit.id)));
    const original = marked ? marked.originalTemplateId : unit.template_id;
    const templateId = input.templateId ?? original;
    const [row] = await ctx.tx
      .insert(bsaSpecialUnit)
      .values({
        tenantId: ctx.staff.tenantId,
        stationId: station.id,
        level,
        unitId: unit.id,
        unitCode: unit.code,
        templateId,
        originalTemplateId: original,
        note: input.note,
        updatedBy: who(ctx),
      })
      .onConflictDoUpdate({
        target: [bsaSpecialUnit.level, bsaSpecialUnit.unitId],
        set: { templateId, note: input.note, updatedBy: who(ctx), updatedAt: new Date() },
      })
      .returning();
    if (templateId !== unit.template_id) {
      await ctx.tx.execute(
        sql`update ${sql.identifier(`bsa_${level}`)} set template_id = ${templateId}, updated_at = now() where id = ${unit.id}`,
      );
    }
    return this.specialRow(row!, all);
  }

  async specials(ctx: StaffCtx, input: { bsaId: number; level?: BatteryLevel }) {
    const station = await this.bsa.detail(ctx, { id: input.bsaId });
    const rows = await ctx.tx
      .select()
      .from(bsaSpecialUnit)
      .where(
        and(
          eq(bsaSpecialUnit.stationId, station.id),
          eq(bsaSpecialUnit.tenantId, ctx.staff.tenantId),
          ...(input.level ? [eq(bsaSpecialUnit.level, input.level)] : []),
        ),
      )
      .orderBy(sql`array_position(array['rack','pack','cell'], ${bsaSpecialUnit.level})`, asc(bsaSpecialUnit.unitCode));
    const all = await this.templates.deviceTemplates(ctx, {});
    return rows.map((r) => this.specialRow(r, all));
  }
}
