import { z } from 'zod';
import { endpoint, noBody } from '../common/endpoint.js';
import { id, text } from '../common/ids.js';
import { pageOf, pageRequest } from '../common/paging.js';

const tag = 'device';

export const propertyKind = z.enum(['instantaneous', 'cumulative', 'state']);

/** A data property (point) of a device type. */
export const dataPropertyRow = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  unit: z.string(),
  kind: propertyKind,
});

/** A device type (level 2 of the tree): a template listing its data properties. */
export const deviceTypeNode = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  level: z.literal(2),
  isGateway: z.boolean(),
  properties: z.array(dataPropertyRow),
});

/** A device category (level 1 of the tree) with its types. */
export const deviceCategoryNode = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  level: z.literal(1),
  children: z.array(deviceTypeNode),
});

const location = z.object({
  longitude: z.number().min(-180).max(180),
  latitude: z.number().min(-90).max(90),
  address: text(256).optional(),
});

export const deviceRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  deviceTypeId: z.number().int(),
  deviceTypeKey: z.string(),
  deviceTypeName: z.string(),
  categoryKey: z.string(),
  isGateway: z.boolean(),
  customerMcid: z.string(),
  customerName: z.string(),
  /** The device's tenant: channel staff working in several linked tenants see whose it is. */
  tenantName: z.string(),
  ouId: z.number().int(),
  ouName: z.string(),
  gatewayId: z.number().int().nullable(),
  gatewayName: z.string().nullable(),
  location: z.object({ longitude: z.number(), latitude: z.number(), address: z.string().nullable() }).nullable(),
  /** Rated power in kW: bounds the plausible growth of its energy counters. */
  ratedPowerKw: z.number().nullable(),
  /** The MQTT username once credentials were issued. */
  mqttUsername: z.string().nullable(),
  credentialsIssuedAt: z.string().nullable(),
  online: z.boolean(),
  lastSeenAt: z.string().nullable(),
  createdAt: z.string(),
});

/** Why a reading (or a whole message) was not accepted, counted per device. */
export const ingestRejection = z.object({
  reason: z.string(),
  count: z.number().int(),
  lastAt: z.string(),
  lastDetail: z.string().nullable(),
});

const code = text(64).min(1, 'is required');
const name = text(128).min(1, 'is required');

/** The tenant's device type tree: categories, then types with their data properties. */
export const deviceTypeTree = endpoint({
  method: 'POST',
  path: '/api/v2/device-type/tree',
  summary: 'Device type tree',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  body: noBody,
  output: z.array(deviceCategoryNode),
});

/** The device types that are gateways (a device's gateway must be of one of them). */
export const deviceTypeGateway = endpoint({
  method: 'POST',
  path: '/api/v2/device-type/gateway',
  summary: 'Gateway device types',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  body: noBody,
  output: z.array(deviceTypeNode),
});

const deviceFilter = {
  code: text(64).optional(),
  name: text(128).optional(),
  deviceTypeId: id.optional(),
  ouId: id.optional(),
  gatewayId: id.optional(),
  timestamp: z.number().optional(),
};

/** Devices in the staff's OUs, filtered (code and name contain the text), a page at a time. */
export const devicePage = endpoint({
  method: 'POST',
  path: '/api/v2/device/page',
  summary: 'Devices (paged)',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  body: pageRequest.extend(deviceFilter),
  output: pageOf(deviceRow),
});

/** Devices in the staff's OUs (or in one OU), unpaged: pickers and trees. */
export const deviceOuList = endpoint({
  method: 'POST',
  path: '/api/v2/device/ou/list',
  summary: 'Devices of my OUs',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  body: z.object(deviceFilter).optional(),
  output: z.array(deviceRow),
});

/** One device with its type's properties and its ingest rejection counters. */
export const deviceDetail = endpoint({
  method: 'POST',
  path: '/api/v2/device/detail',
  summary: 'Device detail',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  body: z.object({ id, timestamp: z.number().optional() }),
  output: deviceRow.extend({ properties: z.array(dataPropertyRow), rejections: z.array(ingestRejection) }),
});

