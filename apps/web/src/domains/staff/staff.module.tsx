import { lazy } from 'react';
import type { DomainModule } from '../types';
import { STAFF_LIST_PATH } from './paths';

const StaffListPage = lazy(() => import('./pages/staff-list-page'));

/** The tenant's staff accounts under Settings › Organisation. */
export const staffModule: DomainModule = {
  routes: [{ path: STAFF_LIST_PATH, permission: 'p-settings-staff', element: <StaffListPage /> }],
};
