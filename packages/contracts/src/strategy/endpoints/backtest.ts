import { z } from 'zod';
import { calendarDate } from '../../bsa/index.js';
import { endpoint } from '../../common/endpoint.js';
import { id } from '../../common/ids.js';
import { strategyWireSchema } from '../schemas.js';
import { tag } from './rows.js';

// ---------------------------------------------------------------------------------------------
// Backtest preview (not in the spec): the strategy engine of the simulated station over a past day.

export const backtestPoint = z.object({
  /** Start of the step, epoch ms, and its local 'HH:mm'. */
  ts: z.number(),
  time: z.string(),
  /** Site load before the battery and PV, kW (grid meter + PCS power + PV). */
  loadKw: z.number(),
  pvKw: z.number(),
  price: z.number(),
  gridBeforeKw: z.number(),
  gridAfterKw: z.number(),
  /** Battery power, + discharge, - charge. */
  batteryKw: z.number(),
  socPct: z.number(),
  note: z.string(),
});

/**
 * Runs a strategy over a past day (in the tenant's time zone) of a station's own data, with the engine
 * the simulated station runs: the site load is the station's grid meters plus its PCS power (what the
 * grid would have seen without the battery), prices from its cost info, the SOC at the day's start
 * from its PCS. Give a saved strategy or template (`id`) or an unsaved body (`strategy`, checked like
 * insert). Answers 15-minute points and the figures. Today and later days are refused.
 */
export const strategyBacktest = endpoint({
  method: 'POST',
  path: '/api/v2/energy-storage-strategy/backtest',
  summary: 'Backtest a strategy on a past day',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  body: z
    .object({ bsaId: id, date: calendarDate, id: id.optional(), strategy: strategyWireSchema.optional() })
    .refine((b) => (b.id === undefined) !== (b.strategy === undefined), { message: 'give either id or strategy', path: ['id'] }),
  output: z.object({
    bsaId: z.number().int(),
    date: z.string(),
    timeZone: z.string(),
    currency: z.string(),
    stepMinutes: z.number().int(),
    strategy: z.object({
      id: z.number().int().nullable(),
      name: z.string(),
      revision: z.number().int().nullable(),
      version: z.number().int(),
    }),
    station: z.object({
      ratedPowerKw: z.number(),
      capacityKwh: z.number(),
      initialSocPct: z.number(),
      transformerKva: z.number().nullable(),
    }),
    /** Share of the day's steps that had a grid meter reading (the others are left out of the run). */
    coverage: z.number(),
    points: z.array(backtestPoint),
    figures: z.object({
      peakDemandBeforeKw: z.number(),
      peakDemandAfterKw: z.number(),
      chargedKwh: z.number(),
      dischargedKwh: z.number(),
      costBefore: z.number(),
      costAfter: z.number(),
      /** costBefore - costAfter (energy only; the demand charge is not included). */
      saving: z.number(),
      finalSocPct: z.number(),
    }),
  }),
});
