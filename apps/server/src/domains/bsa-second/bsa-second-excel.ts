import type { bsaSecond as contract, InputOf } from '@energy/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { langOf, textColumn, type Column } from '../../excel/columns.js';
import { sendExport } from '../../excel/export.js';
import type { StaffCtx } from '../../plugins/context.js';
import { tenantTimeZone } from '../tenancy/tenant-zone.js';
import type { BsaSecondFirmwareService } from './bsa-second-firmware.service.js';

// The firmware distribution log in a file (docs/excel.md): what the log page shows, filtered the same way.

const STATE_LABELS = {
  queued: { 'en-US': 'Queued', 'zh-CN': '排队中' },
  initiated: { 'en-US': 'Initiated', 'zh-CN': '已下发' },
  downloading: { 'en-US': 'Downloading', 'zh-CN': '下载中' },
  downloaded: { 'en-US': 'Downloaded', 'zh-CN': '已下载' },
  verified: { 'en-US': 'Verified', 'zh-CN': '已校验' },
  updated: { 'en-US': 'Updated', 'zh-CN': '已升级' },
  failed: { 'en-US': 'Failed', 'zh-CN': '失败' },
};

interface LogFileRow {
  distributionId: number;
  fcsCode: string;
  stationCode: string | null;
  fileName: string;
  fromVersion: string | null;
  softwareVersion: string;
  attempt: number;
  state: keyof typeof STATE_LABELS;
  reason: string | null;
  createdAt: Date;
  finishedAt: Date | null;
}

const COLUMNS: Column<LogFileRow>[] = [
  {
    key: 'distributionId',
    header: { 'en-US': 'Distribution', 'zh-CN': '升级批次' },
    type: { kind: 'number' },
    width: 12,
    value: (r) => r.distributionId,
  },
  textColumn<LogFileRow>('fcsCode', 'FCS', 'FCS', 18),
  textColumn<LogFileRow>('stationCode', 'Station', '电站', 18),
  textColumn<LogFileRow>('fileName', 'Package', '升级包', 24),
  textColumn<LogFileRow>('fromVersion', 'From version', '原版本', 14),
  textColumn<LogFileRow>('softwareVersion', 'To version', '目标版本', 14),
  { key: 'attempt', header: { 'en-US': 'Attempt', 'zh-CN': '尝试次数' }, type: { kind: 'number' }, width: 10, value: (r) => r.attempt },
  {
    key: 'state',
    header: { 'en-US': 'State', 'zh-CN': '状态' },
    type: { kind: 'enum', labels: STATE_LABELS },
    width: 12,
    value: (r) => r.state,
  },
  textColumn<LogFileRow>('reason', 'Reason', '原因', 32),
  {
    key: 'createdAt',
    header: { 'en-US': 'Started', 'zh-CN': '开始时间' },
    type: { kind: 'datetime' },
    width: 20,
    value: (r) => r.createdAt,
  },
  {
    key: 'finishedAt',
    header: { 'en-US': 'Finished', 'zh-CN': '结束时间' },
    type: { kind: 'datetime' },
    width: 20,
    value: (r) => r.finishedAt,
  },
];

/** The distribution log (the list's filters) as XLSX or CSV, streamed in batches. */
export async function exportDistributionLog(
  firmware: BsaSecondFirmwareService,
  ctx: StaffCtx,
  input: InputOf<typeof contract.distributeLogExport>,
  http: { req: FastifyRequest; reply: FastifyReply },
) {
  async function* batches() {
    for await (const rows of firmware.logBatches(ctx, { distributionId: input.distributionId, state: input.state }))
      yield rows.map((t) => ({
        ...t,
        createdAt: new Date(t.createdAt),
        finishedAt: t.finishedAt ? new Date(t.finishedAt) : null,
      }));
  }
  return sendExport(http.reply, {
    name: 'firmware-distribution-log',
    sheet: { 'en-US': 'Firmware distribution log', 'zh-CN': '固件升级记录' },
    columns: COLUMNS,
    lang: langOf(http.req, input.lang),
    timeZone: await tenantTimeZone(ctx),
    format: input.format,
    batches: batches(),
  });
}
