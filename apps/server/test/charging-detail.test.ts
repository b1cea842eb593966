import type { AddressInfo } from 'node:net';
import { charging, ErrorCode } from '@energy/contracts';
import { RPCClient } from 'ocpp-rpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, demoIds, signIn, type Session, type TestApp } from './helpers.js';

// The pile detail page's and the stations page's calls (docs/charging.md, "Energy per day"): the pile's
// detail and `charging/statistics/daily`, checked by hand on sessions sent over real OCPP 1.6J frames.
// Tenant Sunrise is in Asia/Shanghai (UTC+8). Prices: valley 00:00-08:00 at 0.30, flat 08:00-24:00 at 0.65,
// service fee 0.4567 per kWh.
const BANDS = [
  { start: '00:00', end: '08:00', kind: 'valley' as const, price: 0.3 },
  { start: '08:00', end: '24:00', kind: 'flat' as const, price: 0.65 },
];

type ClientOptions = ConstructorParameters<typeof RPCClient>[0];
const client = (options: Partial<ClientOptions>) => new RPCClient(options as unknown as ClientOptions);
const reading = (connectorId: number, transactionId: number, timestamp: string, wh: number) => ({
  connectorId,
  transactionId,
  meterValue: [{ timestamp, sampledValue: [{ value: String(wh), measurand: 'Energy.Active.Import.Register', unit: 'Wh' }] }],
});

