import { createContext, useCallback, useContext } from 'react';
import { useHasPermission, usePermissions } from '../current-staff';

/** A permission code as the shell's permission check takes it (the catalogue's codes). */
export type PermissionCode = NonNullable<Parameters<typeof useHasPermission>[0]>;

/**
 * Pages used by people without a staff (the platform console): no staff permission list is loaded (the
 * call would answer 412), so only actions that need no code are shown.
 */
export const StafflessPages = createContext(false);

/** `granted(code)`: does the current staff hold this code? (`undefined`: nothing needed, always true.) */
export function useGranted(): (code: PermissionCode | undefined) => boolean {
  const staffless = useContext(StafflessPages);
  const { data } = usePermissions(!staffless);
  return useCallback((code) => code === undefined || (!staffless && (data ?? []).includes(code)), [data, staffless]);
}
