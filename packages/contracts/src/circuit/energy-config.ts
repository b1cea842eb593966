import { z } from 'zod';
import { exportOptions } from '../common/crud.js';
import { endpoint } from '../common/endpoint.js';
import { id, idParam } from '../common/ids.js';
import { pageOf, pageRequest } from '../common/paging.js';
import { calendarDate } from '../common/tou-schemas.js';
import { jobRow } from '../jobs/index.js';
import { instant } from './accounts.js';
import { circuitMeter, circuitRow, circuitUpdate } from './circuits.js';

// A circuit's energy config (docs/circuits.md, "Energy config"): which meters with which sign, which
// counter, in force from a local date; every change in the change log. Imports, the statistics cache
// rerun, and the v1 update form.

const tag = 'circuit';

/** The counters a circuit's energy may be read from: imported (consumed) or exported (generated) energy. */
export const ENERGY_COUNTERS = ['e_imp', 'e_exp'] as const;
export const energyCounter = z.enum(ENERGY_COUNTERS);
export type EnergyCounter = z.infer<typeof energyCounter>;

const sign = z.union([z.literal(1), z.literal(-1)]);

/** A config as shown: its counter, the date it is in force from (null: since always) and until (exclusive). */
export const energyConfigVersion = z.object({
  counter: energyCounter,
  effectiveFrom: z.string().nullable(),
  until: z.string().nullable(),
  meters: z.array(circuitMeter),
});
export type EnergyConfigVersion = z.infer<typeof energyConfigVersion>;

/** A config as the change log keeps it. */
export const loggedConfig = z.object({
  counter: energyCounter,
  meters: z.array(z.object({ deviceId: z.number().int(), code: z.string(), sign })),
});

export const energyConfigLogRow = z.object({
  id: z.number().int(),
  at: z.string(),
  staffCode: z.string(),
  /** The call that changed it: circuit create or update, the energy config, an import. */
  source: z.enum(['create', 'update', 'config', 'import']),
  effectiveFrom: z.string().nullable(),
  before: loggedConfig,
  after: loggedConfig,
});

export const energyConfigDetailRow = z.object({
  circuitId: z.number().int(),
  code: z.string(),
  name: z.string(),
  ouId: z.number().int(),
  /** The config in force now (null: no meters now). */
  current: energyConfigVersion.nullable(),
  /** Every config the circuit has had, the latest first. */
  versions: z.array(energyConfigVersion),
  /** The change log, the latest first (at most 200 rows). */
  log: z.array(energyConfigLogRow),
});
export type EnergyConfigDetail = z.infer<typeof energyConfigDetailRow>;

export const energyConfigBaseRow = z.object({
  counters: z.array(z.object({ value: energyCounter, label: z.string(), labelZh: z.string() })),
  signs: z.array(z.object({ value: sign, label: z.string(), labelZh: z.string() })),
  /** The staff's circuits with their config in force now. */
  circuits: z.array(
    z.object({
      circuitId: z.number().int(),
      code: z.string(),
      name: z.string(),
      ouId: z.number().int(),
      counter: energyCounter.nullable(),
      effectiveFrom: z.string().nullable(),
      /** `+CODE -CODE`, as the circuit export writes them. */
      meters: z.string(),
    }),
  ),
});

export const energyConfigBase = endpoint({
  method: 'POST',
  path: '/api/v2/circuit/energyConfig/base',
  summary: 'Energy config: counters, signs and the circuits with their config in force',
  tag,
  access: { auth: 'staff', permission: 'p-circuit-manage' },
  kind: 'query',
  body: z.object({ ouId: id.optional() }).optional(),
  output: energyConfigBaseRow,
});

export const energyConfigDetail = endpoint({
  method: 'POST',
  path: '/api/v2/circuit/energyConfig/detail',
  summary: "A circuit's energy config, its versions and its change log",
  tag,
  access: { auth: 'staff', permission: 'p-circuit-manage' },
  kind: 'query',
  body: z.object({ circuitId: id }),
  output: energyConfigDetailRow,
});
export const energyConfigGet = endpoint({
  ...energyConfigDetail,
  method: 'GET',
  path: '/api/circuit/{id}/energyConfig',
  body: undefined,
  params: z.object({ id: idParam }),
});

