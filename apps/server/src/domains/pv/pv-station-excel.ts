import type { InputOf, pv as contract } from '@energy/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { langOf, textColumn, type Column, type Localized } from '../../excel/columns.js';
import { sendExport } from '../../excel/export.js';
import type { StaffCtx } from '../../plugins/context.js';
import { tenantTimeZone } from '../tenancy/tenant-zone.js';
import type { PvStationsService } from './pv-stations.service.js';

// The PV station list in a file (docs/excel.md, docs/pv.md): what the page shows, filtered the same way.

type Row = contract.PvStationRow;

const STAGES = {
  planning: { 'en-US': 'Planning', 'zh-CN': '规划' },
  construction: { 'en-US': 'Construction', 'zh-CN': '建设中' },
  'grid-connected': { 'en-US': 'Grid-connected', 'zh-CN': '已并网' },
  decommissioned: { 'en-US': 'Decommissioned', 'zh-CN': '已退役' },
};
const STATUSES = { enabled: { 'en-US': 'Enabled', 'zh-CN': '启用' }, disabled: { 'en-US': 'Disabled', 'zh-CN': '停用' } };
const text = (key: keyof Row & string, en: string, zh: string, width: number) => textColumn<Row>(key, en, zh, width);

const COLUMNS: Column<Row>[] = [
  text('code', 'Code', '电站编码', 18),
  text('name', 'Name', '电站名称', 26),
  text('customerName', 'Customer', '客户', 24),
  text('ouName', 'OU', '运营单元', 20),
  {
    key: 'capacityKwp',
    header: { 'en-US': 'Capacity', 'zh-CN': '装机容量' },
    type: { kind: 'number', unit: 'kWp', numFmt: '#,##0.00' },
    width: 14,
    value: (r) => r.capacityKwp,
  },
  { key: 'stage', header: { 'en-US': 'Stage', 'zh-CN': '阶段' }, type: { kind: 'enum', labels: STAGES }, width: 14, value: (r) => r.stage },
  {
    key: 'status',
    header: { 'en-US': 'Status', 'zh-CN': '状态' },
    type: { kind: 'enum', labels: STATUSES },
    width: 10,
    value: (r) => r.status,
  },
  text('gridConnectionDate', 'Grid connection date', '并网日期', 16),
  text('address', 'Address', '地址', 30),
  text('weatherStationName', 'Weather station', '气象站', 22),
  { key: 'areaCount', header: { 'en-US': 'Areas', 'zh-CN': '区域数' }, type: { kind: 'number' }, width: 8, value: (r) => r.areaCount },
  text('timeZone', 'Time zone', '时区', 16),
];

export type Http = { req: FastifyRequest; reply: FastifyReply };

/** A short list (it fits one batch) as XLSX or CSV in the asked language and the tenant's zone. */
export async function sendRows<R>(
  ctx: StaffCtx,
  http: Http,
  input: { lang?: 'en-US' | 'zh-CN'; format: 'xlsx' | 'csv' },
  file: { name: string; sheet: Localized; columns: Column<R>[]; rows: R[] },
) {
  async function* batches() {
    yield file.rows;
  }
  return sendExport(http.reply, {
    name: file.name,
    sheet: file.sheet,
    columns: file.columns,
    lang: langOf(http.req, input.lang),
    timeZone: await tenantTimeZone(ctx),
    format: input.format,
    batches: batches(),
  });
}

/** The staff's stations (the list's filter) as XLSX or CSV; a station list is short, so one batch. */
export async function exportPvStations(
  stations: PvStationsService,
  ctx: StaffCtx,
  input: InputOf<typeof contract.pvStationExport>,
  http: Http,
) {
  const rows = await stations.all(ctx, input);
  return sendRows(ctx, http, input, {
    name: 'pv-stations',
    sheet: { 'en-US': 'PV stations', 'zh-CN': '光伏电站' },
    columns: COLUMNS,
    rows,
  });
}
