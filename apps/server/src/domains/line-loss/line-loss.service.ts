import type { lineLoss as contract } from '@energy/contracts';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { contains, equals, list, staffScope, where } from '../../db/list.js';
import { langOf } from '../../excel/columns.js';
import { sendExport } from '../../excel/export.js';
import { canSeeOu, type StaffCtx } from '../../plugins/context.js';
import { invalid, notFound } from '../../plugins/errors.js';
import { circuit } from '../circuit/circuit.schema.js';
import { ENERGY_KEY } from '../circuit/circuit.service.js';
import { dataProperty, device } from '../devices/devices.schema.js';
import { ou } from '../ou/ou.schema.js';
import { tenantTimeZone } from '../tenancy/tenant-zone.js';
import { LINE_LOSS_COLUMNS, LINE_LOSS_SHEET } from './line-loss-excel.js';
import { lossFigures, periodEnergy, periodOf, periodsBetween, periodStart, shiftPeriod } from './line-loss-figures.js';
import { lineLossConfig, lineLossOutput } from './line-loss.schema.js';

type Row = contract.LineLossConfigRow;
type Member = Row['input'];
type Kind = contract.LineLossKind;
type Level = contract.LineLossLevel;
interface ConfigBody {
  name: string;
  kind: Kind;
  inputId: number;
  outputIds: number[];
  remark?: string | null;
}

const DAY_MS = 86_400_000;
/** At most this long a range of line-loss figures. */
const MAX_RANGE_DAYS = 400;

/** Stored line-loss configurations and their figures per day or month (docs/line-loss.md). */
export class LineLossService {
  scope(ctx: StaffCtx): SQL[] {
    return staffScope(ctx, { tenant: lineLossConfig.tenantId, ou: lineLossConfig.ouId });
  }

  private query(ctx: StaffCtx) {
    return ctx.tx
      .select({ c: lineLossConfig, ouName: ou.name })
      .from(lineLossConfig)
      .innerJoin(ou, eq(ou.id, lineLossConfig.ouId))
      .$dynamic();
  }

  private filters(input: { name?: string; kind?: Kind; ouId?: number }): SQL[] {
    return where(input, {
      name: contains(lineLossConfig.name),
      kind: equals(lineLossConfig.kind) as (v: string) => SQL,
      ouId: equals(lineLossConfig.ouId),
    });
  }

  /** Names of circuits or meters by id, in the tenant. */
  private async members(ctx: StaffCtx, kind: Kind, ids: number[]): Promise<Map<number, Member>> {
    if (!ids.length) return new Map();
    const t = kind === 'circuit' ? circuit : device;
    const rows = await ctx.tx
      .select({ id: t.id, code: t.code, name: t.name })
      .from(t)
      .where(and(inArray(t.id, ids), eq(t.tenantId, ctx.staff.tenantId)));
    return new Map(rows.map((r) => [r.id, r]));
  }

  private async rows(ctx: StaffCtx, rows: { c: typeof lineLossConfig.$inferSelect; ouName: string }[]): Promise<Row[]> {
    if (!rows.length) return [];
    const outputs = await ctx.tx
      .select()
      .from(lineLossOutput)
      .where(
        inArray(
          lineLossOutput.configId,
          rows.map((r) => r.c.id),
        ),
      )
      .orderBy(asc(lineLossOutput.id));
    const ids = { circuit: new Set<number>(), meter: new Set<number>() };
    for (const { c } of rows) ids[c.kind].add((c.inputCircuitId ?? c.inputDeviceId)!);
    for (const o of outputs) (o.circuitId != null ? ids.circuit : ids.meter).add((o.circuitId ?? o.deviceId)!);
    const names = {
      circuit: await this.members(ctx, 'circuit', [...ids.circuit]),
      meter: await this.members(ctx, 'meter', [...ids.meter]),
    };
    const member = (kind: Kind, id: number): Member => names[kind].get(id) ?? { id, code: String(id), name: String(id) };
    return rows.map(({ c, ouName }) => ({
      id: c.id,
      name: c.name,
      kind: c.kind,
      ouId: c.ouId,
      ouName,
      input: member(c.kind, (c.inputCircuitId ?? c.inputDeviceId)!),
      outputs: outputs.filter((o) => o.configId === c.id).map((o) => member(c.kind, (o.circuitId ?? o.deviceId)!)),
      remark: c.remark,
      createdAt: c.createdAt.getTime(),
      updatedAt: c.updatedAt.getTime(),
    }));
  }

  async page(ctx: StaffCtx, input: { pageSize: number; pageOffset: number; name?: string; kind?: Kind; ouId?: number }) {
    return list(ctx.tx, {
      query: () => this.query(ctx),
      where: [...this.scope(ctx), ...this.filters(input)],
      order: [asc(lineLossConfig.name), asc(lineLossConfig.id)],
    }).page(input, (rows) => this.rows(ctx, rows));
  }

