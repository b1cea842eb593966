/** The strategy execution engine: a pure step function and a day runner (see README.md). */
export * from './types.js';
export {
  BMS_SOC_MAX,
  BMS_SOC_MIN,
  CONTROL_TICK_S,
  DEFAULT_EFFICIENCY,
  DEMAND_WINDOW_MIN,
  initialState,
  runDay,
  sectionAt,
  socLimits,
  stepStation,
} from './engine.js';
export { LFP_OCV, socAtVoltage, voltageAtSoc } from './ocv.js';
export { wireToPlan, wireTimeToMinutes, type WireStrategy, type WireSection, type WireMeter, type WireToPlanResult } from './from-wire.js';
