// Distribution circuits, their meters, electricity accounts with time-of-use prices, and what the
// circuits' energy cost. docs/circuits.md (model, tree variants, statistics) and docs/prices.md (prices).
export * from '../common/tou.js';
export * from './accounts.js';
export * from './circuits.js';
export * from './cost.js';
export * from './statistics.js';
export * from './energy-config.js';
