// PV stations and their equipment (issue 18): stations (station.ts), docs/pv.md.
export * from './station.js';
