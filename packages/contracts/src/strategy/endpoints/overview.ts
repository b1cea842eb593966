import { z } from 'zod';
import { endpoint } from '../../common/endpoint.js';
import { id, mcid } from '../../common/ids.js';
import { OVERVIEW_KINDS } from '../overview.js';
import { executingRef, deliveryRow } from './rows.js';

// ---------------------------------------------------------------------------------------------
// The storage overview's strategy calls (bsaOperationOverview/).

/** One card of today's plan, with whether it is the one in force now. */
export const todayCard = z.object({
  index: z.number().int(),
  kind: z.enum(OVERVIEW_KINDS),
  /** '08:00-12:00'. */
  period: z.string(),
  value: z.string().nullable(),
  current: z.boolean(),
});

/** What a station runs today: the executing strategy, its cards, the 48 half-hour bars, the last delivery. */
export const stationStrategyInfo = z.object({
  bsaId: z.number().int(),
  bsaName: z.string(),
  /** Today in the tenant's time zone, and the local time now 'HH:mm'. */
  date: z.string(),
  now: z.string(),
  timeZone: z.string(),
  strategyVersion: z.number().int(),
  executing: executingRef.nullable(),
  /** A field strategy runs only on its days: false when today is outside them (the FCS's own control runs). */
  activeToday: z.boolean(),
  cards: z.array(todayCard),
  bars: z.array(z.enum(OVERVIEW_KINDS).nullable()),
  lastDelivery: deliveryRow.nullable(),
});

/** The strategy a station runs, with today's cards. */
export const overviewStrategyInfo = endpoint({
  method: 'POST',
  path: '/api/v2/bsaOperationOverview/strategy/info',
  summary: 'Strategy running on a station today',
  tag: 'bsaOperationOverview',
  access: { auth: 'staff', permission: 'p-bsa-overview' },
  kind: 'query',
  body: z.object({ bsaId: id, timestamp: z.number().optional() }),
  output: stationStrategyInfo,
});

/** The newer overview's form of the same answer. */
export const overviewNeoStrategyInfo = endpoint({
  method: 'POST',
  path: '/api/v2/bsaOperationOverview/neo/strategy/info',
  summary: 'Strategy running on a station today (new overview)',
  tag: 'bsaOperationOverview',
  access: { auth: 'staff', permission: 'p-bsa-overview' },
  kind: 'query',
  body: z.object({ bsaId: id, timestamp: z.number().optional() }),
  output: stationStrategyInfo,
});

/** Every visible station (optionally of one OU or customer) with what it runs today and the card now in force. */
export const overviewNeoStrategyList = endpoint({
  method: 'POST',
  path: '/api/v2/bsaOperationOverview/neo/strategy/List',
  summary: 'Strategies running on the stations today',
  tag: 'bsaOperationOverview',
  access: { auth: 'staff', permission: 'p-bsa-overview' },
  kind: 'query',
  body: z.object({ ouId: id.optional(), mcid: mcid.optional(), timestamp: z.number().optional() }).optional(),
  output: z.array(
    stationStrategyInfo.pick({ bsaId: true, bsaName: true, strategyVersion: true, executing: true, activeToday: true }).extend({
      currentCard: todayCard.nullable(),
    }),
  ),
});
