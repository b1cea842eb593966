import { lazy } from 'react';
import type { DomainModule } from '../types';
import { PV_STATION_PATH, pvStationDetailPath } from './paths';

const StationListPage = lazy(() => import('./pages/station-list-page'));
const StationDetailPage = lazy(() => import('./pages/station-detail-page'));

/** PV under PV › Assets: the station list with its detail. */
export const pvModule: DomainModule = {
  routes: [
    { path: PV_STATION_PATH, permission: 'p-pv-station', element: <StationListPage /> },
    { path: pvStationDetailPath(':id'), permission: 'p-pv-station', element: <StationDetailPage /> },
  ],
};
