import { z } from 'zod';
import { endpoint } from '../common/endpoint.js';
import { id, text } from '../common/ids.js';
import { alias } from './aliases.js';
import {
  batteryLevel,
  dataPoint,
  deviceBsaTemplateList,
  deviceTemplateRow,
  edgeBsaCellStatusCheck,
  edgeBsaPackStatusCheck,
  edgeBsaRackStatusCheck,
  neoBsaPointCreate,
  neoBsaPointTemplateAll,
  neoBsaPointTemplateInsert,
  pointVersionRow,
} from './build.js';
import type { BatteryLevel } from './points.js';

// The edge side of building a station (docs/bsa.md, "Edge calls"): what each level was created from, the
// data-point setup per level (status-check, complete), changing a data-point template's points as a new
// version, the station's FCS settings (config, get-config, get-template), special units, and the cells'
// states. The `device/bsa/*` and some `point/*` calls are other names of existing calls.

const read = { auth: 'staff', permission: 'p-bsa-station' } as const;
const edit = { auth: 'staff', permission: 'b-bsa-station-edit' } as const;
const templates = { auth: 'staff', permission: 'p-bsa-battery-template' } as const;
const templateEdit = { auth: 'staff', permission: 'b-bsa-battery-template-create' } as const;
const ts = { timestamp: z.number().optional() };
const station = z.object({ bsaId: id, ...ts });
const int = z.number().int();

// ---- what a level was created from ----

/** A level of a station: the device templates its units are built from, with the counts. */
export const levelCreatedRow = z.object({
  bsaId: int,
  level: batteryLevel,
  /** Units of the level in the station. */
  units: int,
  /** Units built without a template (or whose template was deleted): they report nothing. */
  withoutTemplate: int,
  templates: z.array(
    z.object({
      templateId: int,
      name: z.string(),
      childCount: int.nullable(),
      nominalVoltageV: z.number(),
      capacityAh: z.number(),
      pointTemplateName: z.string(),
      pointVersion: int,
      units: int,
      /** Of those, the units marked special (especially/save). */
      special: int,
    }),
  ),
});

const created = (level: BatteryLevel) =>
  endpoint({
    method: 'POST',
    path: `/api/v2/edge-device/bsa/${level}-template/created`,
    summary: `What the ${level}s of a station are built from`,
    tag: 'edge-device-bsa',
    access: read,
    kind: 'query',
    body: station,
    output: levelCreatedRow,
  });

/** The templates a station's racks, packs or cells were created from, with the units of each (from the units themselves). */
export const edgeBsaRackTemplateCreated = created('rack');
export const edgeBsaPackTemplateCreated = created('pack');
export const edgeBsaCellTemplateCreated = created('cell');

// ---- the data-point side ----

/** The data-point setup of a level: whether every unit reports points, and its confirmation. */
export const pointSetupRow = z.object({
  bsaId: int,
  level: batteryLevel,
  units: int,
  /** Units whose template lists points (a template always has the level's required points). */
  withPoints: int,
  withoutPoints: int,
  /** Σ units x their template's points. */
  points: int,
  /** Every unit of the level reports points (and there is at least one unit). */
  complete: z.boolean(),
  /** The last confirmation (point/{level}/complete); `current` while the units and points are still what was confirmed. */
  confirmed: z.object({ by: z.string(), at: z.string(), units: int, points: int, current: z.boolean() }).nullable(),
});

const pointStatusCheck = (level: BatteryLevel) =>
  endpoint({
    method: 'POST',
    path: `/api/v2/edge-device/bsa/point/${level}/status-check`,
    summary: `Do the ${level}s report their points`,
    tag: 'edge-device-bsa',
    access: read,
    kind: 'query',
    body: station,
    output: pointSetupRow,
  });

/** Whether every unit of a level has a template with its points, and the level's confirmation. */
export const edgeBsaPointRackStatusCheck = pointStatusCheck('rack');
export const edgeBsaPointPackStatusCheck = pointStatusCheck('pack');
export const edgeBsaPointCellStatusCheck = pointStatusCheck('cell');

const pointComplete = (level: BatteryLevel) =>
  endpoint({
    method: 'POST',
    path: `/api/v2/edge-device/bsa/point/${level}/complete`,
    summary: `Confirm the ${level}s' data points`,
    tag: 'edge-device-bsa',
    access: edit,
    kind: 'command',
    body: z.object({ bsaId: id }),
    output: pointSetupRow.extend({ repeated: z.boolean() }),
  });

/**
 * Confirms the data points of a level: refused (40009) while a unit reports nothing or the level has no
 * units; confirming again what is already confirmed changes nothing (`repeated`).
 */
