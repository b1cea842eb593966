import type { charging, InputOf } from '@energy/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { langOf, textColumn, type Column } from '../../excel/columns.js';
import { sendExport, upTo } from '../../excel/export.js';
import type { StaffCtx } from '../../plugins/context.js';
import { tenantTimeZone } from '../tenancy/tenant-zone.js';
import { sessionRows } from './charging-sessions.js';
import type { ChargingService } from './charging.service.js';

type Row = z.infer<typeof charging.sessionRow>;
/** At most this many sessions in one export. */
export const SESSION_EXPORT_MAX_ROWS = 100_000;

const text = (key: keyof Row & string, en: string, zh: string, width = 14) => textColumn<Row>(key, en, zh, width);
const number = (key: keyof Row, en: string, zh: string, unit?: string, value?: (r: Row) => unknown): Column<Row> => ({
  key,
  header: { 'en-US': en, 'zh-CN': zh },
  type: { kind: 'number', ...(unit ? { unit } : {}) },
  width: 14,
  value: value ?? ((r) => r[key]),
});
const time = (key: keyof Row, en: string, zh: string): Column<Row> => ({
  key,
  header: { 'en-US': en, 'zh-CN': zh },
  type: { kind: 'datetime' },
  width: 20,
  value: (r) => r[key],
});

export const SESSION_COLUMNS: Column<Row>[] = [
  number('transactionId', 'Transaction', '交易号'),
  text('stationName', 'Station', '充电站', 20),
  text('pileCode', 'Pile', '充电桩'),
  number('connectorId', 'Gun', '枪号'),
  text('idTag', 'ID tag', '卡号'),
  {
    key: 'status',
    header: { 'en-US': 'Status', 'zh-CN': '状态' },
    type: {
      kind: 'enum',
      labels: { charging: { 'en-US': 'Charging', 'zh-CN': '充电中' }, finished: { 'en-US': 'Finished', 'zh-CN': '已结束' } },
    },
    width: 10,
    value: (r) => r.status,
  },
  time('startedAt', 'Started at', '开始时间'),
  time('stoppedAt', 'Stopped at', '结束时间'),
  number('durationSeconds', 'Duration', '时长', 'min', (r) => (r.durationSeconds == null ? null : Math.round(r.durationSeconds / 60))),
  number('meterStartWh', 'Meter start', '起始读数', 'Wh'),
  number('meterStopWh', 'Meter stop', '结束读数', 'Wh'),
  number('energyWh', 'Energy', '电量', 'kWh', (r) => r.energyWh / 1000),
  number('energyFee', 'Energy fee', '电费'),
  number('serviceFee', 'Service fee', '服务费'),
  number('cost', 'Cost', '费用'),
  text('currency', 'Currency', '币种', 8),
  text('stopReason', 'Stop reason', '结束原因'),
];

/** The filtered sessions, newest first, as XLSX or CSV. */
export async function sendSessionExport(
  ctx: StaffCtx,
  http: { req: FastifyRequest; reply: FastifyReply },
  service: ChargingService,
  input: InputOf<typeof charging.sessionExport>,
) {
  return sendExport(http.reply, {
    name: 'charging-sessions',
    sheet: { 'en-US': 'Charging sessions', 'zh-CN': '充电记录' },
    columns: SESSION_COLUMNS,
    lang: langOf(http.req, input.lang),
    timeZone: await tenantTimeZone(ctx),
    format: input.format,
    batches: upTo(service.sessions(ctx, input).batches(sessionRows), SESSION_EXPORT_MAX_ROWS),
  });
}
