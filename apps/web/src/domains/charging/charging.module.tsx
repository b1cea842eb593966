import { lazy } from 'react';
import type { DomainModule } from '../types';

const StationListPage = lazy(() => import('./pages/station-list-page'));
const PileListPage = lazy(() => import('./pages/pile-list-page'));
const SessionListPage = lazy(() => import('./pages/session-list-page'));
const CostPage = lazy(() => import('./pages/cost-page'));
const ChargingHomeCard = lazy(() => import('./components/charging-home-card'));

/** EV charging (docs/charging.md): stations, piles with their guns' live states, sessions and prices. */
export const chargingModule: DomainModule = {
  routes: [
    { path: '/charging/asset/station', permission: 'p-charging-station', element: <StationListPage /> },
    { path: '/charging/asset/pile', permission: 'p-charging-pile', element: <PileListPage /> },
    { path: '/charging/operation/session', permission: 'p-charging-session', element: <SessionListPage /> },
    { path: '/charging/operation/cost', permission: 'p-charging-cost', element: <CostPage /> },
  ],
  homeCards: [{ key: 'charging', permission: 'p-charging-pile', element: <ChargingHomeCard /> }],
};
