import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import type { ChartOption } from '../../../shared/chart/chart-option';
import type { ChargingData, PowerForecast, RevenueForecast } from '../queries';

/** The forecast day: load and PV (kW, left axis), the strategy's battery power when known, the price (right axis, steps). */
export function forecastOption(
  power: PowerForecast,
  revenue: RevenueForecast | undefined,
  prices: { time: string; price: number }[] | undefined,
  labels: { load: string; pv: string; battery: string; price: string },
): ChartOption {
  const times = power.steps.map((s) => s.time);
  const priceOf = new Map((prices ?? revenue?.steps ?? []).map((s) => [s.time, s.price]));
  const series: (LineSeriesOption | BarSeriesOption)[] = [
    { name: labels.load, type: 'line', showSymbol: false, data: power.steps.map((s) => s.loadKw) },
    { name: labels.pv, type: 'line', showSymbol: false, data: power.steps.map((s) => s.pvKw) },
  ];
  if (revenue) series.push({ name: labels.battery, type: 'bar', data: revenue.steps.map((s) => s.batteryKw) });
  if (priceOf.size)
    series.push({
      name: labels.price,
      type: 'line',
      step: 'start',
      yAxisIndex: 1,
      showSymbol: false,
      data: times.map((t) => priceOf.get(t) ?? null),
    });
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 56, right: 56, top: 40, bottom: 32 },
    xAxis: { type: 'category', data: times },
    yAxis: [
      { type: 'value', name: 'kW' },
      { type: 'value', name: labels.price, splitLine: { show: false } },
    ],
    series,
  };
}

/** Per day or month: charged and discharged kWh (bars, left axis), net income (line, right axis). */
export function chargingOption(data: ChargingData, labels: { charge: string; discharge: string; net: string }): ChartOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 56, right: 56, top: 40, bottom: 32 },
    xAxis: { type: 'category', data: data.rows.map((r) => r.period) },
    yAxis: [
      { type: 'value', name: 'kWh' },
      { type: 'value', name: data.currency, splitLine: { show: false } },
    ],
    series: [
      { name: labels.charge, type: 'bar', data: data.rows.map((r) => r.chargeWh / 1000) },
      { name: labels.discharge, type: 'bar', data: data.rows.map((r) => r.dischargeWh / 1000) },
      { name: labels.net, type: 'line', yAxisIndex: 1, data: data.rows.map((r) => r.net10k / 10_000) },
    ],
  };
}
