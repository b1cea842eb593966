import { lazy } from 'react';
import type { DomainModule } from '../types';
import { CABINET_PATH, FIRMWARE_PATH, SECOND_STATION_PATH } from './paths';

const SecondStationPage = lazy(() => import('./pages/second-station-page'));
const CabinetListPage = lazy(() => import('./pages/cabinet-list-page'));
const FirmwarePage = lazy(() => import('./pages/firmware-page'));

/** Issue 22: second-edition stations, their storage cabinets, and FCS versions with firmware distribution. */
export const bsaSecondModule: DomainModule = {
  routes: [
    { path: SECOND_STATION_PATH, permission: 'p-bsa-second-edition', element: <SecondStationPage /> },
    { path: CABINET_PATH, permission: 'p-bsa-cabinet', element: <CabinetListPage /> },
    { path: FIRMWARE_PATH, permission: 'p-bsa-firmware', element: <FirmwarePage /> },
  ],
};
