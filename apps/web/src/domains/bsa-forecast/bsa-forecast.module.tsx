import { lazy } from 'react';
import type { DomainModule } from '../types';

const ForecastPage = lazy(() => import('./pages/forecast-page'));
const ChargingDataPage = lazy(() => import('./pages/charging-data-page'));

/** Storage operation (issue 22): tomorrow's forecast with the strategy's revenue, and the charging data with its money. */
export const bsaForecastModule: DomainModule = {
  routes: [
    { path: '/bsa/operation/forecast', permission: 'p-bsa-forecast', element: <ForecastPage /> },
    { path: '/bsa/operation/charging-data', permission: 'p-bsa-charging-data', element: <ChargingDataPage /> },
  ],
};