/** A new config, in force from the local midnight of `effectiveFrom` (null: since always, rewriting every period). */
export const energyConfigInput = z.object({
  counter: energyCounter.default('e_imp'),
  effectiveFrom: calendarDate.nullable(),
  meters: z
    .array(z.object({ deviceId: id, sign: sign.default(1) }))
    .min(1, 'at least one meter')
    .max(50, 'at most 50 meters'),
});

export const energyConfigSave = endpoint({
  method: 'PUT',
  path: '/api/circuit/{id}/energyConfig',
  summary: "Change a circuit's energy config from a date (written to its change log)",
  tag,
  access: { auth: 'staff', permission: 'b-circuit-energy-config' },
  kind: 'command',
  params: z.object({ id: idParam }),
  body: energyConfigInput,
  output: energyConfigDetailRow,
});

export const energyImportRecordRow = z.object({
  jobId: z.string(),
  staffCode: z.string(),
  fileName: z.string(),
  rows: z.number().int(),
  createdAt: z.string(),
  job: jobRow,
});

export const energyImportRecordPage = endpoint({
  method: 'POST',
  path: '/api/v2/circuit/energyConfig/importRecord/page',
  summary: 'Past energy config imports',
  tag,
  access: { auth: 'staff', permission: 'p-circuit-manage' },
  kind: 'query',
  body: pageRequest,
  output: pageOf(energyImportRecordRow),
});
export const energyImportRecordPageGet = endpoint({
  ...energyImportRecordPage,
  method: 'GET',
  path: '/api/circuit/energyConfig/importRecord/page',
  body: undefined,
  query: z.object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    size: z.coerce.number().int().min(1).max(100).default(20),
  }),
});

export const energyConfigImport = endpoint({
  method: 'POST',
  path: '/api/v2/circuit/energyConfig/import',
  summary: 'Import energy configs (XLSX or CSV, multipart field file): all rows or none; answers the job',
  tag,
  access: { auth: 'staff', permission: 'b-circuit-energy-import' },
  kind: 'command',
  bodyKind: 'multipart',
  cost: 'import',
  output: jobRow,
});
export const energyConfigImportV1 = endpoint({ ...energyConfigImport, path: '/api/circuit/energyConfig/import' });

export const energyConfigTemplate = endpoint({
  method: 'GET',
  path: '/api/v2/circuit/energyConfig/download',
  summary: 'The energy config import template (XLSX)',
  tag,
  access: { auth: 'staff', permission: 'b-circuit-energy-import' },
  kind: 'query',
  query: z.object({ lang: exportOptions.lang }),
  output: z.any(),
  raw: true,
});
export const energyConfigTemplateV1 = endpoint({ ...energyConfigTemplate, path: '/api/circuit/energyConfig/download' });

/** Recompute the statistics cache of circuits over a range (at most 400 days): a job. */
export const electricityRerun = endpoint({
  method: 'POST',
  path: '/api/v2/circuit/electricity/rerun',
  summary: "Recompute circuits' cached statistics over a range (a job; overlapping reruns are refused)",
  tag,
  access: { auth: 'staff', permission: 'b-circuit-rerun' },
  kind: 'command',
  cost: 'heavy',
  body: z.object({
    circuitIds: z.array(id).min(1, 'at least one circuit').max(200, 'at most 200 circuits'),
    from: instant,
    to: instant,
  }),
  output: jobRow,
});
export const electricityRerunV1 = endpoint({ ...electricityRerun, method: 'PUT', path: '/api/circuit/electricity/rerun' });

/** Refused: readings come from devices only (docs/circuits.md, "insert/test-data"). */
export const insertTestData = endpoint({
  method: 'POST',
  path: '/api/v2/circuit/insert/test-data',
  summary: 'Write synthetic readings for a circuit: refused on this platform (readings come from devices only)',
  tag,
  access: { auth: 'staff', permission: 'b-circuit-edit' },
  kind: 'command',
  body: z.object({ circuitId: id.optional(), from: instant.optional(), to: instant.optional() }).optional(),
  output: z.null(),
});

/** The v1 form of the circuit update (the same service as `POST /api/v2/circuit/update`). */
export const circuitUpdatePut = endpoint({
  ...circuitUpdate,
  method: 'PUT',
  path: '/api/circuit/{id}',
  params: z.object({ id: idParam }),
  body: circuitUpdate.body!.omit({ id: true }),
  output: circuitRow,
});
