import type { bsaMonitor as contract, InputOf } from '@energy/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { langOf, type Column } from '../../excel/columns.js';
import { sendExport } from '../../excel/export.js';
import type { StaffCtx } from '../../plugins/context.js';
import type { BsaMonitorService } from './bsa-monitor.service.js';

// A station's history in a file (docs/excel.md): the rows of bsaData/data for the same period.

type Row = {
  at: Date;
  date: string;
  chargeKwh: number;
  dischargeKwh: number;
  gridImportKwh: number;
  gridExportKwh: number;
  pcsPowerKw: number | null;
  socPct: number | null;
};

const kwh = (key: keyof Row, en: string, zh: string): Column<Row> => ({
  key,
  header: { 'en-US': en, 'zh-CN': zh },
  type: { kind: 'number', unit: 'kWh', numFmt: '#,##0.000' },
  width: 16,
  value: (r) => r[key] as number,
});

function columns(quarter: boolean): Column<Row>[] {
  return [
    quarter
      ? { key: 'at', header: { 'en-US': 'Time', 'zh-CN': '时间' }, type: { kind: 'datetime' }, width: 20, value: (r) => r.at }
      : { key: 'date', header: { 'en-US': 'Date', 'zh-CN': '日期' }, type: { kind: 'text' }, width: 14, value: (r) => r.date },
    kwh('chargeKwh', 'Charged', '充电量'),
    kwh('dischargeKwh', 'Discharged', '放电量'),
    kwh('gridImportKwh', 'Grid import', '电网购电'),
    kwh('gridExportKwh', 'Grid export', '电网上网'),
    ...(quarter
      ? ([
          {
            key: 'pcsPowerKw',
            header: { 'en-US': 'PCS power', 'zh-CN': 'PCS功率' },
            type: { kind: 'number', unit: 'kW', numFmt: '#,##0.000' },
            width: 14,
            value: (r) => r.pcsPowerKw,
          },
          {
            key: 'socPct',
            header: { 'en-US': 'SOC', 'zh-CN': 'SOC' },
            type: { kind: 'number', unit: '%', numFmt: '0.00' },
            width: 10,
            value: (r) => r.socPct,
          },
        ] satisfies Column<Row>[])
      : []),
  ];
}

/** bsaData/data/export: energies in kWh with 3 decimals (the Wh of the call, exactly). */
export async function exportHistory(
  monitor: BsaMonitorService,
  ctx: StaffCtx,
  input: InputOf<typeof contract.bsaDataExport>,
  http: { req: FastifyRequest; reply: FastifyReply },
) {
  const q = input;
  const history = await monitor.history(ctx, { bsaId: q.bsaId, timeResolution: q.timeResolution, from: q.from, to: q.to });
  async function* batches() {
    yield history.rows.map((r) => ({
      at: new Date(r.ts),
      date: r.date,
      chargeKwh: r.chargeWh / 1000,
      dischargeKwh: r.dischargeWh / 1000,
      gridImportKwh: r.gridImportWh / 1000,
      gridExportKwh: r.gridExportWh / 1000,
      pcsPowerKw: r.pcsPowerKw,
      socPct: r.socPct,
    }));
  }
  return sendExport(http.reply, {
    name: `storage-data-${q.bsaId}-${q.from}-${q.to}`,
    sheet: { 'en-US': 'Storage data', 'zh-CN': '储能数据' },
    columns: columns(history.timeResolution === 'quarter'),
    lang: langOf(http.req, q.lang),
    timeZone: history.timeZone,
    format: q.format,
    batches: batches(),
  });
}
