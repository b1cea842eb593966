import type { DeviceModel, ModelOptions, SimDeviceSpec } from '../types.js';
import { siteMembers } from './common.js';
import { loadShare, powerFactorOf, shiftPatternOf, type ShiftPattern } from './load-profile.js';

/**
 * What one grid meter of a site sees apart from storage: the feeders' load (or a load profile of its own
 * when the site has no feeders) with 1.5 % transformer and auxiliary losses, the charging piles, and PV.
 * The grid meter subtracts the storage's power from it; a storage unit running a strategy reads it as the
 * site's load. It rebuilds those devices from their specs, which are deterministic, so it agrees with what
 * they report themselves.
 */

export type Factory = (spec: SimDeviceSpec, start: number, options?: ModelOptions) => DeviceModel;

export interface Balance {
  /** Feeders' (or own profile's) active and reactive load, before losses, kW and kvar. */
  load: number;
  loadQ: number;
  /** Charging piles, kW. */
  piles: number;
  /** PV AC output, kW. */
  pv: number;
}

const reactive = (p: number, pf: number): number => p * Math.tan(Math.acos(pf));

export class SiteBalance {
  private readonly feeders: DeviceModel[];
  private readonly generators: DeviceModel[];
  private readonly piles: DeviceModel[];
  /** This meter's part of the site: two incomers at one site split its balance rather than each claiming all of it. */
  readonly share: number;
  readonly ownPeak: number;
  private readonly pattern: ShiftPattern;
  constructor(
    readonly spec: SimDeviceSpec,
    start: number,
    options: ModelOptions | undefined,
    create: Factory,
  ) {
    const shadow = (typeKey: string) =>
      siteMembers(spec, options, typeKey, false)
        .filter((member) => !member.feedsStation)
        .map((member) => create(member, start, options));
    this.feeders = shadow('feeder-meter');
    // the inverters on the site's own board; those feeding a PV station's connection point are not behind this meter
    this.generators = shadow('pv-inverter');
    this.piles = shadow('charging-pile');
    this.share = 1 / Math.max(1, siteMembers(spec, options, 'grid-meter', false).length);
    this.ownPeak = spec.ratingKw ?? 800;
    this.pattern = shiftPatternOf(spec.seed);
  }

  get hasFeeders(): boolean {
    return this.feeders.length > 0;
  }

  at(at: Date): Balance {
    let load: number;
    let loadQ: number;
    if (this.feeders.length) {
      load = 0;
      loadQ = 0;
      for (const feeder of this.feeders) {
        const { p, pf } = feeder.step(at).values;
        load += p!;
        loadQ += reactive(p!, pf!);
      }
    } else {
      const share = loadShare(this.spec.site, this.spec.seed, this.pattern, at.getTime());
      load = this.ownPeak * share;
      loadQ = reactive(load, powerFactorOf(this.spec.seed, share));
    }
    const sum = (models: DeviceModel[], key: string) => models.reduce((acc, model) => acc + model.step(at).values[key]!, 0);
    return { load, loadQ, piles: sum(this.piles, 'p'), pv: sum(this.generators, 'p_ac') };
  }
}

/** Grid import of a meter's part of the site without storage, kW: what the grid meter reports plus the storage's power. */
export const importWithoutStorage = (balance: Balance, share: number): number =>
  (balance.load * 1.015 + balance.piles - balance.pv) * share;
