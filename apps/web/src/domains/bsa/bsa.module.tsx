import { lazy } from 'react';
import type { DomainModule } from '../types';
import { BATTERY_TEMPLATE_PATH, STATION_LIST_PATH } from './paths';

const StationListPage = lazy(() => import('./pages/station-list-page'));
const BatteryTemplatePage = lazy(() => import('./pages/battery-template-page'));

/** Storage assets (issue 21): the station list with its build wizard and battery, and the battery templates. */
export const bsaModule: DomainModule = {
  routes: [
    { path: STATION_LIST_PATH, permission: 'p-bsa-station', element: <StationListPage /> },
    { path: BATTERY_TEMPLATE_PATH, permission: 'p-bsa-battery-template', element: <BatteryTemplatePage /> },
  ],
};
