import { z } from 'zod';
import { endpoint, noBody } from '../common/endpoint.js';
import { id, idParam } from '../common/ids.js';
import { currentUser, navigationConfig, staffCheckResult, staffListEntry, staffSwitchResult } from './schemas.js';

export * from './schemas.js';
export * from './admin.js';

const tag = 'staff';

// ---- Reading A (spec 000 section 7): /api/v2/platform-public ----

/** The current customer user, staff (with platform settings) and tenant. */
export const customerUserCurrent = endpoint({
  method: 'POST',
  path: '/api/v2/platform-public/customer-user/current',
  summary: 'Current user context',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  bodyKind: 'none',
  body: noBody,
  output: currentUser,
});

/** The signed-in user's staff accounts, across tenants. `muid`, when sent, must be the user's own. */
export const staffList = endpoint({
  method: 'POST',
  path: '/api/v2/platform-public/staff/list',
  summary: 'My staff accounts',
  tag,
  access: { auth: 'user' },
  kind: 'query',
  body: z.object({ muid: z.string().max(64).optional(), timestamp: z.number().optional() }).optional(),
  output: z.array(staffListEntry),
});

/** Checks that a staff can be switched to: 412 disabled/frozen, 403 not the user's. */
export const staffCheck = endpoint({
  method: 'POST',
  path: '/api/v2/platform-public/staff/check',
  summary: 'Check a staff before switching',
  tag,
  access: { auth: 'user' },
  kind: 'query',
  body: z.object({ id, timestamp: z.number().optional() }),
  output: staffCheckResult,
});

/** Switches the session to another of the user's staff accounts. */
export const staffSwitch = endpoint({
  method: 'POST',
  path: '/api/v2/platform-public/staff/switch',
  summary: 'Switch staff',
  tag,
  access: { auth: 'user' },
  kind: 'command',
  body: z.object({ staffId: id, timestamp: z.number().optional() }),
  output: staffSwitchResult,
});

/** The current staff's permission codes (menu `p...` and button `b...`). */
export const staffPermission = endpoint({
  method: 'POST',
  path: '/api/v2/platform-public/staff/permission',
  summary: 'My permission codes',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  bodyKind: 'none',
  body: noBody,
  output: z.array(z.string()),
});

/** The current staff's landing navigation: module origin and path. */
export const staffNavigationConfig = endpoint({
  method: 'POST',
  path: '/api/v2/platform-public/staff/navigation/config',
  summary: 'My landing navigation',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  bodyKind: 'none',
  body: noBody,
  output: navigationConfig,
});

/** The current staff's integrated-app permissions: integratedAppId to permission codes. */
export const staffIntegratedPermission = endpoint({
  method: 'POST',
  path: '/api/v2/platform-public/staff/integrated/permission',
  summary: 'My integrated-app permissions',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  bodyKind: 'none',
  body: noBody,
  output: z.record(z.string(), z.array(z.string())),
});

// ---- Reading B (spec 000 section 7): plain calls ----

export const staffListB = endpoint({
  method: 'GET',
  path: '/api/staff/list',
  summary: 'My staff accounts (plain)',
  tag,
  access: { auth: 'user' },
  kind: 'query',
  output: z.array(staffListEntry),
});
export const staffCheckB = endpoint({
  method: 'GET',
  path: '/api/staff/check',
  summary: 'Check a staff before switching (plain)',
  tag,
  access: { auth: 'user' },
  kind: 'query',
  query: z.object({ id: idParam }),
  output: staffCheckResult,
});
export const staffSwitchB = endpoint({
  method: 'PUT',
  path: '/api/staff/switch',
  summary: 'Switch staff (plain)',
  tag,
  access: { auth: 'user' },
  kind: 'command',
  bodyKind: 'none',
  query: z.object({ staff_id: idParam }),
  output: staffSwitchResult,
});
export const staffPermissionB = endpoint({
  method: 'GET',
  path: '/api/staff/permission',
  summary: 'My permission codes (plain)',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  output: z.array(z.string()),
});

// ---- spec 001 "Staff, UET and test tool": /api/v2/staff ----

// The same calls as Reading A / B under the paths of spec 001: one definition each, another path.
export const staffListV2 = endpoint({ ...staffList, path: '/api/v2/staff/list' });
export const staffCheckV2 = endpoint({ ...staffCheck, path: '/api/v2/staff/check' });
export const staffSwitchV2 = endpoint({ ...staffSwitchB, path: '/api/v2/staff/switch' });
export const staffPermissionV2 = endpoint({ ...staffPermission, path: '/api/v2/staff/permission', bodyKind: 'json' });

/** Where the staff's landing navigation comes from, with names. */
export const staffNavigationConfigDetail = endpoint({
  method: 'POST',
  path: '/api/v2/staff/navigation/config/detail',
  summary: 'My landing navigation, detailed',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  body: noBody,
  output: navigationConfig.extend({
    moduleOriginName: z.string(),
    /** 'staff' when the staff chose it, 'tenant' when it is the tenant default. */
    source: z.enum(['staff', 'tenant']),
  }),
});

/** Data-type keys: letters, digits, dot, dash, underscore. */
const dataTypeKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'must be letters, digits, dot, dash or underscore');

/**
 * Saves the staff's own order of data types for a scene (e.g. a circuit's data tabs).
 * Sent as a form: `scene`, and `dataTypes` as a comma-separated list or repeated keys.
 */
export const staffDataTypeSortingUpdate = endpoint({
  method: 'POST',
  path: '/api/v2/staff/data-type/sorting/customize/update',
  summary: 'Save my data-type order',
  tag,
  access: { auth: 'staff' },
  kind: 'command',
  bodyKind: 'form',
  body: z.object({
    scene: dataTypeKey,
    dataTypes: z
      .union([z.string().max(4000), z.array(z.string().max(64)).max(100)])
      .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
      .pipe(z.array(dataTypeKey).min(1, 'is required').max(100)),
  }),
  output: z.object({ scene: z.string(), dataTypes: z.array(z.string()) }),
});
