import { lazy } from 'react';
import type { DomainModule } from '../types';
import {
  DELIVER_LOG_PATH,
  STRATEGY_CREATE_PATH,
  STRATEGY_LIST_PATH,
  strategyCopyPath,
  strategyEditPath,
  strategyViewPath,
  TEMPLATE_CREATE_PATH,
  TEMPLATE_LIST_PATH,
  templateCopyPath,
  templateEditPath,
  templateViewPath,
} from './paths';

const StrategyListPage = lazy(() => import('./pages/strategy-list-page'));
const TemplateListPage = lazy(() => import('./pages/template-list-page'));
const DeliverLogPage = lazy(() => import('./pages/deliver-log-page'));
const StrategyEditorPage = lazy(() => import('./pages/strategy-editor-page'));

/**
 * Storage strategies (issue 7, spec 002): the strategy list with its editor routes, the templates with
 * theirs, and the delivery log. Routes open with the page permission; the editor routes that change
 * something also need their b- code (checked on the page, and by the server).
 */
export const strategyModule: DomainModule = {
  routes: [
    { path: STRATEGY_LIST_PATH, permission: 'p-bsa-strategy', element: <StrategyListPage /> },
    { path: STRATEGY_CREATE_PATH, permission: 'p-bsa-strategy', element: <StrategyEditorPage library="strategy" mode="create" /> },
    { path: strategyEditPath(':id'), permission: 'p-bsa-strategy', element: <StrategyEditorPage library="strategy" mode="update" /> },
    { path: strategyViewPath(':id'), permission: 'p-bsa-strategy', element: <StrategyEditorPage library="strategy" mode="display" /> },
    { path: strategyCopyPath(':id'), permission: 'p-bsa-strategy', element: <StrategyEditorPage library="strategy" mode="copy" /> },
    { path: TEMPLATE_LIST_PATH, permission: 'p-bsa-template', element: <TemplateListPage /> },
    { path: TEMPLATE_CREATE_PATH, permission: 'p-bsa-template', element: <StrategyEditorPage library="template" mode="create" /> },
    { path: templateEditPath(':id'), permission: 'p-bsa-template', element: <StrategyEditorPage library="template" mode="update" /> },
    { path: templateViewPath(':id'), permission: 'p-bsa-template', element: <StrategyEditorPage library="template" mode="display" /> },
    { path: templateCopyPath(':id'), permission: 'p-bsa-template', element: <StrategyEditorPage library="template" mode="copy" /> },
    { path: DELIVER_LOG_PATH, permission: 'p-bsa-deliver-log', element: <DeliverLogPage /> },
  ],
};
