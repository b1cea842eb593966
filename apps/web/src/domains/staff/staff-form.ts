import { StaffStatus } from '@energy/contracts';
import type { StaffRow } from './queries';

export type StaffStatusValue = (typeof StaffStatus)[keyof typeof StaffStatus];
export const STAFF_STATUSES: readonly StaffStatusValue[] = [StaffStatus.ENABLE, StaffStatus.DISABLE, StaffStatus.FREEZE];

/** The tag colour of each status: enabled green, disabled red, frozen blue. */
export const STATUS_COLOR: Record<StaffStatusValue, string> = { 0: 'green', 1: 'red', 2: 'blue' };

/**
 * The statuses a row can be moved to: the other two, never for the acting staff's own account (the
 * server refuses it), and none while the acting staff is not known yet.
 */
export function statusActions(row: Pick<StaffRow, 'id' | 'status'>, ownStaffId: number | undefined): StaffStatusValue[] {
  if (ownStaffId === undefined || row.id === ownStaffId) return [];
  return STAFF_STATUSES.filter((s) => s !== row.status);
}

/** The staff editor's fields; the person fields are used only when creating. */
export interface StaffFormValues {
  personKind: 'existing' | 'new';
  muid?: string;
  username?: string;
  name?: string;
  password?: string;
  passwordAgain?: string;
  phone?: string;
  email?: string;
  staffCode: string;
  customerMcid?: string;
  roleId?: number;
  ouIds?: number[];
}

/**
 * The form's start: empty for a new staff; for an edit, its fields with only the OUs the acting staff
 * sees (the server keeps the others, and refuses an OU the caller does not see). `hiddenOuCount` says
 * how many were left out.
 */
export function toFormValues(row: StaffRow | undefined, visibleOuIds: ReadonlySet<number>) {
  if (!row) return { values: { personKind: 'existing', staffCode: '', ouIds: [] } as StaffFormValues, hiddenOuCount: 0 };
  const ouIds = row.ous.map((o) => o.id).filter((id) => visibleOuIds.has(id));
  return {
    values: {
      personKind: 'existing',
      muid: row.muid,
      staffCode: row.staffCode,
      customerMcid: row.customerMcid,
      roleId: row.roleId ?? undefined,
      ouIds,
    } as StaffFormValues,
    hiddenOuCount: row.ous.length - ouIds.length,
  };
}

const accountFields = (v: StaffFormValues) => ({
  staffCode: v.staffCode.trim(),
  customerMcid: v.customerMcid!,
  roleId: v.roleId!,
  ouIds: [...new Set(v.ouIds ?? [])],
});

/** What staff/create takes: the account, and either an existing person or a new one. */
export function toCreateBody(v: StaffFormValues) {
  const user =
    v.personKind === 'existing'
      ? { kind: 'existing' as const, muid: v.muid! }
      : {
          kind: 'new' as const,
          username: v.username!.trim().toLowerCase(),
          name: v.name!.trim(),
          password: v.password!,
          phone: v.phone?.trim() || undefined,
          email: v.email?.trim() || undefined,
        };
  return { ...accountFields(v), user };
}

/** What staff/update takes. */
export const toUpdateBody = (id: number, v: StaffFormValues) => ({ id, ...accountFields(v) });
