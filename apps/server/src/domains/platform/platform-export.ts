import type { platform } from '@energy/contracts';
import type { Column } from '../../excel/columns.js';

// The platform console's lists as files (docs/excel.md): headers in en-US and zh-CN, kinds and states in
// words, times in UTC (the console spans tenants of every zone).

export const TENANT_SHEET = { 'en-US': 'Tenants', 'zh-CN': '租户' };
export const CATALOGUE_SHEET = { 'en-US': 'Permission catalogue', 'zh-CN': '权限目录' };
export const LINK_SHEET = { 'en-US': 'Channel links', 'zh-CN': '渠道关联' };

const count = (key: keyof platform.TenantRow['usage'], en: string, zh: string): Column<platform.TenantRow> => ({
  key,
  header: { 'en-US': en, 'zh-CN': zh },
  type: { kind: 'number', numFmt: '#,##0' },
  width: 10,
  value: (r) => r.usage[key],
});

export const TENANT_COLUMNS: Column<platform.TenantRow>[] = [
  { key: 'code', header: { 'en-US': 'Code', 'zh-CN': '编码' }, type: { kind: 'text' }, width: 14, value: (r) => r.code },
  { key: 'name', header: { 'en-US': 'Name', 'zh-CN': '名称' }, type: { kind: 'text' }, width: 28, value: (r) => r.name },
  {
    key: 'sideType',
    header: { 'en-US': 'Kind', 'zh-CN': '类型' },
    type: { kind: 'enum', labels: { 1: { 'en-US': 'Company', 'zh-CN': '企业' }, 2: { 'en-US': 'Service provider', 'zh-CN': '服务商' } } },
    width: 16,
    value: (r) => r.sideType,
  },
  {
    key: 'status',
    header: { 'en-US': 'Status', 'zh-CN': '状态' },
    type: { kind: 'enum', labels: { 0: { 'en-US': 'Enabled', 'zh-CN': '启用' }, 1: { 'en-US': 'Disabled', 'zh-CN': '停用' } } },
    width: 10,
    value: (r) => r.status,
  },
  { key: 'timeZone', header: { 'en-US': 'Time zone', 'zh-CN': '时区' }, type: { kind: 'text' }, width: 20, value: (r) => r.timeZone },
  {
    key: 'platformName',
    header: { 'en-US': 'Platform name', 'zh-CN': '平台名称' },
    type: { kind: 'text' },
    width: 24,
    value: (r) => r.platformName,
  },
  count('staff', 'Staff', '员工'),
  count('devices', 'Devices', '设备'),
  count('stations', 'Stations', '电站'),
  count('ous', 'OUs', '运营单元'),
  {
    key: 'fileBytes',
    header: { 'en-US': 'Stored files', 'zh-CN': '存储文件' },
    type: { kind: 'number', unit: 'bytes', numFmt: '#,##0' },
    width: 14,
    value: (r) => r.usage.fileBytes,
  },
  {
    key: 'lastSignIn',
    header: { 'en-US': 'Last sign-in (UTC)', 'zh-CN': '最近登录 (UTC)' },
    type: { kind: 'datetime' },
    width: 20,
    value: (r) => r.usage.lastSignIn,
  },
  {
    key: 'createdAt',
    header: { 'en-US': 'Created (UTC)', 'zh-CN': '创建时间 (UTC)' },
    type: { kind: 'datetime' },
    width: 20,
    value: (r) => r.createdAt,
  },
];

export const LINK_COLUMNS: Column<platform.ChannelLinkRow>[] = [
  {
    key: 'provider',
    header: { 'en-US': 'Service provider', 'zh-CN': '服务商' },
    type: { kind: 'text' },
    width: 28,
    value: (r) => r.providerName,
  },
  {
    key: 'customer',
    header: { 'en-US': 'Customer tenant', 'zh-CN': '客户租户' },
    type: { kind: 'text' },
    width: 28,
    value: (r) => r.customerName,
  },
  {
    key: 'consentBy',
    header: { 'en-US': 'Consent given by', 'zh-CN': '同意人' },
    type: { kind: 'text' },
    width: 20,
    value: (r) => r.consentBy,
  },
  {
    key: 'consentAt',
    header: { 'en-US': 'Consent date', 'zh-CN': '同意日期' },
    type: { kind: 'text' },
    width: 14,
    value: (r) => r.consentAt?.slice(0, 10) ?? null,
  },
  {
    key: 'consentReference',
    header: { 'en-US': 'Reference', 'zh-CN': '凭证编号' },
    type: { kind: 'text' },
    width: 20,
    value: (r) => r.consentReference,
  },
  {
    key: 'createdAt',
    header: { 'en-US': 'Linked at (UTC)', 'zh-CN': '关联时间 (UTC)' },
    type: { kind: 'datetime' },
    width: 20,
    value: (r) => r.createdAt,
  },
];

type CatalogueRow = platform.CatalogueGrantRow;

/** The catalogue's columns: code, name, type, parent, and per tenant how many of its roles grant the code. */
export function catalogueColumns(tenants: { name: string; roles: number }[]): Column<CatalogueRow>[] {
  return [
    { key: 'code', header: { 'en-US': 'Code', 'zh-CN': '编码' }, type: { kind: 'text' }, width: 28, value: (r) => r.code },
    { key: 'name', header: { 'en-US': 'Name', 'zh-CN': '名称' }, type: { kind: 'text' }, width: 28, value: (r) => r.name },
    {
      key: 'type',
      header: { 'en-US': 'Type', 'zh-CN': '类型' },
      type: {
        kind: 'enum',
        labels: {
          p: { 'en-US': 'Menu page', 'zh-CN': '菜单页面' },
          b: { 'en-US': 'Button', 'zh-CN': '按钮' },
          ia: { 'en-US': 'Integrated app', 'zh-CN': '集成应用' },
        },
      },
      width: 14,
      value: (r) => r.type,
    },
    { key: 'parent', header: { 'en-US': 'Parent', 'zh-CN': '上级' }, type: { kind: 'text' }, width: 28, value: (r) => r.parentCode },
    ...tenants.map((t, i): Column<CatalogueRow> => ({
      key: `tenant-${i}`,
      header: { 'en-US': `${t.name} (of ${t.roles} roles)`, 'zh-CN': `${t.name}（共 ${t.roles} 个角色）` },
      type: { kind: 'number', numFmt: '0' },
      width: 20,
      value: (r) => r.grantedBy[i] ?? 0,
    })),
  ];
}
