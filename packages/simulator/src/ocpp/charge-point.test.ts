import { describe, expect, it } from 'vitest';
import { planSessions, sessionEnergyAt, sessionPowerAt, type PlannedSession } from './charge-point.js';

const H = 3_600_000;

describe('a simulated charging session', () => {
  // 40 kWh at 20 kW: the flat 80 % (32,000 Wh) takes 1.6 h at 20 kW; the taper's 8,000 Wh at 10 kW on
  // average takes 0.8 h; so it ends 2.4 h after the start.
  const s: PlannedSession = { connectorId: 1, start: 0, end: 2.4 * H, powerKw: 20, energyWh: 40_000, idTag: 'T' };

  it('delivers its energy along a flat then linearly tapering power curve (hand calculation)', () => {
    expect(sessionEnergyAt(s, 0)).toBe(0);
    expect(sessionEnergyAt(s, 1 * H)).toBe(20_000); // 20 kW x 1 h
    expect(sessionEnergyAt(s, 1.6 * H)).toBe(32_000); // end of the flat part
    // halfway through the taper (x = 0.5): 32,000 + 8,000 x (2 x 0.5 - 0.25) = 38,000 Wh, at 10 kW
    expect(sessionEnergyAt(s, 2.0 * H)).toBe(38_000);
    expect(sessionPowerAt(s, 2.0 * H)).toBeCloseTo(10, 9);
    expect(sessionEnergyAt(s, 2.4 * H)).toBe(40_000);
    expect(sessionEnergyAt(s, 5 * H)).toBe(40_000);
  });

  it('plans the same sessions for the same seed, one at a time per gun, within the window and the gun rating', () => {
    const from = Date.parse('2026-11-01T00:00:00Z');
    const to = from + 7 * 24 * H;
    const a = planSessions(42, 1, 60, 'Asia/Shanghai', from, to);
    expect(planSessions(42, 1, 60, 'Asia/Shanghai', from, to)).toEqual(a);
    expect(a.length).toBeGreaterThan(5);
    for (let i = 0; i < a.length; i++) {
      const x = a[i]!;
      expect(x.start).toBeGreaterThanOrEqual(from);
      expect(x.start).toBeLessThan(to);
      expect(x.powerKw).toBeLessThanOrEqual(60);
      expect(x.energyWh).toBeGreaterThanOrEqual(8_000);
      expect(x.energyWh).toBeLessThanOrEqual(60_000);
      if (i > 0) expect(x.start).toBeGreaterThan(a[i - 1]!.end);
    }
  });
});
