import { between, clamp, hashInts, hashString, round, unit, valueNoise } from '../random.js';
import { weatherAt } from '../weather.js';
import type { DeviceModel, InverterFault, ModelOptions, Reading, SimDeviceSpec } from '../types.js';
import { Clock, PHASE_VOLTAGE, ageYears, siteMembers, startCounter } from './common.js';

/**
 * PV inverters and their strings. Output follows the site's plane-of-array irradiance (sun position and
 * clouds from weather.ts) and module temperature. An inverter whose strings are known (same site and
 * unit) reports their sum as DC power, so string and inverter charts agree.
 */

const MODULE_KWP = 0.55;
const MODULE_VMP = 41.5;
const MODULE_IMP = 13.25;
const MINUTE = 60_000;

/**
 * What the modules lose before the inverter against the plane-of-array irradiance a clean weather-station
 * sensor measures (docs/pv.md): soiling 3 %, reflection at low sun angles 3 %, mismatch 1.5 %, DC cabling
 * 1.5 %, light-induced and age degradation 2.5 %: 0.97 × 0.97 × 0.985 × 0.985 × 0.975 = 0.890. With the
 * modules' temperature and the inverter's efficiency a healthy array's performance ratio is 0.80-0.86.
 */
export const DC_LOSS = 0.97 * 0.97 * 0.985 * 0.985 * 0.975;

/** At most this many modules in series (about 1100 V at MPP, under a 1500 V system limit); more run in parallel. */
const MAX_SERIES = 26;

export interface StringTraits {
  modules: number;
  series: number;
  /** Constant deviation of this string's current from nominal (module tolerance, wiring), ±2.5 %. */
  dispersion: number;
  /** 1, or 0.8..0.9 for the occasional soiled or shaded string (about one in twelve); a configured weak string's factor. */
  weakness: number;
  /** From when `weakness` applies (epoch ms): -Infinity unless a configured weak string says so. */
  weakSince: number;
  /** From when the string gives no current (epoch ms): Infinity unless configured dead. */
  deadSince: number;
}

export function stringTraits(spec: SimDeviceSpec): StringTraits {
  const kwp = spec.ratingKw ?? 20 * MODULE_KWP;
  const modules = Math.max(1, Math.round(kwp / MODULE_KWP));
  const fault = spec.stringFault;
  if (fault?.kind === 'weak' && !(fault.factor >= 0 && fault.factor <= 1))
    throw new Error(`a weak string's factor is between 0 and 1, not ${fault.factor}`);
  return {
    modules,
    series: Math.min(modules, MAX_SERIES),
    dispersion: between(-0.025, 0.025, spec.seed, 1),
    weakness: fault?.kind === 'weak' ? fault.factor : unit(spec.seed, 2) < 0.08 ? between(0.8, 0.9, spec.seed, 3) : 1,
    weakSince: fault?.kind === 'weak' ? (fault.since ?? -Infinity) : -Infinity,
    deadSince: fault?.kind === 'dead' ? fault.since : Infinity,
  };
}

/**
 * A string's output at t: a pure function, so an inverter can add up its strings without their objects.
 * A dead string reports the voltage of its MPPT input (its neighbours hold it) and no current.
 */
export function stringOutput(spec: SimDeviceSpec, traits: StringTraits, t: number): { v: number; i: number; p: number } {
  const weather = weatherAt(spec.site, t);
  const irradiance = weather.poa;
  if (irradiance < 2) return { v: 0, i: 0, p: 0 };
  const cellDelta = weather.tempModule - 25;
  const voltageShape = clamp(1 + 0.045 * Math.log(irradiance / 1000), 0.6, 1.05);
  const v = traits.series * MODULE_VMP * (1 - 0.0035 * cellDelta) * voltageShape;
  if (t >= traits.deadSince) return { v, i: 0, p: 0 };
  const i =
    MODULE_IMP *
    (traits.modules / traits.series) *
    (irradiance / 1000) *
    DC_LOSS *
    (1 + traits.dispersion) *
    (t >= traits.weakSince ? traits.weakness : 1) *
    (1 + 0.0005 * cellDelta) *
    (1 + 0.004 * valueNoise(spec.seed, t, 2 * MINUTE));
  return { v, i, p: (v * i) / 1000 };
}

