import { describe, expect, it } from 'vitest';
import { createModels } from '../backfill.js';
import { PlanBook } from '../plan-book.js';
import { pcsFaultAt, type SimDeviceSpec } from '../types.js';

const site = { key: 'S', latitude: 31.3, longitude: 120.6, timeZone: 'Asia/Shanghai' };
const spec = (typeKey: string, username: string, extra: Partial<SimDeviceSpec> = {}): SimDeviceSpec => ({
  typeKey,
  username,
  password: 'x',
  seed: username.length * 7919,
  site,
  unit: 'u1',
  ...extra,
});
const T0 = Date.UTC(2026, 5, 1, 2, 0); // 10:00 local: the built-in schedule discharges
const cmd = (commandLogId: number, action: string, value: number | null = null, requestId = `r-${commandLogId}`) =>
  Buffer.from(JSON.stringify({ commandLogId, requestId, action, value, expiresAt: new Date(T0 + 3_600_000).toISOString() }));

describe('remote control of the simulated PCS and FCS', () => {
  it('stops, sets power, executes each command once and refuses in fault', () => {
    const plans = new PlanBook();
    const fault = { from: T0 + 30 * 60_000, to: T0 + 60 * 60_000, reason: 'insulation resistance low' };
    const [pcs, fcs] = createModels(
      [spec('bsa-pcs', 'pcs1', { ratingKw: 250, capacityKwh: 500, pcsFault: fault }), spec('bsa-fcs', 'fcs1')],
      new Date(T0),
      undefined,
      plans,
    );
    const at = (min: number) => T0 + min * 60_000;
    expect(pcs!.step(new Date(at(1))).values.p).not.toBe(0);

    expect(pcs!.onCommand!('remote', cmd(1, 'stop'), at(2))).toEqual({ commandLogId: 1, accepted: true });
    expect(pcs!.step(new Date(at(3))).values).toMatchObject({ p: 0, status: 0 });

    expect(pcs!.onCommand!('remote', cmd(2, 'set-power', 80), at(4))).toMatchObject({
      accepted: false,
      reason: expect.stringContaining('stopped'),
    });
    expect(pcs!.onCommand!('remote', cmd(3, 'start'), at(5))).toMatchObject({ accepted: true });
    expect(pcs!.onCommand!('remote', cmd(4, 'set-power', 80), at(6))).toMatchObject({ accepted: true });
    expect(pcs!.step(new Date(at(7))).values.p).toBe(80);
    // the same command again (a re-sent message) answers the first answer and changes nothing
    expect(pcs!.onCommand!('remote', cmd(5, 'set-power', -120), at(8))).toMatchObject({ accepted: true });
    expect(pcs!.step(new Date(at(9))).values.p).toBe(-120);
    expect(pcs!.onCommand!('remote', cmd(4, 'set-power', 80), at(10))).toEqual({ commandLogId: 4, accepted: true });
    expect(pcs!.step(new Date(at(11))).values.p).toBe(-120);
    expect(pcs!.onCommand!('remote', cmd(6, 'set-power', 300), at(12))).toMatchObject({
      accepted: false,
      reason: expect.stringContaining('250 kW'),
    });

    // an FCS stop holds its PCS at 0 kW; its start lets them run again
    expect(fcs!.onCommand!('remote', cmd(7, 'stop'), at(13))).toMatchObject({ accepted: true });
    expect(pcs!.step(new Date(at(14))).values.p).toBe(0);
    expect(fcs!.step(new Date(at(14))).values.run_state).toBe(0);
    expect(fcs!.onCommand!('remote', cmd(8, 'start'), at(15))).toMatchObject({ accepted: true });
    expect(pcs!.step(new Date(at(16))).values.p).toBe(-120);
    expect(fcs!.onCommand!('remote', cmd(9, 'mode', 1), at(17))).toMatchObject({
      accepted: false,
      reason: 'no strategy to run: deliver one first',
    });

    // in fault: 0 kW, status 3, start refused with the reason
    expect(pcs!.step(new Date(at(31))).values).toMatchObject({ p: 0, status: 3 });
    expect(pcs!.onCommand!('remote', cmd(10, 'start'), at(32))).toMatchObject({
      accepted: false,
      reason: 'PCS in fault: insulation resistance low; clear the fault on site before starting',
    });
    // past its expiry a command is refused, never executed late
    const late = Buffer.from(JSON.stringify({ commandLogId: 11, action: 'stop', expiresAt: new Date(at(1)).toISOString() }));
    expect(pcs!.onCommand!('remote', late, at(40))).toMatchObject({ accepted: false, reason: expect.stringContaining('expired') });
  });

  it('a recurring fault comes back every period', () => {
    const fault = { from: 1000, to: 1000 + 20 * 60_000, periodMs: 6 * 3_600_000, reason: 'x' };
    expect([0, 1000, 1000 + 19 * 60_000, 1000 + 21 * 60_000, 1000 + 6 * 3_600_000 + 60_000].map((t) => pcsFaultAt(fault, t))).toEqual([
      false,
      true,
      true,
      false,
      true,
    ]);
  });
});
