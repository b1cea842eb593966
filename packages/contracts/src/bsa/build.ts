import { z } from 'zod';
import { endpoint } from '../common/endpoint.js';
import { id, text } from '../common/ids.js';
import { jobRow } from '../jobs/index.js';
import { BATTERY_LEVELS, POINT_STATES, pointProblems } from './points.js';

// The battery hierarchy of a station (stack > rack > pack > cell), its bindings, the device and
// data-point templates, and applying templates to create a level at once (docs/bsa.md).

const read = { auth: 'staff', permission: 'p-bsa-station' } as const;
const edit = { auth: 'staff', permission: 'b-bsa-station-edit' } as const;
const templates = { auth: 'staff', permission: 'p-bsa-battery-template' } as const;
const templateEdit = { auth: 'staff', permission: 'b-bsa-battery-template-create' } as const;
const ts = { timestamp: z.number().optional() };

export const batteryLevel = z.enum(BATTERY_LEVELS);

/** A battery stack with the PCS it is bound to. */
export const stackRow = z.object({
  id: z.number().int(),
  bsaId: z.number().int(),
  code: z.string(),
  name: z.string(),
  pcs: z.object({ deviceId: z.number().int(), code: z.string(), name: z.string() }).nullable(),
  racks: z.number().int(),
});

/** Creates a stack in a station, or renames one (with id). */
export const bsaStack = endpoint({
  method: 'POST',
  path: '/api/v2/bsa/stack',
  summary: 'Save a battery stack',
  tag: 'bsa',
  access: edit,
  kind: 'command',
  body: z.object({ id: id.optional(), bsaId: id, code: text(32).min(1, 'must not be empty'), name: text(64).min(1, 'must not be empty') }),
  output: stackRow,
});

/** The stacks of a station, by code. */
export const bsaStackList = endpoint({
  method: 'POST',
  path: '/api/v2/bsa/stack-list',
  summary: 'Battery stacks of a station',
  tag: 'bsa',
  access: read,
  kind: 'query',
  body: z.object({ bsaId: id, ...ts }),
  output: z.array(stackRow),
});

/** Binds a stack to one of its station's PCS (null unbinds). */
export const bsaStackBindingPcs = endpoint({
  method: 'POST',
  path: '/api/v2/bsa/stack-binding-pcs',
  summary: 'Bind a stack to a PCS',
  tag: 'bsa',
  access: edit,
  kind: 'command',
  body: z.object({ stackId: id, pcsDeviceId: id.nullable() }),
  output: stackRow,
});

/** A PCS of a station with the meter bound to it and its stacks. */
export const pcsBindingRow = z.object({
  deviceId: z.number().int(),
  code: z.string(),
  name: z.string(),
  ratedPowerKw: z.number().nullable(),
  meter: z.object({ deviceId: z.number().int(), code: z.string(), name: z.string() }).nullable(),
  stacks: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
});

/** The PCS of a station with their bindings (meter, stacks). */
export const bsaPcsBindingList = endpoint({
  method: 'POST',
  path: '/api/v2/bsa/pcs-binding-list',
  summary: 'PCS bindings of a station',
  tag: 'bsa',
  access: read,
  kind: 'query',
  body: z.object({ bsaId: id, ...ts }),
  output: z.array(pcsBindingRow),
});

/** Adds a PCS (type bsa-pcs, in the station's OU, of no other station) to a station. */
export const bsaPcsBindingBsa = endpoint({
  method: 'POST',
  path: '/api/v2/bsa/pcs-binding-bsa',
  summary: 'Bind a PCS to a station',
  tag: 'bsa',
  access: edit,
  kind: 'command',
  body: z.object({ bsaId: id, pcsDeviceId: id }),
  output: z.array(pcsBindingRow),
});

/** Binds one of the station's meters to one of its PCS (null unbinds). */
export const bsaPcsBindingMeter = endpoint({
  method: 'POST',
  path: '/api/v2/bsa/pcs-binding-meter',
  summary: 'Bind a meter to a PCS',
  tag: 'bsa',
  access: edit,
  kind: 'command',
  body: z.object({ bsaId: id, pcsDeviceId: id, meterDeviceId: id.nullable() }),
  output: z.array(pcsBindingRow),
});

