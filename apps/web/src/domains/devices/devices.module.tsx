import { lazy } from 'react';
import type { DomainModule } from '../types';
import { DEVICE_LIST_PATH, DEVICE_TYPE_PATH, deviceDetailPath } from './paths';

const DeviceListPage = lazy(() => import('./pages/device-list-page'));
const DeviceDetailPage = lazy(() => import('./pages/device-detail-page'));
const DeviceTypePage = lazy(() => import('./pages/device-type-page'));

/** Devices under Settings › Devices: the list (with its detail) and the type tree. */
export const devicesModule: DomainModule = {
  routes: [
    { path: DEVICE_LIST_PATH, permission: 'p-settings-device', element: <DeviceListPage /> },
    { path: deviceDetailPath(':id'), permission: 'p-settings-device', element: <DeviceDetailPage /> },
    { path: DEVICE_TYPE_PATH, permission: 'p-settings-device-type', element: <DeviceTypePage /> },
  ],
};
