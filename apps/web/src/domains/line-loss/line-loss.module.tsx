import { lazy } from 'react';
import type { DomainModule } from '../types';

const LineLossPage = lazy(() => import('./pages/line-loss-page'));
const LineLossAlarmPage = lazy(() => import('./pages/line-loss-alarm-page'));

/** Line loss (issue 20, docs/line-loss.md): configurations with their loss per day or month, and the alarm rules with their logs. */
export const lineLossModule: DomainModule = {
  routes: [
    { path: '/circuit/analysis/line-loss', permission: 'p-circuit-line-loss', element: <LineLossPage /> },
    { path: '/device/alarm/line-loss', permission: 'p-alarm-line-loss', element: <LineLossAlarmPage /> },
  ],
};
