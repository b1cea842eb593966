// The calls of the strategy editor, its delivery and its backtest (`energy-storage-strategy/...`, spec
// 001's `strategy` group) and the strategy calls of the storage overview (`bsaOperationOverview/...`).
// Bodies and answers are this project's (the spec lists no fields): docs/strategies.md explains them.
//
// Permissions. Strategies (kinds `strategy`, `fieldStrategy`) and templates have their own page and
// buttons, and several calls serve both, so the server checks the code that fits the kind:
//   read strategies p-bsa-strategy; read templates p-bsa-template or p-bsa-strategy (the editor applies
//   templates); create / edit / delete b-bsa-strategy-* or b-bsa-template-*; deliver and stop
//   b-bsa-strategy-deliver (in the contract); the delivery log p-bsa-deliver-log; the overview
//   p-bsa-overview. A call without a permission in its contract checks in the service (403 all the same).
//
// One file per part: rows.ts (the shared row schemas), lists.ts, library.ts (create / edit / restore / copy /
// status, templates' customers), delivery.ts, stations.ts (the editor's station info, what runs where),
// backtest.ts, overview.ts.
export {
  STRATEGY_STATUSES,
  STRATEGY_STATUS_CHANGES,
  DELIVERY_ACTIONS,
  DELIVERY_RESULTS,
  deliveryRow,
  strategyRow,
  strategyWithBody,
  bsaInfo,
} from './rows.js';
export * from './lists.js';
export * from './library.js';
export * from './delivery.js';
export * from './stations.js';
export * from './backtest.js';
export * from './overview.js';
