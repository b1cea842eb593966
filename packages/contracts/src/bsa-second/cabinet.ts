import { z } from 'zod';
import { crudContract } from '../common/crud.js';
import { endpoint } from '../common/endpoint.js';
import { id, text } from '../common/ids.js';

// Storage cabinets of a second-edition station and the devices that sit in them (docs/bsa.md,
// "Second edition and firmware (issue 22)"). The spec spells the cabinet's own calls `cabient/*`.

const tag = 'bsa-second-edition';
const base = '/api/v2/bsa-second-edition';
const read = { auth: 'staff', permission: 'p-bsa-cabinet' } as const;
const ts = { timestamp: z.number().optional() };

/** What may sit in a cabinet: the station's PCS, battery stacks, meters and its FCS. */
export const CABINET_LINK_KINDS = ['pcs', 'stack', 'meter', 'fcs'] as const;
export type CabinetLinkKind = (typeof CABINET_LINK_KINDS)[number];

/** How many of a kind one cabinet holds at most (null: no limit). */
export const CABINET_LINK_LIMITS: Record<CabinetLinkKind, number | null> = { pcs: 4, stack: 4, meter: 4, fcs: 1 };

/** A power or an energy in kW / kWh, to the W / Wh (at most 3 decimals), more than 0. */
const wattExact = (max: number) =>
  z
    .number()
    .gt(0, 'must be more than 0')
    .max(max, `must be at most ${max}`)
    .refine((v) => Math.abs(v * 1000 - Math.round(v * 1000)) < 1e-6, 'must have at most 3 decimals (W / Wh)');

const cabinetCode = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(32, 'must be at most 32 characters')
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'may hold letters, digits, - and _ only');

/** A cabinet's fields as create and update take them. */
export const cabinetFields = z.object({
  code: cabinetCode,
  name: text(64).min(1, 'must not be empty'),
  ratedPowerKw: wattExact(100_000),
  capacityKwh: wattExact(1_000_000),
  note: text(200).nullable().optional(),
});

export const cabinetRow = z.object({
  id: z.number().int(),
  bsaId: z.number().int(),
  bsaCode: z.string(),
  bsaName: z.string(),
  code: z.string(),
  name: z.string(),
  ratedPowerKw: z.number(),
  capacityKwh: z.number(),
  note: z.string().nullable(),
  /** Devices and stacks linked to it. */
  links: z.number().int(),
  createdAt: z.string(),
});

/** Makes a cabinet of a station; the station's cabinets together hold at most its capacity and rated power. */
export const cabinetCreate = endpoint({
  method: 'POST',
  path: `${base}/cabient/create`,
  summary: 'Create a storage cabinet',
  tag,
  access: { auth: 'staff', permission: 'b-bsa-cabinet-create' },
  kind: 'command',
  body: cabinetFields.extend({ bsaId: id }),
  output: cabinetRow,
});

/** Changes a cabinet (its station stays). */
export const cabinetUpdate = endpoint({
  method: 'POST',
  path: `${base}/cabient/update`,
  summary: 'Edit a storage cabinet',
  tag,
  access: { auth: 'staff', permission: 'b-bsa-cabinet-edit' },
  kind: 'command',
  body: cabinetFields.extend({ id }),
  output: cabinetRow,
});

/** Deletes a cabinet that holds nothing any more. */
export const cabinetDelete = endpoint({
  method: 'POST',
  path: `${base}/cabient/delete`,
  summary: 'Delete a storage cabinet',
  tag,
  access: { auth: 'staff', permission: 'b-bsa-cabinet-delete' },
  kind: 'command',
  body: z.object({ id }),
  output: z.object({ id: z.number().int() }),
});

/** The visible cabinets, by station and code. */
export const cabinetList = endpoint({
  method: 'POST',
  path: `${base}/cabient/list`,
  summary: 'Storage cabinets',
  tag,
  access: read,
  kind: 'query',
  body: z.object({ bsaId: id.optional(), name: text(64).optional(), ...ts }),
  output: z.array(cabinetRow),
});

export const cabinetLinkRow = z.object({
  id: z.number().int(),
  cabinetId: z.number().int(),
  kind: z.enum(CABINET_LINK_KINDS),
  /** The device's id (pcs, meter, fcs) or the stack's id. */
  targetId: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** Devices: online now; stacks: null. */
  online: z.boolean().nullable(),
  createdAt: z.string(),
});

/** Puts a device (or a stack) of the cabinet's station into the cabinet. */
export const cabinetLinkCreate = endpoint({
  method: 'POST',
  path: `${base}/cabinet/link/create`,
  summary: 'Link a device to a cabinet',
  tag,
  access: { auth: 'staff', permission: 'b-bsa-cabinet-edit' },
  kind: 'command',
  body: z.object({ cabinetId: id, kind: z.enum(CABINET_LINK_KINDS), targetId: id }),
  output: cabinetLinkRow,
});

export const cabinetLinkDelete = endpoint({
  method: 'POST',
  path: `${base}/cabinet/link/delete`,
  summary: 'Take a device out of a cabinet',
  tag,
  access: { auth: 'staff', permission: 'b-bsa-cabinet-edit' },
  kind: 'command',
  body: z.object({ id }),
  output: z.object({ id: z.number().int() }),
});

export const cabinetLinkList = endpoint({
  method: 'POST',
  path: `${base}/cabinet/link/list`,
  summary: "A cabinet's devices",
  tag,
  access: read,
  kind: 'query',
  body: z.object({ cabinetId: id, ...ts }),
  output: z.array(cabinetLinkRow),
});

/** The kinds of device a cabinet holds, with their names and how many one cabinet holds at most. */
export const cabinetDeviceTypeList = endpoint({
  method: 'POST',
  path: `${base}/cabinet/device-type/list`,
  summary: 'Device kinds of a cabinet',
  tag,
  access: read,
  kind: 'query',
  body: z.object({ ...ts }).optional(),
  output: z.array(
    z.object({
      kind: z.enum(CABINET_LINK_KINDS),
      name: z.string(),
      nameZh: z.string(),
      deviceTypeKey: z.string().nullable(),
      maxPerCabinet: z.number().int().nullable(),
    }),
  ),
});

/** The station's battery stacks, each with the cabinet it sits in. */
export const cabinetStackList = endpoint({
  method: 'POST',
  path: `${base}/cabinet/stack-list`,
  summary: "A station's stacks and their cabinets",
  tag,
  access: read,
  kind: 'query',
  body: z.object({ bsaId: id, ...ts }),
  output: z.array(
    z.object({
      id: z.number().int(),
      code: z.string(),
      name: z.string(),
      pcsDeviceId: z.number().int().nullable(),
      cabinet: z.object({ id: z.number().int(), code: z.string(), linkId: z.number().int() }).nullable(),
    }),
  ),
});

const cabinetFile = crudContract({
  tag,
  base: `${base}/cabient`,
  row: cabinetRow,
  filter: { bsaId: id.optional(), name: text(64).optional() },
  create: z.object({}),
  update: z.object({}),
  permissions: { export: 'b-bsa-cabinet-export' },
  paths: { export: { path: `${base}/cabient/export` } },
  only: ['export'],
});

/** The cabinet list (its filters) as XLSX (default) or CSV (not in the spec: every list has its export). */
export const cabinetExport = cabinetFile.export;
