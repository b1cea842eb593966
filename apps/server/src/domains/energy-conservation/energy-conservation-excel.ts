import type { energyConservation } from '@energy/contracts';
import type { Column, Localized } from '../../excel/columns.js';

// The energy-saving export's columns: a month, its driver, baseline, actual, saving, cost saving and rate
// (docs/energy-conservation.md).

type ExportRow = energyConservation.SavingFigures & { month: string; driver: number | null; problem: string | null };

export const SAVING_SHEET: Localized = { 'en-US': 'Energy saving', 'zh-CN': '节能分析' };

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
  { key: 'problem', header: { 'en-US': 'Remark', 'zh-CN': '备注' }, type: { kind: 'text' }, value: (r) => r.problem, width: 40 },
];
