import { z } from 'zod';
import { crudContract } from '../common/crud.js';
import { endpoint } from '../common/endpoint.js';
import { id, mcid, text } from '../common/ids.js';
import { MAX_BANDS, TARIFF_BAND_KINDS } from './tariff.js';

const tag = 'bsa';

/** A station's statuses (DOMAIN.md), in lifecycle order. */
export const STATION_STATUSES = ['draft', 'configured', 'enabled', 'disabled', 'invalid'] as const;
export type StationStatus = (typeof STATION_STATUSES)[number];

/**
 * The allowed status changes. A draft becomes configured only through `finish`, which checks every
 * step of the form; `invalid` is the end (a station taken out of service for good keeps its history).
 */
export const STATION_TRANSITIONS: Record<StationStatus, readonly StationStatus[]> = {
  draft: ['configured', 'invalid'],
  configured: ['enabled', 'invalid'],
  enabled: ['disabled'],
  disabled: ['enabled', 'invalid'],
  invalid: [],
};

/**
 * Why a change of status is refused, or null when it is allowed (the server adds the station's own
 * conditions: enabling needs a PCS and an FCS). Shared by the server and the web's buttons.
 */
export function transitionRefusal(from: StationStatus, to: StationStatus): string | null {
  if (from === to) return `the station is already ${to}`;
  if (from === 'draft' && to === 'configured') return 'a draft becomes configured by finish, which checks every step of its form';
  if (STATION_TRANSITIONS[from].includes(to)) return null;
  if (from === 'invalid') return 'an invalid station is out of service for good; no status follows invalid';
  if (to === 'draft') return 'a station never goes back to draft';
  if (from === 'enabled' && to === 'invalid') return 'an enabled station runs its strategy: disable it before making it invalid';
  if (from === 'draft') return 'a draft must be finished (configured) first';
  return `${from} cannot become ${to}; from ${from} it may become ${STATION_TRANSITIONS[from].join(' or ')}`;
}

/** The steps of the build form, in order; a draft remembers the one the staff was on. */
export const DRAFT_STEPS = ['basic', 'pcs', 'stack', 'meters', 'fcs', 'costInfo'] as const;

const kw = (max: number) => z.number().gt(0, 'must be more than 0').max(max, `must be at most ${max}`);

/** Step 1: what the station is; the station exists (as a draft) from here on. */
export const stationBasic = z.object({
  code: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(32, 'must be at most 32 characters')
    .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'may hold letters, digits, - and _ only'),
  name: text(64).min(1, 'must not be empty'),
  ouId: id,
  ratedPowerKw: kw(1_000_000),
  capacityKwh: kw(10_000_000),
  strategyVersion: z.number().int().min(1, 'must be 1..6 (CA..CF)').max(6, 'must be 1..6 (CA..CF)'),
});

const meterLink = z.object({
  deviceId: id,
  role: z.enum(['grid', 'upper']),
  /** An upper meter's transformer capacity; required for `upper`. */
  transformerCapacityKva: kw(1_000_000).nullable().optional(),
});

/** A tariff band as a draft may hold it; finish checks the bands as cost info does. */
const draftBand = z.object({
  start: z.string().max(5, 'must be a time HH:mm'),
  end: z.string().max(5, 'must be a time HH:mm'),
  kind: z.enum(TARIFF_BAND_KINDS),
  price: z.number().min(0, 'must not be negative').max(1000, 'must be at most 1000'),
});

/** Steps 2..6 as the form holds them; each may still be empty in a draft. */
export const stationParts = z.object({
  /** PCS devices (type bsa-pcs) of the station's OU. */
  pcs: z
    .array(z.object({ deviceId: id }))
    .max(64, 'at most 64 PCS')
    .optional(),
  /** The battery stack; bound to one of the station's PCS. */
  stack: z
    .object({
      code: text(32).min(1, 'must not be empty'),
      name: text(64).min(1, 'must not be empty'),
      pcsDeviceId: id.nullable().optional(),
    })
    .nullable()
    .optional(),
  meters: z.array(meterLink).max(16, 'at most 16 meters').optional(),
  fcs: z.object({ deviceId: id }).nullable().optional(),
  costInfo: z
    .object({
      currency: z
        .string()
        .regex(/^[A-Z]{3}$/, 'must be a 3-letter currency code (ISO 4217), e.g. CNY')
        .default('CNY'),
      bands: z.array(draftBand).max(MAX_BANDS, `at most ${MAX_BANDS} bands`),
      demandPricePerKwMonth: z.number().min(0, 'must not be negative').max(10_000).nullable().optional(),
      effectiveFrom: z.string().max(10).optional(),
    })
    .nullable()
    .optional(),
});

/** The whole build form. */
export const stationForm = stationParts.extend({ basic: stationBasic });

/** A saved draft: its station, the step to resume at and the form. */
export const stationDraft = z.object({
  id: z.number().int(),
  status: z.enum(STATION_STATUSES),
  step: z.enum(DRAFT_STEPS),
  form: stationForm,
  updatedAt: z.string(),
});

/**
 * Saves the build form as a draft: the first save (no id) makes the station in status draft from its
 * basic info, later saves replace the form; the other steps may be incomplete until finish.
 */
