import { lazy } from 'react';
import type { DomainModule } from '../types';

const SavingPage = lazy(() => import('./pages/saving-page'));
const BaselinePage = lazy(() => import('./pages/baseline-page'));

/** Energy conservation: the saving of configured circuits, and their baseline configurations and driver values. */
export const energyConservationModule: DomainModule = {
  routes: [
    { path: '/energy/conservation/saving', permission: 'p-energy-saving', element: <SavingPage /> },
    { path: '/energy/conservation/baseline', permission: 'p-energy-baseline', element: <BaselinePage /> },
  ],
};
