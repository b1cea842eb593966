import { lazy } from 'react';
import type { DomainModule } from '../types';

const PricePage = lazy(() => import('./pages/price-page'));
const CircuitManagePage = lazy(() => import('./pages/circuit-manage-page'));
const PeakValleyPage = lazy(() => import('./pages/peak-valley-page'));
const CircuitMonitorPage = lazy(() => import('./pages/circuit-monitor-page'));
const CircuitStatisticsPage = lazy(() => import('./pages/circuit-statistics-page'));

/** Circuits: electricity prices and accounts, circuit management, peak-and-valley cost, monitoring and statistics. */
export const circuitModule: DomainModule = {
  routes: [
    { path: '/circuit/metering/price', permission: 'p-circuit-price', element: <PricePage /> },
    { path: '/circuit/metering/manage', permission: 'p-circuit-manage', element: <CircuitManagePage /> },
    { path: '/circuit/analysis/peak-valley', permission: 'p-circuit-peak-valley', element: <PeakValleyPage /> },
    { path: '/circuit/monitor/tree', permission: 'p-circuit-tree', element: <CircuitMonitorPage /> },
    { path: '/circuit/monitor/statistics', permission: 'p-circuit-statistics', element: <CircuitStatisticsPage /> },
  ],
};
