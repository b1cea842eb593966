import { useCallback } from 'react';
import { useHasPermission, usePermissions } from '../current-staff';

/** A permission code as the shell's permission check takes it (the catalogue's codes). */
export type PermissionCode = NonNullable<Parameters<typeof useHasPermission>[0]>;

/** `granted(code)`: does the current staff hold this code? (`undefined`: nothing needed, always true.) */
export function useGranted(): (code: PermissionCode | undefined) => boolean {
  const { data } = usePermissions();
  return useCallback((code) => code === undefined || (data ?? []).includes(code), [data]);
}
