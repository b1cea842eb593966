import type { energyConservation } from '@energy/contracts';
import type { Column, Localized } from '../../excel/columns.js';

// The energy-saving export's columns: a month, its driver, baseline, actual, saving, cost saving and rate
// (docs/energy-conservation.md).

type ExportRow = energyConservation.SavingFigures & {
  month: string;
  driver: number | null;
  problem: energyConservation.SavingProblem | null;
};

export const SAVING_SHEET: Localized = { 'en-US': 'Energy saving', 'zh-CN': '节能分析' };

/** Why a month has no saving, in words (the web says the same: its texts.ts). */
const PROBLEMS: Record<energyConservation.SavingProblem, Localized> = {
  'no-version': { 'en-US': 'No configuration in force', 'zh-CN': '无生效的配置' },
  'no-same-month': { 'en-US': 'The baseline period lacks this calendar month', 'zh-CN': '基线期缺少该月份' },
  'no-baseline-energy': { 'en-US': 'No energy in the baseline month', 'zh-CN': '基线月份无电量数据' },
  'few-months': { 'en-US': 'Fewer than 3 baseline months with energy and a driver value', 'zh-CN': '有电量和驱动变量的基线月份少于3个' },
  'same-driver': { 'en-US': 'Every baseline month has the same driver value', 'zh-CN': '所有基线月份的驱动变量相同' },
  'no-driver': { 'en-US': 'No driver value this month', 'zh-CN': '本月无驱动变量' },
  'no-energy': { 'en-US': 'No energy this month', 'zh-CN': '本月无电量数据' },
};

const energy = { kind: 'number', unit: 'kWh', numFmt: '0.000' } as const;
const kwh = (wh: number | null) => (wh == null ? null : wh / 1000);

export const SAVING_COLUMNS: Column<ExportRow>[] = [
  { key: 'month', header: { 'en-US': 'Month', 'zh-CN': '月份' }, type: { kind: 'text' }, value: (r) => r.month, width: 12 },
  {
    key: 'driver',
    header: { 'en-US': 'Driver value', 'zh-CN': '驱动变量' },
    type: { kind: 'number', numFmt: '0.###' },
    value: (r) => r.driver,
    width: 14,
  },
  {
    key: 'baseline',
    header: { 'en-US': 'Baseline energy', 'zh-CN': '基线电量' },
    type: energy,
    value: (r) => kwh(r.baselineWh),
    width: 16,
  },
  { key: 'actual', header: { 'en-US': 'Actual energy', 'zh-CN': '实际电量' }, type: energy, value: (r) => kwh(r.actualWh), width: 16 },
  { key: 'saving', header: { 'en-US': 'Energy saved', 'zh-CN': '节电量' }, type: energy, value: (r) => kwh(r.savingWh), width: 16 },
  {
    key: 'cost',
    header: { 'en-US': 'Cost saved', 'zh-CN': '节约电费' },
    type: { kind: 'number', numFmt: '0.0000' },
    value: (r) => r.costSaving,
    width: 14,
  },
  {
    key: 'rate',
    header: { 'en-US': 'Saving rate', 'zh-CN': '节能率' },
    type: { kind: 'number', unit: '%', numFmt: '0.0000' },
    value: (r) => (r.rate == null ? null : Math.round(r.rate * 1e8) / 1e6),
    width: 12,
  },
  {
    key: 'problem',
    header: { 'en-US': 'Remark', 'zh-CN': '备注' },
    type: { kind: 'enum', labels: PROBLEMS },
    value: (r) => r.problem,
    width: 40,
  },
];
