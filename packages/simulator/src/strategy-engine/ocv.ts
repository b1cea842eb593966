/**
 * Open-circuit voltage of an LFP cell by SOC: flat around 3.3 V in the middle, steep at both ends. The
 * simulator's cells report it (storage-core.ts) and the engine maps cell-voltage limits to SOC with it.
 */

// prettier-ignore
export const LFP_OCV: [soc: number, volts: number][] = [
  [0, 2.95], [5, 3.2], [10, 3.24], [20, 3.27], [30, 3.285], [40, 3.295], [50, 3.3], [60, 3.31], [70, 3.325],
  [80, 3.335], [90, 3.35], [95, 3.38], [100, 3.45],
];

/** Cell voltage at a SOC (%), interpolated linearly; SOC outside 0..100 is clamped. */
export function voltageAtSoc(soc: number, curve: [number, number][] = LFP_OCV): number {
  const s = Math.min(100, Math.max(0, soc));
  for (let i = 1; i < curve.length; i++) {
    const [s1, v1] = curve[i]!;
    if (s <= s1) {
      const [s0, v0] = curve[i - 1]!;
      return v0 + ((v1 - v0) * (s - s0)) / (s1 - s0);
    }
  }
  return curve[curve.length - 1]![1];
}

/** The SOC (%) at which the cell reaches a voltage: the inverse of voltageAtSoc, clamped to the curve's ends. */
export function socAtVoltage(volts: number, curve: [number, number][] = LFP_OCV): number {
  const first = curve[0]!;
  const last = curve[curve.length - 1]!;
  if (volts <= first[1]) return first[0];
  if (volts >= last[1]) return last[0];
  for (let i = 1; i < curve.length; i++) {
    const [s1, v1] = curve[i]!;
    if (volts <= v1) {
      const [s0, v0] = curve[i - 1]!;
      return s0 + ((s1 - s0) * (volts - v0)) / (v1 - v0);
    }
  }
  return last[0];
}
