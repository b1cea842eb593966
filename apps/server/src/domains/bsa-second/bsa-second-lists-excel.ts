import type { bsaSecond as contract, InputOf } from '@energy/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { langOf, textColumn, type Column } from '../../excel/columns.js';
import { sendExport } from '../../excel/export.js';
import type { StaffCtx } from '../../plugins/context.js';
import { tenantTimeZone } from '../tenancy/tenant-zone.js';
import type { BsaSecondCabinetService } from './bsa-second-cabinet.service.js';
import type { BsaSecondService } from './bsa-second.service.js';

// The station and cabinet lists in a file (docs/excel.md): what the pages show, filtered the same way.

type Http = { req: FastifyRequest; reply: FastifyReply };
const amount = <R>(key: string, en: string, zh: string, unit: string, value: (r: R) => number): Column<R> => ({
  key,
  header: { 'en-US': en, 'zh-CN': zh },
  type: { kind: 'number', unit, numFmt: '#,##0.000' },
  width: 14,
  value,
});

const STATUS_LABELS = {
  draft: { 'en-US': 'Draft', 'zh-CN': '草稿' },
  configured: { 'en-US': 'Configured', 'zh-CN': '已配置' },
  enabled: { 'en-US': 'Enabled', 'zh-CN': '已启用' },
  disabled: { 'en-US': 'Disabled', 'zh-CN': '已停用' },
  invalid: { 'en-US': 'Invalid', 'zh-CN': '已作废' },
};
const EDITION_LABELS = { first: { 'en-US': 'First edition', 'zh-CN': '一代' }, second: { 'en-US': 'Second edition', 'zh-CN': '二代' } };

type StationFileRow = Awaited<ReturnType<BsaSecondService['page']>>['list'][number];
const STATION_COLUMNS: Column<StationFileRow>[] = [
  textColumn('code', 'Code', '电站编码', 18, (r) => r.code),
  textColumn('name', 'Name', '电站名称', 24, (r) => r.name),
  {
    key: 'edition',
    header: { 'en-US': 'Edition', 'zh-CN': '版本' },
    type: { kind: 'enum', labels: EDITION_LABELS },
    width: 14,
    value: (r) => (r.secondEdition ? 'second' : 'first'),
  },
  {
    key: 'status',
    header: { 'en-US': 'Status', 'zh-CN': '状态' },
    type: { kind: 'enum', labels: STATUS_LABELS },
    width: 12,
    value: (r) => r.status,
  },
  textColumn('ou', 'OU', '运营单元', 20, (r) => r.ouName),
  textColumn('fcs', 'FCS', 'FCS', 18, (r) => r.fcs?.code ?? null),
  textColumn('softwareVersion', 'Software version', '软件版本', 14, (r) => r.fcs?.softwareVersion ?? null),
  textColumn('hardwareVersion', 'Hardware version', '硬件版本', 14, (r) => r.fcs?.hardwareVersion ?? null),
  { key: 'cabinets', header: { 'en-US': 'Cabinets', 'zh-CN': '储能柜数' }, type: { kind: 'number' }, width: 10, value: (r) => r.cabinets },
  amount('ratedPowerKw', 'Rated power', '额定功率', 'kW', (r) => r.ratedPowerKw),
  amount('capacityKwh', 'Capacity', '容量', 'kWh', (r) => r.capacityKwh),
];

type CabinetFileRow = Awaited<ReturnType<BsaSecondCabinetService['list']>>[number];
const CABINET_COLUMNS: Column<CabinetFileRow>[] = [
  textColumn('code', 'Code', '编码', 18, (r) => r.code),
  textColumn('name', 'Name', '名称', 22, (r) => r.name),
  textColumn('station', 'Station', '电站', 18, (r) => r.bsaCode),
  amount('ratedPowerKw', 'Rated power', '额定功率', 'kW', (r) => r.ratedPowerKw),
  amount('capacityKwh', 'Capacity', '容量', 'kWh', (r) => r.capacityKwh),
  { key: 'links', header: { 'en-US': 'Devices', 'zh-CN': '设备数' }, type: { kind: 'number' }, width: 10, value: (r) => r.links },
  textColumn('note', 'Note', '备注', 30, (r) => r.note),
];

/** The station list (the page's filter) as XLSX or CSV; a tenant's stations are few, so one batch. */
export async function exportStations(stations: BsaSecondService, ctx: StaffCtx, input: InputOf<typeof contract.stationExport>, http: Http) {
  const rows = (await stations.page(ctx, { ...input, pageSize: 100_000, pageOffset: 1 })).list;
  async function* batches() {
    yield rows;
  }
  return sendExport(http.reply, {
    name: 'second-edition-stations',
    sheet: { 'en-US': 'Second-edition stations', 'zh-CN': '二代储能电站' },
    columns: STATION_COLUMNS,
    lang: langOf(http.req, input.lang),
    timeZone: await tenantTimeZone(ctx),
    format: input.format,
    batches: batches(),
  });
}

/** The cabinet list (the page's filter) as XLSX or CSV, one batch. */
export async function exportCabinets(
  cabinets: BsaSecondCabinetService,
  ctx: StaffCtx,
  input: InputOf<typeof contract.cabinetExport>,
  http: Http,
) {
  const rows = await cabinets.list(ctx, { bsaId: input.bsaId, name: input.name });
  async function* batches() {
    yield rows;
  }
  return sendExport(http.reply, {
    name: 'storage-cabinets',
    sheet: { 'en-US': 'Storage cabinets', 'zh-CN': '储能柜' },
    columns: CABINET_COLUMNS,
    lang: langOf(http.req, input.lang),
    timeZone: await tenantTimeZone(ctx),
    format: input.format,
    batches: batches(),
  });
}
