import { lazy } from 'react';
import type { DomainModule } from '../types';
import {
  PV_DISPERSION_PATH,
  PV_INVERTER_PATH,
  PV_METER_READING_PATH,
  PV_NOTICEBOARD_PATH,
  PV_MODULE_PATH,
  PV_OUTLINE_PATH,
  PV_PERFORMANCE_PATH,
  PV_REPORT_PATH,
  PV_STATION_PATH,
  PV_STRING_PATH,
  pvStationDetailPath,
} from './paths';

const StationListPage = lazy(() => import('./pages/station-list-page'));
const StationDetailPage = lazy(() => import('./pages/station-detail-page'));
const InverterListPage = lazy(() => import('./pages/inverter-list-page'));
const StringListPage = lazy(() => import('./pages/string-list-page'));
const ModuleListPage = lazy(() => import('./pages/module-list-page'));
const MeterReadingPage = lazy(() => import('./pages/meter-reading-page'));
const ReportPage = lazy(() => import('./pages/report-page'));
const DispersionPage = lazy(() => import('./dispersion/dispersion-page'));
const OutlinePage = lazy(() => import('./outline/outline-page'));
const PvHomeCard = lazy(() => import('./outline/pv-home-card'));
const NoticeboardPage = lazy(() => import('./noticeboard/noticeboard-page'));
const PerformancePage = lazy(() => import('./performance/performance-page'));

/** PV under PV › Assets (stations with their detail, inverters, strings, modules, meter readings) PV › Analysis › Reports, PV › Monitoring › Station outline and the home page's PV card. */
export const pvModule: DomainModule = {
  routes: [
    { path: PV_STATION_PATH, permission: 'p-pv-station', element: <StationListPage /> },
    { path: pvStationDetailPath(':id'), permission: 'p-pv-station', element: <StationDetailPage /> },
    { path: PV_INVERTER_PATH, permission: 'p-pv-inverter', element: <InverterListPage /> },
    { path: PV_STRING_PATH, permission: 'p-pv-string', element: <StringListPage /> },
    { path: PV_MODULE_PATH, permission: 'p-pv-module', element: <ModuleListPage /> },
    { path: PV_METER_READING_PATH, permission: 'p-pv-meter-reading', element: <MeterReadingPage /> },
    { path: PV_REPORT_PATH, permission: 'p-pv-report', element: <ReportPage /> },
    { path: PV_DISPERSION_PATH, permission: 'p-pv-dispersion', element: <DispersionPage /> },
    { path: PV_OUTLINE_PATH, permission: 'p-pv-outline', element: <OutlinePage /> },
    { path: PV_NOTICEBOARD_PATH, permission: 'p-pv-noticeboard', element: <NoticeboardPage /> },
    { path: PV_PERFORMANCE_PATH, permission: 'p-pv-performance', element: <PerformancePage /> },
  ],
  homeCards: [{ key: 'pv', permission: 'p-pv-outline', element: <PvHomeCard /> }],
};