class PvStringModel implements DeviceModel {
  private readonly traits: StringTraits;
  constructor(readonly spec: SimDeviceSpec) {
    this.traits = stringTraits(spec);
  }
  step(at: Date): Reading {
    const t = at.getTime();
    const out = stringOutput(this.spec, this.traits, t);
    return { ts: t, values: { v: round(out.v, 1), i: round(out.i, 3), p: round(out.p, 3) } };
  }
}

/** Inverter efficiency by load fraction: poor at a trickle, about 98 % from a quarter load up. */
const efficiency = (loadFraction: number): number => 0.982 - 0.04 * Math.exp(-loadFraction / 0.06);

/** DC power of `kwp` of healthy modules not simulated string by string, kW. */
function arrayDcPower(site: SimDeviceSpec['site'], seed: number, kwp: number, t: number): number {
  const weather = weatherAt(site, t);
  if (weather.poa < 2) return 0;
  // what a healthy string gives per kWp (stringOutput): its voltage's and current's temperature coefficients, weak light
  const cellDelta = weather.tempModule - 25;
  const voltageShape = clamp(1 + 0.045 * Math.log(weather.poa / 1000), 0.6, 1.05);
  const perKwp = (weather.poa / 1000) * DC_LOSS * (1 - 0.0035 * cellDelta) * (1 + 0.0005 * cellDelta) * voltageShape;
  return kwp * perKwp * (1 + 0.004 * valueNoise(seed, t, 2 * MINUTE));
}

/** What an inverter of `rating` kW makes of `pDc`: nothing below 0.5 % of its rating, its efficiency, clipping at its rating. */
function convert(pDc: number, rating: number): { pAc: number; pDc: number } {
  if (pDc < 0.005 * rating) return { pAc: 0, pDc };
  const pAc = pDc * efficiency(pDc / rating);
  // Clipping: the inverter leaves the maximum power point and draws only what it can deliver.
  return pAc > rating ? { pAc: rating, pDc: rating / efficiency(1) } : { pAc, pDc };
}

/** At most this many strings on one inverter (a 330 kW string inverter has 32 inputs). */
const MAX_STRINGS = 40;

/**
 * The strings an inverter converts: those of its unit (their devices), then, up to `stringCount` in all,
 * strings of its own made from its seed (20 modules, ±2.5 % tolerance, the occasional weak one), so an
 * inverter without string devices still converts an array of its own under the site's weather.
 */
function inverterStrings(spec: SimDeviceSpec, options: ModelOptions | undefined): SimDeviceSpec[] {
  const count = spec.stringCount;
  if (count !== undefined && !(Number.isInteger(count) && count >= 0 && count <= MAX_STRINGS))
    throw new Error(`an inverter's stringCount is a whole number from 0 to ${MAX_STRINGS}, not ${count}`);
  // Strings belong to the inverter of their unit; without units, to the site's only inverter.
  const linked = spec.unit !== undefined || siteMembers(spec, options, 'pv-inverter', true).length === 1;
  const measured = linked ? siteMembers(spec, options, 'pv-string', true) : [];
  const own = Array.from({ length: Math.max(0, (count ?? 0) - measured.length) }, (_, k): SimDeviceSpec => ({
    typeKey: 'pv-string',
    username: `${spec.username}/S${measured.length + k + 1}`,
    password: '',
    seed: hashInts(spec.seed, 7001, k),
    site: spec.site,
    ratingKw: 20 * MODULE_KWP,
    unit: spec.unit,
  }));
  return [...measured, ...own];
}

function checkFault(fault: InverterFault | undefined): InverterFault | undefined {
  if (fault?.kind === 'efficiency' && !(fault.loss >= 0 && fault.loss <= 0.2))
    throw new Error(`an inverter's efficiency loss is between 0 and 0.2, not ${fault.loss}`);
  if (fault?.kind === 'overheat' && !(fault.riseFactor >= 1 && fault.riseFactor <= 5 && fault.limitC >= 30 && fault.limitC <= 90))
    throw new Error(
      `an overheating inverter warms 1 to 5 times as much up to a limit of 30 to 90 °C, not ${fault.riseFactor} and ${fault.limitC}`,
    );
  if (fault?.kind === 'trip' && !(fault.from < fault.to)) throw new Error(`an inverter trips from a time before it is reset`);
  return fault;
}

