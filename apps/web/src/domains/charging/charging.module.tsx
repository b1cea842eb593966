import { lazy } from 'react';
import type { DomainModule } from '../types';
import { CHARGING_PILE_PATH, CHARGING_STATION_PATH, chargingPileDetailPath } from './paths';

const StationListPage = lazy(() => import('./pages/station-list-page'));
const PileListPage = lazy(() => import('./pages/pile-list-page'));
const PileDetailPage = lazy(() => import('./pages/pile-detail-page'));
const SessionListPage = lazy(() => import('./pages/session-list-page'));
const CostPage = lazy(() => import('./pages/cost-page'));
const ChargingHomeCard = lazy(() => import('./components/charging-home-card'));

/** EV charging (docs/charging.md): stations, piles with their guns' live states (and a pile's detail page), sessions and prices. */
export const chargingModule: DomainModule = {
  routes: [
    { path: CHARGING_STATION_PATH, permission: 'p-charging-station', element: <StationListPage /> },
    { path: CHARGING_PILE_PATH, permission: 'p-charging-pile', element: <PileListPage /> },
    { path: chargingPileDetailPath(':id'), permission: 'p-charging-pile', element: <PileDetailPage /> },
    { path: '/charging/operation/session', permission: 'p-charging-session', element: <SessionListPage /> },
    { path: '/charging/operation/cost', permission: 'p-charging-cost', element: <CostPage /> },
  ],
  homeCards: [{ key: 'charging', permission: 'p-charging-pile', element: <ChargingHomeCard /> }],
};
