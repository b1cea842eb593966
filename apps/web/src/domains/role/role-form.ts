import type { RefOutput } from '@energy/contracts/refs-types';
import type { role } from '@energy/contracts/refs';
import type { PermissionValue } from '../../shared/permission-tree/permission-tree';

export type RoleDetail = RefOutput<typeof role.roleDetail>;

/** The role editor's fields. */
export interface RoleFormValues {
  name: string;
  description?: string;
  allOus: boolean;
  permissions: PermissionValue;
}

export const toFormValues = (r: RoleDetail | undefined): RoleFormValues =>
  r
    ? {
        name: r.name,
        description: r.description,
        allOus: r.allOus,
        permissions: { checked: [...r.permissionCodes], autoSync: [...r.autoSyncCodes] },
      }
    : { name: '', description: '', allOus: false, permissions: { checked: [], autoSync: [] } };

/**
 * What role/create and role/update take. `allOus` is sent only when the acting staff may set it (the
 * switch is shown): otherwise it is left out and the server keeps the role's value. An auto-synced code
 * is always also checked (the server refuses one that is not).
 */
export function toRoleBody(v: RoleFormValues, canGrantAllOus: boolean) {
  const checked = [...new Set(v.permissions.checked)];
  const inChecked = new Set(checked);
  return {
    name: v.name.trim(),
    description: v.description?.trim() ?? '',
    ...(canGrantAllOus ? { allOus: v.allOus } : {}),
    permissionCodes: checked,
    autoSyncCodes: [...new Set(v.permissions.autoSync)].filter((c) => inChecked.has(c)),
  };
}