/** The enclosure's rise above the air: 8 °C idle, 22 °C more at full load (× a fault's factor). */
const enclosureRise = (load: number, factor: number): number => factor * (8 + 22 * load);

interface Output {
  pAc: number;
  pDc: number;
  tripped: boolean;
}
/**
 * Each inverter's latest output, per set of site devices (the models made together share that array, so
 * the same strings): the generation meter steps its copies of the inverters at the times they step.
 */
const outputs = new WeakMap<SimDeviceSpec[], Map<string, { t: number; out: Output }>>();

class PvInverterModel implements DeviceModel {
  private readonly clock: Clock;
  private readonly rating: number;
  private readonly strings: { spec: SimDeviceSpec; traits: StringTraits }[];
  private readonly fault: InverterFault | undefined;
  private readonly siteDevices: SimDeviceSpec[] | undefined;
  /** DC capacity: its strings' modules, else 1.1-1.2 × its rating. */
  readonly kwp: number;
  private eTotal: number;
  private tempInner: number | undefined;
  constructor(
    readonly spec: SimDeviceSpec,
    start: number,
    options?: ModelOptions,
  ) {
    this.clock = new Clock(start);
    this.rating = spec.ratingKw ?? 100;
    this.fault = checkFault(spec.inverterFault);
    this.siteDevices = options?.siteDevices;
    this.strings = inverterStrings(spec, options).map((member) => ({ spec: member, traits: stringTraits(member) }));
    this.kwp = this.strings.length
      ? this.strings.reduce((sum, member) => sum + member.traits.modules * MODULE_KWP, 0)
      : this.rating * between(1.1, 1.2, spec.seed, 4);
    this.eTotal = startCounter(spec, options, 'e_total', this.kwp * between(1000, 1200, spec.seed, 5) * ageYears(spec.seed, start));
  }

  private dcPower(t: number): number {
    if (this.strings.length) return this.strings.reduce((sum, member) => sum + stringOutput(member.spec, member.traits, t).p, 0);
    return arrayDcPower(this.spec.site, this.spec.seed, this.kwp, t);
  }

  /**
   * AC and DC power at t with the inverter's fault, and whether it is tripped: a pure function of the spec
   * and t, remembered for the station's generation meter, which steps a copy of every inverter at the same t.
   */
  private output(t: number, tempAmb: number): Output {
    const site = this.siteDevices;
    if (!site) return this.compute(t, tempAmb);
    let last = outputs.get(site);
    if (!last) outputs.set(site, (last = new Map()));
    const hit = last.get(this.spec.username);
    if (hit?.t === t) return hit.out;
    const out = this.compute(t, tempAmb);
    last.set(this.spec.username, { t, out });
    return out;
  }

  private compute(t: number, tempAmb: number): Output {
    const fault = this.fault;
    if (fault?.kind === 'trip' && t >= fault.from && t < fault.to) return { pAc: 0, pDc: 0, tripped: true };
    let { pAc, pDc } = convert(this.dcPower(t), this.rating);
    if (fault?.kind === 'efficiency') pAc *= 1 - fault.loss;
    if (fault?.kind === 'overheat') {
      // over-temperature derating: at most the AC power at which the enclosure settles at its limit; the
      // inverter leaves the maximum power point and draws only what it delivers
      const allowed = this.rating * clamp(((fault.limitC - tempAmb) / fault.riseFactor - 8) / 22, 0, 1);
      if (pAc > allowed) {
        pDc *= allowed / pAc;
        pAc = allowed;
      }
    }
    return { pAc, pDc, tripped: false };
  }

