import type { AddressInfo } from 'node:net';
import { charging } from '@energy/contracts';
import { SimulatedChargePoint } from '@energy/simulator';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/sql.js';
import { writeDemoChargingHistory } from '../src/seed/demo-charging.js';
import { DEMO_OPERATION_PASSWORD } from '../src/seed/demo.js';
import { createTestApp, DB_KINDS, signIn, type Session, type TestApp } from './helpers.js';

describe.each(DB_KINDS)('the charging demo on %s', (kind) => {
  let t: TestApp;
  let alice: Session;
  let dave: Session;
  let written = 0;
  let ms = 0;
  const NOW = Date.parse('2026-11-25T12:00:00Z');

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { alarmHistory: false });
    alice = await signIn(t, 'alice');
    dave = await signIn(t, 'dave');
    const began = performance.now();
    written = await writeDemoChargingHistory(t.database.system, NOW);
    ms = performance.now() - began;
  });
  afterAll(() => t?.close());

  it('gives each demo tenant a station with 6-12 piles and 30 days of priced sessions, each seeing only its own', async () => {
    console.info(`charging demo history on ${kind}: ${written} sessions in ${Math.round(ms)} ms`);
    expect(written).toBeGreaterThan(500);
    for (const [who, code] of [
      [alice, 'SZ-01-CS-01'],
      [dave, 'SH-01-CS-01'],
    ] as const) {
      const stations = (await who.call(charging.stationList, {})).body.data!;
      expect(stations.map((s) => s.code)).toEqual([code]);
      expect(stations[0]!.pileCount).toBeGreaterThanOrEqual(6);
      expect(stations[0]!.pileCount).toBeLessThanOrEqual(12);
      const page = (await who.call(charging.sessionPage, { pageSize: 100, pageOffset: 1 })).body.data!;
      expect(page.totalCount).toBeGreaterThan(200);
      for (const s of page.list) {
        expect(s.stationId).toBe(stations[0]!.id);
        expect(Date.parse(s.startedAt)).toBeGreaterThanOrEqual(NOW - 30 * 86_400_000);
        // every figure adds up: energy by band, fees in ten-thousandths, the cost to the cent
        expect(s.bands.reduce((a, b) => a + b.energyWh, 0)).toBe(s.energyWh);
        const fee = Math.round(s.energyFee! * 10_000);
        expect(s.bands.reduce((a, b) => a + Math.round(b.energyFee * 10_000), 0)).toBe(fee);
        const e4 = fee + Math.round(s.serviceFee! * 10_000);
        expect(Math.round(s.cost! * 100)).toBe(Math.floor(e4 / 100) + (e4 % 100 >= 50 ? 1 : 0));
      }
    }
    // the home card's figures: the same sessions summed independently (finished, started in the last 30 days)
    const [expected] = await rowsOf<{ n: number; wh: string; cents: string }>(
      t.database.system,
      sql`select count(*)::int as n, sum(meter_stop_wh - meter_start_wh) as wh, sum(cost_cents) as cents
          from charging_session s join charging_station st on st.id = s.station_id
          where st.code = 'SZ-01-CS-01' and s.started_at >= now() - interval '30 days' and s.stopped_at is not null`,
    );
    const card = (await alice.call(charging.dashboardCharging, {})).body.data!;
    expect(card).toMatchObject({ stations: 1, piles: 8, pilesOnline: 0, guns: { Unavailable: 16 }, currency: 'CNY' });
    expect(card.sessions30d).toBe(Number(expected!.n));
    expect(card.energyWh30d).toBe(Number(expected!.wh));
    expect(Math.round(card.revenue30d * 100)).toBe(Number(expected!.cents));
    // written once: a second run adds nothing
    expect(await writeDemoChargingHistory(t.database.system, NOW)).toBe(0);
  });

  it('runs a simulated charge point over OCPP: a remote start shows the gun charging, a remote stop ends the session', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/ocpp`;
    const pile = (await alice.call(charging.pilePage, { pageSize: 20, pageOffset: 1, name: 'SZ-CP-01' })).body.data!.list[0]!;
    const { password } = (await alice.call(charging.pileCredentialsIssue, { id: pile.id })).body.data!;
    const cp = new SimulatedChargePoint({
      url,
      identity: pile.ocppIdentity,
      password,
      guns: [120, 120],
      seed: 1,
      timeZone: 'Asia/Shanghai',
      meterIntervalSeconds: 10,
    });
    await cp.start();
    try {
      await expect.poll(async () => (await alice.call(charging.pileDetail, { id: pile.id })).body.data!.online).toBe(true);
      const send = (command: Parameters<typeof alice.call<typeof charging.pileCommand>>[1]['command']) =>
        alice.call(charging.pileCommand, { pileId: pile.id, operationPassword: DEMO_OPERATION_PASSWORD, command });
      expect((await send({ action: 'ChangeConfiguration', key: 'ClockAlignedDataInterval', value: '900' })).body.data!.status).toBe(
        'Accepted',
      );
      expect((await send({ action: 'RemoteStartTransaction', connectorId: 2, idTag: 'APP-7' })).body.data!.status).toBe('Accepted');
      await expect.poll(async () => (await alice.call(charging.pileDetail, { id: pile.id })).body.data!.guns[1]!.status).toBe('Charging');
      const transactionId = (await alice.call(charging.pileDetail, { id: pile.id })).body.data!.guns[1]!.transactionId!;
      expect((await send({ action: 'RemoteStopTransaction', transactionId })).body.data!.status).toBe('Accepted');
      await expect.poll(async () => (await alice.call(charging.pileDetail, { id: pile.id })).body.data!.guns[1]!.status).toBe('Available');
      const [row] = await rowsOf<{ stopped: boolean; reason: string; id_tag: string }>(
        t.database.system,
        sql`select stopped_at is not null as stopped, stop_reason as reason, id_tag from charging_session where id = ${transactionId}`,
      );
      expect(row).toEqual({ stopped: true, reason: 'Remote', id_tag: 'APP-7' });
      expect(cp.sent).toBeGreaterThan(8);
    } finally {
      await cp.stop();
    }
  });
});
