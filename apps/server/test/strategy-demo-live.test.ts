import { strategy } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/sql.js';
import { DEMO_OPERATION_PASSWORD } from '../src/seed/demo.js';
import { startDemoLive, type DemoLive } from '../src/seed/demo-live.js';
import { createTestApp, signIn, type Session, type TestApp } from './helpers.js';

/**
 * The live demo (`npm start`) with strategies: the stations' simulated FCS take a delivery from the
 * platform, the station runs it, and after a restart the executing strategy is put back in force from
 * the database (PGlite only, like demo-live.test.ts).
 */

const API = '/api/v2/energy-storage-strategy';
const HOUR = 3_600_000;
const localHour = (t: number) => Math.floor((t / HOUR + 8) % 24);
/** Even local hours charge 50 kW, odd hours discharge 50 kW (see strategy-delivery.test.ts). */
const cardPower = (t: number) => (localHour(t) % 2 === 0 ? -50 : 50);

function alternating(bsaId: number): strategy.StrategyWire {
  const form = strategy.newStrategyForm(2, 'strategy');
  Object.assign(form, { name: 'Hourly-alternation', bsaId, dod: [0, 100] });
  form.sections = Array.from({ length: 24 }, (_, h) =>
    h % 2 === 0
      ? strategy.sampleSection(strategy.SectionType.CHARGE, [h, h + 1], { pcsPower: 50, chargingLoadProtect: false })
      : strategy.sampleSection(strategy.SectionType.DISCHARGE, [h, h + 1], {
          pcsPower: 50,
          dischargeStrategy: strategy.DischargeStrategy.IMMEDIATELY,
          stopDischargeLoad: 0,
          recoverDischargeLoad: 1,
        }),
  );
  return strategy.formToWire(form);
}

describe('demo stations run delivered strategies, also after a restart (pglite)', () => {
  let t: TestApp;
  let alice: Session;
  let demo: DemoLive | null = null;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    alice = await signIn(t, 'alice');
  });
  afterAll(async () => {
    await demo?.stop();
    await t?.close();
  });

  const start = () =>
    startDemoLive({
      db: t.database.system,
      ingest: t.ingest,
      registry: t.services.devices,
      mqttUrl: `mqtt://127.0.0.1:${t.ingest.mqttPort}`,
      topicPrefix: '',
      log: t.app.log,
      backfillDays: 1,
      intervalMs: 500,
    });
  const pcsReadings = async (pcsId: number, after: number) =>
    rowsOf<{ ts: string | Date; value: number }>(
      t.database.system,
      sql`select r.ts, r.value from telemetry_raw r join data_property p on p.id = r.property_id
          where r.device_id = ${pcsId} and p.key = 'p' and r.ts > ${new Date(after).toISOString()}::timestamptz order by r.ts`,
    );

  it('seeds the demo library, delivers to the Wuxi FCS, and puts the executing strategy back after a restart', async () => {
    demo = await start();
    // the demo's strategies: one per station, a field strategy and a bound template
    const library = (await alice.post(`${API}/list`)).body.data as { name: string; kind: string; executing: boolean }[];
    expect(library.map((r) => `${r.kind}:${r.name}`).sort()).toEqual([
      'fieldStrategy:Summer-peak-month',
      'strategy:Peak-shaving-standard',
      'strategy:Peak-shaving-standard',
      'template:削峰填谷模板-1',
    ]);
    expect(library.every((r) => !r.executing)).toBe(true);

    const wx = ((await alice.post('/api/v2/bsa/list')).body.data as { id: number; code: string; pcs: { deviceId: number }[] }[]).find(
      (s) => s.code === 'WX-01-BSA-01',
    )!;
    const id = (await alice.post(`${API}/insert`, alternating(wx.id))).body.data.id;
    // the demo FCS connects within the fleet's spread; deliver until it answers (a command sent before it subscribed times out)
    let result = 'pending';
    for (let attempt = 0; attempt < 5 && result !== 'accepted'; attempt++) {
      const delivery = (await alice.post(`${API}/deliver`, { id, operationPassword: DEMO_OPERATION_PASSWORD })).body.data;
      await expect
        .poll(
          async () => {
            const log = (await alice.post(`${API}/deliver/log`, { bsaId: wx.id })).body.data.list as { id: number; result: string }[];
            result = log.find((r) => r.id === delivery.id)!.result;
            return result;
          },
          { timeout: 20_000, interval: 300 },
        )
        .not.toBe('pending');
    }
    expect(result).toBe('accepted');
    const accepted = Date.now();
    await expect
      .poll(async () => (await pcsReadings(wx.pcs[0]!.deviceId, accepted + 600)).length, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(2);
    for (const r of await pcsReadings(wx.pcs[0]!.deviceId, accepted + 600))
      expect(Number(r.value)).toBe(cardPower(new Date(r.ts).getTime()));
    await demo.stop();

    // restart: the platform says the strategy executes, the restarted station runs it again
    const restarted = Date.now();
    demo = await start();
    expect(demo.devices).toBeGreaterThan(28);
    await expect
      .poll(async () => (await pcsReadings(wx.pcs[0]!.deviceId, restarted)).length, { timeout: 15_000 })
      .toBeGreaterThanOrEqual(2);
    for (const r of await pcsReadings(wx.pcs[0]!.deviceId, restarted)) expect(Number(r.value)).toBe(cardPower(new Date(r.ts).getTime()));
    // the library is not seeded twice
    expect((await alice.post(`${API}/list`)).body.data).toHaveLength(5);
  }, 90_000);
});