/** Takes a PCS off a station; refused while a stack is bound to it or the station is enabled. */
export const neoBsaDelPcs = endpoint({
  method: 'POST',
  path: '/api/v2/neo-bsa-device/del/pcs',
  summary: 'Remove a PCS from a station',
  tag: 'neo-bsa-device',
  access: edit,
  kind: 'command',
  body: z.object({ bsaId: id, pcsDeviceId: id }),
  output: z.array(pcsBindingRow),
});

/** A unit of a level (rack, pack or cell) in a list. */
export const unitRow = z.object({
  id: z.number().int(),
  parentId: z.number().int(),
  seq: z.number().int(),
  code: z.string(),
  templateId: z.number().int().nullable(),
  children: z.number().int(),
});

/** The stacks of a station. */
export const neoBsaListStack = endpoint({
  method: 'POST',
  path: '/api/v2/neo-bsa-device/list/neo-bsa-stack',
  summary: 'Stacks of a station',
  tag: 'neo-bsa-device',
  access: read,
  kind: 'query',
  body: z.object({ bsaId: id, ...ts }),
  output: z.array(stackRow),
});

/** The racks of a stack, by number. */
export const neoBsaListRack = endpoint({
  method: 'POST',
  path: '/api/v2/neo-bsa-device/list/neo-bsa-rack',
  summary: 'Racks of a stack',
  tag: 'neo-bsa-device',
  access: read,
  kind: 'query',
  body: z.object({ stackId: id, ...ts }),
  output: z.array(unitRow),
});

/** The packs of a rack, by number. */
export const neoBsaListPack = endpoint({
  method: 'POST',
  path: '/api/v2/neo-bsa-device/list/neo-bsa-pack',
  summary: 'Packs of a rack',
  tag: 'neo-bsa-device',
  access: read,
  kind: 'query',
  body: z.object({ rackId: id, ...ts }),
  output: z.array(unitRow),
});

/** A cell with its latest values (null until reported). */
export const cellRow = unitRow.omit({ children: true }).extend({
  voltageV: z.number().nullable(),
  temperatureC: z.number().nullable(),
  socPct: z.number().nullable(),
  reportedAt: z.string().nullable(),
});

/** The cells of a pack with their latest values, by number. */
export const neoBsaListCell = endpoint({
  method: 'POST',
  path: '/api/v2/neo-bsa-device/list/neo-bsa-cell',
  summary: 'Cells of a pack',
  tag: 'neo-bsa-device',
  access: read,
  kind: 'query',
  body: z.object({ packId: id, ...ts }),
  output: z.array(cellRow),
});

const pointRange = z.object({ from: z.number(), to: z.number(), state: z.enum(POINT_STATES) });
export const dataPoint = z.object({
  key: z.string().regex(/^[a-z][A-Za-z0-9]{0,39}$/, 'must be a camelCase key of at most 40 letters and digits'),
  name: text(64).min(1, 'must not be empty'),
  unit: text(16),
  min: z.number(),
  max: z.number(),
  ranges: z.array(pointRange).max(8, 'at most 8 ranges').default([]),
});

const points = z.array(dataPoint).min(1, 'must list at least one point').max(64, 'at most 64 points');

/** The level's own checks of a list of points (pointProblems), as zod issues at their path. */
const checkPoints = (body: { level: (typeof BATTERY_LEVELS)[number]; points: z.infer<typeof dataPoint>[] }, ctx: z.RefinementCtx) => {
  for (const p of pointProblems(body.level, body.points)) ctx.addIssue({ code: 'custom', path: p.path, message: p.message });
};

/** A data-point template with its latest version. */
export const pointTemplateRow = z.object({
  id: z.number().int(),
  level: batteryLevel,
  name: z.string(),
  latestVersion: z.number().int(),
  latestVersionId: z.number().int(),
  points: z.number().int(),
  updatedAt: z.string(),
});

/** A version of a data-point template with its points. */
export const pointVersionRow = z.object({
  id: z.number().int(),
  templateId: z.number().int(),
  version: z.number().int(),
  note: z.string().nullable(),
  points: z.array(dataPoint),
  createdAt: z.string(),
});

/**
 * Creates a data-point template (version 1). Every point a level must report has to be there, in its
 * unit; ranges lie within min..max and do not overlap. A problem names the point and the reason.
 */
