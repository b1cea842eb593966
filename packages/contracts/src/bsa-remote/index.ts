import { z } from 'zod';
import { endpoint, noBody } from '../common/endpoint.js';
import { id, isoDateTime, text } from '../common/ids.js';
import { crudContract } from '../common/crud.js';
import { pageOf, pageRequest } from '../common/paging.js';

// Remote control of storage stations (issue 22, docs/bsa.md "Remote control"): a catalogue of named
// commands per device type, sending one to a station's PCS or FCS over MQTT after the operation password,
// the command log and the operation log. The spec lists only the paths; every field here is a decision.

const read = { auth: 'staff', permission: 'p-bsa-remote' } as const;
const readLog = { auth: 'staff', permission: 'p-bsa-remote-log' } as const;
const tag = 'bsa-remote-control';
const base = '/api/v2/bsa-remote-control';

/** The devices a command may target: a station's PCS or its FCS edge controller. */
export const REMOTE_DEVICE_TYPES = ['pcs', 'fcs'] as const;
export type RemoteDeviceType = (typeof REMOTE_DEVICE_TYPES)[number];
/** What a command does: start, stop, set the active power (kW, discharge positive), switch the operating mode. */
export const REMOTE_ACTIONS = ['start', 'stop', 'set-power', 'mode'] as const;
export type RemoteAction = (typeof REMOTE_ACTIONS)[number];
/** Which actions each device type executes. */
export const ACTIONS_OF: Record<RemoteDeviceType, readonly RemoteAction[]> = {
  pcs: ['start', 'stop', 'set-power', 'mode'],
  fcs: ['start', 'stop', 'mode'],
};
/** A sent command's state: waiting for the device, acknowledged, refused with the device's reason, timed out. */
export const REMOTE_STATUSES = ['pending', 'acknowledged', 'refused', 'timeout'] as const;
export type RemoteStatus = (typeof REMOTE_STATUSES)[number];
/** What the operation log records. */
export const REMOTE_OPERATIONS = ['create', 'edit', 'delete', 'send'] as const;
/** The unit of a set-power command's value. */
export const POWER_UNIT = 'kW';

const deviceType = z.enum(REMOTE_DEVICE_TYPES);
const action = z.enum(REMOTE_ACTIONS);
/** A power value: kW with at most 3 decimals (watts). */
const kw = z
  .number()
  .min(-100_000)
  .max(100_000)
  .refine((v) => Math.abs(Math.round(v * 1000) - v * 1000) < 1e-6, 'must have at most 3 decimals');
/** One value of a mode switch: the number the device gets and its label. */
const modeOption = z.object({ value: z.number().int().min(0).max(99), label: text(32).min(1, 'must not be empty') });

const commandFields = z.object({
  name: text(64).min(1, 'must not be empty'),
  deviceType,
  action,
  /** set-power: the lowest and highest value an operator may send (kW; the PCS's rating bounds it further). */
  minValue: kw.nullish(),
  maxValue: kw.nullish(),
  /** mode: the values the device accepts. */
  options: z.array(modeOption).max(10).nullish(),
  description: text(200).nullish(),
});

type CommandFields = z.infer<typeof commandFields>;
/** The rules between the fields: which action a device type executes and which parameter each action has. */
function checkCommand(v: CommandFields, ctx: z.RefinementCtx) {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (!ACTIONS_OF[v.deviceType].includes(v.action)) issue('action', `a ${v.deviceType.toUpperCase()} does not execute ${v.action}`);
  const hasRange = v.minValue != null || v.maxValue != null;
  const hasOptions = v.options != null && v.options.length > 0;
  if (v.action === 'set-power') {
    if (v.minValue == null) issue('minValue', 'set-power needs the lowest value (kW)');
    if (v.maxValue == null) issue('maxValue', 'set-power needs the highest value (kW)');
    if (v.minValue != null && v.maxValue != null && v.minValue >= v.maxValue)
      issue('maxValue', `must be more than minValue (${v.minValue})`);
    if (hasOptions) issue('options', 'only a mode switch has options');
  } else if (v.action === 'mode') {
    if (!hasOptions) issue('options', 'a mode switch needs at least one value');
    const seen = new Set<number>();
    v.options?.forEach((o, i) => {
      if (seen.has(o.value)) ctx.addIssue({ code: 'custom', path: ['options', i, 'value'], message: `${o.value} is listed twice` });
      seen.add(o.value);
    });
    if (hasRange) issue('minValue', 'only set-power has a range');
  } else {
    if (hasRange) issue('minValue', `${v.action} takes no value`);
    if (hasOptions) issue('options', `${v.action} takes no value`);
  }
}

export const commandInput = commandFields.superRefine(checkCommand);
export const commandEditInput = commandFields.extend({ id }).superRefine(checkCommand);

