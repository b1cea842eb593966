import type { CircuitDataType } from './statistics-queries';

/** A figure of a data type as the pages show it: energy in kWh, power and demand in kW, the rest as answered. */
export function shown(type: CircuitDataType, value: number | null | undefined): string {
  if (value == null) return '–';
  if (type === 'activeEnergy' || type === 'activePower' || type === 'maxDemand')
    return (value / 1000).toLocaleString(undefined, { minimumFractionDigits: 3, maximumFractionDigits: 3 });
  if (type === 'cost') return value.toLocaleString(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return value.toLocaleString(undefined, { maximumFractionDigits: type === 'powerFactor' ? 4 : 3 });
}

/** The unit shown beside a data type's figures. */
export function unitOf(type: CircuitDataType, currency = ''): string {
  return { activeEnergy: 'kWh', cost: currency, activePower: 'kW', maxDemand: 'kW', current: 'A', voltage: 'V', powerFactor: '' }[type];
}

/** A rate as a signed percentage. */
export const percent = (rate: number | null) => (rate == null ? '–' : `${rate > 0 ? '+' : ''}${(rate * 100).toFixed(2)} %`);
