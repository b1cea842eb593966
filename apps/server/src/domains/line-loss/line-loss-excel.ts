import type { lineLoss } from '@energy/contracts';
import type { Column, Localized } from '../../excel/columns.js';
import { LEVELS } from '../alarm/alarm-export.js';

// The line-loss export's columns: a period, energy in and out, loss and rate (docs/line-loss.md).

type ExportRow = lineLoss.LineLossFigures & { label: string };

export const LINE_LOSS_SHEET: Localized = { 'en-US': 'Line loss', 'zh-CN': '线损' };

const energy = { kind: 'number', unit: 'kWh', numFmt: '0.000' } as const;
const kwh = (wh: number) => wh / 1000;

export const LINE_LOSS_COLUMNS: Column<ExportRow>[] = [
  { key: 'period', header: { 'en-US': 'Period', 'zh-CN': '时段' }, type: { kind: 'text' }, value: (r) => r.label, width: 14 },
  { key: 'input', header: { 'en-US': 'Input energy', 'zh-CN': '输入电量' }, type: energy, value: (r) => kwh(r.inputWh), width: 16 },
  { key: 'output', header: { 'en-US': 'Output energy', 'zh-CN': '输出电量' }, type: energy, value: (r) => kwh(r.outputWh), width: 16 },
  { key: 'loss', header: { 'en-US': 'Loss', 'zh-CN': '损耗电量' }, type: energy, value: (r) => kwh(r.lossWh), width: 14 },
  {
    key: 'rate',
    header: { 'en-US': 'Loss rate', 'zh-CN': '线损率' },
    type: { kind: 'number', unit: '%', numFmt: '0.0000' },
    value: (r) => (r.rate == null ? null : Math.round(r.rate * 1e8) / 1e6),
    width: 12,
  },
];

// The rules' and the logs' exports (the alarm pages' lists).

type RuleRow = lineLoss.LineLossRuleRow;
type LogRow = lineLoss.LineLossLogRow;

export const LINE_LOSS_RULE_SHEET: Localized = { 'en-US': 'Line-loss rules', 'zh-CN': '线损告警规则' };
export const LINE_LOSS_LOG_SHEET: Localized = { 'en-US': 'Line-loss alarm log', 'zh-CN': '线损告警日志' };

const percent = { kind: 'number', unit: '%', numFmt: '0.0000' } as const;
/** A rate (a fraction) in percent, exact to its 6 decimals. */
const ratePct = (rate: number | null) => (rate == null ? null : Math.round(rate * 1e8) / 1e6);
const text = <R>(key: string, en: string, zh: string, value: (r: R) => unknown, width = 20): Column<R> => ({
  key,
  header: { 'en-US': en, 'zh-CN': zh },
  type: { kind: 'text' },
  value,
  width,
});
const labels = (pairs: Record<string, [string, string]>): Record<string, Localized> =>
  Object.fromEntries(Object.entries(pairs).map(([k, [en, zh]]) => [k, { 'en-US': en, 'zh-CN': zh }]));
const TIME_LEVELS = labels({ day: ['Day', '日'], month: ['Month', '月'] });

export const LINE_LOSS_RULE_COLUMNS: Column<RuleRow>[] = [
  text('name', 'Rule name', '规则名称', (r) => r.name, 28),
  text('config', 'Configuration', '线损配置', (r) => r.configName, 32),
  { key: 'threshold', header: { 'en-US': 'Threshold', 'zh-CN': '阈值' }, type: percent, value: (r) => r.thresholdPercent, width: 12 },
  { key: 'periods', header: { 'en-US': 'Consecutive periods', 'zh-CN': '连续周期数' }, type: { kind: 'number' }, value: (r) => r.periods },
  {
    key: 'timeLevel',
    header: { 'en-US': 'Period', 'zh-CN': '周期' },
    type: { kind: 'enum', labels: TIME_LEVELS },
    value: (r) => r.timeLevel,
  },
  { key: 'level', header: { 'en-US': 'Level', 'zh-CN': '告警等级' }, type: { kind: 'enum', labels: LEVELS }, value: (r) => r.level },
  {
    key: 'enabled',
    header: { 'en-US': 'Enabled', 'zh-CN': '启用' },
    type: { kind: 'enum', labels: labels({ true: ['Enabled', '启用'], false: ['Disabled', '停用'] }) },
    value: (r) => r.enabled,
  },
  {
    key: 'state',
    header: { 'en-US': 'State', 'zh-CN': '状态' },
    type: { kind: 'enum', labels: labels({ normal: ['Normal', '正常'], firing: ['Firing', '告警中'] }) },
    value: (r) => r.state,
  },
  text('lastPeriod', 'Last period', '最近周期', (r) => r.lastPeriod, 14),
  {
    key: 'lastRate',
    header: { 'en-US': 'Its loss rate', 'zh-CN': '其线损率' },
    type: percent,
    value: (r) => ratePct(r.lastRate),
    width: 14,
  },
  {
    key: 'updatedAt',
    header: { 'en-US': 'Updated', 'zh-CN': '更新时间' },
    type: { kind: 'datetime' },
    value: (r) => r.updatedAt,
    width: 20,
  },
];

export const LINE_LOSS_LOG_COLUMNS: Column<LogRow>[] = [
  { key: 'createdAt', header: { 'en-US': 'At', 'zh-CN': '时间' }, type: { kind: 'datetime' }, value: (r) => r.createdAt, width: 20 },
  text('rule', 'Rule', '规则', (r) => r.ruleName, 28),
  text('config', 'Configuration', '线损配置', (r) => r.configName, 32),
  {
    key: 'kind',
    header: { 'en-US': 'What', 'zh-CN': '动作' },
    type: { kind: 'enum', labels: labels({ raised: ['Raised', '触发'], recovered: ['Recovered', '恢复'] }) },
    value: (r) => r.kind,
  },
  text('period', 'Period', '时段', (r) => r.period, 12),
  { key: 'rate', header: { 'en-US': 'Loss rate', 'zh-CN': '线损率' }, type: percent, value: (r) => ratePct(r.rate), width: 12 },
  { key: 'threshold', header: { 'en-US': 'Threshold', 'zh-CN': '阈值' }, type: percent, value: (r) => r.thresholdPercent, width: 12 },
  { key: 'alarmId', header: { 'en-US': 'Alarm ID', 'zh-CN': '告警编号' }, type: { kind: 'number' }, value: (r) => r.alarmId, width: 10 },
  text('remark', 'Remark', '说明', (r) => r.remark, 60),
];
