import type { bsaRemote as contract, InputOf } from '@energy/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { langOf, textColumn, type Column } from '../../excel/columns.js';
import { sendExport } from '../../excel/export.js';
import type { StaffCtx } from '../../plugins/context.js';
import { tenantTimeZone } from '../tenancy/tenant-zone.js';
import type { BsaRemoteService } from './bsa-remote.service.js';
import type { BsaRemoteCatalogueService } from './bsa-remote-catalogue.service.js';
import type { bsaRemoteLog, bsaRemoteOperation } from './bsa-remote.schema.js';

// The command log in a file (docs/excel.md): what the log page shows, filtered the same way.

type Log = typeof bsaRemoteLog.$inferSelect;

const STATUS_LABELS = {
  pending: { 'en-US': 'Waiting for the device', 'zh-CN': '等待设备应答' },
  acknowledged: { 'en-US': 'Acknowledged', 'zh-CN': '已确认' },
  refused: { 'en-US': 'Refused', 'zh-CN': '已拒绝' },
  timeout: { 'en-US': 'Timed out', 'zh-CN': '超时' },
};
const ACTION_LABELS = {
  start: { 'en-US': 'Start', 'zh-CN': '启动' },
  stop: { 'en-US': 'Stop', 'zh-CN': '停止' },
  'set-power': { 'en-US': 'Set power', 'zh-CN': '设置功率' },
  mode: { 'en-US': 'Switch mode', 'zh-CN': '模式切换' },
};

const COLUMNS: Column<Log>[] = [
  {
    key: 'requestedAt',
    header: { 'en-US': 'Sent', 'zh-CN': '发送时间' },
    type: { kind: 'datetime' },
    width: 20,
    value: (r) => r.requestedAt,
  },
  textColumn<Log>('station', 'Station', '电站', 20, (r) => r.stationCode),
  textColumn<Log>('device', 'Device', '设备', 20, (r) => r.deviceCode),
  textColumn<Log>('command', 'Command', '指令', 22, (r) => r.commandName),
  {
    key: 'action',
    header: { 'en-US': 'Action', 'zh-CN': '动作' },
    type: { kind: 'enum', labels: ACTION_LABELS },
    width: 14,
    value: (r) => r.action,
  },
  textColumn<Log>('value', 'Value', '参数', 16, (r) => r.valueLabel ?? (r.value === null ? null : `${r.value} ${r.unit ?? ''}`.trim())),
  {
    key: 'status',
    header: { 'en-US': 'Status', 'zh-CN': '状态' },
    type: { kind: 'enum', labels: STATUS_LABELS },
    width: 16,
    value: (r) => r.status,
  },
  textColumn<Log>('reason', 'Answer', '应答', 36, (r) => r.reason),
  textColumn<Log>('operator', 'Operator', '操作人', 18, (r) => `${r.operatorName} (${r.operatorCode})`),
  {
    key: 'answeredAt',
    header: { 'en-US': 'Answered', 'zh-CN': '应答时间' },
    type: { kind: 'datetime' },
    width: 20,
    value: (r) => r.answeredAt,
  },
];

/** The staff's command log (the page's filter) as XLSX or CSV, newest first, in batches. */
export async function exportLog(
  service: BsaRemoteService,
  ctx: StaffCtx,
  input: InputOf<typeof contract.logExport>,
  http: { req: FastifyRequest; reply: FastifyReply },
) {
  return sendExport(http.reply, {
    name: 'remote-command-log',
    sheet: { 'en-US': 'Command log', 'zh-CN': '指令记录' },
    columns: COLUMNS,
    lang: langOf(http.req, input.lang),
    timeZone: await tenantTimeZone(ctx),
    format: input.format,
    batches: service.logBatches(ctx, input),
  });
}

type Operation = typeof bsaRemoteOperation.$inferSelect;
const OPERATION_LABELS = {
  create: { 'en-US': 'Created', 'zh-CN': '新建' },
  edit: { 'en-US': 'Edited', 'zh-CN': '编辑' },
  delete: { 'en-US': 'Deleted', 'zh-CN': '删除' },
  send: { 'en-US': 'Sent', 'zh-CN': '发送' },
};
const OPERATION_COLUMNS: Column<Operation>[] = [
  { key: 'at', header: { 'en-US': 'Time', 'zh-CN': '时间' }, type: { kind: 'datetime' }, width: 20, value: (r) => r.createdAt },
  {
    key: 'operation',
    header: { 'en-US': 'Operation', 'zh-CN': '操作' },
    type: { kind: 'enum', labels: OPERATION_LABELS },
    width: 12,
    value: (r) => r.operation,
  },
  { key: 'command', header: { 'en-US': 'Command', 'zh-CN': '指令' }, type: { kind: 'text' }, width: 22, value: (r) => r.commandName },
  { key: 'detail', header: { 'en-US': 'Detail', 'zh-CN': '详情' }, type: { kind: 'text' }, width: 48, value: (r) => r.detail },
  {
    key: 'operator',
    header: { 'en-US': 'Operator', 'zh-CN': '操作人' },
    type: { kind: 'text' },
    width: 18,
    value: (r) => `${r.operatorName} (${r.operatorCode})`,
  },
];

/** The operation log (the page's filter) as XLSX or CSV, newest first, in batches. */
export async function exportOperations(
  catalogue: BsaRemoteCatalogueService,
  ctx: StaffCtx,
  input: InputOf<typeof contract.operationExport>,
  http: { req: FastifyRequest; reply: FastifyReply },
) {
  return sendExport(http.reply, {
    name: 'remote-operation-log',
    sheet: { 'en-US': 'Operation log', 'zh-CN': '操作记录' },
    columns: OPERATION_COLUMNS,
    lang: langOf(http.req, input.lang),
    timeZone: await tenantTimeZone(ctx),
    format: input.format,
    batches: catalogue.operationBatches(ctx, input),
  });
}
