import { between, clamp, hashString, round, unit, valueNoise } from '../random.js';
import { localTime } from '../local-time.js';
import { weatherAt } from '../weather.js';
import type { DeviceModel, Reading, SimDeviceSpec } from '../types.js';

/**
 * The environment sensor reports the site's weather (the same irradiance the inverters convert), with a
 * sensor's own small calibration error. The edge gateway reports its link quality and CPU load, busier
 * in working hours when the site is busy.
 */

const MINUTE = 60_000;

class EnvSensorModel implements DeviceModel {
  private readonly gain: number;
  constructor(readonly spec: SimDeviceSpec) {
    this.gain = between(0.985, 1.015, spec.seed, 91);
  }
  step(at: Date): Reading {
    const t = at.getTime();
    const weather = weatherAt(this.spec.site, t);
    return {
      ts: t,
      values: {
        irradiance: round(weather.poa * this.gain, 1),
        temp_amb: round(weather.tempAmb + 0.2 * valueNoise(this.spec.seed, t, 10 * MINUTE), 1),
        temp_module: round(weather.tempModule, 1),
        wind: round(weather.wind, 2),
        humidity: round(weather.humidity, 1),
      },
    };
  }
}

class GatewayModel implements DeviceModel {
  private readonly baseRssi: number;
  constructor(readonly spec: SimDeviceSpec) {
    // Gateways of one site share the same mast and cabinet, so the site sets most of the signal level.
    this.baseRssi = -58 - 25 * unit(hashString(spec.site.key), 92) + between(-3, 3, spec.seed, 93);
  }
  step(at: Date): Reading {
    const t = at.getTime();
    const hour = localTime(this.spec.site.timeZone, t).hour;
    const working = hour >= 8 && hour < 20 ? 1 : 0;
    const spike = unit(this.spec.seed, Math.floor(t / (5 * MINUTE)), 94) < 0.03 ? 35 : 0;
    return {
      ts: t,
      values: {
        rssi: round(clamp(this.baseRssi + 4 * valueNoise(this.spec.seed, t, 3 * MINUTE), -110, -40), 0),
        cpu: round(clamp(9 + 8 * working + 6 * valueNoise(this.spec.seed + 1, t, 2 * MINUTE) + spike, 1, 100), 1),
      },
    };
  }
}

export const createEnvSensor = (spec: SimDeviceSpec): DeviceModel => new EnvSensorModel(spec);
export const createGateway = (spec: SimDeviceSpec): DeviceModel => new GatewayModel(spec);
