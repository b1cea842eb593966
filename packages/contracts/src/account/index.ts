import { z } from 'zod';
import { endpoint, noBody } from '../common/endpoint.js';
import { fileKey } from '../common/ids.js';
import { customerUserProfile, navigationPreference } from '../staff/schemas.js';

const tag = 'account';
const base = '/api/v2/platform-public/customer-user';

/** Passwords: 8..64 characters with at least one letter and one digit. */
export const newPassword = z
  .string()
  .min(8, 'must be at least 8 characters')
  .max(64, 'must be at most 64 characters')
  .regex(/[A-Za-z]/, 'must contain a letter')
  .regex(/[0-9]/, 'must contain a digit');

/** Operation password: exactly 6 digits, asked before dangerous actions. */
export const operationPassword = z.string().regex(/^[0-9]{6}$/, 'must be 6 digits');

const ok = z.object({ updated: z.literal(true) });

/** The signed-in person's profile; works without a usable staff (the settings pages need it). */
export const myProfile = endpoint({
  method: 'POST',
  path: `${base}/me`,
  summary: 'My profile',
  tag,
  access: { auth: 'user' },
  kind: 'query',
  bodyKind: 'none',
  body: noBody,
  output: customerUserProfile,
});

/** Changes the login password; the old one is required. Other sessions of the user are ended. */
export const changeLoginPassword = endpoint({
  method: 'POST',
  path: `${base}/password/update`,
  summary: 'Change my login password',
  tag,
  access: { auth: 'user' },
  kind: 'command',
  body: z.object({ oldPassword: z.string().min(1, 'is required').max(128), newPassword }),
  output: ok,
});

/**
 * Sets the operation password (first time: the login password confirms it) or changes it
 * (the old operation password confirms it).
 */
export const setOperationPassword = endpoint({
  method: 'POST',
  path: `${base}/operation-password/update`,
  summary: 'Set or change my operation password',
  tag,
  access: { auth: 'user' },
  kind: 'command',
  body: z.object({
    loginPassword: z.string().min(1).max(128).optional(),
    oldOperationPassword: z.string().min(1).max(32).optional(),
    newOperationPassword: operationPassword,
  }),
  output: ok,
});

/** Edits personal information; headPic is a file-center key (or null to remove it). */
export const updatePersonalInfo = endpoint({
  method: 'POST',
  path: `${base}/info/update`,
  summary: 'Edit my personal information',
  tag,
  access: { auth: 'user' },
  kind: 'command',
  body: z.object({
    name: z.string().trim().min(1, 'is required').max(50),
    gender: z
      .union([z.literal(0), z.literal(1)])
      .nullable()
      .optional(),
    phone: z
      .string()
      .trim()
      .regex(/^\+?[0-9 ()-]{5,20}$/, 'is not a valid phone number')
      .nullable()
      .optional()
      .or(z.literal('')),
    email: z.string().trim().max(254).pipe(z.email('is not a valid email address')).nullable().optional().or(z.literal('')),
    headPic: fileKey.nullable().optional(),
  }),
  output: ok,
});

/** Sets the sider behaviour: AUTO 1, OPEN 2, HIDE 3. */
export const setNavigationPreference = endpoint({
  method: 'POST',
  path: `${base}/navigation-preference/update`,
  summary: 'Set my navigation preference',
  tag,
  access: { auth: 'user' },
  kind: 'command',
  body: z.object({ navigationPreference }),
  output: z.object({ navigationPreference }),
});

/** Checks the operation password before a dangerous action (used by later domains' dialogs). */
export const verifyOperationPassword = endpoint({
  method: 'POST',
  path: `${base}/operation-password/verify`,
  summary: 'Verify my operation password',
  tag,
  access: { auth: 'user' },
  kind: 'query',
  body: z.object({ operationPassword: z.string().min(1, 'is required').max(32) }),
  output: z.object({ verified: z.literal(true) }),
});