  step(at: Date): Reading {
    const t = at.getTime();
    const dt = this.clock.advance(t);
    const weather = weatherAt(this.spec.site, t);
    const { pAc, pDc, tripped } = this.output(t, weather.tempAmb);
    this.eTotal += pAc * dt;
    const target = weather.tempAmb + enclosureRise(pAc / this.rating, this.fault?.kind === 'overheat' ? this.fault.riseFactor : 1);
    // The enclosure warms and cools with a time constant of about 20 minutes.
    this.tempInner = this.tempInner === undefined ? target : target + (this.tempInner - target) * Math.exp(-dt * 3);
    const vAc = PHASE_VOLTAGE * (1 + 0.012 * valueNoise(this.spec.seed + 1, t, 20 * MINUTE)) + 1.5 * (pAc / this.rating);
    return {
      ts: t,
      values: {
        p_ac: round(pAc),
        p_dc: round(pDc),
        v_ac: round(vAc, 1),
        i_ac: round((pAc * 1000) / (3 * vAc), 2),
        freq: round(50 + 0.03 * valueNoise(hashString('grid-frequency'), t, MINUTE), 3),
        temp_inner: round(this.tempInner, 1),
        e_total: round(this.eTotal),
        status: tripped ? 2 : pAc > 0 ? 1 : 0,
      },
    };
  }
}

/** AC cables and the step-up transformer between the inverters and a station's generation meter. */
const AC_LOSS = 0.01;
/** The transformer's no-load loss and the inverters' standby, drawn day and night, per kWp of the station. */
const AUXILIARY_KW_PER_KWP = 0.0015;
/** DC/AC ratio of the inverters of a station's capacity that is not simulated inverter by inverter. */
const DC_AC_RATIO = 1.1;

/**
 * A PV station's generation meter (`pv-meter`) on its grid connection point: the AC output of all its
 * inverters, less 1 % in the AC cables and the step-up transformer; the transformer's no-load loss and the
 * inverters' standby (0.15 % of the capacity) are drawn from the grid day and night. `ratingKw` is the
 * station's kWp: the site's simulated inverters (with their strings and their faults) are rebuilt from
 * their specs, and the rest of the capacity runs as healthy arrays behind inverters at a DC/AC ratio of 1.1.
 */
class PvMeterModel implements DeviceModel {
  private readonly clock: Clock;
  private readonly inverters: PvInverterModel[];
  private readonly restKwp: number;
  private readonly kwp: number;
  private eExp: number;
  private eImp: number;
  constructor(
    readonly spec: SimDeviceSpec,
    start: number,
    options?: ModelOptions,
  ) {
    this.clock = new Clock(start);
    this.inverters = siteMembers(spec, options, 'pv-inverter', false).map((member) => new PvInverterModel(member, start, options));
    const simulated = this.inverters.reduce((sum, model) => sum + model.kwp, 0);
    this.kwp = Math.max(spec.ratingKw ?? simulated, simulated);
    this.restKwp = this.kwp - simulated;
    const age = ageYears(spec.seed, start);
    this.eExp = startCounter(spec, options, 'e_exp', this.kwp * between(1000, 1150, spec.seed, 6) * age);
    this.eImp = startCounter(spec, options, 'e_imp', this.kwp * AUXILIARY_KW_PER_KWP * 8760 * 0.6 * age);
  }
  step(at: Date): Reading {
    const t = at.getTime();
    const dt = this.clock.advance(t);
    let ac = this.inverters.reduce((sum, model) => sum + model.step(at).values.p_ac!, 0);
    // (a rest under 1 Wp is the float remainder of a station whose inverters are all simulated)
    if (this.restKwp > 0.001) ac += convert(arrayDcPower(this.spec.site, this.spec.seed, this.restKwp, t), this.restKwp / DC_AC_RATIO).pAc;
    const p = ac * (1 - AC_LOSS) - this.kwp * AUXILIARY_KW_PER_KWP;
    this.eExp += Math.max(0, p) * dt;
    this.eImp += Math.max(0, -p) * dt;
    return { ts: t, values: { p: round(p), e_exp: round(this.eExp), e_imp: round(this.eImp) } };
  }
}

export const createPvInverter = (spec: SimDeviceSpec, start: number, options?: ModelOptions): DeviceModel =>
  new PvInverterModel(spec, start, options);
export const createPvMeter = (spec: SimDeviceSpec, start: number, options?: ModelOptions): DeviceModel =>
  new PvMeterModel(spec, start, options);
export const createPvString = (spec: SimDeviceSpec): DeviceModel => new PvStringModel(spec);
