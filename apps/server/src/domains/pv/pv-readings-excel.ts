import { pv as contract, circuit } from '@energy/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { langOf, type Column, type Localized } from '../../excel/columns.js';
import { sendExport } from '../../excel/export.js';
import type { StaffCtx } from '../../plugins/context.js';
import type { MeterReadingsService } from './meter-readings.service.js';
import type { PvReportsService } from './pv-reports.service.js';

// The meter readings' and reports' downloads (docs/pv.md, docs/excel.md): XLSX or CSV, en-US or zh-CN.

type Http = { req: FastifyRequest; reply: FastifyReply };
type Row = contract.MeterReadingRow;
type Period = contract.ReportPeriod;

const kwh = (wh: number) => wh / 1000;
const energy = { kind: 'number', unit: 'kWh', numFmt: '0.000' } as const;
const reading = { kind: 'number', unit: 'kWh', numFmt: '0.000' } as const;
const text = { kind: 'text' } as const;

const ROLE_LABELS: Record<contract.MeterRole, Localized> = {
  generation: { 'en-US': 'Generation', 'zh-CN': '发电' },
  'on-grid': { 'en-US': 'On-grid', 'zh-CN': '上网' },
  'off-take': { 'en-US': 'Off-take', 'zh-CN': '下网' },
};

function readingColumns(display: 'all' | 'reading' | 'energy'): Column<Row>[] {
  const head: Column<Row>[] = [
    {
      key: 'day',
      header: { 'en-US': 'Period', 'zh-CN': '周期' },
      type: text,
      value: (r) => (r.type === 'month' ? r.day.slice(0, 7) : r.day),
      width: 12,
    },
    { key: 'pv', header: { 'en-US': 'PV station', 'zh-CN': '光伏电站' }, type: text, value: (r) => r.pvName, width: 22 },
    { key: 'point', header: { 'en-US': 'Grid point', 'zh-CN': '并网点' }, type: text, value: (r) => r.pointName, width: 16 },
    { key: 'meter', header: { 'en-US': 'Meter', 'zh-CN': '电表' }, type: text, value: (r) => r.meterCode, width: 14 },
    {
      key: 'role',
      header: { 'en-US': 'Role', 'zh-CN': '用途' },
      type: { kind: 'enum', labels: ROLE_LABELS },
      value: (r) => r.role,
      width: 12,
    },
  ];
  const readings: Column<Row>[] = [
    { key: 'start', header: { 'en-US': 'Start reading', 'zh-CN': '期初读数' }, type: reading, value: (r) => r.startReading, width: 16 },
    {
      key: 'startAt',
      header: { 'en-US': 'Read at', 'zh-CN': '期初抄表时间' },
      type: { kind: 'datetime' },
      value: (r) => r.startReadAt,
      width: 20,
    },
    { key: 'end', header: { 'en-US': 'End reading', 'zh-CN': '期末读数' }, type: reading, value: (r) => r.endReading, width: 16 },
    {
      key: 'endAt',
      header: { 'en-US': 'Read at (end)', 'zh-CN': '期末抄表时间' },
      type: { kind: 'datetime' },
      value: (r) => r.endReadAt,
      width: 20,
    },
  ];
  const energies: Column<Row>[] = [
    { key: 'energy', header: { 'en-US': 'Energy', 'zh-CN': '电量' }, type: energy, value: (r) => kwh(r.energyWh), width: 14 },
    {
      key: 'resets',
      header: { 'en-US': 'Meter resets', 'zh-CN': '表计复位次数' },
      type: { kind: 'number' },
      value: (r) => r.resets,
      width: 12,
    },
  ];
  return [...head, ...(display === 'energy' ? [] : readings), ...(display === 'reading' ? [] : energies)];
}

const BAND_NAMES: Record<circuit.TouBandKind, Localized> = {
  sharp: { 'en-US': 'Sharp', 'zh-CN': '尖' },
  peak: { 'en-US': 'Peak', 'zh-CN': '峰' },
  flat: { 'en-US': 'Flat', 'zh-CN': '平' },
  valley: { 'en-US': 'Valley', 'zh-CN': '谷' },
  deepValley: { 'en-US': 'Deep valley', 'zh-CN': '深谷' },
};

