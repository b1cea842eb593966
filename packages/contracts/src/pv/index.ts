// PV stations and their equipment (issue 18): stations (station.ts), inverters, strings and modules (equipment.ts). docs/pv.md.
export * from './station.js';
export * from './station-settings.js';
export * from './equipment.js';
export * from './readings.js';
export * from './dispersion.js';
export * from './outline.js';
export * from './noticeboard.js';
export * from './performance.js';
