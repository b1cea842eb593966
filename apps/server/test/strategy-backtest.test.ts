import { ErrorCode, strategy } from '@energy/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, signIn, type Session, type TestApp } from './helpers.js';

/**
 * The backtest preview (docs/strategies.md): a past day of the Wuxi demo station written through the
 * ingest with a known shape (300 kW all day, 800 kW from 10:00 to 11:00, the PCS discharging 100 kW from
 * 14:00 to 15:00 while the grid meter reads 200 kW), run through the engine with a demand-control card.
 */

const API = '/api/v2/energy-storage-strategy';
const HOUR = 3_600_000;
const STEP = 5 * 60_000;

/** Yesterday in Asia/Shanghai (UTC+8, no daylight saving) and its local midnight. */
function yesterday(): { date: string; midnight: number } {
  const localNow = Date.now() + 8 * HOUR;
  const day = new Date(Math.floor(localNow / (24 * HOUR)) * 24 * HOUR - 24 * HOUR);
  const date = day.toISOString().slice(0, 10);
  return { date, midnight: day.getTime() - 8 * HOUR };
}

/** CB: charge 100 kW 00-08, then discharge by demand control toward 500 kW (at most 250 kW) until 24, emptying at 23:00. */
function demandControl(bsaId: number): strategy.StrategyWire {
  const form = strategy.newStrategyForm(2, 'strategy');
  form.name = 'Demand-500';
  form.bsaId = bsaId;
  form.dod = [10, 90];
  form.sections = [
    strategy.sampleSection(strategy.SectionType.CHARGE, [0, 8], { pcsPower: 100, chargingLoadProtect: false }),
    strategy.sampleSection(strategy.SectionType.DISCHARGE, [8, 24], {
      pcsPower: 250,
      dischargeStrategy: strategy.DischargeStrategy.BY_DEMAND,
      targetDemand: 500,
      pi: { kp: 0.5, ki: 0.1 },
      emptyStrategy: strategy.EmptyStrategy.DEFINITE_TIME,
      emptyTime: '23:00',
    }),
  ];
  expect(strategy.validateStrategyForm(form)).toEqual([]);
  return strategy.formToWire(form);
}