function reportColumns(currency: string, showIncome: boolean, showTimePeriod: boolean): Column<Period>[] {
  const money = { kind: 'number', unit: currency, numFmt: '0.0000' } as const;
  const columns: Column<Period>[] = [
    { key: 'period', header: { 'en-US': 'Period', 'zh-CN': '周期' }, type: text, value: (r) => r.label, width: 12 },
    { key: 'generation', header: { 'en-US': 'Generation', 'zh-CN': '发电量' }, type: energy, value: (r) => kwh(r.generationWh), width: 14 },
    { key: 'onGrid', header: { 'en-US': 'On-grid', 'zh-CN': '上网电量' }, type: energy, value: (r) => kwh(r.onGridWh), width: 14 },
    { key: 'self', header: { 'en-US': 'Self-consumed', 'zh-CN': '自用电量' }, type: energy, value: (r) => kwh(r.selfWh), width: 14 },
    {
      key: 'hours',
      header: { 'en-US': 'Equivalent hours', 'zh-CN': '等效小时' },
      type: { kind: 'number', unit: 'h', numFmt: '0.00' },
      value: (r) => r.equivalentHours,
      width: 14,
    },
  ];
  if (showIncome)
    columns.push(
      {
        key: 'selfIncome',
        header: { 'en-US': 'Self-consumption income', 'zh-CN': '自用收益' },
        type: money,
        value: (r) => r.income?.selfConsumption,
        width: 16,
      },
      { key: 'feedIn', header: { 'en-US': 'Feed-in income', 'zh-CN': '上网收益' }, type: money, value: (r) => r.income?.feedIn, width: 16 },
      { key: 'subsidy', header: { 'en-US': 'Subsidy', 'zh-CN': '补贴' }, type: money, value: (r) => r.income?.subsidy, width: 14 },
      { key: 'income', header: { 'en-US': 'Income', 'zh-CN': '总收益' }, type: money, value: (r) => r.income?.total, width: 14 },
    );
  if (showTimePeriod)
    for (const k of circuit.TOU_BAND_KINDS)
      columns.push(
        {
          key: `${k}Generation`,
          header: { 'en-US': `${BAND_NAMES[k]['en-US']} generation`, 'zh-CN': `${BAND_NAMES[k]['zh-CN']}发电量` },
          type: energy,
          value: (r) => kwh(r.bands?.[k].generationWh ?? 0),
          width: 14,
        },
        {
          key: `${k}Self`,
          header: { 'en-US': `${BAND_NAMES[k]['en-US']} self-consumed`, 'zh-CN': `${BAND_NAMES[k]['zh-CN']}自用电量` },
          type: energy,
          value: (r) => kwh(r.bands?.[k].selfWh ?? 0),
          width: 14,
        },
      );
  return columns;
}

const once = <R>(rows: R[]) =>
  (async function* () {
    yield rows;
  })();

export class PvReadingsExcel {
  constructor(
    private readonly readings: MeterReadingsService,
    private readonly reports: PvReportsService,
  ) {}

  async stationReadings(
    ctx: StaffCtx,
    input: {
      id: number;
      type: contract.ReadingType;
      display: 'all' | 'reading' | 'energy';
      startTime: string;
      endTime: string;
      format: 'xlsx' | 'csv';
      lang?: 'en-US' | 'zh-CN';
    },
    http: Http,
  ) {
    const found = await this.readings.stationReadings(
      ctx,
      { pvId: input.id, type: input.type, startTime: input.startTime, endTime: input.endTime },
      'query',
    );
    return this.sendReadings(found, input, http);
  }

  async meterReadings(
    ctx: StaffCtx,
    input: {
      id: number;
      type: contract.ReadingType;
      display: 'all' | 'reading' | 'energy';
      startTime: string;
      endTime: string;
      format: 'xlsx' | 'csv';
      lang?: 'en-US' | 'zh-CN';
    },
    http: Http,
  ) {
    return this.sendReadings(await this.readings.meterReadings(ctx, input, 'query'), input, http);
  }

  private sendReadings(
    { rows, timeZone }: { rows: Row[]; timeZone: string },
    input: { display: 'all' | 'reading' | 'energy'; format: 'xlsx' | 'csv'; lang?: 'en-US' | 'zh-CN' },
    http: Http,
  ) {
    return sendExport(http.reply, {
      name: 'meter-readings',
      sheet: { 'en-US': 'Meter readings', 'zh-CN': '抄表数据' },
      columns: readingColumns(input.display),
      lang: langOf(http.req, input.lang),
      timeZone,
      format: input.format,
      batches: once(rows),
    });
  }

  async report(ctx: StaffCtx, input: contract.ReportRequestInput & { format: 'xlsx' | 'csv'; lang?: 'en-US' | 'zh-CN' }, http: Http) {
    const answer = await this.reports.report(ctx, input, 'query');
    const lang = langOf(http.req, input.lang);
    return sendExport(http.reply, {
      name: 'pv-report',
      sheet: { 'en-US': 'PV report', 'zh-CN': '光伏报表' },
      columns: reportColumns(answer.currency ?? '', input.showIncome, input.showTimePeriod),
      lang,
      timeZone: answer.timeZone,
      format: input.format,
      batches: once([...answer.periods, { ...answer.total, label: lang === 'zh-CN' ? '合计' : 'Total' }]),
    });
  }
}
