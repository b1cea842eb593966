import { z } from 'zod';
import { endpoint, noBody } from '../common/endpoint.js';
import { id } from '../common/ids.js';
import { batteryLevel, dataPoint } from './build.js';
import { BATTERY_LEVELS, REQUIRED_POINTS } from './points.js';

// The configuration of a station's edge controller (FCS): mirror point generation (a numbered version of
// the units and their points), its publishing over MQTT with the FCS's answer, and the rules (state
// bands) the FCS applies (docs/bsa.md, "Configuration to the edge").

const read = { auth: 'staff', permission: 'p-bsa-station' } as const;
const edit = { auth: 'staff', permission: 'b-bsa-station-edit' } as const;
const ts = { timestamp: z.number().optional() };

export const CONFIG_PUBLISH_STATUSES = ['pending', 'acknowledged', 'refused', 'timeout'] as const;
export const configPublishStatus = z.enum(CONFIG_PUBLISH_STATUSES);

/** A generated configuration version (a line of the mirror point generation log). */
export const configVersionRow = z.object({
  id: z.number().int(),
  bsaId: z.number().int(),
  version: z.number().int(),
  units: z.number().int(),
  points: z.number().int(),
  unitsWithoutPoints: z.number().int(),
  checksum: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
});

/** Makes the station's next configuration version from its hierarchy and templates (or answers the latest when nothing changed). */
export const bsaConfigMirrorGenerate = endpoint({
  method: 'POST',
  path: '/api/v2/bsaConfig/point/mirror/generate',
  summary: 'Generate the mirror points (a configuration version)',
  tag: 'bsaConfig',
  access: edit,
  kind: 'command',
  body: z.object({ bsaId: id }),
  output: configVersionRow.extend({ unchanged: z.boolean() }),
});

/** The same as mirror generation: adds a configuration version (the spec's "added, then published"). */
export const bsaConfigAdd = endpoint({
  method: 'POST',
  path: '/api/v2/bsaConfig/add',
  summary: 'Add a configuration version',
  tag: 'bsaConfig',
  access: edit,
  kind: 'command',
  body: z.object({ bsaId: id }),
  output: configVersionRow.extend({ unchanged: z.boolean() }),
});

/** The station's generated versions, newest first. */
export const bsaConfigMirrorGenerateLog = endpoint({
  method: 'POST',
  path: '/api/v2/bsaConfig/point/mirror/generate/log',
  summary: 'Mirror point generation log',
  tag: 'bsaConfig',
  access: read,
  kind: 'query',
  body: z.object({ bsaId: id, ...ts }),
  output: z.array(configVersionRow),
});

/** A publish of a configuration version to the station's FCS. */
export const configPublishRow = z.object({
  id: z.number().int(),
  bsaId: z.number().int(),
  version: z.number().int(),
  fcsDeviceId: z.number().int().nullable(),
  fcsCode: z.string(),
  status: configPublishStatus,
  reason: z.string().nullable(),
  requestedBy: z.string(),
  requestedAt: z.string(),
  answeredAt: z.string().nullable(),
});

/**
 * Publishes a version (default the latest) to the FCS. Idempotent per version: the version the FCS
 * acknowledged last answers that publish again (`repeated`), sending nothing; refused while a publish
 * of the station waits for its answer (40009).
 */
export const bsaConfigPublish = endpoint({
  method: 'POST',
  path: '/api/v2/bsaConfig/publish',
  summary: 'Publish a configuration version to the FCS',
  tag: 'bsaConfig',
  access: edit,
  kind: 'command',
  body: z.object({ bsaId: id, version: z.number().int().min(1).max(2_147_483_647).optional() }),
  output: configPublishRow.extend({ repeated: z.boolean() }),
});

export const bsaConfigPublishHistory = endpoint({
  method: 'POST',
  path: '/api/v2/bsaConfig/publish/history',
  summary: 'Configuration publish history',
  tag: 'bsaConfig',
  access: read,
  kind: 'query',
  body: z.object({ bsaId: id, ...ts }),
  output: z.array(configPublishRow),
});

/** A point's rule: its plausible range and its state bands, as the station's templates set them. */
export const configRule = z.object({
  level: batteryLevel,
  templateName: z.string(),
  pointTemplateName: z.string(),
  pointVersion: z.number().int(),
  units: z.number().int(),
  key: z.string(),
  name: z.string(),
  unit: z.string(),
  min: z.number(),
  max: z.number(),
  ranges: dataPoint.shape.ranges,
});

export const bsaConfigRules = endpoint({
  method: 'POST',
  path: '/api/v2/bsaConfig/rules',
  summary: 'Rules of the station’s points',
  tag: 'bsaConfig',
  access: read,
  kind: 'query',
  body: z.object({ bsaId: id, ...ts }),
  output: z.array(configRule),
});

/** The station's FCS and where its configuration stands. */
export const bsaConfigDevice = endpoint({
  method: 'POST',
  path: '/api/v2/bsaConfig/device',
  summary: 'The FCS and its configuration state',
  tag: 'bsaConfig',
  access: read,
  kind: 'query',
  body: z.object({ bsaId: id, ...ts }),
  output: z.object({
    bsaId: z.number().int(),
    fcs: z.object({ deviceId: z.number().int(), code: z.string(), name: z.string(), online: z.boolean() }).nullable(),
    latestVersion: z.number().int().nullable(),
    acknowledgedVersion: z.number().int().nullable(),
    pending: configPublishRow.nullable(),
    /** When the FCS last reported battery data (null: never). */
    reportedAt: z.string().nullable(),
  }),
});

/** The levels and the points each must report. */
export const bsaConfigDataPropertyType = endpoint({
  method: 'POST',
  path: '/api/v2/bsaConfig/dataProperty/type',
  summary: 'Battery levels and their required points',
  tag: 'bsaConfig',
  access: read,
  kind: 'query',
  bodyKind: 'none',
  body: noBody,
  output: z.array(z.object({ level: batteryLevel, points: z.array(z.object({ key: z.string(), name: z.string(), unit: z.string() })) })),
});

/** A level's points in the station (every point its templates list, once per key). */
export const bsaConfigDataPropertyDevice = endpoint({
  method: 'POST',
  path: '/api/v2/bsaConfig/dataProperty/device',
  summary: 'Points a level of the station reports',
  tag: 'bsaConfig',
  access: read,
  kind: 'query',
  body: z.object({ bsaId: id, level: batteryLevel }),
  output: z.array(z.object({ key: z.string(), name: z.string(), unit: z.string(), units: z.number().int() })),
});

/** The required points by level, as `dataProperty/type` answers them. */
export const levelRequiredPoints = () => BATTERY_LEVELS.map((level) => ({ level, points: REQUIRED_POINTS[level] }));
