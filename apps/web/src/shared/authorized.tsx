import type { PermissionCode } from '@energy/contracts/catalogue-codes';
import type { ReactNode } from 'react';
import { useHasPermission } from './current-staff';

/** Renders its children only when the current staff has the button permission `code`. */
export function Authorized({ code, children }: { code: PermissionCode; children: ReactNode }) {
  return useHasPermission(code) ? children : null;
}
