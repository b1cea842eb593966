import { lazy } from 'react';
import type { DomainModule } from '../types';
import { ALARM_RECORD_PATH, ALARM_RULE_PATH, ALARM_SIGNBOARD_PATH, ALARM_WORK_ORDER_PATH, alarmDetailPath } from './paths';

const AlarmRecordPage = lazy(() => import('./pages/alarm-record-page'));
const AlarmDetailPage = lazy(() => import('./pages/alarm-detail-page'));
const AlarmRulePage = lazy(() => import('./pages/alarm-rule-page'));
const AlarmSignboardPage = lazy(() => import('./pages/alarm-signboard-page'));
const WorkOrderListPage = lazy(() => import('./pages/work-order-list-page'));

/** Alarms (issue 6): the records with their detail, the tenant's work orders, the rules and the fault signboard. The bell is in the header. */
export const alarmModule: DomainModule = {
  routes: [
    { path: ALARM_RECORD_PATH, permission: 'p-alarm-record', element: <AlarmRecordPage /> },
    { path: alarmDetailPath(':alarmId'), permission: 'p-alarm-record', element: <AlarmDetailPage /> },
    { path: ALARM_WORK_ORDER_PATH, permission: 'p-alarm-work-order', element: <WorkOrderListPage /> },
    { path: ALARM_RULE_PATH, permission: 'p-alarm-rule', element: <AlarmRulePage /> },
    { path: ALARM_SIGNBOARD_PATH, permission: 'p-alarm-signboard', element: <AlarmSignboardPage /> },
  ],
};
