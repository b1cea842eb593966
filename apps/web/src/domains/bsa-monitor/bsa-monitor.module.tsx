import { lazy } from 'react';
import type { DomainModule } from '../types';
import { BATTERY_PATH, BMS_PATH, ENVIRONMENT_PATH, OVERVIEW_PATH, STATION_PATH } from './paths';

const OverviewPage = lazy(() => import('./pages/overview-page'));
const StationPage = lazy(() => import('./pages/station-page'));
const BmsPage = lazy(() => import('./pages/bms-page'));
const EnvironmentPage = lazy(() => import('./pages/environment-page'));
const BatteryPage = lazy(() => import('./pages/battery-page'));

/** Storage monitoring (issue 22): the stations' overview, and a station's real time, BMS, environment and battery health. */
export const bsaMonitorModule: DomainModule = {
  routes: [
    { path: OVERVIEW_PATH, permission: 'p-bsa-overview', element: <OverviewPage /> },
    { path: STATION_PATH, permission: 'p-bsa-station-monitor', element: <StationPage /> },
    { path: BMS_PATH, permission: 'p-bsa-station-monitor', element: <BmsPage /> },
    { path: ENVIRONMENT_PATH, permission: 'p-bsa-station-monitor', element: <EnvironmentPage /> },
    { path: BATTERY_PATH, permission: 'p-bsa-station-monitor', element: <BatteryPage /> },
  ],
};
