// Live monitoring of storage stations (issue 22): docs/bsa.md "Monitoring (issue 22)".
export * from './monitor.js';
export * from './battery.js';
export * from './statistics.js';
