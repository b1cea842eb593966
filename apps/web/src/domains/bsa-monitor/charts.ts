import type { ChartOption } from '../../shared/chart/chart-option';
import type { BatteryCurve, BmsData, Curve, Environment, GisRow } from './queries';

// The monitoring pages' ECharts options (drawn by the shared ThemedChart, which loads ECharts lazily).

/** A day's PCS power and SOC with the tariff's price as a step line on its own axis. */
export function curveOption(curve: Curve | undefined, names: { power: string; soc: string; price: string }): ChartOption {
  const steps = curve?.steps ?? [];
  return {
    tooltip: { trigger: 'axis' },
    legend: { data: [names.power, names.soc, names.price] },
    grid: { left: 56, right: 96, top: 40, bottom: 32 },
    xAxis: { type: 'category', data: steps.map((s) => s.time) },
    yAxis: [
      { type: 'value', name: 'kW' },
      { type: 'value', name: '%', min: 0, max: 100, splitLine: { show: false } },
      { type: 'value', name: curve?.currency ?? '', offset: 48, splitLine: { show: false } },
    ],
    series: [
      { name: names.power, type: 'line', showSymbol: false, data: steps.map((s) => s.pcsPowerKw) },
      { name: names.soc, type: 'line', yAxisIndex: 1, showSymbol: false, data: steps.map((s) => s.socPct) },
      {
        name: names.price,
        type: 'line',
        yAxisIndex: 2,
        step: 'start',
        showSymbol: false,
        lineStyle: { type: 'dashed' },
        data: steps.map((s) => s.price),
      },
    ],
  };
}

/**
 * The cells as a heat map: a row per pack (its code's rack and pack part), a column per cell number; the
 * colour scale spans the cells' min..max so a weak or hot cell stands out.
 */
export function heatMapOption(data: BmsData | undefined, key: 'voltage' | 'temperature', name: string): ChartOption {
  const units = data?.units ?? [];
  const packs = [...new Set(units.map((u) => u.parentId ?? 0))];
  const packName = (id: number) =>
    units
      .find((u) => u.parentId === id)
      ?.code.replace(/-C\d+$/, '')
      .split('-')
      .slice(-2)
      .join('-') ?? '';
  const seqs = [...new Set(units.map((u) => u.seq))].sort((a, b) => a - b);
  const figures = key === 'voltage' ? data?.cells.voltage : data?.cells.temperature;
  return {
    tooltip: { position: 'top' },
    grid: { left: 80, right: 24, top: 16, bottom: 72 },
    xAxis: { type: 'category', data: seqs.map(String), splitArea: { show: true } },
    yAxis: { type: 'category', data: packs.map(packName), splitArea: { show: true } },
    visualMap: {
      min: figures?.min ?? 0,
      max: figures?.max ?? 1,
      calculable: true,
      orient: 'horizontal',
      left: 'center',
      bottom: 0,
      inRange: key === 'voltage' ? { color: ['#d7191c', '#fdae61', '#a6d96a', '#1a9641'] } : { color: ['#2c7bb6', '#ffffbf', '#d7191c'] },
    },
    series: [
      {
        name,
        type: 'heatmap',
        data: units.map((u) => [seqs.indexOf(u.seq), packs.indexOf(u.parentId ?? 0), u.values[key] ?? null]),
      },
    ],
  };
}

/** The container's temperature and humidity over the day. */
export function environmentOption(env: Environment | undefined, names: { temperature: string; humidity: string }): ChartOption {
  const steps = env?.steps ?? [];
  return {
    tooltip: { trigger: 'axis' },
    legend: { data: [names.temperature, names.humidity] },
    grid: { left: 56, right: 56, top: 40, bottom: 32 },
    xAxis: { type: 'category', data: steps.map((s) => s.time) },
    yAxis: [
      { type: 'value', name: '°C' },
      { type: 'value', name: '%', min: 0, max: 100, splitLine: { show: false } },
    ],
    series: [
      { name: names.temperature, type: 'line', showSymbol: false, data: steps.map((s) => s.temperatureC) },
      {
        name: names.humidity,
        type: 'line',
        yAxisIndex: 1,
        showSymbol: false,
        data: steps.map((s) => s.humidityPct),
        markLine: { silent: true, symbol: 'none', data: [{ yAxis: 90 }] },
      },
    ],
  };
}

/** Charged and discharged energy per day with the day's equivalent cycles. */
export function batteryCurveOption(
  curve: BatteryCurve | undefined,
  names: { charge: string; discharge: string; cycles: string },
): ChartOption {
  const days = curve?.days ?? [];
  return {
    tooltip: { trigger: 'axis' },
    legend: { data: [names.charge, names.discharge, names.cycles] },
    grid: { left: 56, right: 56, top: 40, bottom: 32 },
    xAxis: { type: 'category', data: days.map((d) => d.date.slice(5)) },
    yAxis: [
      { type: 'value', name: 'kWh' },
      { type: 'value', name: '', splitLine: { show: false } },
    ],
    series: [
      { name: names.charge, type: 'bar', data: days.map((d) => d.chargeWh / 1000) },
      { name: names.discharge, type: 'bar', data: days.map((d) => d.dischargeWh / 1000) },
      { name: names.cycles, type: 'line', yAxisIndex: 1, data: days.map((d) => d.cycles) },
    ],
  };
}

/**
 * The stations at their sites' coordinates (longitude, latitude; no base map): the symbol's area follows
 * the capacity, its colour whether the station is online.
 */
export function gisOption(
  rows: GisRow[],
  colors: { online: string; offline: string },
  names: { online: string; offline: string },
): ChartOption {
  const placed = rows.filter((r) => r.lng !== null && r.lat !== null);
  const maxCapacity = Math.max(1, ...placed.map((r) => r.capacityKwh));
  const series = (online: boolean) => ({
    name: online ? names.online : names.offline,
    type: 'scatter' as const,
    itemStyle: { color: online ? colors.online : colors.offline },
    symbolSize: (v: number[]) => 12 + 24 * Math.sqrt((v[2] ?? 0) / maxCapacity),
    label: { show: true, position: 'right' as const, formatter: (p: { data: unknown }) => String((p.data as unknown[])[3]) },
    data: placed.filter((r) => r.online === online).map((r) => [r.lng!, r.lat!, r.capacityKwh, r.code]),
  });
  const pad = (values: number[]) => {
    const lo = Math.min(...values);
    const hi = Math.max(...values);
    const margin = Math.max(0.2, (hi - lo) * 0.15);
    return { min: Math.floor((lo - margin) * 10) / 10, max: Math.ceil((hi + margin) * 10) / 10 };
  };
  const lng = placed.length ? pad(placed.map((r) => r.lng!)) : { min: 70, max: 140 };
  const lat = placed.length ? pad(placed.map((r) => r.lat!)) : { min: 15, max: 55 };
  return {
    tooltip: {
      formatter: (p: unknown) => {
        const d = (p as { data: [number, number, number, string] }).data;
        return `${d[3]}<br/>${d[2]} kWh<br/>${d[0].toFixed(4)}, ${d[1].toFixed(4)}`;
      },
    },
    legend: { data: [names.online, names.offline] },
    grid: { left: 56, right: 48, top: 40, bottom: 32 },
    xAxis: { type: 'value', name: '°E', ...lng },
    yAxis: { type: 'value', name: '°N', ...lat },
    series: [series(true), series(false)],
  };
}
