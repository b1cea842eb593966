import type { DeviceModel, ModelOptions, SimDeviceSpec } from '../types.js';
import { createChargingPile } from './charging.js';
import { createEnvSensor, createGateway } from './environment.js';
import { createFcs } from './fcs.js';
import { createFeederMeter, createGridMeter } from './meter.js';
import { createPvInverter, createPvMeter, createPvString } from './pv.js';
import { createCell, createPack, createPcs, createRack } from './storage.js';

/**
 * A model for any DEVICE_TYPES key, starting at `start`. Step it with non-decreasing times. Pass the
 * site's devices in `options.siteDevices` so a grid meter balances its site and racks find their PCS.
 */
export function createModel(spec: SimDeviceSpec, start: Date, options?: ModelOptions): DeviceModel {
  return createAt(spec, start.getTime(), options);
}

function createAt(spec: SimDeviceSpec, start: number, options?: ModelOptions): DeviceModel {
  switch (spec.typeKey) {
    case 'pv-inverter':
      return createPvInverter(spec, start, options);
    case 'pv-string':
      return createPvString(spec);
    case 'pv-meter':
      return createPvMeter(spec, start, options);
    case 'grid-meter':
      return createGridMeter(spec, start, options, createAt);
    case 'feeder-meter':
      return createFeederMeter(spec, start, options);
    case 'bsa-pcs':
      return createPcs(spec, start, options);
    case 'bsa-rack':
      return createRack(spec, start, options);
    case 'bsa-pack':
      return createPack(spec, start, options);
    case 'bsa-cell':
      return createCell(spec, start, options);
    case 'charging-pile':
      return createChargingPile(spec, start, options);
    case 'env-sensor':
      return createEnvSensor(spec);
    case 'edge-gateway':
      return createGateway(spec);
    case 'bsa-fcs':
      return createFcs(spec, options);
    default:
      throw new Error(`no simulator model for device type '${spec.typeKey}'`);
  }
}