export const edgeBsaPointRackComplete = pointComplete('rack');
export const edgeBsaPointPackComplete = pointComplete('pack');
export const edgeBsaPointCellComplete = pointComplete('cell');

/** Per stack of a station: each level's units and the points they report. */
export const edgeBsaPointStackList = endpoint({
  method: 'POST',
  path: '/api/v2/edge-device/bsa/point/stack/list',
  summary: 'Data points of a station by stack',
  tag: 'edge-device-bsa',
  access: read,
  kind: 'query',
  body: station,
  output: z.array(
    z.object({
      stackId: int,
      code: z.string(),
      name: z.string(),
      levels: z.array(z.object({ level: batteryLevel, units: int, withoutPoints: int, points: int })),
      totalPoints: int,
    }),
  ),
});

/** A data-point template with one version's points (default its latest). */
export const edgeBsaPointTemplate = endpoint({
  method: 'POST',
  path: '/api/v2/edge-device/bsa/point/template',
  summary: 'A data-point template with its points',
  tag: 'edge-device-bsa',
  access: templates,
  kind: 'query',
  body: z.object({ templateId: id, version: z.number().int().min(1).max(32_767).optional(), ...ts }),
  output: z.object({ id: int, level: batteryLevel, name: z.string(), latestVersion: int, version: pointVersionRow }),
});

/**
 * Changes some points of a data-point template as a new version: `set` replaces points by key or adds
 * them, `remove` drops keys, from version `basedOnVersion`. The result gets the template checks (problems
 * at `set.N…` or `remove`). Refused (40009) when a newer version was saved since; the same change again
 * makes no version (`unchanged`, the latest answers).
 */
export const edgeBsaPointUpdateTemplateData = endpoint({
  method: 'POST',
  path: '/api/v2/edge-device/bsa/point/update/template/data',
  summary: 'Change points of a data-point template (a new version)',
  tag: 'edge-device-bsa',
  access: templateEdit,
  kind: 'command',
  body: z
    .object({
      templateId: id,
      basedOnVersion: z.number().int().min(1).max(32_767),
      set: z.array(dataPoint).max(64, 'at most 64 points').default([]),
      remove: z.array(z.string().max(40)).max(64, 'at most 64 keys').default([]),
      note: text(200).optional(),
    })
    .superRefine((b, ctx) => {
      if (!b.set.length && !b.remove.length)
        ctx.addIssue({ code: 'custom', path: ['set'], message: 'nothing to change: set or remove points' });
      const keys = new Set<string>();
      b.set.forEach((p, i) => {
        if (keys.has(p.key)) ctx.addIssue({ code: 'custom', path: ['set', i, 'key'], message: `${p.key} is set twice` });
        keys.add(p.key);
      });
      b.remove.forEach((k, i) => {
        if (keys.has(k)) ctx.addIssue({ code: 'custom', path: ['remove', i], message: `${k} is both set and removed` });
      });
    }),
  output: pointVersionRow.extend({ unchanged: z.boolean() }),
});

// ---- the station's FCS settings ----

export const BMS_PROTOCOLS = ['modbus-tcp', 'modbus-rtu', 'can'] as const;
export const BAUD_RATES = [9600, 19200, 38400, 57600, 115200] as const;
export const CAN_BITRATES = [125_000, 250_000, 500_000, 1_000_000] as const;

const host = z
  .string()
  .max(253)
  .regex(
    /^(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3}|[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*)$/,
    'must be an IPv4 address or a host name',
  );

