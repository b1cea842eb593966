import type { InputOf, pv as contract } from '@energy/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { langOf, textColumn, type Column } from '../../excel/columns.js';
import { sendExport } from '../../excel/export.js';
import type { StaffCtx } from '../../plugins/context.js';
import { invalid } from '../../plugins/errors.js';
import { tenantTimeZone } from '../tenancy/tenant-zone.js';
import type { PvPerformanceService } from './pv-performance.service.js';

// The performance page's tables in a file (docs/excel.md, docs/pv-analytics.md): the stations' outline,
// the indices per period and the inverters' ranking, computed as the page's calls compute them.

type Figures = contract.PerformanceFigures;
type Input = InputOf<typeof contract.performanceExport>;

const num = <R>(key: string, en: string, zh: string, value: (r: R) => number | null, unit?: string, numFmt = '#,##0.00'): Column<R> => ({
  key,
  header: { 'en-US': en, 'zh-CN': zh },
  type: { kind: 'number', unit, numFmt },
  width: 14,
  value,
});
const kwh = (wh: number) => wh / 1000;

/** The figures' columns, shared by the outline and the index. */
const figureColumns = <R extends Figures>(): Column<R>[] => [
  num('generation', 'Energy', '发电量', (r) => kwh(r.generationWh), 'kWh', '#,##0.000'),
  num(
    'irradiation',
    'Irradiation (POA)',
    '辐照量（斜面）',
    (r) => (r.irradiationWhM2 === null ? null : kwh(r.irradiationWhM2)),
    'kWh/m²',
    '#,##0.000',
  ),
  num('pr', 'PR', 'PR', (r) => r.pr, undefined, '0.0000'),
  num('prTemp', 'Temperature-corrected PR', '温度修正 PR', (r) => r.prTempCorrected, undefined, '0.0000'),
  num('hours', 'Equivalent hours', '等效小时', (r) => r.equivalentHours, 'h'),
  num('yield', 'Specific yield', '单位千瓦发电量', (r) => r.specificYieldKwhPerKwp, 'kWh/kWp'),
];

type OutlineRow = contract.PerformanceFigures & { code: string; name: string; capacityKwp: number };
const OUTLINE: Column<OutlineRow>[] = [
  textColumn<OutlineRow>('code', 'Code', '电站编码', 16),
  textColumn<OutlineRow>('name', 'Name', '电站名称', 24),
  num('capacity', 'Capacity', '装机容量', (r) => r.capacityKwp, 'kWp'),
  ...figureColumns<OutlineRow>(),
];
type IndexRow = contract.PerformanceFigures & { label: string };
const INDEX: Column<IndexRow>[] = [textColumn<IndexRow>('label', 'Period', '周期', 12), ...figureColumns<IndexRow>()];
type InverterRow = contract.InverterExpressionRow;
const INVERTERS: Column<InverterRow>[] = [
  num('rank', 'Rank', '排名', (r) => r.rank, undefined, '0'),
  textColumn<InverterRow>('code', 'Code', '编码', 14),
  textColumn<InverterRow>('name', 'Name', '名称', 22),
  textColumn<InverterRow>('areaName', 'Area', '区域', 16),
  num('capacity', 'Capacity', '装机容量', (r) => r.capacityKwp, 'kWp'),
  num('eAc', 'AC energy', '交流发电量', (r) => kwh(r.eAcWh), 'kWh', '#,##0.000'),
  num('eDc', 'DC energy', '直流发电量', (r) => (r.eDcWh === null ? null : kwh(r.eDcWh)), 'kWh', '#,##0.000'),
  num('efficiency', 'Efficiency', '转换效率', (r) => r.efficiency, undefined, '0.0000'),
  num('hours', 'Equivalent hours', '等效小时', (r) => r.equivalentHours, 'h'),
  num('pr', 'PR', 'PR', (r) => r.pr, undefined, '0.0000'),
];

export async function exportPerformance(
  performance: PvPerformanceService,
  ctx: StaffCtx,
  input: Input,
  http: { req: FastifyRequest; reply: FastifyReply },
) {
  const base = { lang: langOf(http.req, input.lang), timeZone: await tenantTimeZone(ctx), format: input.format };
  const once = <R>(rows: R[]) =>
    (async function* () {
      yield rows;
    })();
  if (input.table === 'outline') {
    const rows: OutlineRow[] = [];
    for (let pageOffset = 1; ; pageOffset++) {
      const page = await performance.outlinePage(ctx, {
        pageSize: 100,
        pageOffset,
        from: input.from,
        to: input.to,
        keyword: input.keyword,
      });
      rows.push(...page.list);
      if (rows.length >= page.totalCount || !page.list.length) break;
    }
    return sendExport(http.reply, {
      ...base,
      name: 'pv-performance',
      sheet: { 'en-US': 'PV performance', 'zh-CN': '发电性能' },
      columns: OUTLINE,
      batches: once(rows),
    });
  }
  if (input.pvId === undefined) throw invalid('query.pvId', 'is required');
  if (input.table === 'index') {
    const answer = await performance.index(ctx, { ...input, pvId: input.pvId });
    return sendExport(http.reply, {
      ...base,
      name: 'pv-performance-index',
      sheet: { 'en-US': 'Indices', 'zh-CN': '性能指标' },
      columns: INDEX,
      batches: once([...answer.periods, answer.total]),
    });
  }
  const answer = await performance.inverterExpression(ctx, { pvId: input.pvId, from: input.from, to: input.to, areaId: input.areaId });
  return sendExport(http.reply, {
    ...base,
    name: 'pv-inverter-ranking',
    sheet: { 'en-US': 'Inverters', 'zh-CN': '逆变器' },
    columns: INVERTERS,
    batches: once(answer.rows),
  });
}
