/** Simulated devices that behave like real ones and speak the platform's MQTT ingest protocol. */
export type { SiteSpec, SimDeviceSpec, StringFault, InverterFault, Reading, DeviceModel, ModelOptions, CommandReply } from './types.js';
export { applyStrategy, fcsTargets, localMidnight, type StrategyCommand } from './models/fcs.js';
export { createModel } from './models/index.js';
export { backfill, createModels, type BackfillOptions } from './backfill.js';
export { startFleet, type Fleet, type FleetOptions, type FleetStats } from './fleet.js';
export { planSites, DEMO_LOCATIONS, type PlannedDevice, type SitePlanOptions, type MixCategory } from './site-plan.js';
export { weatherAt, type Weather } from './weather.js';
export { sunPosition } from './solar.js';
export * from './strategy-engine/index.js';
export { PlanBook, type PlanEntry, type PlanMeta } from './plan-book.js';
export {
  planSessions,
  sessionEnergyAt,
  sessionPowerAt,
  SimulatedChargePoint,
  type ChargePointOptions,
  type PlannedSession,
} from './ocpp/charge-point.js';
export { FcsFirmware, DEFAULT_FIRMWARE, type FirmwareSpec, type FirmwareCommand, type FirmwareReport } from './models/fcs-firmware.js';