const deviceFields = {
  code,
  name,
  deviceTypeId: id,
  ouId: id,
  gatewayId: id.nullable().optional(),
  location: location.nullable().optional(),
  ratedPowerKw: z.number().positive().max(10_000_000).nullable().optional(),
};

/** Creates a device in one of the staff's OUs; its customer is the OU's. Code unique in the tenant (40009). */
export const deviceCreate = endpoint({
  method: 'POST',
  path: '/api/v2/device/create',
  summary: 'Create a device',
  tag,
  access: { auth: 'staff', permission: 'b-device-create' },
  kind: 'command',
  body: z.object(deviceFields),
  output: deviceRow,
});

/** Changes a device: only the fields sent. Its type cannot change once it has telemetry. */
export const deviceUpdate = endpoint({
  method: 'POST',
  path: '/api/v2/device/update',
  summary: 'Edit a device',
  tag,
  access: { auth: 'staff', permission: 'b-device-edit' },
  kind: 'command',
  body: z.object({
    id,
    code: code.optional(),
    name: name.optional(),
    deviceTypeId: id.optional(),
    ouId: id.optional(),
    gatewayId: id.nullable().optional(),
    location: location.nullable().optional(),
    ratedPowerKw: z.number().positive().max(10_000_000).nullable().optional(),
  }),
  output: deviceRow,
});

/** Deletes a device and its telemetry; refused while it is the gateway of other devices. */
export const deviceDelete = endpoint({
  method: 'POST',
  path: '/api/v2/device/delete',
  summary: 'Delete a device',
  tag,
  access: { auth: 'staff', permission: 'b-device-delete' },
  kind: 'command',
  body: z.object({ id }),
  output: z.null(),
});

/**
 * Issues MQTT credentials for a device: a platform-made username and a random password, shown once
 * (only its hash is kept). Issuing again replaces the password; connected sessions keep running.
 */
export const deviceCredentialsIssue = endpoint({
  method: 'POST',
  path: '/api/v2/device/credentials/issue',
  summary: 'Issue MQTT credentials',
  tag,
  access: { auth: 'staff', permission: 'b-device-credentials' },
  kind: 'command',
  body: z.object({ id }),
  output: z.object({
    username: z.string(),
    password: z.string(),
    /** Where the device publishes its readings. */
    topic: z.string(),
    statusTopic: z.string(),
    commandTopic: z.string(),
  }),
});

/** Ingest rejection counters (reason, count, last time and detail) of the staff's devices, or of one. */
export const deviceIngestStats = endpoint({
  method: 'POST',
  path: '/api/v2/device/ingest/stats',
  summary: 'Ingest rejection counters',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  body: z.object({ deviceId: id.optional(), timestamp: z.number().optional() }).optional(),
  output: z.array(ingestRejection.extend({ deviceId: z.number().int(), code: z.string(), name: z.string() })),
});

const propertyListOutput = z.array(dataPropertyRow.extend({ deviceTypeId: z.number().int(), deviceTypeKey: z.string() }));

/** Data properties of a device type, or of a device's type, or of every type. */
export const dataPropertyList = endpoint({
  method: 'POST',
  path: '/api/v2/data-property/list',
  summary: 'Data properties',
  tag: 'data-property',
  access: { auth: 'staff' },
  kind: 'query',
  body: z.object({ deviceTypeId: id.optional(), deviceId: id.optional(), timestamp: z.number().optional() }).optional(),
  output: propertyListOutput,
});

/** Data properties of one battery type: rack, pack or cell. */
const batteryPropertyList = (level: 'rack' | 'pack' | 'cell') =>
  endpoint({
    method: 'POST',
    path: `/api/v2/data-property/list/${level}`,
    summary: `Data properties of battery ${level}s`,
    tag: 'data-property',
    access: { auth: 'staff' },
    kind: 'query',
    body: noBody,
    output: propertyListOutput,
  });

export const dataPropertyListRack = batteryPropertyList('rack');
export const dataPropertyListPack = batteryPropertyList('pack');
export const dataPropertyListCell = batteryPropertyList('cell');
