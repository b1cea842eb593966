import type { pv as contract } from '@energy/contracts';

// The loss waterfall from the theoretical yield to the energy on grid (docs/pv-analytics.md, "Loss
// waterfall"). Each step is the difference of two levels, so theoretical − Σ measured steps = on grid
// exactly; a step the data cannot measure is named with why, with no energy.

/** The inverters' side of the chain, or why it cannot be measured. */
export type InverterChain = { why: string } | { downtimeWh: number; eDcWh: number; eAcWh: number };

export interface LossInput {
  /** P_STC, kWp. */
  kwp: number;
  /** H_POA, Wh/m²; over the quarters with G ≥ the minimum irradiance; and temperature-corrected over those quarters. */
  h: number;
  hAbove: number;
  xAbove: number;
  /** The station's generation (generation meters, else inverters), Wh. */
  onGridWh: number;
  chain: InverterChain;
  /** A generation meter measures after the inverters (else the station's energy is the inverters'). */
  meterAfterInverters: boolean;
}

const NO_CLIPPING = 'needs each inverter’s DC power above its AC rating per quarter hour: included in the inverter step';
const NO_LIMIT = 'needs the grid operator’s curtailment set-points or the export limit’s log, which no device reports';

export function lossWaterfall(a: LossInput): { theoreticalWh: number; onGridWh: number; steps: contract.PerformanceLossStep[] } {
  const l0 = Math.round(a.kwp * a.h);
  const l1 = Math.round(a.kwp * a.hAbove);
  const l2 = Math.round(a.kwp * a.xAbove);
  const step = (key: contract.LossStepKey, lossWh: number | null, why: string | null = null): contract.PerformanceLossStep => ({
    key,
    lossWh,
    measured: lossWh !== null,
    why,
  });
  const steps = [step('irradiance', l0 - l1), step('temperature', l1 - l2)];
  const chain = a.chain;
  if ('why' in chain) {
    steps.push(
      step('downtime', null, chain.why),
      step('dc-mismatch', null, chain.why),
      step('inverter', null, chain.why),
      step('clipping', null, NO_CLIPPING),
      step('ac', null, chain.why),
      step('grid-limitation', null, NO_LIMIT),
      step('unseparated', l2 - a.onGridWh, 'the losses after the temperature step, not separated'),
    );
  } else {
    const l3 = l2 - chain.downtimeWh;
    steps.push(
      step('downtime', chain.downtimeWh),
      step('dc-mismatch', l3 - chain.eDcWh, 'string mismatch and dispersion, soiling, DC cabling'),
    );
    if (a.meterAfterInverters) {
      steps.push(step('inverter', chain.eDcWh - chain.eAcWh), step('clipping', null, NO_CLIPPING), step('ac', chain.eAcWh - a.onGridWh));
    } else {
      steps.push(
        step('inverter', chain.eDcWh - a.onGridWh),
        step('clipping', null, NO_CLIPPING),
        step('ac', null, 'no generation meter after the inverters: the station’s energy is the inverters’'),
      );
    }
    steps.push(step('grid-limitation', null, NO_LIMIT));
  }
  return { theoreticalWh: l0, onGridWh: a.onGridWh, steps };
}