describe.each(DB_KINDS)('strategy backtest on %s', (dbKind) => {
  let t: TestApp;
  let alice: Session;
  let wx: { id: number; pcs: { deviceId: number }[]; meters: { deviceId: number; role: string }[] };
  const day = yesterday();

  beforeAll(async () => {
    t = await createTestApp(dbKind);
    alice = await signIn(t, 'alice');
    wx = ((await alice.post('/api/v2/bsa/list')).body.data as (typeof wx & { code: string })[]).find((s) => s.code === 'WX-01-BSA-01')!;
    const grid = wx.meters.find((m) => m.role === 'grid')!.deviceId;
    const pcs = wx.pcs[0]!.deviceId;
    const readings = [];
    for (let ts = day.midnight; ts < day.midnight + 24 * HOUR; ts += STEP) {
      const hour = (ts - day.midnight) / HOUR;
      const discharging = hour >= 14 && hour < 15;
      readings.push({ deviceId: grid, ts: new Date(ts), values: { p: hour >= 10 && hour < 11 ? 800 : discharging ? 200 : 300 } });
      readings.push({ deviceId: pcs, ts: new Date(ts), values: { p: discharging ? 100 : 0, soc: 60 } });
    }
    const written = await t.ingest.writeReadings(readings);
    expect(written.rejected).toBe(0);
  });
  afterAll(() => t?.close());

  it('runs the engine on the recorded day: the peak falls below the one without the battery, the figures add up', async () => {
    const res = await alice.post(`${API}/backtest`, { bsaId: wx.id, date: day.date, strategy: demandControl(wx.id) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const r = res.body.data;
    expect(r).toMatchObject({ bsaId: wx.id, date: day.date, timeZone: 'Asia/Shanghai', currency: 'CNY', stepMinutes: 15, coverage: 1 });
    expect(r.strategy).toEqual({ id: null, name: 'Demand-500', revision: null, version: 2 });
    expect(r.station).toEqual({ ratedPowerKw: 250, capacityKwh: 500, initialSocPct: 60, transformerKva: null });
    expect(r.points).toHaveLength(96);
    const at = (time: string) => r.points.find((p: { time: string }) => p.time === time);
    // the site load before the battery is the grid meter plus the PCS
    expect(at('03:00')).toMatchObject({ loadKw: 300, gridBeforeKw: 300, price: 0.3 });
    expect(at('10:15')).toMatchObject({ loadKw: 800, gridBeforeKw: 800, price: 1.05 });
    expect(at('14:30')).toMatchObject({ loadKw: 300, gridBeforeKw: 300 });
    // charging in the night at the card's power, discharging in the peak toward the demand target
    expect(at('01:00').batteryKw).toBe(-100);
    expect(at('10:30').batteryKw).toBeGreaterThan(200);
    expect(at('10:30').gridAfterKw).toBeLessThan(600);
    expect(at('16:00').batteryKw).toBe(0);

    const f = r.figures;
    expect(f.peakDemandBeforeKw).toBe(800);
    expect(f.peakDemandAfterKw).toBeLessThan(f.peakDemandBeforeKw);
    expect(f.peakDemandAfterKw).toBeGreaterThanOrEqual(500);
    // the figures are the points added up
    const sum = (pick: (p: { batteryKw: number; gridBeforeKw: number; gridAfterKw: number; price: number }) => number) =>
      r.points.reduce((acc: number, p: Parameters<typeof pick>[0]) => acc + pick(p), 0);
    expect(f.chargedKwh).toBeCloseTo(
      sum((p) => Math.max(0, -p.batteryKw) * 0.25),
      0,
    );
    expect(f.dischargedKwh).toBeCloseTo(
      sum((p) => Math.max(0, p.batteryKw) * 0.25),
      0,
    );
    expect(f.costBefore).toBeCloseTo(
      sum((p) => Math.max(0, p.gridBeforeKw) * 0.25 * p.price),
      1,
    );
    expect(f.costAfter).toBeCloseTo(
      sum((p) => Math.max(0, p.gridAfterKw) * 0.25 * p.price),
      1,
    );
    expect(f.saving).toBeCloseTo(f.costBefore - f.costAfter, 1);
    expect(f.finalSocPct).toBe(r.points[95].socPct);
    for (const p of r.points) expect(p.gridAfterKw).toBeCloseTo(p.gridBeforeKw - p.batteryKw, 1);
    // energy through the battery: it cannot give more than it took plus what it held above the floor
    expect(f.dischargedKwh).toBeLessThanOrEqual(f.chargedKwh + (60 - 10) * 5);
  });

  it('runs a saved strategy the same way as its body', async () => {
    const saved = (await alice.post(`${API}/insert`, demandControl(wx.id))).body.data;
    const byId = (await alice.post(`${API}/backtest`, { bsaId: wx.id, date: day.date, id: saved.id })).body.data;
    const byBody = (await alice.post(`${API}/backtest`, { bsaId: wx.id, date: day.date, strategy: demandControl(wx.id) })).body.data;
    expect(byId.strategy).toEqual({ id: saved.id, name: 'Demand-500', revision: 1, version: 2 });
    expect(byId.figures).toEqual(byBody.figures);
  });

  it('refuses today, the future, a day without data, an invalid body and both or neither of id and body', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
    const wire = demandControl(wx.id);
    const onToday = await alice.post(`${API}/backtest`, { bsaId: wx.id, date: today, strategy: wire });
    expect(onToday.body).toMatchObject({
      code: ErrorCode.VALIDATION,
      msg: expect.stringMatching(/^body\.date: must be a day before today/),
    });
    expect((await alice.post(`${API}/backtest`, { bsaId: wx.id, date: '2099-01-01', strategy: wire })).status).toBe(400);
    const empty = await alice.post(`${API}/backtest`, { bsaId: wx.id, date: '2021-06-01', strategy: wire });
    expect(empty.body.msg).toBe('body.date: Wuxi plant storage has no grid meter readings on 2021-06-01');
    const invalid = await alice.post(`${API}/backtest`, { bsaId: wx.id, date: day.date, strategy: { ...wire, sections: [] } });
    expect(invalid.body.msg).toBe('body.strategy.sections: please add a card');
    expect((await alice.post(`${API}/backtest`, { bsaId: wx.id, date: day.date })).body.msg).toBe('id: give either id or strategy');
  });
});
