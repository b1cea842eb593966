import { z } from 'zod';
import { crudContract } from '../common/crud.js';
import { endpoint, noBody } from '../common/endpoint.js';
import { fileKey, id, text } from '../common/ids.js';
import { pageOf, pageRequest } from '../common/paging.js';

// FCS versions and firmware distribution (docs/bsa.md, "Second edition and firmware (issue 22)").

const tag = 'bsa-second-edition';
const base = '/api/v2/bsa-second-edition';
const read = { auth: 'staff', permission: 'p-bsa-firmware' } as const;
const ts = { timestamp: z.number().optional() };

/**
 * A target's states, as ThingsBoard's OTA names them: queued (written, not yet sent), initiated (the
 * command went to the FCS), downloading, downloaded, verified (checksum matches), updated (runs the new
 * version), failed (with the reason).
 */
export const FIRMWARE_STATES = ['queued', 'initiated', 'downloading', 'downloaded', 'verified', 'updated', 'failed'] as const;
export type FirmwareState = (typeof FIRMWARE_STATES)[number];
/** The states a target ends in; the others are under way (at most one per FCS). */
export const FIRMWARE_FINAL_STATES: readonly FirmwareState[] = ['updated', 'failed'];
/** What an FCS may report, in order (failed at any time). */
export const FIRMWARE_REPORTED_STATES = ['downloading', 'downloaded', 'verified', 'updated', 'failed'] as const;

/** A version as an FCS reports it: letters, digits, dots, dashes, plus and underscore. */
export const versionText = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(32, 'must be at most 32 characters')
  .regex(/^[A-Za-z0-9][A-Za-z0-9._+-]*$/, 'may hold letters, digits, ".", "-", "+" and "_" only');

export const targetRow = z.object({
  id: z.number().int(),
  distributionId: z.number().int(),
  fcsDeviceId: z.number().int().nullable(),
  fcsCode: z.string(),
  stationCode: z.string().nullable(),
  softwareVersion: z.string(),
  fileName: z.string(),
  /** The version the FCS ran when the target was made. */
  fromVersion: z.string().nullable(),
  state: z.enum(FIRMWARE_STATES),
  reason: z.string().nullable(),
  /** 1 for the first try on this FCS in the distribution, 2, 3… for retries. */
  attempt: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
});

export const distributionRow = z.object({
  id: z.number().int(),
  fileKey: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  /** SHA-256 of the package, hex, computed by the server at upload. */
  sha256: z.string(),
  softwareVersion: z.string(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  targets: z.array(targetRow),
});

/**
 * Sends a firmware package to FCS: a new distribution (`fileKey` of an uploaded .zip package and the
 * `softwareVersion` it installs), or a retry (`distributionId`) of that distribution's package on some of
 * its FCS. An FCS that has an update under way is refused.
 */
export const distribute = endpoint({
  method: 'POST',
  path: `${base}/distribute`,
  summary: 'Distribute a firmware package to FCS',
  tag,
  access: { auth: 'staff', permission: 'b-bsa-firmware-distribute' },
  kind: 'command',
  body: z
    .object({
      distributionId: id.optional(),
      fileKey: fileKey.optional(),
      softwareVersion: versionText.optional(),
      fcsDeviceIds: z.array(id).min(1, 'choose at least one FCS').max(200, 'at most 200 FCS at once'),
    })
    .superRefine((body, ctx) => {
      if (body.distributionId !== undefined) {
        if (body.fileKey !== undefined)
          ctx.addIssue({ code: 'custom', path: ['fileKey'], message: "a retry sends its distribution's package: give no fileKey" });
        return;
      }
      if (body.fileKey === undefined) ctx.addIssue({ code: 'custom', path: ['fileKey'], message: 'the package to send is required' });
      if (body.softwareVersion === undefined)
        ctx.addIssue({ code: 'custom', path: ['softwareVersion'], message: 'the version the package installs is required' });
      const seen = new Set<number>();
      body.fcsDeviceIds.forEach((fcs, i) => {
        if (seen.has(fcs)) ctx.addIssue({ code: 'custom', path: ['fcsDeviceIds', i], message: 'is listed twice' });
        seen.add(fcs);
      });
    }),
  output: distributionRow,
});

/** The distribution log: every target, newest first. */
export const distributeLogList = endpoint({
  method: 'POST',
  path: `${base}/distribute/log-list`,
  summary: 'Firmware distribution log',
  tag,
  access: read,
  kind: 'query',
  body: pageRequest.extend({
    distributionId: id.optional(),
    fcsDeviceId: id.optional(),
    state: z.enum(FIRMWARE_STATES).optional(),
    softwareVersion: text(32).optional(),
    ...ts,
  }),
  output: pageOf(targetRow),
});

const logExport = crudContract({
  tag,
  base: `${base}/distribute`,
  row: targetRow,
  filter: { distributionId: id.optional(), state: z.enum(FIRMWARE_STATES).optional() },
  create: z.object({}),
  update: z.object({}),
  permissions: { export: 'b-bsa-firmware-export' },
  paths: { export: { path: `${base}/distribute/log-export` } },
  only: ['export'],
});

/** The distribution log as XLSX (default) or CSV, headers and states in `lang` (the list's filters). */
export const distributeLogExport = logExport.export;

/** What each visible FCS reports it runs, and how many run each software version. */
export const softwareVersionList = endpoint({
  method: 'POST',
  path: `${base}/software-version-list`,
  summary: 'Software versions of the FCS',
  tag,
  access: read,
  kind: 'query',
  body: z.object({ bsaId: id.optional(), softwareVersion: text(32).optional(), ...ts }),
  output: z.object({
    versions: z.array(z.object({ softwareVersion: z.string().nullable(), fcs: z.number().int() })),
    fcs: z.array(
      z.object({
        deviceId: z.number().int(),
        code: z.string(),
        name: z.string(),
        online: z.boolean(),
        station: z.object({ id: z.number().int(), code: z.string() }).nullable(),
        softwareVersion: z.string().nullable(),
        hardwareVersion: z.string().nullable(),
        reportedAt: z.string().nullable(),
      }),
    ),
  }),
});

/** The hardware versions the visible FCS report, each with its FCS and the software versions they run. */
export const hardwareVersionList = endpoint({
  method: 'POST',
  path: `${base}/hardware-version-list`,
  summary: 'Hardware versions of the FCS',
  tag,
  access: read,
  kind: 'query',
  bodyKind: 'none',
  body: noBody,
  output: z.array(
    z.object({
      hardwareVersion: z.string().nullable(),
      fcs: z.number().int(),
      softwareVersions: z.array(z.string()),
    }),
  ),
});

/**
 * The package for one target, with the short-lived token the FCS got in its command (no session), sent as
 * `Authorization: Bearer <token>`: never in the URL, where proxies and access logs would keep it.
 */
export const firmwareDownload = endpoint({
  method: 'GET',
  path: `${base}/firmware/download`,
  summary: 'Download a firmware package (FCS, by the Bearer token of its command)',
  tag,
  access: { auth: 'public' },
  kind: 'query',
  output: z.any(),
  raw: true,
});

/** The download token of an `Authorization: Bearer` header, or null when there is none of the right form. */
export function bearerDownloadToken(authorization: string | undefined): string | null {
  const match = /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(authorization ?? '');
  return match ? match[1]! : null;
}
