import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { circuit as contract } from '@energy/contracts';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { list, staffScope } from '../../db/list.js';
import { langOf, type Lang } from '../../excel/columns.js';
import { sendFile, tempFile, XLSX_TYPE } from '../../excel/export.js';
import { readTable } from '../../excel/read.js';
import { templateWorkbook } from '../../excel/template.js';
import { receiveTable } from '../../excel/upload.js';
import type { StaffCtx } from '../../plugins/context.js';
import { invalid } from '../../plugins/errors.js';
import { job } from '../jobs/jobs.schema.js';
import { jobRowOf, type JobRow, type JobsService } from '../jobs/jobs.service.js';
import { tenantTimeZone } from '../tenancy/tenant-zone.js';
import { circuitEnergyConfigLog, circuitEnergyImport } from './circuit-energy.schema.js';
import { circuit } from './circuit.schema.js';
import type { CircuitService } from './circuit.service.js';
import { applyConfig, bindingsOf, checkMeters, versionsOf, type ConfigInput } from './energy-config-store.js';
import { ENERGY_IMPORT_COLUMNS, ENERGY_IMPORT_SHEET, energyImportRefs, importEnergyConfigs } from './energy-config-import.js';

type Detail = contract.EnergyConfigDetail;

export const COUNTER_LABELS: Record<contract.EnergyCounter, { 'en-US': string; 'zh-CN': string }> = {
  e_imp: { 'en-US': 'Imported energy', 'zh-CN': '正向有功电能' },
  e_exp: { 'en-US': 'Exported energy', 'zh-CN': '反向有功电能' },
};

/** Circuits' energy configs, their change log, imports (docs/circuits.md, "Energy config"). */
export class CircuitEnergyConfigService {
  constructor(
    private readonly circuits: CircuitService,
    private readonly jobs: JobsService,
  ) {}

  /** The options (counters, signs) and the staff's circuits with the config in force now. */
  async base(ctx: StaffCtx, input: { ouId?: number } = {}) {
    const rows = await ctx.tx
      .select({ id: circuit.id, code: circuit.code, name: circuit.name, ouId: circuit.ouId })
      .from(circuit)
      .where(and(...this.circuits.scope(ctx), ...(input?.ouId ? [eq(circuit.ouId, input.ouId)] : [])))
      .orderBy(asc(circuit.code));
    const zone = await tenantTimeZone(ctx);
    const now = (
      await bindingsOf(
        ctx.tx,
        ctx.staff.tenantId,
        zone,
        rows.map((r) => r.id),
      )
    ).filter((b) => b.inForceNow);
    return {
      counters: contract.ENERGY_COUNTERS.map((value) => ({
        value,
        label: COUNTER_LABELS[value]['en-US'],
        labelZh: COUNTER_LABELS[value]['zh-CN'],
      })),
      signs: [
        { value: 1 as const, label: 'Adds (+)', labelZh: '加 (+)' },
        { value: -1 as const, label: 'Subtracts (−)', labelZh: '减 (−)' },
      ],
      circuits: rows.map((r) => {
        const mine = now.filter((b) => b.circuitId === r.id);
        return {
          circuitId: r.id,
          code: r.code,
          name: r.name,
          ouId: r.ouId,
          counter: mine[0]?.counter ?? null,
          effectiveFrom: mine[0]?.effectiveFrom ?? null,
          meters: mine.map((m) => `${m.sign === -1 ? '-' : '+'}${m.code}`).join(' '),
        };
      }),
    };
  }

  /** One visible circuit's config in force, every version and the change log (404 otherwise). */
  async detail(ctx: StaffCtx, circuitId: number): Promise<Detail> {
    const row = await this.circuits.detail(ctx, circuitId);
    const zone = await tenantTimeZone(ctx);
    const versions = versionsOf(await bindingsOf(ctx.tx, ctx.staff.tenantId, zone, [circuitId]));
    const log = await ctx.tx
      .select()
      .from(circuitEnergyConfigLog)
      .where(and(eq(circuitEnergyConfigLog.circuitId, circuitId), eq(circuitEnergyConfigLog.tenantId, ctx.staff.tenantId)))
      .orderBy(desc(circuitEnergyConfigLog.createdAt), desc(circuitEnergyConfigLog.id))
      .limit(200);
    const plain = ({ inForceNow: _n, startsAt: _s, ...v }: (typeof versions)[number]) => v;
    const current = versions.find((v) => v.inForceNow);
    return {
      circuitId: row.id,
      code: row.code,
      name: row.name,
      ouId: row.ouId,
      current: current ? plain(current) : null,
      versions: versions.map(plain),
      log: log.map((l) => ({
        id: l.id,
        at: l.createdAt.toISOString(),
        staffCode: l.staffCode,
        source: l.source,
        effectiveFrom: l.effectiveFrom,
        before: l.before,
        after: l.after,
      })),
    };
  }

