import type { lineLoss } from '@energy/contracts';
import type { Column, Localized } from '../../excel/columns.js';

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
