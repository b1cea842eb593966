import { describe, expect, it } from 'vitest';
import { priceChargingSession, type PriceVersion } from '../src/domains/charging/pricing.js';

// Prices in ten-thousandths per kWh: valley 0.30 00:00-08:00, flat 0.65 08:00-24:00; service 0.4567.
const V1: PriceVersion = {
  effectiveFrom: '2026-01-01',
  currency: 'CNY',
  bands: [
    { startMin: 0, endMin: 480, kind: 'valley', price: 3000 },
    { startMin: 480, endMin: 1440, kind: 'flat', price: 6500 },
  ],
  serviceFee: 4567,
};
// Shanghai is UTC+8: local 07:50 on 2026-11-20 is 2026-11-19T23:50Z.
const at = (iso: string) => Date.parse(iso);

describe('the price of a charging session', () => {
  it('shares an interval across a band boundary in proportion to time, in whole Wh (hand calculation)', () => {
    // 07:50-08:10 local, 0 -> 1,200 Wh with no reading in between: 600 Wh before 08:00 (valley), 600 after (flat).
    const p = priceChargingSession(
      [
        { ts: at('2026-11-19T23:50:00Z'), wh: 0 },
        { ts: at('2026-11-20T00:10:00Z'), wh: 1_200 },
      ],
      [V1],
      'Asia/Shanghai',
    )!;
    // energy fee: 600 x 3,000 / 1,000 = 1,800; 600 x 6,500 / 1,000 = 3,900; 5,700 (0.57)
    // service: 600 x 4,567 / 1,000 = 2,740.2 -> 2,740, twice: 5,480; total 11,180 = 1.1180 -> 1.12
    expect(p).toEqual({
      bands: [
        { kind: 'valley', price: 3000, energyWh: 600, fee: 1800 },
        { kind: 'flat', price: 6500, energyWh: 600, fee: 3900 },
      ],
      energyWh: 1_200,
      energyFee: 5_700,
      serviceFee: 5_480,
      costCents: 112,
      currency: 'CNY',
    });
  });

  it('takes the version in force on each local date, rounds half up, counts no energy for a falling register', () => {
    const v2: PriceVersion = { ...V1, effectiveFrom: '2026-11-21', serviceFee: 0 };
    // 23:45-24:00 local on the 20th: 1,001 Wh flat under V1; 00:00-00:15 on the 21st: 999 Wh valley under V2;
    // then the register falls (a meter replaced): no energy.
    const p = priceChargingSession(
      [
        { ts: at('2026-11-20T15:45:00Z'), wh: 10_000 },
        { ts: at('2026-11-20T16:00:00Z'), wh: 11_001 },
        { ts: at('2026-11-20T16:15:00Z'), wh: 12_000 },
        { ts: at('2026-11-20T16:20:00Z'), wh: 5 },
      ],
      [v2, V1],
      'Asia/Shanghai',
    )!;
    // flat 1,001 x 6,500 / 1,000 = 6,506.5 -> 6,507 (half up); valley 999 x 3,000 / 1,000 = 2,997; 9,504
    // service: 1,001 x 4,567 / 1,000 = 4,571.567 -> 4,572 under V1; 0 under V2; total 14,076 = 1.4076 -> 1.41
    expect(p.bands).toEqual([
      { kind: 'flat', price: 6500, energyWh: 1_001, fee: 6_507 },
      { kind: 'valley', price: 3000, energyWh: 999, fee: 2_997 },
    ]);
    expect([p.energyWh, p.energyFee, p.serviceFee, p.costCents]).toEqual([2_000, 9_504, 4_572, 141]);
  });

  it('leaves a session unpriced when energy falls before every version', () => {
    expect(
      priceChargingSession(
        [
          { ts: at('2025-12-31T10:00:00Z'), wh: 0 },
          { ts: at('2025-12-31T10:15:00Z'), wh: 100 },
        ],
        [V1],
        'Asia/Shanghai',
      ),
    ).toBeNull();
  });
});
