import { z } from 'zod';
import { endpoint, noBody } from '../common/endpoint.js';
import { fileKey, text } from '../common/ids.js';

const tag = 'platform-settings';

export const platformTitleType = z.union([z.literal(1), z.literal(2), z.literal(3)]);

/** The tenant's platform settings: what the header and the browser tab show (spec 000 §1, §3). */
export const platformSettings = z.object({
  platformName: z.string(),
  /** What the header shows: platform name 1, navigation name 2, both 3. */
  platformTitleType,
  platformSloganName: z.string(),
  /** File-center key of the platform icon (favicon and header logo). */
  iconKey: z.string().nullable(),
  iconUrl: z.string().nullable(),
});

/** The current tenant's platform settings. */
export const platformSettingsDetail = endpoint({
  method: 'POST',
  path: '/api/v2/platform-settings/detail',
  summary: 'Platform settings',
  tag,
  access: { auth: 'staff', permission: 'p-settings-platform' },
  kind: 'query',
  body: noBody,
  output: platformSettings,
});

/** Replaces the platform settings; the icon must be an image of this tenant's file center. */
export const platformSettingsUpdate = endpoint({
  method: 'POST',
  path: '/api/v2/platform-settings/update',
  summary: 'Edit platform settings',
  tag,
  access: { auth: 'staff', permission: 'b-platform-edit' },
  kind: 'command',
  body: z.object({
    platformName: text(64).min(1, 'is required'),
    platformTitleType,
    platformSloganName: text(64),
    iconKey: fileKey.nullable(),
  }),
  output: platformSettings,
});
export * from './console.js';
