import { circuit as contract } from '@energy/contracts';
import type { Column, Localized } from '../../excel/columns.js';

// The cost export's columns: a period, its energy and cost, then each band's (docs/circuits.md).

export interface CostExportRow {
  label: string;
  wh: number;
  cost: number;
  unpricedWh: number;
  bands: Record<contract.TouBandKind, { wh: number; cost: number }>;
}

export const COST_SHEET: Localized = { 'en-US': 'Energy cost', 'zh-CN': '电费' };

const BAND_NAMES: Record<contract.TouBandKind, Localized> = {
  sharp: { 'en-US': 'Sharp', 'zh-CN': '尖' },
  peak: { 'en-US': 'Peak', 'zh-CN': '峰' },
  flat: { 'en-US': 'Flat', 'zh-CN': '平' },
  valley: { 'en-US': 'Valley', 'zh-CN': '谷' },
  deepValley: { 'en-US': 'Deep valley', 'zh-CN': '深谷' },
};

const kwh = (wh: number) => wh / 1000;
const energy = { kind: 'number', unit: 'kWh', numFmt: '0.000' } as const;
const money = (currency: string) => ({ kind: 'number', unit: currency, numFmt: '0.0000' }) as const;

export function costColumns(currency: string): Column<CostExportRow>[] {
  return [
    { key: 'period', header: { 'en-US': 'Period', 'zh-CN': '时段' }, type: { kind: 'text' }, value: (r) => r.label, width: 18 },
    { key: 'energy', header: { 'en-US': 'Energy', 'zh-CN': '电量' }, type: energy, value: (r) => kwh(r.wh), width: 14 },
    { key: 'cost', header: { 'en-US': 'Cost', 'zh-CN': '电费' }, type: money(currency), value: (r) => r.cost, width: 14 },
    ...contract.TOU_BAND_KINDS.flatMap((k): Column<CostExportRow>[] => [
      {
        key: `${k}Energy`,
        header: { 'en-US': `${BAND_NAMES[k]['en-US']} energy`, 'zh-CN': `${BAND_NAMES[k]['zh-CN']}电量` },
        type: energy,
        value: (r) => kwh(r.bands[k].wh),
        width: 14,
      },
      {
        key: `${k}Cost`,
        header: { 'en-US': `${BAND_NAMES[k]['en-US']} cost`, 'zh-CN': `${BAND_NAMES[k]['zh-CN']}电费` },
        type: money(currency),
        value: (r) => r.bands[k].cost,
        width: 14,
      },
    ]),
    {
      key: 'unpriced',
      header: { 'en-US': 'Unpriced energy', 'zh-CN': '未计价电量' },
      type: energy,
      value: (r) => kwh(r.unpricedWh),
      width: 14,
    },
  ];
}