/** How the FCS reads the station's BMS: the link's protocol and its parameters. */
export const bmsLink = z
  .object({
    protocol: z.enum(BMS_PROTOCOLS),
    host: host.nullable().optional(),
    port: z.number().int().min(1, 'must be 1..65535').max(65_535, 'must be 1..65535').nullable().optional(),
    serialPort: z
      .string()
      .regex(/^(?:\/dev\/[A-Za-z0-9_-]{1,32}|COM[1-9]\d{0,2})$/, 'must be a serial device such as /dev/ttyS1 or COM3')
      .nullable()
      .optional(),
    baudRate: z
      .number()
      .int()
      .refine((v) => (BAUD_RATES as readonly number[]).includes(v), `must be one of ${BAUD_RATES.join(', ')}`)
      .nullable()
      .optional(),
    slaveId: z.number().int().min(1, 'must be 1..247').max(247, 'must be 1..247').nullable().optional(),
    canBitrate: z
      .number()
      .int()
      .refine((v) => (CAN_BITRATES as readonly number[]).includes(v), `must be one of ${CAN_BITRATES.join(', ')}`)
      .nullable()
      .optional(),
  })
  .superRefine((b, ctx) => {
    const need = (field: keyof typeof b, why: string) => {
      if (b[field] == null) ctx.addIssue({ code: 'custom', path: [field], message: why });
    };
    const refuse = (field: keyof typeof b, why: string) => {
      if (b[field] != null) ctx.addIssue({ code: 'custom', path: [field], message: why });
    };
    if (b.protocol === 'modbus-tcp') {
      need('host', 'a Modbus TCP link needs the BMS host');
      need('port', 'a Modbus TCP link needs the BMS port (usually 502)');
      need('slaveId', 'a Modbus link needs the BMS unit (slave) id');
    } else {
      refuse('host', 'only a Modbus TCP link has a host');
      refuse('port', 'only a Modbus TCP link has a port');
    }
    if (b.protocol === 'modbus-rtu') {
      need('serialPort', 'a Modbus RTU link needs the serial device');
      need('baudRate', 'a Modbus RTU link needs its baud rate');
      need('slaveId', 'a Modbus link needs the BMS unit (slave) id');
    } else {
      refuse('serialPort', 'only a Modbus RTU link has a serial device');
      refuse('baudRate', 'only a Modbus RTU link has a baud rate');
    }
    if (b.protocol === 'can') {
      need('canBitrate', 'a CAN link needs its bit rate');
      refuse('slaveId', 'a CAN link has no unit (slave) id');
    } else refuse('canBitrate', 'only a CAN link has a bit rate');
  });

const templateRef = z.object({ id: int, name: z.string() }).nullable();

/** The station's edge settings as saved: the BMS link, the report interval, the templates its levels are built from. */
export const edgeConfigRow = z.object({
  bsaId: int,
  /** 1, 2, … : each saved change. */
  revision: int,
  reportIntervalS: int,
  bms: z.object({
    protocol: z.enum(BMS_PROTOCOLS),
    host: z.string().nullable(),
    port: int.nullable(),
    serialPort: z.string().nullable(),
    baudRate: int.nullable(),
    slaveId: int.nullable(),
    canBitrate: int.nullable(),
  }),
  templates: z.object({ rack: templateRef, pack: templateRef, cell: templateRef }),
  fcs: z.object({ deviceId: int, code: z.string(), name: z.string(), online: z.boolean() }).nullable(),
  updatedBy: z.string(),
  updatedAt: z.string(),
});

/**
 * Saves a station's edge (FCS) settings, replaced as a whole: how often the FCS reports (s), how it reads
 * the BMS, and the device template of each level. Saving the same again changes nothing (`unchanged`).
 */
export const edgeBsaConfig = endpoint({
  method: 'POST',
  path: '/api/v2/edge-device/bsa/config',
  summary: 'Save the FCS settings of a station',
  tag: 'edge-device-bsa',
  access: edit,
  kind: 'command',
  body: z.object({
    bsaId: id,
    reportIntervalS: z.number().int().min(1, 'must be 1..3600 s').max(3600, 'must be 1..3600 s'),
    bms: bmsLink,
    rackTemplateId: id.nullable().optional(),
    packTemplateId: id.nullable().optional(),
    cellTemplateId: id.nullable().optional(),
  }),
  output: edgeConfigRow.extend({ unchanged: z.boolean() }),
});

/** A station's saved edge settings, or null while it has none. */
export const edgeBsaGetConfig = endpoint({
  method: 'POST',
  path: '/api/v2/edge-device/bsa/get-config',
  summary: 'FCS settings of a station',
  tag: 'edge-device-bsa',
  access: read,
  kind: 'query',
  body: station,
  output: edgeConfigRow.nullable(),
});

/**
 * Per level: the template the settings name (with the points it reports), the templates the built units
 * use, and how many units differ from the set template without being marked special.
 */
export const edgeBsaGetTemplate = endpoint({
  method: 'POST',
  path: '/api/v2/edge-device/bsa/get-template',
  summary: 'Templates of a station’s levels',
  tag: 'edge-device-bsa',
  access: read,
  kind: 'query',
  body: station,
  output: z.array(
    z.object({
      level: batteryLevel,
      configured: deviceTemplateRow.extend({ points: z.array(dataPoint) }).nullable(),
      inUse: z.array(z.object({ templateId: int.nullable(), name: z.string().nullable(), units: int })),
      /** Units not built from the set template and not marked special (0 without a set template). */
      otherUnits: int,
    }),
  ),
});

// ---- special units ----

