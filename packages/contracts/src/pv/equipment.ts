import { z } from 'zod';
import { crudContract } from '../common/crud.js';
import { endpoint } from '../common/endpoint.js';
import { id, idParam, text } from '../common/ids.js';
import { jobRow } from '../jobs/index.js';

// The equipment of a PV station (issue 18, spec 001 "PV string", "Module", "PV inverter"): inverters,
// strings and modules, each a list with page, list, create, update, delete, delete-all, device binding and
// Excel in and out through the CRUD generator, at the spec's paths. Codes are unique in their station, so a
// station's export imports unchanged into another station. docs/pv.md.

const code = text(64).min(1, 'is required');
const positive = (max: number, unit: string) => z.number().positive('must be more than 0').max(max, `must be at most ${max} ${unit}`);

/** The telemetry device that measures a piece of equipment. */
const boundDevice = {
  deviceId: z.number().int().nullable(),
  deviceCode: z.string().nullable(),
  deviceName: z.string().nullable(),
};
const head = {
  id: z.number().int(),
  pvId: z.number().int(),
  pvName: z.string(),
  code: z.string(),
  createdAt: z.string(),
};
const listFilter = {
  pvId: id.optional(),
  /** Code or name contains the text. */
  keyword: text(64).optional(),
  timestamp: z.number().optional(),
};
/** The station of an import; its export is at output/{pvId}. */
const pvQuery = z.object({ pvId: idParam });
const pvParams = z.object({ pvId: idParam });
const bindBody = z.object({ id, deviceId: id });

// ---------------------------------------------------------------------------------------------
// Inverters

export const pvInverterRow = z.object({
  ...head,
  name: z.string(),
  areaId: z.number().int().nullable(),
  areaName: z.string().nullable(),
  model: z.string().nullable(),
  /** Rated AC output, kW. */
  ratedAcKw: z.number(),
  mpptCount: z.number().int(),
  stringCount: z.number().int(),
  ...boundDevice,
});
const inverterFields = {
  code,
  name: text(128).min(1, 'is required'),
  areaId: id.nullable().optional(),
  model: text(64).nullable().optional(),
  ratedAcKw: positive(100_000, 'kW'),
  mpptCount: z.number().int().min(1, 'must be at least 1').max(32, 'must be at most 32'),
};
export const pvInverterCreate = z.object({ pvId: id, ...inverterFields });
export const pvInverterUpdate = z.object({ id, ...inverterFields });

const inverter = crudContract({
  tag: 'pv-inverter',
  base: '/api/v2/pv-inverter',
  row: pvInverterRow,
  filter: { ...listFilter, areaId: id.optional() },
  create: pvInverterCreate,
  update: pvInverterUpdate,
  importResult: jobRow,
  permissions: {
    page: 'p-pv-inverter',
    list: 'p-pv-inverter',
    create: 'b-pv-inverter-create',
    update: 'b-pv-inverter-edit',
    delete: 'b-pv-inverter-delete',
    deleteAll: 'b-pv-inverter-delete',
    import: 'b-pv-inverter-import',
    template: 'b-pv-inverter-import',
    export: 'b-pv-inverter-export',
  },
  paths: {
    import: { path: '/input', query: pvQuery },
    export: { path: '/output/{pvId}', params: pvParams },
  },
  only: ['page', 'list', 'create', 'update', 'delete', 'deleteAll', 'import', 'export', 'template'],
});
/** Inverters of the staff's stations, filtered (station, area, code or name), by station then code. */
export const pvInverterPage = inverter.page;
export const pvInverterList = inverter.list;
/** Adds an inverter to a station; its code is unique in the station. */
export const pvInverterCreateCall = inverter.create;
/** Changes an inverter (every field). */
export const pvInverterUpdateCall = inverter.update;
/** Deletes an inverter and its strings. */
export const pvInverterDelete = inverter.delete;
/** Deletes several inverters (and their strings); answers how many. */
export const pvInverterDeleteAll = inverter.deleteAll;
/** Imports a station's inverters from XLSX or CSV (query pvId): all rows or none, as a job. */
export const pvInverterImport = inverter.import;
/** A station's inverters as XLSX or CSV. */
export const pvInverterExport = inverter.export;
/** The inverter import template. */
export const pvInverterTemplate = inverter.template;

/** The spec's update-put: the same full update as update. */
export const pvInverterUpdatePut = endpoint({
  ...pvInverterUpdateCall,
  path: '/api/v2/pv-inverter/update-put',
  summary: 'pv-inverter: edit (put)',
});

const bind = (base: string, tag: string, permission: 'b-pv-inverter-edit' | 'b-pv-string-edit' | 'b-pv-module-edit') => ({
  updateDevice: endpoint({
    method: 'POST',
    path: `${base}/update-device`,
    summary: `${tag}: bind the telemetry device that measures it`,
    tag,
    access: { auth: 'staff', permission },
    kind: 'command',
    body: bindBody,
    output: z.null(),
  }),
  removeDevice: endpoint({
    method: 'POST',
    path: `${base}/remove-device`,
    summary: `${tag}: unbind its telemetry device`,
    tag,
    access: { auth: 'staff', permission },
    kind: 'command',
    body: z.object({ id }),
    output: z.null(),
  }),
});
const inverterBind = bind('/api/v2/pv-inverter', 'pv-inverter', 'b-pv-inverter-edit');
/** Binds a device of the station's OU (a PV inverter) as the inverter's telemetry. */
export const pvInverterUpdateDevice = inverterBind.updateDevice;
export const pvInverterRemoveDevice = inverterBind.removeDevice;

// ---------------------------------------------------------------------------------------------
// Strings

