import type { bsaForecast as contract, InputOf } from '@energy/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { langOf, textColumn, type Column } from '../../excel/columns.js';
import { sendExport } from '../../excel/export.js';
import type { StaffCtx } from '../../plugins/context.js';
import { notFound } from '../../plugins/errors.js';
import { priceAt, type BsaService } from '../bsa/bsa.service.js';
import { chargeSteps } from './bsa-forecast-data.js';
import { addDays } from './bsa-forecast-method.js';
import { priceTenThousandths, toCents10k } from '../bsa/bsa-money.js';

// A storage station's charging data (docs/bsa.md, "Forecasts and station money (issue 22)"): per day or month
// the PCS' charged and discharged energy from the 15-minute rollups of their counters, priced per step.

type Answer = z.infer<(typeof contract.getChargingData)['output']>;
type Row = contract.ChargingRow;
type Filter = { bsaId: number; timeResolution: 'day' | 'month'; from: string; to: string };

const money = (key: keyof Row & string, en: string, zh: string): Column<Row> => ({
  key,
  header: { 'en-US': en, 'zh-CN': zh },
  type: { kind: 'number', numFmt: '#,##0.00' },
  width: 16,
  value: (r) => (r[key] as number) / 10_000,
});
const energy = (key: keyof Row & string, en: string, zh: string): Column<Row> => ({
  key,
  header: { 'en-US': en, 'zh-CN': zh },
  type: { kind: 'number', unit: 'kWh', numFmt: '#,##0.000' },
  width: 16,
  value: (r) => (r[key] as number) / 1000,
});
const COLUMNS: Column<Row>[] = [
  textColumn<Row>('period', 'Period', '时间', 12),
  energy('chargeWh', 'Charged', '充电量'),
  energy('dischargeWh', 'Discharged', '放电量'),
  money('chargeCost10k', 'Charge cost', '充电成本'),
  money('dischargeRevenue10k', 'Discharge revenue', '放电收益'),
  money('net10k', 'Net income', '净收益'),
];

export class BsaChargingService {
  constructor(private readonly bsa: BsaService) {}

  /**
   * Each local day in [from, to]: Σ over its 15-minute steps of the PCS' charge and discharge Wh, and of Wh x the
   * step's price (exact), rounded once to the cent; a month row adds its days' rounded figures.
   */
  async data(ctx: StaffCtx, input: Filter): Promise<Answer> {
    const { station, tariff, timeZone } = await this.bsa.stationOf(ctx, input.bsaId);
    if (!tariff) throw notFound(`The cost info of storage station ${station.id}`);
    const days = new Map<string, { chargeWh: number; dischargeWh: number; charge: number; discharge: number }>();
    for (let d = input.from; d <= input.to; d = addDays(d, 1)) days.set(d, { chargeWh: 0, dischargeWh: 0, charge: 0, discharge: 0 });
    const prices = new Map<number, number>();
    for (const s of await chargeSteps(ctx, station, timeZone, input.from, input.to)) {
      const day = days.get(s.day);
      if (!day) continue;
      let price = prices.get(s.minute);
      if (price === undefined) prices.set(s.minute, (price = priceTenThousandths(priceAt(tariff, s.minute)?.price ?? 0)));
      if (s.key === 'e_chg') {
        day.chargeWh += s.wh;
        day.charge += s.wh * price;
      } else {
        day.dischargeWh += s.wh;
        day.discharge += s.wh * price;
      }
    }
    const dayRows: Row[] = [...days].map(([period, d]) => {
      const chargeCost10k = toCents10k(d.charge);
      const dischargeRevenue10k = toCents10k(d.discharge);
      return {
        period,
        chargeWh: d.chargeWh,
        dischargeWh: d.dischargeWh,
        chargeCost10k,
        dischargeRevenue10k,
        net10k: dischargeRevenue10k - chargeCost10k,
      };
    });
    const rows = input.timeResolution === 'day' ? dayRows : byMonth(dayRows);
    const totals = sum(dayRows);
    return { bsaId: station.id, timeZone, currency: tariff.currency, timeResolution: input.timeResolution, rows, totals };
  }

  async export(ctx: StaffCtx, input: InputOf<typeof contract.chargingDownloadExcel>, http: { req: FastifyRequest; reply: FastifyReply }) {
    const answer = await this.data(ctx, input);
    async function* batches() {
      yield answer.rows;
    }
    return sendExport(http.reply, {
      name: 'bsa-charging-data',
      sheet: { 'en-US': 'Charging data', 'zh-CN': '充放电数据' },
      columns: COLUMNS,
      lang: langOf(http.req, input.lang),
      timeZone: answer.timeZone,
      format: input.format,
      batches: batches(),
    });
  }
}

function sum(rows: Row[]): Omit<Row, 'period'> {
  const t = { chargeWh: 0, dischargeWh: 0, chargeCost10k: 0, dischargeRevenue10k: 0, net10k: 0 };
  for (const r of rows) {
    t.chargeWh += r.chargeWh;
    t.dischargeWh += r.dischargeWh;
    t.chargeCost10k += r.chargeCost10k;
    t.dischargeRevenue10k += r.dischargeRevenue10k;
    t.net10k += r.net10k;
  }
  return t;
}

function byMonth(days: Row[]): Row[] {
  const months = new Map<string, Row[]>();
  for (const d of days) {
    const m = d.period.slice(0, 7);
    months.set(m, [...(months.get(m) ?? []), d]);
  }
  return [...months].map(([period, rows]) => ({ period, ...sum(rows) }));
}
