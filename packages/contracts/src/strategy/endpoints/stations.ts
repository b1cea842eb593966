import { z } from 'zod';
import { endpoint } from '../../common/endpoint.js';
import { id } from '../../common/ids.js';
import { strategyWireSchema } from '../schemas.js';
import { tag, kind, fcsRef, pcsRef, meterInfo, stationExecuting, bsaInfo } from './rows.js';

/** Station info for the editor (version, meters, ratings, executing strategy). */
export const strategyBsaInfo = endpoint({
  method: 'POST',
  path: '/api/v2/energy-storage-strategy/bsa-info',
  summary: 'Station info for the editor',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  body: z.object({ bsaId: id, timestamp: z.number().optional() }),
  output: bsaInfo,
});

/**
 * The stations a strategy or template is linked to: a strategy's own station; for a template, the
 * visible stations of its bound customers that run its version (where it can be applied). Each with
 * the strategy it executes.
 */
export const strategyBsaLinkInfo = endpoint({
  method: 'POST',
  path: '/api/v2/energy-storage-strategy/bsa-link-info',
  summary: 'Stations linked to a strategy',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  body: z.object({ id, timestamp: z.number().optional() }),
  output: z.object({
    id: z.number().int(),
    kind,
    stations: z.array(
      bsaInfo.pick({ id: true, code: true, name: true, ouName: true, customerName: true, strategyVersion: true, executing: true }),
    ),
  }),
});

/**
 * The ratings the editor and the FCS work with: the station's rated power and capacity, each PCS's
 * rating (and their sum), the meters with the transformers' capacity (and their sum), the FCS.
 */
export const strategyFcsRatings = endpoint({
  method: 'POST',
  path: '/api/v2/energy-storage-strategy/fcs-ratings',
  summary: 'PCS and FCS ratings of a station',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  body: z.object({ bsaId: id, timestamp: z.number().optional() }),
  output: z.object({
    bsaId: z.number().int(),
    strategyVersion: z.number().int(),
    ratedPowerKw: z.number(),
    capacityKwh: z.number(),
    pcs: z.array(pcsRef),
    /** Sum of the PCS ratings (a PCS without one counts as 0); null without PCS. */
    pcsRatedKwTotal: z.number().nullable(),
    meters: z.array(meterInfo),
    /** Sum of the upper transformers' capacity; null when none is known. */
    transformerKvaTotal: z.number().nullable(),
    fcs: fcsRef.nullable(),
  }),
});

/** Which PCS of a station its FCS controls: each PCS with the station's FCS (null when it has none). */
export const strategyPcsDeviceLink = endpoint({
  method: 'POST',
  path: '/api/v2/energy-storage-strategy/pcs-device-link',
  summary: 'PCS controlled by the FCS',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  body: z.object({ bsaId: id, timestamp: z.number().optional() }),
  output: z.array(
    z.object({
      pcs: pcsRef,
      fcs: fcsRef.nullable(),
    }),
  ),
});

/** The station side: each visible station (optionally of one OU or one station) with the strategy its FCS runs. */
export const strategyLocalExecuting = endpoint({
  method: 'POST',
  path: '/api/v2/energy-storage-strategy/local/executing',
  summary: 'Strategies executing on the stations',
  tag,
  access: { auth: 'staff', permission: 'p-bsa-strategy' },
  kind: 'query',
  body: z.object({ bsaId: id.optional(), ouId: id.optional(), timestamp: z.number().optional() }).optional(),
  output: z.array(stationExecuting),
});

/**
 * The station-side copy: the strategy as its FCS accepted it (the body of the accepted delivery, which
 * may be an older revision than the library's). Null when the station runs none.
 */
export const strategyLocalDetails = endpoint({
  method: 'POST',
  path: '/api/v2/energy-storage-strategy/local-details',
  summary: 'Strategy running on a station',
  tag,
  access: { auth: 'staff', permission: 'p-bsa-strategy' },
  kind: 'query',
  body: z.object({ bsaId: id, timestamp: z.number().optional() }),
  output: stationExecuting.extend({ body: strategyWireSchema.nullable() }),
});

/** One energy unit of a station as it is built today: a PCS, the meter that measures it, the stacks it drives. */
export const energyUnit = z.object({
  pcs: pcsRef,
  /** The meter bound to the PCS (bsa_pcs_meter); null when none is bound. */
  meter: z.object({ deviceId: z.number().int(), code: z.string(), name: z.string() }).nullable(),
  stacks: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string(), racks: z.number().int() })),
});

/**
 * The station's energy units (UETs) as they exist today: each PCS with its meter and the battery stacks it
 * drives, in PCS code order, plus the stacks no PCS drives yet (`unboundStacks`) and the FCS that
 * controls them all. The dispatch structure's own UET tree does not exist; this is the built station.
 */
export const strategyListUet = endpoint({
  method: 'POST',
  path: '/api/v2/energy-storage-strategy/list-uet',
  summary: 'Energy units of a station',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  body: z.object({ bsaId: id, timestamp: z.number().optional() }),
  output: z.object({
    bsaId: z.number().int(),
    fcs: fcsRef.nullable(),
    units: z.array(energyUnit),
    unboundStacks: energyUnit.shape.stacks,
  }),
});
