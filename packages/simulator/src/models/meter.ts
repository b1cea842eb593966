import { round, valueNoise } from '../random.js';
import type { DeviceModel, ModelOptions, Reading, SimDeviceSpec } from '../types.js';
import { Clock, PHASE_VOLTAGE, ageYears, siteMembers, startCounter } from './common.js';
import { loadShare, powerFactorOf, shiftPatternOf, type ShiftPattern } from './load-profile.js';
import { SiteBalance, type Factory } from './site-balance.js';

/**
 * Feeder and grid-connection meters. A feeder meters one industrial load. The grid meter balances its
 * site: the feeders' load (or a load profile of its own when it has none) plus charging piles, minus PV
 * and storage discharge (site-balance.ts, shared with storage units running a strategy); it rebuilds those
 * devices from their specs, which are deterministic, so it agrees with what they report themselves.
 */

const MINUTE = 60_000;
const phaseVoltage = (seed: number, t: number, share: number): number =>
  PHASE_VOLTAGE * (1 + 0.012 * valueNoise(seed + 31, t, 15 * MINUTE)) - 2 * share;

class FeederMeterModel implements DeviceModel {
  private readonly clock: Clock;
  private readonly peak: number;
  private readonly pattern: ShiftPattern;
  private eImp: number;
  constructor(
    readonly spec: SimDeviceSpec,
    start: number,
    options?: ModelOptions,
  ) {
    this.clock = new Clock(start);
    this.peak = spec.ratingKw ?? 200;
    this.pattern = shiftPatternOf(spec.seed);
    this.eImp = startCounter(spec, options, 'e_imp', this.peak * 0.5 * 8760 * ageYears(spec.seed, start));
  }
  step(at: Date): Reading {
    const t = at.getTime();
    const dt = this.clock.advance(t);
    const share = loadShare(this.spec.site, this.spec.seed, this.pattern, t);
    const p = this.peak * share;
    const pf = powerFactorOf(this.spec.seed, share);
    const v = phaseVoltage(this.spec.seed, t, share);
    this.eImp += p * dt;
    return {
      ts: t,
      values: { p: round(p), pf: round(pf, 3), v_a: round(v, 1), i_a: round((p * 1000) / (3 * v * pf), 2), e_imp: round(this.eImp) },
    };
  }
}

class GridMeterModel implements DeviceModel {
  private readonly clock: Clock;
  private readonly balance: SiteBalance;
  private readonly storage: DeviceModel[];
  private eImp: number;
  private eExp: number;
  constructor(
    readonly spec: SimDeviceSpec,
    start: number,
    options: ModelOptions | undefined,
    create: Factory,
  ) {
    this.clock = new Clock(start);
    this.balance = new SiteBalance(spec, start, options, create);
    this.storage = siteMembers(spec, options, 'bsa-pcs', false).map((member) => create(member, start, options));
    const feederPeak = siteMembers(spec, options, 'feeder-meter', false).reduce((sum, member) => sum + (member.ratingKw ?? 200), 0);
    const peak = this.balance.hasFeeders ? feederPeak * this.balance.share : this.balance.ownPeak;
    const pvRating = siteMembers(spec, options, 'pv-inverter', false)
      .filter((member) => !member.feedsStation)
      .reduce((sum, member) => sum + (member.ratingKw ?? 100), 0);
    const age = ageYears(spec.seed, start);
    this.eImp = startCounter(spec, options, 'e_imp', peak * 0.45 * 8760 * age);
    this.eExp = startCounter(spec, options, 'e_exp', pvRating * 60 * age);
  }
  step(at: Date): Reading {
    const t = at.getTime();
    const dt = this.clock.advance(t);
    const { load, loadQ, piles, pv } = this.balance.at(at);
    // A storage unit running a strategy reads the same balance (site-balance.ts), so this p is load − PV − battery.
    const storage = this.storage.reduce((acc, model) => acc + model.step(at).values.p!, 0);
    // Transformer and auxiliary losses add about 1.5 % to what the feeders meter.
    const p = (load * 1.015 + piles - pv - storage) * this.balance.share;
    const q = loadQ * this.balance.share;
    const apparent = Math.hypot(p, q);
    const v = phaseVoltage(this.spec.seed, t, Math.max(0, p) / Math.max(1, this.balance.ownPeak));
    this.eImp += Math.max(0, p) * dt;
    this.eExp += Math.max(0, -p) * dt;
    return {
      ts: t,
      values: {
        p: round(p),
        q: round(q),
        pf: round(apparent > 0 ? Math.abs(p) / apparent : 1, 3),
        v_a: round(v, 1),
        i_a: round((apparent * 1000) / (3 * v), 2),
        e_imp: round(this.eImp),
        e_exp: round(this.eExp),
      },
    };
  }
}

export const createFeederMeter = (spec: SimDeviceSpec, start: number, options?: ModelOptions): DeviceModel =>
  new FeederMeterModel(spec, start, options);
export const createGridMeter = (spec: SimDeviceSpec, start: number, options: ModelOptions | undefined, create: Factory): DeviceModel =>
  new GridMeterModel(spec, start, options, create);
