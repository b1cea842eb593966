import { describe, expect, it } from 'vitest';
import { piFigures, piStepResponse, SAMPLE_S } from './pi-curves';

const at = (points: number[], s: number) => points[Math.round(s / SAMPLE_S)]!;
/** First time the response stays within 5 % of the target. */
function settling(points: number[]): number {
  for (let i = points.length - 1; i >= 0; i--) if (Math.abs(points[i]! - 1) > 0.05) return (i + 1) * SAMPLE_S;
  return 0;
}
const figure = (id: number) => piFigures().find((f) => f.id === id)!;

describe('PI reference curves (first-order plant, 0.2 s measurement delay)', () => {
  it('starts at 0 and a moderate PI reaches the target', () => {
    const y = piStepResponse({ kp: 1, ki: 1 }, 8);
    expect(y[0]).toBe(0);
    expect(y).toHaveLength(8 / SAMPLE_S + 1);
    expect(Math.abs(y.at(-1)! - 1)).toBeLessThan(0.01);
  });

  it('(1) raising I with the same P converges earlier', () => {
    const [low, high] = figure(1).curves;
    expect(low!.kp).toBe(high!.kp);
    expect(high!.ki).toBeGreaterThan(low!.ki);
    expect(settling(high!.points)).toBeLessThan(settling(low!.points));
  });

  it('(2) too large a P is unstable: the oscillation grows', () => {
    const [ok, big] = figure(2).curves;
    expect(Math.abs(ok!.points.at(-1)! - 1)).toBeLessThan(0.05);
    const swing = (p: number[], from: number, to: number) =>
      Math.max(...p.slice(from / SAMPLE_S, to / SAMPLE_S).map((v) => Math.abs(v - 1)));
    expect(swing(big!.points, 4, 6)).toBeGreaterThan(swing(big!.points, 0, 2));
    expect(swing(big!.points, 4, 6)).toBeGreaterThan(2);
  });

  it('(3) without I a steady-state error stays; with I it shrinks', () => {
    const [pOnly, withI] = figure(3).curves;
    expect(pOnly!.ki).toBe(0);
    expect(at(pOnly!.points, 8)).toBeCloseTo(0.5, 2); // 1 / (1 + kp K)
    expect(Math.abs(1 - at(withI!.points, 8))).toBeLessThan(0.02);
  });

  it('(4) too large an I overshoots and oscillates', () => {
    const [ok, big] = figure(4).curves;
    expect(Math.max(...ok!.points)).toBeLessThan(1.05);
    expect(Math.max(...big!.points)).toBeGreaterThan(1.5);
    const crossings = big!.points.slice(1).filter((v, i) => (v - 1) * (big!.points[i]! - 1) < 0).length;
    expect(crossings).toBeGreaterThanOrEqual(4);
  });
});