export const pvStringRow = z.object({
  ...head,
  name: z.string(),
  inverterId: z.number().int(),
  inverterCode: z.string(),
  /** The inverter's MPPT input it is wired to (1..its MPPT count). */
  mpptInput: z.number().int(),
  moduleModel: z.string().nullable(),
  moduleCount: z.number().int(),
  /** DC capacity, kWp. */
  capacityKwp: z.number(),
  ...boundDevice,
});
const stringFields = {
  code,
  name: text(128).min(1, 'is required'),
  inverterId: id,
  mpptInput: z.number().int().min(1, 'must be at least 1').max(32, 'must be at most 32'),
  moduleModel: text(64).nullable().optional(),
  moduleCount: z.number().int().min(1, 'must be at least 1').max(200, 'must be at most 200'),
  capacityKwp: positive(1000, 'kWp'),
};
export const pvStringCreate = z.object({ pvId: id, ...stringFields });
export const pvStringUpdate = z.object({ id, ...stringFields });

const string = crudContract({
  tag: 'pv-string',
  base: '/api/v2/string',
  row: pvStringRow,
  filter: { ...listFilter, inverterId: id.optional() },
  create: pvStringCreate,
  update: pvStringUpdate,
  importResult: jobRow,
  permissions: {
    page: 'p-pv-string',
    list: 'p-pv-string',
    create: 'b-pv-string-create',
    update: 'b-pv-string-edit',
    delete: 'b-pv-string-delete',
    deleteAll: 'b-pv-string-delete',
    import: 'b-pv-string-import',
    template: 'b-pv-string-import',
    export: 'b-pv-string-export',
  },
  paths: {
    import: { path: '/input', query: pvQuery },
    export: { path: '/output/{pvId}', params: pvParams },
  },
  only: ['page', 'list', 'create', 'update', 'delete', 'deleteAll', 'import', 'export', 'template'],
});
export const pvStringPage = string.page;
export const pvStringList = string.list;
/** Adds a string to an inverter of the station, on one of its MPPT inputs. */
export const pvStringCreateCall = string.create;
export const pvStringUpdateCall = string.update;
export const pvStringDelete = string.delete;
export const pvStringDeleteAll = string.deleteAll;
/** Imports a station's strings (query pvId); each row names its inverter by code. */
export const pvStringImport = string.import;
export const pvStringExport = string.export;
export const pvStringTemplate = string.template;
const stringBind = bind('/api/v2/string', 'pv-string', 'b-pv-string-edit');
export const pvStringUpdateDevice = stringBind.updateDevice;
export const pvStringRemoveDevice = stringBind.removeDevice;

// ---------------------------------------------------------------------------------------------
// Modules

export const pvModuleRow = z.object({
  ...head,
  areaId: z.number().int().nullable(),
  areaName: z.string().nullable(),
  model: z.string(),
  /** Rated power of one module, Wp. */
  ratedWp: z.number(),
  count: z.number().int(),
  /** count × Wp / 1000. */
  capacityKwp: z.number(),
  ...boundDevice,
});
const moduleFields = {
  code,
  model: text(64).min(1, 'is required'),
  areaId: id.nullable().optional(),
  ratedWp: positive(1000, 'Wp'),
  count: z.number().int().min(1, 'must be at least 1').max(1_000_000, 'must be at most 1000000'),
};
export const pvModuleCreate = z.object({ pvId: id, ...moduleFields });
export const pvModuleUpdate = z.object({ id, ...moduleFields });

const moduleCrud = crudContract({
  tag: 'pv-module',
  base: '/api/v2/module',
  row: pvModuleRow,
  filter: { ...listFilter, areaId: id.optional() },
  create: pvModuleCreate,
  update: pvModuleUpdate,
  importResult: jobRow,
  permissions: {
    page: 'p-pv-module',
    list: 'p-pv-module',
    create: 'b-pv-module-create',
    update: 'b-pv-module-edit',
    delete: 'b-pv-module-delete',
    deleteAll: 'b-pv-module-delete',
    import: 'b-pv-module-import',
    template: 'b-pv-module-import',
    export: 'b-pv-module-export',
  },
  paths: {
    import: { path: '/input/{pvId}', params: pvParams },
    export: { path: '/output/{pvId}', params: pvParams },
  },
  only: ['page', 'list', 'create', 'update', 'delete', 'deleteAll', 'import', 'export', 'template'],
});
export const pvModulePage = moduleCrud.page;
export const pvModuleList = moduleCrud.list;
export const pvModuleCreateCall = moduleCrud.create;
export const pvModuleUpdateCall = moduleCrud.update;
export const pvModuleDelete = moduleCrud.delete;
export const pvModuleDeleteAll = moduleCrud.deleteAll;
/** Imports a station's modules (path pvId). */
export const pvModuleImport = moduleCrud.import;
/** The same import with the station in the query (the spec has both). */
export const pvModuleImportByQuery = crudContract({
  tag: 'pv-module',
  base: '/api/v2/module',
  row: pvModuleRow,
  filter: {},
  create: pvModuleCreate,
  update: pvModuleUpdate,
  importResult: jobRow,
  permissions: { import: 'b-pv-module-import' },
  paths: { import: { path: '/input', query: pvQuery } },
  only: ['import'],
}).import;
export const pvModuleExport = moduleCrud.export;
export const pvModuleTemplate = moduleCrud.template;
const moduleBind = bind('/api/v2/module', 'pv-module', 'b-pv-module-edit');
export const pvModuleUpdateDevice = moduleBind.updateDevice;
export const pvModuleRemoveDevice = moduleBind.removeDevice;