  /** Changes a visible circuit's config from a date: meters of its OU with the counter, none twice, one adding at least. */
  async save(ctx: StaffCtx, circuitId: number, input: ConfigInput): Promise<Detail> {
    const row = await this.circuits.detail(ctx, circuitId);
    if (!input.meters.some((m) => m.sign === 1)) throw invalid('body.meters', 'at least one meter must add (+1)');
    const codes = await checkMeters(ctx, row.ouId, input.meters, input.counter, 'body.meters');
    await applyConfig({ tx: ctx.tx, staff: ctx.staff, zone: await tenantTimeZone(ctx) }, circuitId, input, codes, 'config');
    return this.detail(ctx, circuitId);
  }

  /** Past imports of the tenant (a staff limited to some OUs sees its own only), the latest first. */
  async importRecords(ctx: StaffCtx, input: { pageOffset: number; pageSize: number }) {
    return list(ctx.tx, {
      query: () =>
        ctx.tx
          .select({ r: circuitEnergyImport, j: job })
          .from(circuitEnergyImport)
          .innerJoin(job, eq(job.id, circuitEnergyImport.jobId))
          .$dynamic(),
      where: [
        ...staffScope(ctx, { tenant: circuitEnergyImport.tenantId }),
        ctx.staff.allOus ? undefined : eq(circuitEnergyImport.staffId, ctx.staff.id),
      ],
      order: [desc(circuitEnergyImport.createdAt), desc(circuitEnergyImport.jobId)],
    }).page(input, (rows) =>
      rows.map(({ r, j }) => ({
        jobId: r.jobId,
        staffCode: r.staffCode,
        fileName: r.fileName,
        rows: r.rows,
        createdAt: r.createdAt.toISOString(),
        job: jobRowOf(j),
      })),
    );
  }

  /** The import template: circuit code, meter code, sign, counter, from-date, with an example row. */
  async template(ctx: StaffCtx, input: { lang?: Lang }, http: { req: FastifyRequest; reply: FastifyReply }) {
    const lang = langOf(http.req, input.lang);
    // drop-downs of the staff's circuits and energy meters (devices with a counter)
    const refs = await energyImportRefs(ctx.tx, ctx.staff, this.circuits.scope(ctx));
    const choices: Record<string, string[]> = { circuit: [...refs.circuits.keys()].sort(), meter: [...refs.meters.keys()].sort() };
    const columns = ENERGY_IMPORT_COLUMNS.map((c) => ({ ...c, choices: choices[c.key] }));
    const file = tempFile('xlsx');
    await templateWorkbook({ sheet: ENERGY_IMPORT_SHEET, columns, lang }).xlsx.writeFile(file);
    return sendFile(http.reply, file, lang === 'zh-CN' ? '能耗配置导入模板.xlsx' : 'energy-config-import-template.xlsx', XLSX_TYPE);
  }

  /** Imports configs as a job: every row checked first; one bad row or group saves nothing. */
  async import(ctx: StaffCtx, req: FastifyRequest): Promise<JobRow> {
    const id = randomUUID();
    const { file, format, name } = await receiveTable(req, this.jobs.fileOf(ctx.staff.tenantId, id));
    try {
      const table = await readTable(file, format);
      const zone = await tenantTimeZone(ctx);
      const staff = ctx.staff;
      const answer = await this.jobs.start(ctx, { id, kind: 'circuit-energy-config-import', total: table.rows.length, file }, (io) =>
        importEnergyConfigs({ staff, zone, scope: this.circuits.scope(ctx) }, table, io),
      );
      await ctx.tx.insert(circuitEnergyImport).values({
        jobId: id,
        tenantId: staff.tenantId,
        staffId: staff.id,
        staffCode: staff.staffCode,
        fileName: name || `import.${format}`,
        rows: table.rows.length,
      });
      return answer;
    } catch (error) {
      await fs.promises.rm(file, { force: true });
      throw error;
    }
  }
}
