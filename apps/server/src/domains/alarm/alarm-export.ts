import type { alarm } from '@energy/contracts';
import { textColumn, type Column, type Localized } from '../../excel/columns.js';

// The alarm record list's columns in an export: level names, states, sources, scenes and conditions in
// words (en-US and zh-CN, the web's wording), times in the tenant's time zone.

type Row = alarm.AlarmLogRow;
type WorkOrderRow = alarm.TenantWorkOrderRow;

export const ALARM_SHEET = { 'en-US': 'Alarm records', 'zh-CN': '告警记录' };

export const LEVELS: Record<string, Localized> = {
  0: { 'en-US': 'Highest', 'zh-CN': '最高' },
  1: { 'en-US': 'High', 'zh-CN': '高' },
  2: { 'en-US': 'Middle', 'zh-CN': '中' },
  3: { 'en-US': 'Low', 'zh-CN': '低' },
  4: { 'en-US': 'Lowest', 'zh-CN': '最低' },
};
const STATES: Record<string, Localized> = { 0: { 'en-US': 'Active', 'zh-CN': '告警中' }, 1: { 'en-US': 'Recovered', 'zh-CN': '已恢复' } };
const SOURCES: Record<string, Localized> = {
  rule: { 'en-US': 'Device rule', 'zh-CN': '设备规则' },
  server: { 'en-US': 'Server', 'zh-CN': '服务端' },
};
const SCENES: Record<string, Localized> = {
  DEVICE_OFFLINE: { 'en-US': 'Device offline', 'zh-CN': '设备离线' },
  GATEWAY_OFFLINE: { 'en-US': 'Gateway offline', 'zh-CN': '网关离线' },
  DATA_DELAYED: { 'en-US': 'Data delayed', 'zh-CN': '数据延迟' },
  DELIVERY_FAILED: { 'en-US': 'Delivery failed', 'zh-CN': '下发失败' },
  CONNECTOR_FAULTED: { 'en-US': 'Charging connector faulted', 'zh-CN': '充电枪故障' },
  LINE_LOSS_HIGH: { 'en-US': 'Line loss high', 'zh-CN': '线损率超限' },
  PV_STRING_DEAD: { 'en-US': 'PV string dead', 'zh-CN': '组串无电流' },
  PV_DISPERSION_HIGH: { 'en-US': 'PV string dispersion high', 'zh-CN': '组串离散率超限' },
};
const CONDITIONS: Record<string, Localized> = {
  GT: { 'en-US': 'above', 'zh-CN': '大于' },
  GE: { 'en-US': 'at or above', 'zh-CN': '大于等于' },
  LT: { 'en-US': 'below', 'zh-CN': '小于' },
  LE: { 'en-US': 'at or below', 'zh-CN': '小于等于' },
  EQ: { 'en-US': 'equal to', 'zh-CN': '等于' },
  NE: { 'en-US': 'not equal to', 'zh-CN': '不等于' },
};
const RECOVERED_BY: Record<string, Localized> = {
  auto: { 'en-US': 'The condition cleared', 'zh-CN': '条件已解除' },
  manual: { 'en-US': 'By hand', 'zh-CN': '手动恢复' },
};
const YES_NO: Record<string, Localized> = { true: { 'en-US': 'Read', 'zh-CN': '已读' }, false: { 'en-US': 'Unread', 'zh-CN': '未读' } };

const text = (key: keyof Row & string, en: string, zh: string, width = 16) => textColumn<Row>(key, en, zh, width);
const labelled = (key: keyof Row, en: string, zh: string, labels: Record<string, Localized>, width = 12): Column<Row> => ({
  key,
  header: { 'en-US': en, 'zh-CN': zh },
  type: { kind: 'enum', labels },
  width,
  value: (r) => r[key],
});
const number = (key: keyof Row, en: string, zh: string): Column<Row> => ({
  key,
  header: { 'en-US': en, 'zh-CN': zh },
  type: { kind: 'number' },
  width: 12,
  value: (r) => r[key],
});
const time = (key: keyof Row, en: string, zh: string): Column<Row> => ({
  key,
  header: { 'en-US': en, 'zh-CN': zh },
  type: { kind: 'datetime' },
  width: 20,
  value: (r) => r[key],
});

export const ALARM_COLUMNS: Column<Row>[] = [
  number('id', 'ID', '编号'),
  time('alarmTime', 'Alarm time', '告警时间'),
  labelled('level', 'Level', '等级', LEVELS),
  labelled('state', 'State', '状态', STATES),
  labelled('source', 'Source', '来源', SOURCES),
  labelled('sceneType', 'Scene', '场景', SCENES, 16),
  text('ruleName', 'Rule', '规则', 24),
  text('deviceCode', 'Device code', '设备编码'),
  text('deviceName', 'Device name', '设备名称', 20),
  text('deviceTypeName', 'Device type', '设备类型'),
  text('ouName', 'OU', '运营单元'),
  text('propertyName', 'Property', '测点'),
  labelled('condition', 'Condition', '条件', CONDITIONS),
  number('threshold', 'Threshold', '阈值'),
  number('triggerValue', 'Value that raised it', '触发值'),
  text('unit', 'Unit', '单位', 8),
  text('content', 'Content', '内容', 40),
  time('recoverTime', 'Recover time', '恢复时间'),
  labelled('recoveredBy', 'Recovered by', '恢复方式', RECOVERED_BY, 18),
  text('recoverRemark', 'Remark', '备注', 24),
  labelled('read', 'Read', '已读', YES_NO, 10),
  number('workOrderCount', 'Work orders', '工单数'),
];

export const WORK_ORDER_SHEET = { 'en-US': 'Work orders', 'zh-CN': '工单' };

const wo = <K extends keyof WorkOrderRow>(
  key: K,
  en: string,
  zh: string,
  type: Column<WorkOrderRow>['type'],
  width = 16,
): Column<WorkOrderRow> => ({
  key,
  header: { 'en-US': en, 'zh-CN': zh },
  type,
  width,
  value: (r) => r[key],
});

/** The work-order list's columns (the page's): times in the tenant's zone, the alarm's level and state in words. */
export const WORK_ORDER_COLUMNS: Column<WorkOrderRow>[] = [
  wo('id', 'ID', '编号', { kind: 'number' }, 10),
  wo('createdAt', 'Created at', '创建时间', { kind: 'datetime' }, 20),
  wo('title', 'Title', '标题', { kind: 'text' }, 24),
  wo('content', 'Content', '内容', { kind: 'text' }, 40),
  wo('assignee', 'Assignee', '处理人', { kind: 'text' }),
  wo('createdBy', 'Created by', '创建人', { kind: 'text' }, 20),
  wo('alarmId', 'Alarm ID', '告警编号', { kind: 'number' }, 10),
  wo('alarmTime', 'Alarm time', '告警时间', { kind: 'datetime' }, 20),
  wo('alarmLevel', 'Level', '等级', { kind: 'enum', labels: LEVELS }, 12),
  wo('alarmState', 'State', '状态', { kind: 'enum', labels: STATES }, 12),
  wo('ruleName', 'Rule', '规则', { kind: 'text' }, 24),
  wo('deviceCode', 'Device code', '设备编码', { kind: 'text' }),
  wo('deviceName', 'Device name', '设备名称', { kind: 'text' }, 20),
  wo('ouName', 'OU', '运营单元', { kind: 'text' }),
];
