import { lazy } from 'react';
import type { DomainModule } from '../types';

const PlatformSettingsPage = lazy(() => import('./pages/platform-settings-page'));

/** The tenant's platform settings under Settings › Platform. */
export const platformModule: DomainModule = {
  routes: [{ path: '/settings/platform/basic', permission: 'p-settings-platform', element: <PlatformSettingsPage /> }],
};