export const neoBsaPointTemplateInsert = endpoint({
  method: 'POST',
  path: '/api/v2/neo-bsa-data-point/template/insert',
  summary: 'Create a data-point template',
  tag: 'neo-bsa-data-point',
  access: templateEdit,
  kind: 'command',
  body: z
    .object({ level: batteryLevel, name: text(64).min(1, 'must not be empty'), note: text(200).optional(), points })
    .superRefine(checkPoints),
  output: pointVersionRow,
});

/** A new version of a data-point template (the same checks); earlier versions stay as they were. */
export const neoBsaPointCreate = endpoint({
  method: 'POST',
  path: '/api/v2/neo-bsa-data-point/create/point',
  summary: 'New version of a data-point template',
  tag: 'neo-bsa-data-point',
  access: templateEdit,
  kind: 'command',
  body: z.object({ templateId: id, level: batteryLevel, note: text(200).optional(), points }).superRefine(checkPoints),
  output: pointVersionRow,
});

/** The tenant's data-point templates with their latest version, by level and name. */
export const neoBsaPointTemplateAll = endpoint({
  method: 'POST',
  path: '/api/v2/neo-bsa-data-point/template/all',
  summary: 'Data-point templates',
  tag: 'neo-bsa-data-point',
  access: templates,
  kind: 'query',
  body: z.object({ level: batteryLevel.optional(), ...ts }).optional(),
  output: z.array(pointTemplateRow),
});

/** The versions of a data-point template, newest first. */
export const neoBsaPointVersionList = endpoint({
  method: 'POST',
  path: '/api/v2/neo-bsa-data-point/version/template/list',
  summary: 'Versions of a data-point template',
  tag: 'neo-bsa-data-point',
  access: templates,
  kind: 'query',
  body: z.object({ templateId: id, ...ts }),
  output: z.array(pointVersionRow),
});

/** A device template of a level. */
export const deviceTemplateRow = z.object({
  id: z.number().int(),
  level: batteryLevel,
  name: z.string(),
  childCount: z.number().int().nullable(),
  nominalVoltageV: z.number(),
  capacityAh: z.number(),
  pointVersionId: z.number().int(),
  pointTemplateName: z.string(),
  pointVersion: z.number().int(),
});

/**
 * Creates a device template: a rack holds `childCount` packs, a pack `childCount` cells; a cell has none.
 * Its data-point template version must be of the same level.
 */
export const edgeBsaTemplateCreate = endpoint({
  method: 'POST',
  path: '/api/v2/edge-device/bsa/template',
  summary: 'Create a device template',
  tag: 'edge-device-bsa',
  access: templateEdit,
  kind: 'command',
  body: z
    .object({
      level: batteryLevel,
      name: text(64).min(1, 'must not be empty'),
      childCount: z.number().int().min(1, 'must be at least 1').max(64, 'must be at most 64').nullable().optional(),
      nominalVoltageV: z.number().gt(0, 'must be more than 0').max(2000, 'must be at most 2000'),
      capacityAh: z.number().gt(0, 'must be more than 0').max(10_000, 'must be at most 10000'),
      pointVersionId: id,
    })
    .superRefine((b, ctx) => {
      if (b.level === 'cell' && b.childCount != null)
        ctx.addIssue({ code: 'custom', path: ['childCount'], message: 'a cell holds nothing: leave it empty' });
      if (b.level !== 'cell' && b.childCount == null) {
        ctx.addIssue({
          code: 'custom',
          path: ['childCount'],
          message: `must say how many ${b.level === 'rack' ? 'packs a rack' : 'cells a pack'} holds`,
        });
      }
    }),
  output: deviceTemplateRow,
});

/** The tenant's device templates, by level and name. */
export const deviceBsaTemplateList = endpoint({
  method: 'POST',
  path: '/api/v2/device/bsa/template',
  summary: 'Device templates',
  tag: 'device-bsa-template',
  access: templates,
  kind: 'query',
  body: z.object({ level: batteryLevel.optional(), ...ts }).optional(),
  output: z.array(deviceTemplateRow),
});

const applyBody = z.object({
  bsaId: id,
  stackId: id,
  /** Racks in the stack (numbered 1..racks). */
  racks: z.number().int().min(1, 'must be at least 1').max(64, 'must be at most 64'),
  rackTemplateId: id,
  packTemplateId: id,
  cellTemplateId: id,
});

const levelCount = z.object({ level: batteryLevel, expected: z.number().int(), existing: z.number().int(), toCreate: z.number().int() });

