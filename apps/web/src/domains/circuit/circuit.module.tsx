import { lazy } from 'react';
import type { DomainModule } from '../types';

const PricePage = lazy(() => import('./pages/price-page'));
const CircuitManagePage = lazy(() => import('./pages/circuit-manage-page'));
const PeakValleyPage = lazy(() => import('./pages/peak-valley-page'));

/** Circuits: electricity prices and accounts, circuit management, and peak-and-valley cost. */
export const circuitModule: DomainModule = {
  routes: [
    { path: '/circuit/metering/price', permission: 'p-circuit-price', element: <PricePage /> },
    { path: '/circuit/metering/manage', permission: 'p-circuit-manage', element: <CircuitManagePage /> },
    { path: '/circuit/analysis/peak-valley', permission: 'p-circuit-peak-valley', element: <PeakValleyPage /> },
  ],
};
