import type { auditLog } from './audit.schema.js';
import type { Column } from '../../excel/columns.js';

// The audit log's columns in an export: headers in en-US and zh-CN, outcomes in words, times in the
// tenant's time zone.

type AuditEntry = typeof auditLog.$inferSelect;

export const AUDIT_SHEET = { 'en-US': 'Audit log', 'zh-CN': '审计日志' };

export const AUDIT_COLUMNS: Column<AuditEntry>[] = [
  { key: 'at', header: { 'en-US': 'Time', 'zh-CN': '时间' }, type: { kind: 'datetime' }, width: 20, value: (r) => r.at },
  { key: 'username', header: { 'en-US': 'User', 'zh-CN': '用户' }, type: { kind: 'text' }, width: 16, value: (r) => r.username },
  {
    key: 'staffCode',
    header: { 'en-US': 'Staff code', 'zh-CN': '员工编码' },
    type: { kind: 'text' },
    width: 16,
    value: (r) => r.staffCode,
  },
  { key: 'call', header: { 'en-US': 'Call', 'zh-CN': '调用' }, type: { kind: 'text' }, width: 48, value: (r) => r.call },
  { key: 'target', header: { 'en-US': 'Target', 'zh-CN': '对象' }, type: { kind: 'text' }, width: 24, value: (r) => r.target },
  {
    key: 'outcome',
    header: { 'en-US': 'Outcome', 'zh-CN': '结果' },
    type: { kind: 'enum', labels: { ok: { 'en-US': 'Succeeded', 'zh-CN': '成功' }, error: { 'en-US': 'Failed', 'zh-CN': '失败' } } },
    width: 10,
    value: (r) => r.outcome,
  },
  { key: 'code', header: { 'en-US': 'Code', 'zh-CN': '返回码' }, type: { kind: 'number', numFmt: '0' }, width: 10, value: (r) => r.code },
  { key: 'ip', header: { 'en-US': 'IP', 'zh-CN': 'IP' }, type: { kind: 'text' }, width: 16, value: (r) => r.ip },
  {
    key: 'durationMs',
    header: { 'en-US': 'Duration', 'zh-CN': '耗时' },
    type: { kind: 'number', unit: 'ms', numFmt: '#,##0' },
    width: 12,
    value: (r) => r.durationMs,
  },
];
