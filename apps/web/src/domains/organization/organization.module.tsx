import { lazy } from 'react';
import type { DomainModule } from '../types';

const OrganizationPage = lazy(() => import('./pages/organization-page'));

/** The customer organisation tree and its level names under Settings › Organisation. */
export const organizationModule: DomainModule = {
  routes: [{ path: '/settings/org/customer', permission: 'p-settings-customer', element: <OrganizationPage /> }],
};
