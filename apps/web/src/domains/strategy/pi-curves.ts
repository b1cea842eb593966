// The step responses drawn in the PI configuration reference dialog (spec 002 section 2). Computed, not
// pictures: a first-order plant (gain 1, time constant 1 s) whose output the controller reads 0.2 s late
// (the FCS measures the grid point over a delayed link), under a PI controller, after the target steps
// from 0 to 1. The delay is what makes too large a P or I swing or diverge, as on a real site.

export interface PiGains {
  kp: number;
  ki: number;
}

export interface PiCurve extends PiGains {
  /** Output every `SAMPLE_S` seconds from 0 to `duration`. */
  points: number[];
}

const PLANT_TAU_S = 1;
const PLANT_GAIN = 1;
const MEASUREMENT_DELAY_S = 0.2;
const STEP_S = 0.005;
export const SAMPLE_S = 0.05;

/** The plant's output after a unit step of the target, sampled every `SAMPLE_S` seconds over `duration` s. */
export function piStepResponse({ kp, ki }: PiGains, duration: number): number[] {
  const delaySteps = Math.round(MEASUREMENT_DELAY_S / STEP_S);
  const sampleEvery = Math.round(SAMPLE_S / STEP_S);
  const history: number[] = Array.from({ length: delaySteps + 1 }, () => 0);
  let y = 0;
  let integral = 0;
  const out: number[] = [0];
  const steps = Math.round(duration / STEP_S);
  for (let n = 1; n <= steps; n++) {
    const measured = history[0]!;
    const error = 1 - measured;
    integral += error * STEP_S;
    const u = kp * error + ki * integral;
    y += (STEP_S * (PLANT_GAIN * u - y)) / PLANT_TAU_S;
    history.shift();
    history.push(y);
    if (n % sampleEvery === 0) out.push(y);
  }
  return out;
}

export interface PiFigure {
  /** 1..4, the caption's key. */
  id: 1 | 2 | 3 | 4;
  duration: number;
  curves: PiCurve[];
}

/** The four figures: each compares two gain settings (the first drawn dashed). */
export const PI_FIGURES: readonly { id: PiFigure['id']; duration: number; gains: [PiGains, PiGains] }[] = [
  // (1) P fixed: a larger I reaches the target earlier
  {
    id: 1,
    duration: 8,
    gains: [
      { kp: 0.5, ki: 0.4 },
      { kp: 0.5, ki: 1.2 },
    ],
  },
  // (2) I fixed: a moderate P settles, a large P (beyond the loop's ultimate gain) diverges
  {
    id: 2,
    duration: 6,
    gains: [
      { kp: 2, ki: 1 },
      { kp: 9.5, ki: 1 },
    ],
  },
  // (3) P fixed: without I the output stays short of the target; with I the error shrinks
  {
    id: 3,
    duration: 8,
    gains: [
      { kp: 1, ki: 0 },
      { kp: 1, ki: 0.8 },
    ],
  },
  // (4) P fixed: a large I overshoots and oscillates
  {
    id: 4,
    duration: 8,
    gains: [
      { kp: 1, ki: 1 },
      { kp: 1, ki: 6 },
    ],
  },
];

export function piFigures(): PiFigure[] {
  return PI_FIGURES.map((f) => ({
    id: f.id,
    duration: f.duration,
    curves: f.gains.map((g) => ({ ...g, points: piStepResponse(g, f.duration) })),
  }));
}
