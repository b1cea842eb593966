import { z } from 'zod';
import { exportOptions } from '../common/crud.js';
import { endpoint } from '../common/endpoint.js';
import { id, idParam, isoDateTime, text } from '../common/ids.js';
import { pageOf, pageRequest } from '../common/paging.js';
import { TARIFF_BAND_KINDS } from '../bsa/tariff.js';
import { calendarDate } from '../common/tou-schemas.js';

// EV charging sessions and their daily statistics (issue 23, docs/charging.md); the assets, cost info and
// commands are in index.ts.

const tag = 'charging';

// ---------------------------------------------------------------------------------------------
// Sessions

export const sessionBand = z.object({
  kind: z.enum(TARIFF_BAND_KINDS),
  /** Energy price of the band, currency per kWh. */
  price: z.number(),
  energyWh: z.number().int(),
  /** Energy fee of the band, currency (exact to 4 decimals). */
  energyFee: z.number(),
});

export const sessionRow = z.object({
  id: z.number().int(),
  /** The OCPP transactionId the central system gave. */
  transactionId: z.number().int(),
  stationId: z.number().int(),
  stationName: z.string(),
  pileId: z.number().int(),
  pileCode: z.string(),
  connectorId: z.number().int(),
  idTag: z.string(),
  status: z.enum(['charging', 'finished']),
  startedAt: z.string(),
  stoppedAt: z.string().nullable(),
  durationSeconds: z.number().int().nullable(),
  meterStartWh: z.number().int(),
  meterStopWh: z.number().int().nullable(),
  /** Energy so far (the last meter value) or in all. */
  energyWh: z.number().int(),
  stopReason: z.string().nullable(),
  currency: z.string().nullable(),
  bands: z.array(sessionBand),
  /** Energy fee + service fee, currency, exact to 4 decimals; `cost` is their sum rounded to the cent. */
  energyFee: z.number().nullable(),
  serviceFee: z.number().nullable(),
  cost: z.number().nullable(),
});

export const sessionFilter = {
  stationId: id.optional(),
  pileId: id.optional(),
  idTag: text(20).optional(),
  status: z.enum(['charging', 'finished']).optional(),
  /** Sessions started at or after. */
  from: isoDateTime.optional(),
  /** Sessions started before. */
  to: isoDateTime.optional(),
};

export const sessionPage = endpoint({
  method: 'POST',
  path: '/api/v2/charging/session/page',
  summary: 'Charging sessions (paged)',
  tag,
  access: { auth: 'staff', permission: 'p-charging-session' },
  kind: 'query',
  body: pageRequest.extend(sessionFilter),
  output: pageOf(sessionRow),
});

const sessionExportQuery = z.object({
  stationId: idParam.optional(),
  pileId: idParam.optional(),
  idTag: text(20).optional(),
  status: z.enum(['charging', 'finished']).optional(),
  from: isoDateTime.optional(),
  to: isoDateTime.optional(),
  ...exportOptions,
});

/** The filtered sessions as XLSX or CSV (times in the tenant's zone). */
export const sessionExport = endpoint({
  method: 'GET',
  path: '/api/v2/charging/session/export',
  summary: 'Export charging sessions',
  tag,
  access: { auth: 'staff', permission: 'p-charging-session' },
  kind: 'query',
  cost: 'export',
  query: sessionExportQuery,
  output: z.any(),
  raw: true,
});

// ---------------------------------------------------------------------------------------------
// Statistics (not in the spec: the pile detail page and the stations page's energy chart, docs/charging.md)

/** Energy and revenue of one local day (the tenant's zone). */
export const dailyEnergy = z.object({
  /** The local date, YYYY-MM-DD. */
  date: z.string(),
  /** Sessions started on the day. */
  sessions: z.number().int(),
  /** Energy charged on the day, Wh: the sessions' readings cut at the quarter hours as their pricing cuts them. */
  energyWh: z.number().int(),
  /** The day's share of the finished sessions' costs (whole cents, shared by energy), integer ten-thousandths. */
  revenue10k: z.number().int(),
});

/**
 * Energy and revenue per local day of one station or one pile (exactly one of `stationId`, `pileId`), over
 * the `days` local days ending on `to` (default: today in the tenant's zone), oldest first, every day listed.
 */
export const dailyStatistics = endpoint({
  method: 'POST',
  path: '/api/v2/charging/statistics/daily',
  summary: 'Charging energy and revenue per day',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  body: z
    .object({
      stationId: id.optional(),
      pileId: id.optional(),
      to: calendarDate.optional(),
      days: z.number().int().min(1, 'must be at least 1').max(92, 'must be at most 92').default(30),
    })
    .superRefine((body, ctx) => {
      if ((body.stationId === undefined) === (body.pileId === undefined))
        ctx.addIssue({ code: 'custom', path: ['stationId'], message: 'give either stationId or pileId (one of them)' });
    }),
  output: z.object({
    stationId: z.number().int(),
    pileId: z.number().int().nullable(),
    timeZone: z.string(),
    /** The currency of the sessions' costs (null when none is priced). */
    currency: z.string().nullable(),
    days: z.array(dailyEnergy),
    totalEnergyWh: z.number().int(),
    totalRevenue10k: z.number().int(),
  }),
});
