// Devices: the type tree, the registry, MQTT credentials (registry.ts) and telemetry queries (telemetry.ts).
// The standard device types themselves are in device-types.ts, exported from the package root.
export * from './registry.js';
export * from './telemetry.js';
export * from './excel.js';
