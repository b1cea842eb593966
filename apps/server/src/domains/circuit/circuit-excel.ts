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

export const CIRCUIT_SHEET: Localized = { 'en-US': 'Circuits', 'zh-CN': '回路' };

const TYPE_LABELS: Record<contract.CircuitType, Localized> = {
  incoming: { 'en-US': 'Incoming line', 'zh-CN': '进线' },
  busbar: { 'en-US': 'Busbar', 'zh-CN': '母线' },
  feeder: { 'en-US': 'Feeder', 'zh-CN': '馈线' },
  branch: { 'en-US': 'Branch', 'zh-CN': '支路' },
};

/** The circuit export's columns; meters as `+CODE` / `-CODE`. */
export const CIRCUIT_COLUMNS: Column<contract.CircuitRow>[] = [
  { key: 'code', header: { 'en-US': 'Code', 'zh-CN': '编码' }, type: { kind: 'text' }, value: (r) => r.code, width: 18 },
  { key: 'name', header: { 'en-US': 'Name', 'zh-CN': '名称' }, type: { kind: 'text' }, value: (r) => r.name, width: 24 },
  {
    key: 'type',
    header: { 'en-US': 'Type', 'zh-CN': '类型' },
    type: { kind: 'enum', labels: TYPE_LABELS },
    value: (r) => r.type,
    width: 14,
  },
  {
    key: 'parent',
    header: { 'en-US': 'Parent circuit', 'zh-CN': '上级回路' },
    type: { kind: 'text' },
    value: (r) => r.parentName,
    width: 22,
  },
  {
    key: 'cabinet',
    header: { 'en-US': 'Distribution cabinet', 'zh-CN': '配电柜' },
    type: { kind: 'text' },
    value: (r) => r.distributionCabinetName,
    width: 20,
  },
  {
    key: 'account',
    header: { 'en-US': 'Electricity account', 'zh-CN': '电费户号' },
    type: { kind: 'text' },
    value: (r) => r.accountName,
    width: 24,
  },
  {
    key: 'meters',
    header: { 'en-US': 'Meters', 'zh-CN': '电表' },
    type: { kind: 'text' },
    value: (r) => r.meters.map((m) => `${m.sign === -1 ? '-' : '+'}${m.code}`).join(' '),
    width: 30,
  },
  { key: 'ou', header: { 'en-US': 'Operating unit', 'zh-CN': '运营单元' }, type: { kind: 'text' }, value: (r) => r.ouName, width: 20 },
  {
    key: 'createdAt',
    header: { 'en-US': 'Created at', 'zh-CN': '创建时间' },
    type: { kind: 'datetime' },
    value: (r) => new Date(r.createdAt),
    width: 20,
  },
];
