import type { InputOf, pv as contract } from '@energy/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { langOf, textColumn, type Column } from '../../excel/columns.js';
import { sendExport } from '../../excel/export.js';
import type { StaffCtx } from '../../plugins/context.js';
import { tenantTimeZone } from '../tenancy/tenant-zone.js';
import type { PvOutlineDevicesService } from './pv-outline-devices.service.js';

// The outline's string list in a file (docs/excel.md, docs/pv-analytics.md): what the table shows, filtered the same way.

type Row = contract.AreaStringRow;

const STATES = {
  'no-device': { 'en-US': 'No device', 'zh-CN': '未绑定设备' },
  offline: { 'en-US': 'Offline', 'zh-CN': '离线' },
  fault: { 'en-US': 'Fault', 'zh-CN': '故障' },
  alarm: { 'en-US': 'Alarm', 'zh-CN': '告警' },
  online: { 'en-US': 'Online', 'zh-CN': '在线' },
};
const number = (key: keyof Row & string, en: string, zh: string, unit: string | undefined, numFmt: string, width = 12): Column<Row> => ({
  key,
  header: { 'en-US': en, 'zh-CN': zh },
  type: { kind: 'number', ...(unit ? { unit } : {}), numFmt },
  width,
  value: (r) => r[key] as number | null,
});

const COLUMNS: Column<Row>[] = [
  textColumn<Row>('areaName', 'Area', '区域', 16),
  textColumn<Row>('inverterCode', 'Inverter', '逆变器', 14),
  textColumn<Row>('code', 'String', '组串编码', 14),
  textColumn<Row>('name', 'Name', '名称', 20),
  number('mpptInput', 'MPPT input', 'MPPT 路', undefined, '0', 10),
  number('moduleCount', 'Modules', '组件数', undefined, '0', 10),
  number('capacityKwp', 'Capacity', '容量', 'kWp', '#,##0.00'),
  { key: 'state', header: { 'en-US': 'State', 'zh-CN': '状态' }, type: { kind: 'enum', labels: STATES }, width: 12, value: (r) => r.state },
  number('voltageV', 'Voltage', '电压', 'V', '#,##0.0'),
  number('currentA', 'Current', '电流', 'A', '#,##0.00'),
  number('powerKw', 'Power', '功率', 'kW', '#,##0.000'),
  number('currentPerKwp', 'Current per kWp', '单位容量电流', 'A/kWp', '#,##0.000', 16),
  { key: 'readAt', header: { 'en-US': 'Read at', 'zh-CN': '采集时间' }, type: { kind: 'datetime' }, width: 20, value: (r) => r.readAt },
];

/** The station's strings (the page's filters) as XLSX or CSV, a thousand strings a batch. */
export async function exportAreaStrings(
  devices: PvOutlineDevicesService,
  ctx: StaffCtx,
  input: InputOf<typeof contract.pvOutlineAreaStringsExport>,
  http: { req: FastifyRequest; reply: FastifyReply },
) {
  async function* batches() {
    const first = await devices.areaStrings(ctx, input, { pageSize: 1000, pageOffset: 1 });
    yield first.list;
    for (let page = 2; (page - 1) * 1000 < first.totalCount; page++)
      yield (await devices.areaStrings(ctx, input, { pageSize: 1000, pageOffset: page })).list;
  }
  return sendExport(http.reply, {
    name: 'pv-strings',
    sheet: { 'en-US': 'Strings', 'zh-CN': '组串' },
    columns: COLUMNS,
    lang: langOf(http.req, input.lang),
    timeZone: await tenantTimeZone(ctx),
    format: input.format,
    batches: batches(),
  });
}