/** A command of the catalogue. */
export const commandRow = z.object({
  id: z.number().int(),
  name: z.string(),
  deviceType,
  action,
  minValue: z.number().nullable(),
  maxValue: z.number().nullable(),
  /** kW for set-power, null otherwise. */
  unit: z.string().nullable(),
  options: z.array(modeOption).nullable(),
  description: z.string().nullable(),
  /** How many times it was sent. */
  sends: z.number().int(),
  updatedBy: z.string(),
  updatedAt: z.string(),
});
export type CommandRow = z.infer<typeof commandRow>;

export const commandAdd = endpoint({
  method: 'POST',
  path: `${base}/command/add`,
  summary: 'Add a remote command to the catalogue',
  tag,
  access: { auth: 'staff', permission: 'b-bsa-remote-command-create' },
  kind: 'command',
  body: commandInput,
  output: commandRow,
});

export const commandEdit = endpoint({
  method: 'POST',
  path: `${base}/command/edit`,
  summary: 'Edit a remote command',
  tag,
  access: { auth: 'staff', permission: 'b-bsa-remote-command-edit' },
  kind: 'command',
  body: commandEditInput,
  output: commandRow,
});

export const commandDelete = endpoint({
  method: 'POST',
  path: `${base}/command/delete`,
  summary: 'Delete a remote command (its log stays)',
  tag,
  access: { auth: 'staff', permission: 'b-bsa-remote-command-delete' },
  kind: 'command',
  body: z.object({ id }),
  output: z.object({ deleted: z.literal(true) }),
});

export const commandGet = endpoint({
  method: 'POST',
  path: `${base}/command/get`,
  summary: 'A remote command',
  tag,
  access: read,
  kind: 'query',
  body: z.object({ id }),
  output: commandRow,
});

export const commandFilter = z.object({
  name: text(64).optional(),
  deviceType: deviceType.optional(),
  action: action.optional(),
});

export const commandPage = endpoint({
  method: 'POST',
  path: `${base}/command/page`,
  summary: 'The remote command catalogue, paged',
  tag,
  access: read,
  kind: 'query',
  body: pageRequest.extend(commandFilter.shape),
  output: pageOf(commandRow),
});

/** Whether a name is free in the tenant (`id`: the command being edited keeps its own name). */
export const commandCheckName = endpoint({
  method: 'POST',
  path: `${base}/command/check-command-name`,
  summary: 'Is a command name free',
  tag,
  access: read,
  kind: 'query',
  body: z.object({ name: text(64).min(1, 'must not be empty'), id: id.optional() }),
  output: z.object({ available: z.boolean(), takenBy: z.number().int().nullable() }),
});

/** A device a command can target: a PCS or FCS of a station the staff may command. */
export const remoteDeviceRow = z.object({
  deviceId: z.number().int(),
  code: z.string(),
  name: z.string(),
  deviceType,
  bsaId: z.number().int(),
  bsaCode: z.string(),
  bsaName: z.string(),
  /** The PCS's rated power (kW); null for an FCS. */
  ratedPowerKw: z.number().nullable(),
  online: z.boolean(),
});
export type RemoteDeviceRow = z.infer<typeof remoteDeviceRow>;

export const commandDeviceList = endpoint({
  method: 'POST',
  path: `${base}/command/device-list`,
  summary: 'The devices a command can target',
  tag,
  access: read,
  kind: 'query',
  body: z.object({ commandId: id.optional(), bsaId: id.optional(), deviceType: deviceType.optional() }),
  output: z.array(remoteDeviceRow),
});

/** One device for the send dialog: the command's range for it (a set power bounded by the PCS's rating). */
export const commandGetDevice = endpoint({
  method: 'POST',
  path: `${base}/command/get-device`,
  summary: 'A device and the value range a command has for it',
  tag,
  access: read,
  kind: 'query',
  body: z.object({ commandId: id, deviceId: id }),
  output: z.object({
    command: commandRow,
    device: remoteDeviceRow,
    range: z.object({ min: z.number(), max: z.number(), unit: z.string() }).nullable(),
    /** Why it cannot be sent now (station not in service, a command pending), or null. */
    blocked: z.string().nullable(),
  }),
});

/** The stations the staff may command (visible, configured or enabled). */
export const bsaList = endpoint({
  method: 'POST',
  path: `${base}/bsa-list`,
  summary: 'Stations the staff may command',
  tag,
  access: read,
  kind: 'query',
  bodyKind: 'none',
  body: noBody,
  output: z.array(
    z.object({
      id: z.number().int(),
      code: z.string(),
      name: z.string(),
      status: z.string(),
      ouId: z.number().int(),
      pcs: z.number().int(),
      fcs: z.boolean(),
      online: z.boolean(),
    }),
  ),
});

/** A sent command and its outcome. */
export const remoteLogRow = z.object({
  id: z.number().int(),
  requestId: z.string(),
  commandId: z.number().int().nullable(),
  commandName: z.string(),
  action,
  deviceType,
  bsaId: z.number().int(),
  bsaCode: z.string(),
  bsaName: z.string(),
  deviceId: z.number().int().nullable(),
  deviceCode: z.string(),
  deviceName: z.string(),
  value: z.number().nullable(),
  unit: z.string().nullable(),
  /** A mode's label, or null. */
  valueLabel: z.string().nullable(),
  status: z.enum(REMOTE_STATUSES),
  reason: z.string().nullable(),
  operatorCode: z.string(),
  operatorName: z.string(),
  requestedAt: z.string(),
  answeredAt: z.string().nullable(),
});
export type RemoteLogRow = z.infer<typeof remoteLogRow>;