describe.each(DB_KINDS)('charging pile detail and energy per day on %s', (kind) => {
  let t: TestApp;
  let alice: Session;
  let dave: Session;
  let url: string;
  let stationId: number;
  let pile1: number;
  let pile2: number;
  const clients: RPCClient[] = [];
  const tx: Record<'A' | 'B' | 'C' | 'D', number> = { A: 0, B: 0, C: 0, D: 0 };

  const connect = async (identity: string, password: string) => {
    const cli = client({ endpoint: url, identity, protocols: ['ocpp1.6'], password, strictMode: false, reconnect: false });
    clients.push(cli);
    await cli.connect();
    await cli.call('BootNotification', { chargePointVendor: 'ACME', chargePointModel: 'DC120', firmwareVersion: '2.0.1' });
    return cli;
  };
  const newPile = async (code: string) => {
    const created = await alice.call(charging.pileCreate, {
      stationId,
      code,
      name: `Pile ${code}`,
      vendor: 'ACME',
      model: 'DC120',
      serialNumber: `SN-${code}`,
      ratedPowerKw: 120,
      currentType: 'DC',
      ocppIdentity: code,
      guns: [
        { type: 'GBT_DC', ratedPowerKw: 120 },
        { type: 'GBT_DC', ratedPowerKw: 60 },
      ],
    });
    expect(created.status).toBe(200);
    const id = created.body.data!.id;
    return { id, password: (await alice.call(charging.pileCredentialsIssue, { id })).body.data!.password };
  };
  const start = async (cp: RPCClient, connectorId: number, meterStart: number, timestamp: string) =>
    ((await cp.call('StartTransaction', { connectorId, idTag: 'CARD-D', meterStart, timestamp })) as { transactionId: number })
      .transactionId;

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { alarmHistory: false });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/ocpp`;
    alice = await signIn(t, 'alice');
    dave = await signIn(t, 'dave');
    const ids = await demoIds(t);
    const station = await alice.call(charging.stationCreate, { code: 'CD-CS-01', name: 'Detail station', ouId: ids.ouId['SZ-01']! });
    expect(station.status).toBe(200);
    stationId = station.body.data!.id;
    const cost = await alice.call(charging.costInfoEdit, {
      stationId,
      effectiveFrom: '2026-01-01',
      currency: 'CNY',
      bands: BANDS,
      serviceFeePerKwh: 0.4567,
    });
    expect(cost.status).toBe(200);
    const p1 = await newPile('CD-CP-01');
    const p2 = await newPile('CD-CP-02');
    pile1 = p1.id;
    pile2 = p2.id;
    const cp1 = await connect('CD-CP-01', p1.password);
    const cp2 = await connect('CD-CP-02', p2.password);

    // A, pile 1 gun 1, across local midnight: 2026-11-20 23:30 -> 2026-11-21 00:20 Shanghai, no reading at midnight
    tx.A = await start(cp1, 1, 1_000_000, '2026-11-20T15:30:00.000Z');
    await cp1.call('MeterValues', reading(1, tx.A, '2026-11-20T15:45:00.000Z', 1_005_123)); // 23:45
    await cp1.call('MeterValues', reading(1, tx.A, '2026-11-20T16:15:00.000Z', 1_015_000)); // 00:15
    await cp1.call('StopTransaction', { transactionId: tx.A, meterStop: 1_016_789, timestamp: '2026-11-20T16:20:00.000Z' });
    // B, pile 1 gun 2: 2026-11-21 10:00 -> 10:30, 500 -> 3,500 (10:15) -> 7,000 Wh
    tx.B = await start(cp1, 2, 500, '2026-11-21T02:00:00.000Z');
    await cp1.call('MeterValues', reading(2, tx.B, '2026-11-21T02:15:00.000Z', 3_500));
    await cp1.call('StopTransaction', { transactionId: tx.B, meterStop: 7_000, timestamp: '2026-11-21T02:30:00.000Z' });
    // D, pile 2 gun 1, before the 3-day window: 2026-11-19 12:00 -> 13:00, 1,000 Wh
    tx.D = await start(cp2, 1, 0, '2026-11-19T04:00:00.000Z');
    await cp2.call('StopTransaction', { transactionId: tx.D, meterStop: 1_000, timestamp: '2026-11-19T05:00:00.000Z' });
    // C, pile 2 gun 1, still charging: 2026-11-22 09:00 from 0, 2,000 Wh at 09:15
    tx.C = await start(cp2, 1, 0, '2026-11-22T01:00:00.000Z');
    await cp2.call('MeterValues', reading(1, tx.C, '2026-11-22T01:15:00.000Z', 2_000));
  });
  afterAll(async () => {
    for (const c of clients) await c.close({ force: true }).catch(() => {});
    await t?.close();
  });

  it("prices the midnight session as the days split it: each piece on its local day's band", async () => {
    // A's readings 23:30 1,000,000; 23:45 1,005,123; 00:15 1,015,000; 00:20 1,016,789. The interval 23:45 -> 00:15
    // (9,877 Wh in 30 min) is cut at midnight: round(9,877 x 15 / 30) = round(4,938.5) = 4,939 Wh before, 4,938 after.
    // Day 20 (flat): 5,123 + 4,939 = 10,062 Wh; day 21 (valley): 4,938 + 1,789 = 6,727 Wh.
    // energy fee: 10,062 x 0.65 = 6.5403, 6,727 x 0.30 = 2.0181; service: 10,062 x 0.4567 = 4.5953 (4.59531...),
    // 6,727 x 0.4567 = 3.0722 (3.07221...); 6.5403 + 2.0181 + 4.5953 + 3.0722 = 16.2259 -> cost 16.23
    const a = (await alice.call(charging.sessionPage, { pageSize: 10, pageOffset: 1, pileId: pile1 })).body.data!.list.find(
      (s) => s.transactionId === tx.A,
    )!;
    expect(a.bands.map((b) => [b.kind, b.energyWh])).toEqual([
      ['flat', 10_062],
      ['valley', 6_727],
    ]);
    expect(a.cost).toBe(16.23);
  });

  it("answers a station's energy and revenue per local day, by hand to the Wh and the cent", async () => {
    const r = await alice.call(charging.dailyStatistics, { stationId, to: '2026-11-22', days: 3 });
    expect(r.status).toBe(200);
    // Revenue is the sessions' costs in whole cents shared by energy: A's 1,623 cents, up to day 20
    // round(1,623 x 10,062 / 16,789) = round(972.70) = 973 cents (9.73), day 21 the rest, 650 (6.50).
    // B: 6,500 Wh flat: 6,500 x 0.65 = 4.2250 + 6,500 x 0.4567 = 2.96855 -> 2.9686; 7.1936 -> 7.19, all on day 21.
    // C is still charging: its 2,000 Wh on day 22, no revenue. D (day 19) is before the window.
    expect(r.body.data).toEqual({
      stationId,
      pileId: null,
      timeZone: 'Asia/Shanghai',
      currency: 'CNY',
      days: [
        { date: '2026-11-20', sessions: 1, energyWh: 10_062, revenue10k: 97_300 },
        { date: '2026-11-21', sessions: 1, energyWh: 6_727 + 6_500, revenue10k: 65_000 + 71_900 },
        { date: '2026-11-22', sessions: 1, energyWh: 2_000, revenue10k: 0 },
      ],
      totalEnergyWh: 25_289,
      totalRevenue10k: 234_200, // 16.23 + 7.19 = 23.42: the costs charged, to the cent
    });
    // one day only: A's part after midnight and B
    const one = await alice.call(charging.dailyStatistics, { stationId, to: '2026-11-21', days: 1 });
    expect(one.body.data!.days).toEqual([{ date: '2026-11-21', sessions: 1, energyWh: 13_227, revenue10k: 136_900 }]);
    // four days take D in: 1,000 Wh flat: 0.65 + 0.4567 = 1.1067 -> 1.11
    const four = await alice.call(charging.dailyStatistics, { stationId, to: '2026-11-22', days: 4 });
    expect(four.body.data!.days[0]).toEqual({ date: '2026-11-19', sessions: 1, energyWh: 1_000, revenue10k: 11_100 });
    expect(four.body.data!.totalRevenue10k).toBe(245_300);
    // the default: 30 local days ending today, every day listed
    const recent = await alice.post(charging.dailyStatistics.path, { stationId });
    expect(recent.status).toBe(200);
    expect(recent.body.data.days).toHaveLength(30);
  });

  it("answers one pile's days: the other pile's sessions are not in them", async () => {
    const r = await alice.call(charging.dailyStatistics, { pileId: pile1, to: '2026-11-22', days: 3 });
    expect(r.body.data).toMatchObject({ stationId, pileId: pile1, totalEnergyWh: 23_289, totalRevenue10k: 234_200 });
    expect(r.body.data!.days).toEqual([
      { date: '2026-11-20', sessions: 1, energyWh: 10_062, revenue10k: 97_300 },
      { date: '2026-11-21', sessions: 1, energyWh: 13_227, revenue10k: 136_900 },
      { date: '2026-11-22', sessions: 0, energyWh: 0, revenue10k: 0 },
    ]);
    const p2 = await alice.call(charging.dailyStatistics, { pileId: pile2, to: '2026-11-22', days: 3 });
    expect(p2.body.data!.days.map((d) => d.energyWh)).toEqual([0, 0, 2_000]);
    expect(p2.body.data!.currency).toBeNull();
  });

  it("shows the pile's detail with its gun charging and the session so far", async () => {
    const r = await alice.call(charging.pileDetail, { id: pile2 });
    expect(r.body.data).toMatchObject({ code: 'CD-CP-02', online: true, firmwareVersion: '2.0.1', serialNumber: 'SN-CD-CP-02' });
    expect(r.body.data!.guns[0]!.session).toMatchObject({ transactionId: tx.C, energyWh: 2_000 });
  });

  it('checks every input and names the field, and another tenant gets 404', async () => {
    const neither = await alice.call(charging.dailyStatistics, { days: 3 });
    expect(neither.status).toBe(400);
    expect(neither.body.msg).toContain('stationId');
    const both = await alice.call(charging.dailyStatistics, { stationId, pileId: pile1, days: 3 });
    expect(both.status).toBe(400);
    expect(both.body.msg).toContain('stationId');
    const days = await alice.call(charging.dailyStatistics, { stationId, days: 93 });
    expect(days.status).toBe(400);
    expect(days.body.msg).toContain('days');
    const to = await alice.call(charging.dailyStatistics, { stationId, to: '2026-02-30', days: 3 });
    expect(to.status).toBe(400);
    expect(to.body.msg).toContain('to');
    expect((await alice.call(charging.dailyStatistics, { pileId: 2_000_000, days: 3 })).status).toBe(404);

    // dave (tenant Harbor) sees none of it, also by id
    for (const body of [
      { stationId, days: 30 },
      { pileId: pile1, days: 30 },
    ]) {
      const r = await dave.call(charging.dailyStatistics, body);
      expect(r.status).toBe(404);
      expect(r.body.code).toBe(ErrorCode.NOT_FOUND);
    }
    expect((await dave.call(charging.pileDetail, { id: pile1 })).status).toBe(404);
    const page = await dave.call(charging.sessionPage, { pageSize: 10, pageOffset: 1, pileId: pile1 });
    expect(page.body.data!.totalCount).toBe(0);
    expect(page.body.data!.list).toEqual([]);
  });
});