/** What applying templates would create: per level the units expected, already there and to make. */
export const edgeBsaPreview = endpoint({
  method: 'POST',
  path: '/api/v2/edge-device/bsa/preview',
  summary: 'Preview a template apply',
  tag: 'edge-device-bsa',
  access: read,
  kind: 'query',
  body: applyBody,
  output: z.object({ levels: z.array(levelCount), points: z.record(z.string(), z.array(z.string())) }),
});

/**
 * Applies templates to a stack: makes its racks, their packs and the packs' cells in bulk, each unit once
 * (numbered in its parent, unique there), so a retry or a double click makes nothing twice. Small builds
 * run inline; a large one answers a running job whose progress get/create-status follows.
 */
export const edgeBsaTemplateApply = endpoint({
  method: 'POST',
  path: '/api/v2/edge-device/bsa/template/apply',
  summary: 'Apply templates to a stack',
  tag: 'edge-device-bsa',
  access: edit,
  kind: 'command',
  body: applyBody,
  output: jobRow,
});

/** The latest template apply of a station with its job (progress), or null. */
export const neoBsaCreateStatus = endpoint({
  method: 'POST',
  path: '/api/v2/neo-bsa-device/get/create-status',
  summary: 'Template apply progress',
  tag: 'neo-bsa-device',
  access: read,
  kind: 'query',
  body: z.object({ bsaId: id, ...ts }),
  output: z.object({ job: jobRow, racks: z.number().int(), stackId: z.number().int() }).nullable(),
});

const statusCheck = (level: (typeof BATTERY_LEVELS)[number]) =>
  endpoint({
    method: 'POST',
    path: `/api/v2/edge-device/bsa/template/${level}/status-check`,
    summary: `Is the ${level} level complete`,
    tag: 'edge-device-bsa',
    access: read,
    kind: 'query',
    body: z.object({ bsaId: id, ...ts }),
    output: z.object({ level: batteryLevel, expected: z.number().int(), created: z.number().int(), complete: z.boolean() }),
  });

/** Whether a level of a station is complete: units made against the units its latest apply expects. */
export const edgeBsaRackStatusCheck = statusCheck('rack');
export const edgeBsaPackStatusCheck = statusCheck('pack');
export const edgeBsaCellStatusCheck = statusCheck('cell');

const cellStats = z.object({
  cells: z.number().int(),
  reported: z.number().int(),
  voltageMinV: z.number().nullable(),
  voltageMaxV: z.number().nullable(),
  temperatureMaxC: z.number().nullable(),
});

/**
 * The battery tree of a station: stacks > racks > packs, each with the counts and extremes of its cells'
 * latest values (cells themselves through neo-bsa-device/list/neo-bsa-cell, a pack at a time).
 */
export const bsaBatteryTree = endpoint({
  method: 'POST',
  path: '/api/v2/bsaBattery/getBsaBatteryTree',
  summary: 'Battery tree of a station',
  tag: 'bsaBattery',
  access: read,
  kind: 'query',
  body: z.object({ bsaId: id, ...ts }),
  output: z.array(
    z.object({
      id: z.number().int(),
      code: z.string(),
      name: z.string(),
      stats: cellStats,
      racks: z.array(
        z.object({
          id: z.number().int(),
          seq: z.number().int(),
          code: z.string(),
          stats: cellStats,
          packs: z.array(z.object({ id: z.number().int(), seq: z.number().int(), code: z.string(), stats: cellStats })),
        }),
      ),
    }),
  ),
});

/**
 * The station's point table as its templates make it: per level and device template, the units built
 * from it, the data-point version they report and its points; `totalPoints` = Σ units x points.
 */
export const bsaConfigGet = endpoint({
  method: 'POST',
  path: '/api/v2/bsaConfig/get',
  summary: 'Point table of a station',
  tag: 'bsaConfig',
  access: read,
  kind: 'query',
  body: z.object({ bsaId: id, ...ts }),
  output: z.object({
    bsaId: z.number().int(),
    groups: z.array(
      z.object({
        level: batteryLevel,
        units: z.number().int(),
        templateId: z.number().int().nullable(),
        templateName: z.string().nullable(),
        pointTemplateName: z.string().nullable(),
        pointVersion: z.number().int().nullable(),
        points: z.array(dataPoint),
      }),
    ),
    totalPoints: z.number().int(),
  }),
});