/**
 * Sends a command to a device. `requestId` is the client's idempotency id (a UUID made when the dialog
 * opens): a retry or a double click with the same id answers the first send's record (`repeated`) and
 * sends nothing again.
 */
export const sendInput = z.object({
  requestId: z.uuid('must be a UUID'),
  commandId: id,
  deviceId: id,
  value: z.number().finite().nullish(),
  operationPassword: z.string().min(1, 'must not be empty').max(64),
});

export const commandSend = endpoint({
  method: 'POST',
  path: `${base}/command/send`,
  summary: 'Send a command to a device (operation password)',
  tag,
  access: { auth: 'staff', permission: 'b-bsa-remote-send' },
  kind: 'command',
  body: sendInput,
  output: remoteLogRow.extend({ repeated: z.boolean() }),
});

export const logFilter = z.object({
  bsaId: id.optional(),
  deviceId: id.optional(),
  commandId: id.optional(),
  status: z.enum(REMOTE_STATUSES).optional(),
  requestId: z.uuid().optional(),
  from: isoDateTime.optional(),
  to: isoDateTime.optional(),
});

export type LogFilter = z.infer<typeof logFilter>;

export const logPage = endpoint({
  method: 'POST',
  path: `${base}/log/page`,
  summary: 'The command log, newest first',
  tag,
  access: readLog,
  kind: 'query',
  body: pageRequest.extend(logFilter.shape),
  output: pageOf(remoteLogRow),
});

export const logDeviceList = endpoint({
  method: 'POST',
  path: `${base}/log/device-list`,
  summary: 'The devices that have commands in the log',
  tag,
  access: readLog,
  kind: 'query',
  body: z.object({ bsaId: id.optional() }),
  output: z.array(
    z.object({
      deviceId: z.number().int(),
      code: z.string(),
      name: z.string(),
      bsaId: z.number().int(),
      bsaName: z.string(),
      commands: z.number().int(),
    }),
  ),
});

/** A line of the operation log: a catalogue change or a send. */
export const operationRow = z.object({
  id: z.number().int(),
  operation: z.enum(REMOTE_OPERATIONS),
  commandId: z.number().int().nullable(),
  commandName: z.string(),
  /** What changed or what was sent, in words. */
  detail: z.string(),
  logId: z.number().int().nullable(),
  operatorCode: z.string(),
  operatorName: z.string(),
  at: z.string(),
});

export const operationPage = endpoint({
  method: 'POST',
  path: `${base}/command-operation/page`,
  summary: 'The operation log: catalogue changes and sends',
  tag,
  access: read,
  kind: 'query',
  body: pageRequest.extend({ operation: z.enum(REMOTE_OPERATIONS).optional(), commandId: id.optional() }),
  output: pageOf(operationRow),
});

/** The same call under another path (the spec's station pages name them again). */
const alias = <E extends { path: string; tag: string }>(e: E, path: string, aliasTag: string): E => ({ ...e, path, tag: aliasTag });
export const neoBsaRemoteControl = alias(commandSend, '/api/v2/neo-bsa/remote-control', 'neo-bsa');
export const neoBsaRemoteControlLogs = alias(logPage, '/api/v2/neo-bsa/remote-control-logs', 'neo-bsa');
export const bsaDataRemoteControl = alias(commandSend, '/api/v2/bsaData/remote-control', 'bsaData');
export const bsaDataRemoteControlLogs = alias(logPage, '/api/v2/bsaData/remote-control-logs', 'bsaData');

const logExportContract = crudContract({
  tag,
  base: `${base}/log`,
  row: remoteLogRow,
  filter: {
    bsaId: id.optional(),
    deviceId: id.optional(),
    commandId: id.optional(),
    status: z.enum(REMOTE_STATUSES).optional(),
    from: isoDateTime.optional(),
    to: isoDateTime.optional(),
  },
  create: z.object({}),
  update: z.object({}),
  permissions: { export: 'b-bsa-remote-log-export' },
  only: ['export'],
});

/** The filtered command log as XLSX (default) or CSV, newest first, at most 50,000 rows. */
export const logExport = logExportContract.export;

const operationExportContract = crudContract({
  tag,
  base: `${base}/command-operation`,
  row: operationRow,
  filter: { operation: z.enum(REMOTE_OPERATIONS).optional(), commandId: id.optional() },
  create: z.object({}),
  update: z.object({}),
  permissions: { export: 'b-bsa-remote-operation-export' },
  only: ['export'],
});

/** The filtered operation log as XLSX (default) or CSV, newest first. */
export const operationExport = operationExportContract.export;