  async list(ctx: StaffCtx, input: { name?: string; kind?: Kind; ouId?: number } = {}) {
    return list(ctx.tx, {
      query: () => this.query(ctx),
      where: [...this.scope(ctx), ...this.filters(input ?? {})],
      order: [asc(lineLossConfig.name), asc(lineLossConfig.id)],
    }).all((rows) => this.rows(ctx, rows));
  }

  async detail(ctx: StaffCtx, id: number): Promise<Row> {
    const rows = await this.query(ctx).where(and(eq(lineLossConfig.id, id), ...this.scope(ctx)));
    if (!rows.length) throw notFound(`Line-loss configuration ${id}`);
    return (await this.rows(ctx, rows))[0]!;
  }

  /**
   * The OU of a visible circuit or energy meter (one with an `e_imp` counter), or a refusal naming the field.
   */
  private async ouOf(ctx: StaffCtx, kind: Kind, id: number, field: string): Promise<number> {
    if (kind === 'circuit') {
      const [row] = await ctx.tx
        .select({ ouId: circuit.ouId })
        .from(circuit)
        .where(and(eq(circuit.id, id), eq(circuit.tenantId, ctx.staff.tenantId)));
      if (!row || !canSeeOu(ctx.staff, row.ouId)) throw invalid(field, 'is not one of your circuits');
      return row.ouId;
    }
    const [row] = await ctx.tx
      .select({ ouId: device.ouId, energy: dataProperty.id })
      .from(device)
      .leftJoin(
        dataProperty,
        and(eq(dataProperty.deviceTypeId, device.deviceTypeId), eq(dataProperty.key, ENERGY_KEY), eq(dataProperty.kind, 'cumulative')),
      )
      .where(and(eq(device.id, id), eq(device.tenantId, ctx.staff.tenantId)));
    if (!row || row.ouId == null || !canSeeOu(ctx.staff, row.ouId)) throw invalid(field, 'is not one of your devices');
    if (row.energy == null) throw invalid(field, `is not an energy meter (it has no ${ENERGY_KEY} counter)`);
    return row.ouId;
  }

  /** Checks the input and every output (same OU, not the input), then writes the configuration and its outputs. */
  private async write(ctx: StaffCtx, input: ConfigBody, id?: number): Promise<number> {
    const ouId = await this.ouOf(ctx, input.kind, input.inputId, 'body.inputId');
    for (const [i, out] of input.outputIds.entries()) {
      const field = `body.outputIds.${i}`;
      if (out === input.inputId) throw invalid(field, 'is the input itself');
      if ((await this.ouOf(ctx, input.kind, out, field)) !== ouId) throw invalid(field, "is not in the input's operating unit");
    }
    const values = {
      name: input.name,
      kind: input.kind,
      ouId,
      inputCircuitId: input.kind === 'circuit' ? input.inputId : null,
      inputDeviceId: input.kind === 'meter' ? input.inputId : null,
      remark: input.remark ?? null,
      updatedAt: new Date(),
    };
    let configId = id;
    if (configId === undefined) {
      const [row] = await ctx.tx
        .insert(lineLossConfig)
        .values({ ...values, tenantId: ctx.staff.tenantId })
        .returning({ id: lineLossConfig.id });
      configId = row!.id;
    } else {
      await ctx.tx.update(lineLossConfig).set(values).where(eq(lineLossConfig.id, configId));
      await ctx.tx.delete(lineLossOutput).where(eq(lineLossOutput.configId, configId));
    }
    await ctx.tx.insert(lineLossOutput).values(
      input.outputIds.map((out) => ({
        tenantId: ctx.staff.tenantId,
        configId: configId!,
        circuitId: input.kind === 'circuit' ? out : null,
        deviceId: input.kind === 'meter' ? out : null,
      })),
    );
    return configId;
  }

  async create(ctx: StaffCtx, input: ConfigBody) {
    return this.detail(ctx, await this.write(ctx, input));
  }

  async update(ctx: StaffCtx, input: ConfigBody & { id: number }) {
    await this.detail(ctx, input.id);
    return this.detail(ctx, await this.write(ctx, input, input.id));
  }

  /** Deletes the configuration; its rules go with it (the caller recovers their alarms). */
  async delete(ctx: StaffCtx, id: number) {
    await this.detail(ctx, id);
    await ctx.tx.delete(lineLossConfig).where(eq(lineLossConfig.id, id));
    return { id };
  }

  // ---------------------------------------------------------------------------------------------
  // Figures

