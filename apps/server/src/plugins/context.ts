import type { Lang } from '../excel/columns.js';
import type { Db } from '../db/client.js';

/** The signed-in person. */
export interface UserContext {
  sessionIdHash: string;
  muid: string;
  username: string;
  name: string;
  platformAdmin: boolean;
  /** Signed in with a one-time password that must be changed first (staff calls answer 412 41203). */
  passwordChangeRequired: boolean;
}

/** The current staff: who the user acts as, and what it may see and do. */
export interface StaffContext {
  id: number;
  tenantId: string;
  customerMcid: string;
  staffCode: string;
  roleId: number | null;
  sideType: 1 | 2;
  permissions: ReadonlySet<string>;
  /** Sees every OU of the tenant (its role says so). */
  allOus: boolean;
  ouIds: readonly number[];
  /**
   * Customer tenants this (channel) tenant operates for and may read now: its enabled linked tenants,
   * narrowed to the working tenant when one is chosen (app.channel_tenants, docs/platform-console.md).
   */
  channelTenantIds: readonly string[];
  /** The session's working tenant: null = own and every linked tenant, own id = own only, a linked id = that one. */
  workingTenantId?: string | null;
}

interface BaseContext {
  ip: string;
  /**
   * The reader's language (the `lang` cookie the web app keeps; en-US without it): seeded catalogue
   * texts are answered in it (`said`, src/i18n.ts; docs/i18n.md). Absent in contexts made outside a request.
   */
  lang?: Lang;
  /**
   * The request's transaction, as role energy_app with the scope set: row-level security applies.
   * For public calls (sign-in mechanics) it is the owner connection.
   */
  tx: Db;
  /** Runs `fn` on the owner connection once the request's transaction has ended, committed or not. */
  defer(fn: () => Promise<void>): void;
}
export interface PublicCtx extends BaseContext {
  user: UserContext | null;
  staff: StaffContext | null;
}
export interface UserCtx extends BaseContext {
  user: UserContext;
  staff: StaffContext | null;
}
export interface StaffCtx extends UserCtx {
  staff: StaffContext;
}

/** Does the current staff see this OU? (The `no-ou-check` calls skip this.) */
export function canSeeOu(staff: StaffContext, ouId: number): boolean {
  return staff.allOus || staff.ouIds.includes(ouId);
}
