// Issue 22: second-edition storage stations, their cabinets, FCS versions and firmware distribution
// (docs/bsa.md, "Second edition and firmware (issue 22)").
export * from './cabinet.js';
export * from './stations.js';
export * from './firmware.js';
