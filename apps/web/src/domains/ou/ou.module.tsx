import { lazy } from 'react';
import type { DomainModule } from '../types';

const OuPage = lazy(() => import('./pages/ou-page'));

/** Operating units under Settings › Organisation. */
export const ouModule: DomainModule = {
  routes: [{ path: '/settings/org/ou', permission: 'p-settings-ou', element: <OuPage /> }],
};