  /** A stored configuration, or a circuit against its direct children. */
  private async subject(ctx: StaffCtx, input: { configId?: number; circuitId?: number }) {
    if (input.configId !== undefined) {
      const row = await this.detail(ctx, input.configId);
      return { ...row, configId: row.id, circuitId: row.kind === 'circuit' ? row.input.id : null };
    }
    const [row] = await ctx.tx
      .select({ id: circuit.id, code: circuit.code, name: circuit.name })
      .from(circuit)
      .where(and(eq(circuit.id, input.circuitId!), ...staffScope(ctx, { tenant: circuit.tenantId, ou: circuit.ouId })));
    if (!row) throw notFound(`Circuit ${input.circuitId}`);
    const outputs = await ctx.tx
      .select({ id: circuit.id, code: circuit.code, name: circuit.name })
      .from(circuit)
      .where(and(eq(circuit.parentId, row.id), ...staffScope(ctx, { tenant: circuit.tenantId, ou: circuit.ouId })))
      .orderBy(asc(circuit.code));
    return { configId: null, circuitId: row.id, kind: 'circuit' as const, name: row.name, input: row, outputs };
  }

  /** Input, Σ outputs, loss and rate of each local period of [from, to), every period listed. */
  async data(
    ctx: StaffCtx,
    input: { configId?: number; circuitId?: number; from: string | number; to: string | number; timeLevel: Level },
  ) {
    const from = typeof input.from === 'number' ? input.from : Date.parse(input.from);
    const to = typeof input.to === 'number' ? input.to : Date.parse(input.to);
    if (to <= from) throw invalid('body.to', 'must be after from');
    if (to - from > MAX_RANGE_DAYS * DAY_MS) throw invalid('body.to', `the range must be at most ${MAX_RANGE_DAYS} days`);
    const s = await this.subject(ctx, input);
    const timeZone = await tenantTimeZone(ctx);
    const figures = await lossPeriods(ctx.tx, {
      tenantId: ctx.staff.tenantId,
      kind: s.kind,
      inputId: s.input.id,
      outputIds: s.outputs.map((o) => o.id),
      from,
      to,
      level: input.timeLevel,
      timeZone,
    });
    const sum = figures.reduce((a, p) => ({ i: a.i + p.inputWh, o: a.o + p.outputWh }), { i: 0, o: 0 });
    return {
      configId: s.configId,
      circuitId: s.circuitId,
      kind: s.kind,
      name: s.name,
      timeZone,
      input: s.input,
      children: s.outputs,
      periods: figures,
      total: lossFigures(sum.i, sum.o),
    };
  }

  /** A month by day or a year by month as XLSX or CSV, then a total row. */
  async export(
    ctx: StaffCtx,
    input: {
      configId?: number;
      circuitId?: number;
      exportDate: string;
      timeLevel: Level;
      format: 'xlsx' | 'csv';
      lang?: 'en-US' | 'zh-CN';
    },
    http: { req: FastifyRequest; reply: FastifyReply },
  ) {
    const timeZone = await tenantTimeZone(ctx);
    const first = input.timeLevel === 'day' ? `${input.exportDate.slice(0, 7)}-01` : `${input.exportDate.slice(0, 4)}-01`;
    const next = input.timeLevel === 'day' ? `${shiftPeriod(first.slice(0, 7), 'month', 1)}-01` : `${Number(first.slice(0, 4)) + 1}-01`;
    const answer = await this.data(ctx, {
      ...input,
      from: periodStart(timeZone, first),
      to: periodStart(timeZone, next),
    });
    const lang = langOf(http.req, input.lang);
    return sendExport(http.reply, {
      name: 'line-loss',
      sheet: LINE_LOSS_SHEET,
      columns: LINE_LOSS_COLUMNS,
      lang,
      timeZone,
      format: input.format,
      batches: (async function* () {
        yield [...answer.periods, { label: lang === 'zh-CN' ? '合计' : 'Total', ...answer.total }];
      })(),
    });
  }
}

/** The figures of every local period of [from, to) of an input against its outputs. */
export async function lossPeriods(
  tx: StaffCtx['tx'],
  o: { tenantId: string; kind: Kind; inputId: number; outputIds: number[]; from: number; to: number; level: Level; timeZone: string },
) {
  const energy = await periodEnergy(tx, { ...o, ids: [o.inputId, ...o.outputIds] });
  const labels = periodsBetween(periodOf(o.timeZone, o.from, o.level), periodOf(o.timeZone, o.to - 1, o.level), o.level);
  return labels.map((label) => {
    const inputWh = energy.get(o.inputId)?.get(label) ?? 0;
    // an output listed that is also the input counts once on each side (refused when stored)
    const outputWh = o.outputIds.reduce((s, id) => s + (energy.get(id)?.get(label) ?? 0), 0);
    return { label, ts: periodStart(o.timeZone, label), ...lossFigures(inputWh, outputWh) };
  });
}