/** A unit that differs from its level: its own template and/or a note. */
export const specialUnitRow = z.object({
  id: int,
  bsaId: int,
  level: batteryLevel,
  unitId: int,
  unitCode: z.string(),
  /** The template the unit is built from now. */
  templateId: int.nullable(),
  templateName: z.string().nullable(),
  /** The template it had when it was first marked special. */
  originalTemplateId: int.nullable(),
  originalTemplateName: z.string().nullable(),
  note: z.string(),
  updatedBy: z.string(),
  updatedAt: z.string(),
});

/**
 * Marks a rack, pack or cell special, with a note and optionally its own device template of the same
 * level (null or absent: its original template). Saving a unit again replaces its mark.
 */
export const deviceBsaEspeciallySave = endpoint({
  method: 'POST',
  path: '/api/v2/device/bsa/especially/save',
  summary: 'Mark a unit special',
  tag: 'device-bsa-template',
  access: edit,
  kind: 'command',
  body: z.object({
    bsaId: id,
    level: batteryLevel,
    unitId: id,
    templateId: id.nullable().optional(),
    note: text(200).min(1, 'must say why the unit is special'),
  }),
  output: specialUnitRow,
});

/** The special units of a station (optionally of a level), by level and code. */
export const deviceBsaEspeciallyList = endpoint({
  method: 'POST',
  path: '/api/v2/device/bsa/especially/list',
  summary: 'Special units of a station',
  tag: 'device-bsa-template',
  access: read,
  kind: 'query',
  body: z.object({ bsaId: id, level: batteryLevel.optional(), ...ts }),
  output: z.array(specialUnitRow),
});

/**
 * The cells of a station: created against the latest apply (as cell/status-check), reported, and the
 * reported cells by their worst state from their template's bands (unknown: no band covers their values).
 */
export const deviceBsaCellStatus = endpoint({
  method: 'POST',
  path: '/api/v2/device/bsa/bsa/cell-status',
  summary: 'Cell status of a station',
  tag: 'device-bsa-template',
  access: read,
  kind: 'query',
  body: station,
  output: z.object({
    bsaId: int,
    expected: int,
    created: int,
    complete: z.boolean(),
    cells: int,
    reported: int,
    notReported: int,
    /** Reported cells by their worst state; unknown: no band of their template covers their values. */
    states: z.object({ normal: int, warning: int, fault: int, unknown: int }),
  }),
});

const levelTemplates = (level: BatteryLevel) =>
  endpoint({
    method: 'POST',
    path: `/api/v2/device/bsa/${level}`,
    summary: `${level[0]!.toUpperCase()}${level.slice(1)} templates`,
    tag: 'device-bsa-template',
    access: templates,
    kind: 'query',
    body: z.object(ts).optional(),
    output: deviceBsaTemplateList.output,
  });

/** The tenant's device templates of one level (device/bsa/template for that level), by name. */
export const deviceBsaRack = levelTemplates('rack');
export const deviceBsaPack = levelTemplates('pack');
export const deviceBsaCell = levelTemplates('cell');

// ---- other names of existing calls (docs/bsa.md, "Other names") ----

export const deviceBsaRackStatusCheck = alias(edgeBsaRackStatusCheck, '/api/v2/device/bsa/rack/status-check', 'device-bsa-template');
export const deviceBsaPackStatusCheck = alias(edgeBsaPackStatusCheck, '/api/v2/device/bsa/pack/status-check', 'device-bsa-template');
export const deviceBsaCellStatusCheck = alias(edgeBsaCellStatusCheck, '/api/v2/device/bsa/cell/status-check', 'device-bsa-template');
export const deviceBsaRackCreated = alias(edgeBsaRackTemplateCreated, '/api/v2/device/bsa/rack/created', 'device-bsa-template');
export const deviceBsaPackCreated = alias(edgeBsaPackTemplateCreated, '/api/v2/device/bsa/pack/created', 'device-bsa-template');
export const deviceBsaCellCreated = alias(edgeBsaCellTemplateCreated, '/api/v2/device/bsa/cell/created', 'device-bsa-template');
export const edgeBsaPointTemplateAll = alias(neoBsaPointTemplateAll, '/api/v2/edge-device/bsa/point/template/all', 'edge-device-bsa');
export const edgeBsaPointCreateTemplate = alias(
  neoBsaPointTemplateInsert,
  '/api/v2/edge-device/bsa/point/create/template',
  'edge-device-bsa',
);
export const edgeBsaPointUpdateTemplate = alias(neoBsaPointCreate, '/api/v2/edge-device/bsa/point/update/template', 'edge-device-bsa');
