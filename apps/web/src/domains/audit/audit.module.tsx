import { lazy } from 'react';
import type { DomainModule } from '../types';

const AuditLogPage = lazy(() => import('./pages/audit-log-page'));

/** The tenant's audit log under Settings › Platform. */
export const auditModule: DomainModule = {
  routes: [{ path: '/settings/platform/audit', permission: 'p-settings-audit', element: <AuditLogPage /> }],
};
