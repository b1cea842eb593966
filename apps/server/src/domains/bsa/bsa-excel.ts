import type { bsa as contract, InputOf } from '@energy/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { langOf, type Column } from '../../excel/columns.js';
import { sendExport } from '../../excel/export.js';
import type { StaffCtx } from '../../plugins/context.js';
import { tenantTimeZone } from '../tenancy/tenant-zone.js';
import type { BsaService, StationRow } from './bsa.service.js';

// The station list in a file (docs/excel.md): what the page shows, filtered the same way.

const STATUS_LABELS = {
  draft: { 'en-US': 'Draft', 'zh-CN': '草稿' },
  configured: { 'en-US': 'Configured', 'zh-CN': '已配置' },
  enabled: { 'en-US': 'Enabled', 'zh-CN': '已启用' },
  disabled: { 'en-US': 'Disabled', 'zh-CN': '已停用' },
  invalid: { 'en-US': 'Invalid', 'zh-CN': '已作废' },
};

interface StationFileRow {
  code: string;
  name: string;
  status: StationRow['status'];
  ou: string;
  customer: string;
  ratedPowerKw: number;
  capacityKwh: number;
  pcs: string;
  fcs: string | null;
  createdAt: Date;
}

const COLUMNS: Column<StationFileRow>[] = [
  { key: 'code', header: { 'en-US': 'Code', 'zh-CN': '电站编码' }, type: { kind: 'text' }, width: 18, value: (r) => r.code },
  { key: 'name', header: { 'en-US': 'Name', 'zh-CN': '电站名称' }, type: { kind: 'text' }, width: 24, value: (r) => r.name },
  {
    key: 'status',
    header: { 'en-US': 'Status', 'zh-CN': '状态' },
    type: { kind: 'enum', labels: STATUS_LABELS },
    width: 12,
    value: (r) => r.status,
  },
  { key: 'ou', header: { 'en-US': 'OU', 'zh-CN': '运营单元' }, type: { kind: 'text' }, width: 20, value: (r) => r.ou },
  { key: 'customer', header: { 'en-US': 'Customer', 'zh-CN': '客户' }, type: { kind: 'text' }, width: 22, value: (r) => r.customer },
  {
    key: 'ratedPowerKw',
    header: { 'en-US': 'Rated power', 'zh-CN': '额定功率' },
    type: { kind: 'number', unit: 'kW', numFmt: '#,##0.00' },
    width: 14,
    value: (r) => r.ratedPowerKw,
  },
  {
    key: 'capacityKwh',
    header: { 'en-US': 'Capacity', 'zh-CN': '容量' },
    type: { kind: 'number', unit: 'kWh', numFmt: '#,##0.00' },
    width: 14,
    value: (r) => r.capacityKwh,
  },
  { key: 'pcs', header: { 'en-US': 'PCS', 'zh-CN': 'PCS' }, type: { kind: 'text' }, width: 24, value: (r) => r.pcs },
  { key: 'fcs', header: { 'en-US': 'FCS', 'zh-CN': 'FCS' }, type: { kind: 'text' }, width: 18, value: (r) => r.fcs },
  {
    key: 'createdAt',
    header: { 'en-US': 'Created', 'zh-CN': '创建时间' },
    type: { kind: 'datetime' },
    width: 20,
    value: (r) => r.createdAt,
  },
];

/** The staff's stations (the list's filter) as XLSX or CSV; a station list is short, so one batch. */
export async function exportStations(
  bsa: BsaService,
  ctx: StaffCtx,
  input: InputOf<typeof contract.bsaExport>,
  http: { req: FastifyRequest; reply: FastifyReply },
) {
  const rows = await bsa.list(ctx, { name: input.name, ouId: input.ouId, statusFilter: input.statusFilter });
  async function* batches() {
    yield rows.map((s) => ({
      code: s.code,
      name: s.name,
      status: s.status,
      ou: s.ouName,
      customer: s.customerName,
      ratedPowerKw: s.ratedPowerKw,
      capacityKwh: s.capacityKwh,
      pcs: s.pcs.map((p) => p.code).join(', '),
      fcs: s.fcs?.code ?? null,
      createdAt: new Date(s.createdAt),
    }));
  }
  return sendExport(http.reply, {
    name: 'storage-stations',
    sheet: { 'en-US': 'Storage stations', 'zh-CN': '储能电站' },
    columns: COLUMNS,
    lang: langOf(http.req, input.lang),
    timeZone: await tenantTimeZone(ctx),
    format: input.format,
    batches: batches(),
  });
}
