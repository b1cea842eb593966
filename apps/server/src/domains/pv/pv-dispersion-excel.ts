import type { InputOf, pv as contract } from '@energy/contracts';
import { textColumn, type Column, type Localized } from '../../excel/columns.js';
import type { StaffCtx } from '../../plugins/context.js';
import type { PvDispersionService } from './pv-dispersion.service.js';
import { sendRows, type Http } from './pv-station-excel.js';

// The dispersion page's device list in a file (docs/excel.md, docs/pv-analytics.md): the page's filter, worst first.

type Row = contract.DispersionUnitRow;

const STATUSES: Record<Row['status'], Localized> = {
  analysed: { 'en-US': 'Analysed', 'zh-CN': '已分析' },
  'not-analysed': { 'en-US': 'Fewer than 2 live strings', 'zh-CN': '有效组串不足 2 个' },
  'no-data': { 'en-US': 'No data', 'zh-CN': '无数据' },
};
const CLASS_NAMES: Record<string, Localized> = {
  good: { 'en-US': 'Good', 'zh-CN': '良好' },
  fair: { 'en-US': 'Fair', 'zh-CN': '较好' },
  poor: { 'en-US': 'Poor', 'zh-CN': '待改进' },
  bad: { 'en-US': 'Bad', 'zh-CN': '需整改' },
};
const text = (key: keyof Row & string, en: string, zh: string, width: number) => textColumn<Row>(key, en, zh, width);
const num = (key: string, en: string, zh: string, value: (r: Row) => number | null, unit?: string): Column<Row> => ({
  key,
  header: { 'en-US': en, 'zh-CN': zh },
  type: { kind: 'number', unit, numFmt: unit === '%' ? '0.00' : '0' },
  width: 12,
  value,
});

const COLUMNS: Column<Row>[] = [
  text('inverterCode', 'Inverter', '逆变器编码', 16),
  text('inverterName', 'Name', '逆变器名称', 22),
  text('areaName', 'Area', '区域', 16),
  num('mpptInput', 'MPPT', 'MPPT', (r) => r.mpptInput),
  {
    key: 'status',
    header: { 'en-US': 'Status', 'zh-CN': '状态' },
    type: { kind: 'enum', labels: STATUSES },
    width: 18,
    value: (r) => r.status,
  },
  num('ratePercent', 'Dispersion rate', '离散率', (r) => r.ratePercent, '%'),
  {
    key: 'className',
    header: { 'en-US': 'Class', 'zh-CN': '等级' },
    type: { kind: 'enum', labels: CLASS_NAMES },
    width: 12,
    value: (r) => r.className,
  },
  num('stringsTotal', 'Strings', '组串数', (r) => r.stringsTotal),
  num('stringsCounted', 'Strings counted', '参与计算组串数', (r) => r.stringsCounted),
  {
    key: 'dead',
    header: { 'en-US': 'Dead strings', 'zh-CN': '无电流组串' },
    type: { kind: 'text' },
    width: 20,
    value: (r) => r.deadStrings.map((s) => s.code).join(', '),
  },
  {
    key: 'weak',
    header: { 'en-US': 'Weak strings', 'zh-CN': '低效组串' },
    type: { kind: 'text' },
    width: 26,
    value: (r) => r.weakStrings.map((s) => `${s.code} (${s.relativePercent} %)`).join(', '),
  },
  num('buckets', 'Qualifying 15 min buckets', '有效 15 分钟时段数', (r) => r.buckets),
];

/** The station's groups with the page's filter as XLSX or CSV; a station's inverters fit one batch. */
export async function exportDispersion(
  service: PvDispersionService,
  ctx: StaffCtx,
  input: InputOf<typeof contract.dispersionPvDeviceExport>,
  http: Http,
) {
  const rows = await service.deviceRows(ctx, input);
  return sendRows(ctx, http, input, {
    name: 'pv-dispersion',
    sheet: { 'en-US': 'String dispersion', 'zh-CN': '组串离散率' },
    columns: COLUMNS,
    rows,
  });
}
