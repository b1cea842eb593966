import { between, hashInts, round, unit } from '../random.js';
import { localTime } from '../local-time.js';
import type { DeviceModel, ModelOptions, Reading, SimDeviceSpec } from '../types.js';
import { ageYears, startCounter } from './common.js';

/**
 * A charging pile with one gun. Cars arrive at random (a Poisson process drawn per hour from the seed,
 * busier in working hours and on weekdays); a car arriving while the gun is busy goes elsewhere. A
 * session plugs in, charges at the lower of the pile's and the car's limit, tapers over its last 20 %,
 * stays parked a while, then unplugs. Energy comes from the session's closed-form curve, so e_total
 * is exact whatever the step.
 */

const HOUR = 3_600_000;
const MINUTE = 60_000;

interface Session {
  arrival: number;
  chargeStart: number;
  taperStart: number;
  chargeEnd: number;
  unplug: number;
  /** kW before the taper. */
  power: number;
  /** kWh the car takes in all. */
  energy: number;
}

class ChargingPileModel implements DeviceModel {
  private readonly rating: number;
  private readonly busyness: number;
  private session: Session | undefined;
  /** Energy of sessions already finished. */
  private delivered: number;
  constructor(
    readonly spec: SimDeviceSpec,
    start: number,
    options?: ModelOptions,
  ) {
    this.rating = spec.ratingKw ?? 60;
    this.busyness = between(0.7, 1.3, spec.seed, 80);
    this.delivered = startCounter(spec, options, 'e_total', this.rating * 2.5 * 365 * ageYears(spec.seed, start));
    // Chain the sessions of the hours before start (their energy is in the estimate) so one may be under way.
    let session = this.nextSession(start - 6 * HOUR);
    while (session && session.unplug <= start) session = this.nextSession(session.unplug);
    this.session = session;
    if (session && session.arrival < start) this.delivered -= Math.min(this.delivered, this.energyAt(session, start));
  }

  /** Mean arrivals per hour by local time. */
  private arrivalRate(t: number): number {
    const local = localTime(this.spec.site.timeZone, t);
    const h = local.hour;
    const base = h >= 7 && h < 9 ? 0.5 : h >= 9 && h < 18 ? 0.45 : h >= 18 && h < 22 ? 0.3 : 0.06;
    const weekend = local.weekday === 0 || local.weekday === 6 ? 0.5 : 1;
    return base * weekend * this.busyness;
  }

  private arrivalsInHour(hourIndex: number): number[] {
    const rate = this.arrivalRate(hourIndex * HOUR + HOUR / 2);
    // Poisson count by inverting the CDF with one hashed uniform.
    const u = unit(this.spec.seed, hourIndex, 81);
    let count = 0;
    let term = Math.exp(-rate);
    let cdf = term;
    while (u > cdf && count < 10) {
      count++;
      term *= rate / count;
      cdf += term;
    }
    const times: number[] = [];
    for (let k = 0; k < count; k++) times.push(hourIndex * HOUR + Math.floor(unit(this.spec.seed, hourIndex, 82 + k) * HOUR));
    return times.sort((a, b) => a - b);
  }

  private nextSession(after: number): Session | undefined {
    const first = Math.floor(after / HOUR);
    for (let hourIndex = first; hourIndex < first + 24 * 14; hourIndex++) {
      const arrival = this.arrivalsInHour(hourIndex).find((time) => time > after);
      if (arrival === undefined) continue;
      const draw = hashInts(this.spec.seed, arrival);
      const fast = this.rating >= 30;
      const energy = between(fast ? 15 : 5, fast ? 60 : 25, draw, 1);
      const power = Math.min(this.rating, this.rating * between(0.6, 1.05, draw, 2));
      const chargeStart = arrival + between(1, 3, draw, 3) * MINUTE;
      const taperStart = chargeStart + ((0.8 * energy) / power) * HOUR;
      const chargeEnd = taperStart + ((0.2 * energy) / (0.65 * power)) * HOUR;
      const unplug = chargeEnd + between(2, 25, draw, 4) * MINUTE;
      return { arrival, chargeStart, taperStart, chargeEnd, unplug, power, energy };
    }
    return undefined;
  }

  private powerAt(session: Session, t: number): number {
    if (t < session.chargeStart || t >= session.chargeEnd) return 0;
    if (t < session.taperStart) return session.power;
    const fraction = (t - session.taperStart) / (session.chargeEnd - session.taperStart);
    return session.power * (1 - 0.7 * fraction);
  }

  private energyAt(session: Session, t: number): number {
    if (t <= session.chargeStart) return 0;
    if (t >= session.chargeEnd) return session.energy;
    if (t < session.taperStart) return (session.power * (t - session.chargeStart)) / HOUR;
    const x = (t - session.taperStart) / HOUR;
    const taperHours = (session.chargeEnd - session.taperStart) / HOUR;
    return 0.8 * session.energy + session.power * (x - (0.35 * x * x) / taperHours);
  }

  step(at: Date): Reading {
    const t = at.getTime();
    while (this.session && t >= this.session.unplug) {
      this.delivered += this.session.energy;
      this.session = this.nextSession(this.session.unplug);
    }
    const session = this.session && t >= this.session.arrival ? this.session : undefined;
    const sessionEnergy = session ? this.energyAt(session, t) : 0;
    const p = session ? this.powerAt(session, t) : 0;
    return {
      ts: t,
      values: {
        p: round(p),
        e_total: round(this.delivered + sessionEnergy),
        session_energy: round(sessionEnergy),
        gun_state: !session ? 0 : p > 0 ? 2 : 1,
      },
    };
  }
}

export const createChargingPile = (spec: SimDeviceSpec, start: number, options?: ModelOptions): DeviceModel =>
  new ChargingPileModel(spec, start, options);