export const bsaDraft = endpoint({
  method: 'POST',
  path: '/api/v2/bsa/draft',
  summary: 'Save a station draft',
  tag,
  access: { auth: 'staff', permission: 'b-bsa-station-create' },
  kind: 'command',
  body: stationForm.extend({ id: id.optional(), step: z.enum(DRAFT_STEPS).default('basic') }),
  output: stationDraft,
});

/** A draft's form and the step to resume at (a station past draft answers its form as last saved). */
export const bsaGetDraft = endpoint({
  method: 'POST',
  path: '/api/v2/bsa/get-draft',
  summary: 'Station draft',
  tag,
  access: { auth: 'staff', permission: 'p-bsa-station' },
  kind: 'query',
  body: z.object({ id, timestamp: z.number().optional() }),
  output: stationDraft,
});

/**
 * Finishes a draft: every step is checked (devices visible and of the right type, a PCS owned by no
 * other station, cost info bands covering the day...), the devices, stack and cost info written, and
 * the station becomes configured. A problem names its field and changes nothing.
 */
export const bsaFinish = endpoint({
  method: 'POST',
  path: '/api/v2/bsa/finish',
  summary: 'Finish a station draft',
  tag,
  access: { auth: 'staff', permission: 'b-bsa-station-create' },
  kind: 'command',
  body: z.object({ id }),
  output: z.object({ id: z.number().int(), status: z.enum(STATION_STATUSES) }),
});

/** Creates a configured station in one call from the whole form (the checks of finish). */
export const bsaInsert = endpoint({
  method: 'POST',
  path: '/api/v2/bsa/insert',
  summary: 'Create a station',
  tag,
  access: { auth: 'staff', permission: 'b-bsa-station-create' },
  kind: 'command',
  body: stationForm,
  output: z.object({ id: z.number().int(), status: z.enum(STATION_STATUSES) }),
});

export const fsmTransition = z.object({ from: z.enum(STATION_STATUSES), to: z.enum(STATION_STATUSES) });

/**
 * The lifecycle: every status and its allowed next statuses; with an id, also what that station may
 * become now and why any other status is refused.
 */
export const bsaFsm = endpoint({
  method: 'POST',
  path: '/api/v2/bsa/fsm',
  summary: 'Station lifecycle',
  tag,
  access: { auth: 'staff', permission: 'p-bsa-station' },
  kind: 'query',
  body: z.object({ id: id.optional(), timestamp: z.number().optional() }).optional(),
  output: z.object({
    statuses: z.array(z.enum(STATION_STATUSES)),
    transitions: z.array(fsmTransition),
    station: z
      .object({
        id: z.number().int(),
        status: z.enum(STATION_STATUSES),
        next: z.array(z.object({ status: z.enum(STATION_STATUSES), allowed: z.boolean(), reason: z.string().nullable() })),
      })
      .nullable(),
  }),
});

/** Changes a station's status along the lifecycle; a refused change answers why and changes nothing. */
export const bsaUpdateStatus = endpoint({
  method: 'POST',
  path: '/api/v2/bsa/update-status',
  summary: 'Change a station status',
  tag,
  access: { auth: 'staff', permission: 'b-bsa-station-edit' },
  kind: 'command',
  body: z.object({ id, status: z.enum(STATION_STATUSES) }),
  output: z.object({ id: z.number().int(), status: z.enum(STATION_STATUSES), previous: z.enum(STATION_STATUSES) }),
});

/** A station in a picker: id, code, name, status. */
export const stationSimple = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  status: z.enum(STATION_STATUSES),
  ouId: z.number().int(),
});

const simpleFilter = z
  .object({
    name: text(128).optional(),
    ouId: id.optional(),
    mcid: mcid.optional(),
    statusFilter: z.enum(STATION_STATUSES).optional(),
    timestamp: z.number().optional(),
  })
  .optional();

/** Stations for pickers (id, code, name, status), by code. */
export const bsaListSimple = endpoint({
  method: 'POST',
  path: '/api/v2/bsa/list/simple',
  summary: 'Storage stations (short)',
  tag,
  access: { auth: 'staff', permission: 'p-bsa-station' },
  kind: 'query',
  body: simpleFilter,
  output: z.array(stationSimple),
});

/** Stations grouped by OU: each visible OU with its stations (by OU name, then code). */
export const bsaListWithOu = endpoint({
  method: 'POST',
  path: '/api/v2/bsa/listWithOu',
  summary: 'Storage stations by OU',
  tag,
  access: { auth: 'staff', permission: 'p-bsa-station' },
  kind: 'query',
  body: simpleFilter,
  output: z.array(z.object({ ouId: z.number().int(), ouName: z.string(), stations: z.array(stationSimple) })),
});

const stationExport = crudContract({
  tag: 'bsa',
  base: '/api/v2/bsa',
  row: stationSimple,
  filter: {
    name: text(128).optional(),
    ouId: id.optional(),
    statusFilter: z.enum(STATION_STATUSES).optional(),
  },
  create: z.object({}),
  update: z.object({}),
  permissions: { export: 'b-bsa-station-export' },
  only: ['export'],
});

/** The filtered station list as XLSX (default) or CSV (`format=csv`), headers and statuses in `lang`. */
export const bsaExport = stationExport.export;
