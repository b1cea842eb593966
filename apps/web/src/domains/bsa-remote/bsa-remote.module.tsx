import { lazy } from 'react';
import type { DomainModule } from '../types';
import { REMOTE_CONTROL_PATH, REMOTE_LOG_PATH, REMOTE_OPERATIONS_PATH } from './paths';

const RemoteControlPage = lazy(() => import('./pages/remote-control-page'));
const CommandLogPage = lazy(() => import('./pages/command-log-page'));
const OperationLogPage = lazy(() => import('./pages/operation-log-page'));

/**
 * Remote control of storage stations (issue 22, docs/bsa.md "Remote control"): the command catalogue with
 * the send dialog and its operation log, and the command log. Buttons need their b- codes (checked on the page and by the server).
 */
export const bsaRemoteModule: DomainModule = {
  routes: [
    { path: REMOTE_CONTROL_PATH, permission: 'p-bsa-remote', element: <RemoteControlPage /> },
    { path: REMOTE_LOG_PATH, permission: 'p-bsa-remote-log', element: <CommandLogPage /> },
    { path: REMOTE_OPERATIONS_PATH, permission: 'p-bsa-remote', element: <OperationLogPage /> },
  ],
};
