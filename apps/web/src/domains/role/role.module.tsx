import { lazy } from 'react';
import type { DomainModule } from '../types';
import { ROLE_CREATE_PATH, ROLE_LIST_PATH, roleDetailPath, roleEditPath } from './paths';

const RoleListPage = lazy(() => import('./pages/role-list-page'));
const RoleFormPage = lazy(() => import('./pages/role-form-page'));
const RoleDetailPage = lazy(() => import('./pages/role-detail-page'));

/**
 * Roles under Settings › Organisation: the list, the editor on its own page (the permission tree needs
 * the room) and a read-only view. Every route opens with the page permission; the buttons that lead to
 * the editor, and the server, check b-role-create / b-role-edit.
 */
export const roleModule: DomainModule = {
  routes: [
    { path: ROLE_LIST_PATH, permission: 'p-settings-role', element: <RoleListPage /> },
    { path: ROLE_CREATE_PATH, permission: 'p-settings-role', element: <RoleFormPage /> },
    { path: roleEditPath(':id'), permission: 'p-settings-role', element: <RoleFormPage /> },
    { path: roleDetailPath(':id'), permission: 'p-settings-role', element: <RoleDetailPage /> },
  ],
};
