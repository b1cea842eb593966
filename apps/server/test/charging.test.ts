import type { AddressInfo } from 'node:net';
import { charging, ErrorCode } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import { RPCClient } from 'ocpp-rpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/sql.js';
import { DEMO_OPERATION_PASSWORD } from '../src/seed/demo.js';
import { chargingDestination } from '../src/realtime/push.js';
import { createTestApp, DB_KINDS, demoIds, signIn, type Session, type TestApp } from './helpers.js';
import { stompClient, until, wsUrlOf } from './stomp-helpers.js';

// Bands: valley 00:00-08:00 at 0.3, flat 08:00-24:00 at 0.65 per kWh; service fee 0.4567 per kWh.
const BANDS = [
  { start: '00:00', end: '08:00', kind: 'valley' as const, price: 0.3 },
  { start: '08:00', end: '24:00', kind: 'flat' as const, price: 0.65 },
];

type ClientOptions = ConstructorParameters<typeof RPCClient>[0];
/** ocpp-rpc's typings ask for every option; the client has defaults for those left out. */
const client = (options: Partial<ClientOptions>) => new RPCClient(options as unknown as ClientOptions);

describe.each(DB_KINDS)('EV charging over OCPP 1.6J on %s', (kind) => {
  let t: TestApp;
  let alice: Session;
  let dave: Session;
  let url: string;
  let stationId: number;
  let pileId: number;
  let password: string;
  const clients: RPCClient[] = [];

  /** A real OCPP 1.6J client (ocpp-rpc) over WebSocket. */
  const connect = async (identity: string, pass: string | undefined, handlers: Record<string, (p: any) => unknown> = {}) => {
    const cli = client({ endpoint: url, identity, protocols: ['ocpp1.6'], password: pass, strictMode: false, reconnect: false });
    for (const [method, fn] of Object.entries(handlers)) cli.handle(method, async ({ params }) => fn(params) as Record<string, unknown>);
    clients.push(cli);
    await cli.connect();
    return cli;
  };
  const session = async (transactionId: number) => {
    const page = await alice.call(charging.sessionPage, { pageSize: 100, pageOffset: 1, pileId });
    return page.body.data!.list.find((s) => s.transactionId === transactionId)!;
  };

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { alarmHistory: false });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/ocpp`;
    alice = await signIn(t, 'alice');
    dave = await signIn(t, 'dave');
    const ids = await demoIds(t);
    const created = await alice.call(charging.stationCreate, {
      code: 'T-CS-01',
      name: 'Test station',
      ouId: ids.ouId['SZ-01']!,
      address: '1 Test Road',
    });
    expect(created.status).toBe(200);
    stationId = created.body.data!.id;
    const pile = await alice.call(charging.pileCreate, {
      stationId,
      code: 'T-CP-01',
      name: 'Test pile 1',
      vendor: 'ACME',
      model: 'DC120',
      serialNumber: 'SN-1',
      ratedPowerKw: 120,
      currentType: 'DC',
      ocppIdentity: 'T-CP-01',
      guns: [
        { type: 'GBT_DC', ratedPowerKw: 120 },
        { type: 'GBT_DC', ratedPowerKw: 60 },
      ],
    });
    expect(pile.status).toBe(200);
    pileId = pile.body.data!.id;
    password = (await alice.call(charging.pileCredentialsIssue, { id: pileId })).body.data!.password;
    const cost = await alice.call(charging.costInfoEdit, {
      stationId,
      effectiveFrom: '2026-01-01',
      currency: 'CNY',
      bands: BANDS,
      serviceFeePerKwh: 0.4567,
    });
    expect(cost.status).toBe(200);
  });
  afterAll(async () => {
    for (const c of clients) await c.close({ force: true }).catch(() => {});
    await t?.close();
  });

  it('keeps stations, piles and guns with every input checked, in the staff tenant only', async () => {
    const detail = await alice.call(charging.pileDetail, { id: pileId });
    expect(detail.body.data).toMatchObject({ code: 'T-CP-01', currentType: 'DC', online: false, stationName: 'Test station' });
    expect(detail.body.data!.guns.map((g) => [g.number, g.ratedPowerKw])).toEqual([
      [1, 120],
      [2, 60],
    ]);
    expect(detail.body.data!.credentialsIssuedAt).not.toBeNull();

    // bad input names its field and changes nothing
    const bad = await alice.call(charging.pileCreate, {
      stationId,
      code: 'X',
      name: 'X',
      vendor: 'v',
      model: 'm',
      ratedPowerKw: 7,
      currentType: 'AC',
      ocppIdentity: 'bad id/1',
      guns: [{ type: 'Type2', ratedPowerKw: 7 }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('ocppIdentity');
    const tooStrong = await alice.call(charging.pileCreate, {
      stationId,
      code: 'X',
      name: 'X',
      vendor: 'v',
      model: 'm',
      ratedPowerKw: 7,
      currentType: 'AC',
      ocppIdentity: 'X-1',
      guns: [{ type: 'Type2', ratedPowerKw: 22 }],
    });
    expect(tooStrong.status).toBe(400);
    expect(tooStrong.body.msg).toContain('body.guns');
    const dupIdentity = await alice.call(charging.pileCreate, {
      stationId,
      code: 'T-CP-09',
      name: 'X',
      vendor: 'v',
      model: 'm',
      ratedPowerKw: 7,
      currentType: 'AC',
      ocppIdentity: 'T-CP-01',
      guns: [{ type: 'Type2', ratedPowerKw: 7 }],
    });
    expect(dupIdentity.body).toMatchObject({ code: ErrorCode.CONFLICT, msg: 'The OCPP identity T-CP-01 is already used on this platform' });
    const page = await alice.call(charging.pilePage, { pageSize: 20, pageOffset: 1, stationId });
    expect(page.body.data!.list.map((p) => p.code)).toEqual(['T-CP-01']);

    const edited = await alice.call(charging.stationEdit, { id: stationId, name: 'Test station A' });
    expect(edited.body.data!.name).toBe('Test station A');
    const disabled = await alice.call(charging.stationStatusChange, { id: stationId, status: 'disabled' });
    expect(disabled.body.data!.status).toBe('disabled');
    await alice.call(charging.stationStatusChange, { id: stationId, status: 'enabled' });
    expect((await alice.call(charging.stationDelete, { id: stationId })).body).toMatchObject({
      code: ErrorCode.CONFLICT,
      msg: 'The station has 1 pile(s): delete them first',
    });

    const weaker = await alice.call(charging.pileEdit, { id: pileId, ratedPowerKw: 100 });
    expect(weaker.status).toBe(400);
    expect(weaker.body.msg).toBe("body.ratedPowerKw: cannot be below its strongest gun's rated power (120 kW)");
    expect((await alice.call(charging.pileEdit, { id: pileId, vendor: 'ACME Power' })).body.data!.vendor).toBe('ACME Power');
    const guns = await alice.call(charging.gunPage, { pageSize: 1, pageOffset: 2, pileId });
    expect(guns.body.data).toMatchObject({ totalCount: 2, list: [{ number: 2, ratedPowerKw: 60 }] });
    expect((await dave.call(charging.gunPage, { pageSize: 20, pageOffset: 1, pileId })).body.data!.totalCount).toBe(0);
    const gun = await alice.call(charging.gunEdit, { id: detail.body.data!.guns[1]!.id, ratedPowerKw: 150 });
    expect(gun.status).toBe(400);
    expect(gun.body.msg).toContain('ratedPowerKw');

    // bad bands are refused with the field named
    const gap = await alice.call(charging.costInfoEdit, {
      stationId,
      effectiveFrom: '2026-02-01',
      currency: 'CNY',
      serviceFeePerKwh: 0.1,
      bands: [{ start: '00:00', end: '08:00', kind: 'valley', price: 0.3 }],
    });
    expect(gap.status).toBe(400);
    expect(gap.body.msg).toContain('08:00-24:00');
    const cost = await alice.call(charging.costInfoGet, { stationId });
    expect(cost.body.data!.versions).toHaveLength(1);
    expect(cost.body.data!.versions[0]).toMatchObject({ effectiveFrom: '2026-01-01', serviceFeePerKwh: 0.4567, bands: BANDS });

    // another tenant's staff sees none of it, also by id
    expect((await dave.call(charging.stationList, {})).body.data!.map((s) => s.code)).not.toContain('T-CS-01');
    const davePiles = (await dave.call(charging.pilePage, { pageSize: 100, pageOffset: 1 })).body.data!.list;
    expect(davePiles.length).toBeGreaterThan(0); // Harbor's own demo piles
    expect(davePiles.map((p) => p.id)).not.toContain(pileId);
    expect(davePiles.every((p) => p.stationId !== stationId)).toBe(true);
    expect((await dave.call(charging.stationDetail, { id: stationId })).status).toBe(404);
    expect((await dave.call(charging.pileDetail, { id: pileId })).status).toBe(404);
    expect((await dave.call(charging.costInfoGet, { stationId })).status).toBe(404);
    expect((await dave.call(charging.stationEdit, { id: stationId, name: 'x' })).status).toBe(404);
    expect((await dave.call(charging.pileCredentialsIssue, { id: pileId })).status).toBe(404);
  });

  it('refuses unknown charge points, wrong passwords and a missing subprotocol', async () => {
    await expect(connect('NOPE-1', 'whatever')).rejects.toThrow();
    await expect(connect('T-CP-01', 'wrong-password')).rejects.toThrow();
    const noProtocol = client({ endpoint: url, identity: 'T-CP-01', protocols: ['ocpp2.0.1'], password, reconnect: false });
    clients.push(noProtocol);
    await expect(noProtocol.connect()).rejects.toThrow();
  });

  it('runs a whole session split across two price bands, priced to the cent', async () => {
    const cp = await connect('T-CP-01', password);
    expect(
      await cp.call('BootNotification', { chargePointVendor: 'ACME', chargePointModel: 'DC120', firmwareVersion: '1.2.3' }),
    ).toMatchObject({ status: 'Accepted', interval: 300 });
    expect(await cp.call('Heartbeat', {})).toHaveProperty('currentTime');
    const [{ time_zone: tz }] = await rowsOf<{ time_zone: string }>(
      t.database.system,
      sql`select time_zone from tenant t join charging_station s on s.tenant_id = t.id where s.id = ${stationId}`,
    );
    expect(tz).toBe('Asia/Shanghai');
    // 2026-11-20 07:30 in Shanghai is 2026-11-19T23:30Z; valley ends at 08:00 local = 00:00Z
    const at = (hm: string) =>
      `2026-11-${hm < '08:00' ? '19' : '20'}T${hm < '08:00' ? `23:${hm.slice(3)}` : `0${Number(hm.slice(0, 2)) - 8}:${hm.slice(3)}`}:00.000Z`;
    await cp.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Preparing', timestamp: at('07:29') });
    expect(await cp.call('Authorize', { idTag: 'CARD-1' })).toEqual({ idTagInfo: { status: 'Accepted' } });
    const started = (await cp.call('StartTransaction', {
      connectorId: 1,
      idTag: 'CARD-1',
      meterStart: 1_000_000,
      timestamp: at('07:30'),
    })) as { transactionId: number };
    expect(started.transactionId).toBeGreaterThan(0);
    await cp.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Charging', timestamp: at('07:30') });
    // a late status (older timestamp) arriving after does not override
    await cp.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Preparing', timestamp: at('07:29') });
    const mv = (hm: string, wh: number, unit = 'Wh') => ({
      connectorId: 1,
      transactionId: started.transactionId,
      meterValue: [
        {
          timestamp: at(hm),
          sampledValue: [
            {
              value: unit === 'kWh' ? String(wh / 1000) : String(wh),
              measurand: 'Energy.Active.Import.Register',
              unit,
              context: 'Sample.Clock',
            },
          ],
        },
      ],
    });
    await cp.call('MeterValues', mv('07:45', 1_005_123));
    await cp.call('MeterValues', mv('08:00', 1_010_247, 'kWh'));
    await cp.call('MeterValues', mv('08:15', 1_015_000));
    const live = await alice.call(charging.pileDetail, { id: pileId });
    expect(live.body.data!.online).toBe(true);
    expect(live.body.data!.firmwareVersion).toBe('1.2.3');
    // the gun's session so far: 1,015,000 - 1,000,000 = 15,000 Wh; power between the two latest meter values,
    // 08:00 -> 08:15: (1,015,000 - 1,010,247) Wh x 3,600 s/h / 900 s = 19,012 W
    expect(live.body.data!.guns[0]).toMatchObject({
      status: 'Charging',
      transactionId: started.transactionId,
      session: {
        transactionId: started.transactionId,
        idTag: 'CARD-1',
        startedAt: at('07:30'),
        energyWh: 15_000,
        powerW: 19_012,
        lastMeterAt: at('08:15'),
      },
    });
    expect(live.body.data!.guns[1]).toMatchObject({ transactionId: null, session: null });
    expect((await session(started.transactionId)).energyWh).toBe(15_000);

    expect(
      await cp.call('StopTransaction', {
        transactionId: started.transactionId,
        meterStop: 1_016_789,
        timestamp: at('08:20'),
        reason: 'EVDisconnected',
        idTag: 'CARD-1',
      }),
    ).toEqual({
      idTagInfo: { status: 'Accepted' },
    });
    const s = await session(started.transactionId);
    // Hand calculation. Energy 1,016,789 - 1,000,000 = 16,789 Wh: valley 07:30-08:00 = 1,010,247 - 1,000,000 = 10,247 Wh,
    // flat 08:00-08:20 = 16,789 - 10,247 = 6,542 Wh.
    // Energy fee (ten-thousandths): valley 10,247 x 3,000 / 1,000 = 30,741; flat 6,542 x 6,500 / 1,000 = 42,523; sum 73,264 (7.3264).
    // Service fee: 10,247 x 4,567 / 1,000 = 46,798.049 -> 46,798; 6,542 x 4,567 / 1,000 = 29,877.314 -> 29,877; sum 76,675 (7.6675).
    // Cost: 73,264 + 76,675 = 149,939 = 14.9939 -> 14.99 to the cent.
    expect(s).toMatchObject({
      status: 'finished',
      idTag: 'CARD-1',
      meterStartWh: 1_000_000,
      meterStopWh: 1_016_789,
      energyWh: 16_789,
      durationSeconds: 50 * 60,
      stopReason: 'EVDisconnected',
      currency: 'CNY',
      energyFee: 7.3264,
      serviceFee: 7.6675,
      cost: 14.99,
    });
    expect(s.bands).toEqual([
      { kind: 'valley', price: 0.3, energyWh: 10_247, energyFee: 3.0741 },
      { kind: 'flat', price: 0.65, energyWh: 6_542, energyFee: 4.2523 },
    ]);
    const [row] = await rowsOf<{ energy_fee: string; service_fee: string; cost_cents: string }>(
      t.database.system,
      sql`select energy_fee, service_fee, cost_cents from charging_session where id = ${started.transactionId}`,
    );
    expect([Number(row!.energy_fee), Number(row!.service_fee), Number(row!.cost_cents)]).toEqual([73_264, 76_675, 1_499]);

    // the sessions page filters; the export has the row; dave sees none of it
    expect(
      (
        await alice.call(charging.sessionPage, {
          pageSize: 20,
          pageOffset: 1,
          idTag: 'CARD-1',
          from: '2026-11-19T00:00:00Z',
          to: '2026-11-21T00:00:00Z',
        })
      ).body.data!.totalCount,
    ).toBe(1);
    expect(
      (await alice.call(charging.sessionPage, { pageSize: 20, pageOffset: 1, idTag: 'CARD-1', from: '2026-11-21T00:00:00Z' })).body.data!
        .totalCount,
    ).toBe(0);
    const csv = await alice.call('GET', `/api/v2/charging/session/export?format=csv&lang=en-US&pileId=${pileId}`);
    expect(csv.status).toBe(200);
    expect(String(csv.body)).toContain('CARD-1');
    expect(String(csv.body)).toContain('14.99');
    expect(
      (await dave.call(charging.sessionPage, { pageSize: 20, pageOffset: 1 })).body.data!.list.filter((x) => x.pileId === pileId),
    ).toHaveLength(0);
    const daveCsv = await dave.call('GET', `/api/v2/charging/session/export?format=csv&pileId=${pileId}`);
    expect(String(daveCsv.body)).not.toContain('CARD-1');
    await cp.close({ force: true });
  });

  it('resumes a session after a reconnect mid-session, and a repeated StartTransaction gets the same id', async () => {
    const cp1 = await connect('T-CP-01', password);
    const start = { connectorId: 2, idTag: 'CARD-2', meterStart: 500, timestamp: '2026-11-20T02:00:00.000Z' };
    const { transactionId } = (await cp1.call('StartTransaction', start)) as { transactionId: number };
    await cp1.call('MeterValues', {
      connectorId: 2,
      transactionId,
      meterValue: [{ timestamp: '2026-11-20T02:15:00.000Z', sampledValue: [{ value: '3500' }] }],
    });
    await cp1.close({ force: true });
    await expect.poll(async () => (await alice.call(charging.pileDetail, { id: pileId })).body.data!.online).toBe(false);

    const cp2 = await connect('T-CP-01', password);
    expect(((await cp2.call('StartTransaction', start)) as { transactionId: number }).transactionId).toBe(transactionId);
    await cp2.call('MeterValues', {
      connectorId: 2,
      transactionId,
      meterValue: [{ timestamp: '2026-11-20T02:30:00.000Z', sampledValue: [{ value: '6500' }] }],
    });
    await cp2.call('StopTransaction', { transactionId, meterStop: 7_000, timestamp: '2026-11-20T02:35:00.000Z' });
    const s = await session(transactionId);
    // 02:00-02:35Z is 10:00-10:35 in Shanghai, all flat: 6,500 Wh x 6,500 / 1,000 = 42,250 (4.2250);
    // service 6,500 x 4,567 / 1,000 = 29,685.5 -> 29,686 (half up); 71,936 = 7.1936 -> 7.19
    expect(s).toMatchObject({ energyWh: 6_500, energyFee: 4.225, serviceFee: 2.9686, cost: 7.19, durationSeconds: 35 * 60 });
    await cp2.close({ force: true });
  });

  it('starts and stops remotely with the operation password', async () => {
    let transactionId = 0;
    const cp = await connect('T-CP-01', password, {
      RemoteStartTransaction: (p: { connectorId: number; idTag: string }) => {
        setTimeout(() => {
          void cp
            .call('StartTransaction', {
              connectorId: p.connectorId,
              idTag: p.idTag,
              meterStart: 10_000,
              timestamp: new Date().toISOString(),
            })
            .then((r) => (transactionId = (r as { transactionId: number }).transactionId));
        }, 10);
        return { status: 'Accepted' };
      },
      RemoteStopTransaction: (p: { transactionId: number }) => {
        setTimeout(
          () =>
            void cp.call('StopTransaction', {
              transactionId: p.transactionId,
              meterStop: 10_100,
              timestamp: new Date().toISOString(),
              reason: 'Remote',
            }),
          10,
        );
        return { status: 'Accepted' };
      },
      ChangeConfiguration: (p: { key: string; value: string }) => ({
        status: p.key === 'ClockAlignedDataInterval' && p.value === '900' ? 'Accepted' : 'Rejected',
      }),
    });
    const wrong = await alice.call(charging.pileCommand, {
      pileId,
      operationPassword: 'nope',
      command: { action: 'RemoteStartTransaction', connectorId: 1, idTag: 'APP-1' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toContain('operationPassword');
    const noGun = await alice.call(charging.pileCommand, {
      pileId,
      operationPassword: DEMO_OPERATION_PASSWORD,
      command: { action: 'RemoteStartTransaction', connectorId: 5, idTag: 'APP-1' },
    });
    expect(noGun.status).toBe(400);
    const cfg = await alice.call(charging.pileCommand, {
      pileId,
      operationPassword: DEMO_OPERATION_PASSWORD,
      command: { action: 'ChangeConfiguration', key: 'ClockAlignedDataInterval', value: '900' },
    });
    expect(cfg.body.data).toEqual({ action: 'ChangeConfiguration', status: 'Accepted' });
    const started = await alice.call(charging.pileCommand, {
      pileId,
      operationPassword: DEMO_OPERATION_PASSWORD,
      command: { action: 'RemoteStartTransaction', connectorId: 1, idTag: 'APP-1' },
    });
    expect(started.body.data).toEqual({ action: 'RemoteStartTransaction', status: 'Accepted' });
    await expect.poll(() => transactionId).toBeGreaterThan(0);
    const stopped = await alice.call(charging.pileCommand, {
      pileId,
      operationPassword: DEMO_OPERATION_PASSWORD,
      command: { action: 'RemoteStopTransaction', transactionId },
    });
    expect(stopped.body.data!.status).toBe('Accepted');
    await expect.poll(async () => (await session(transactionId)).status).toBe('finished');
    expect((await session(transactionId)).energyWh).toBe(100);
    // dave cannot command it
    expect(
      (
        await dave.call(charging.pileCommand, {
          pileId,
          operationPassword: DEMO_OPERATION_PASSWORD,
          command: { action: 'Reset', type: 'Soft' },
        })
      ).status,
    ).toBe(404);
    await cp.close({ force: true });
    await expect
      .poll(
        async () =>
          (
            await alice.call(charging.pileCommand, {
              pileId,
              operationPassword: DEMO_OPERATION_PASSWORD,
              command: { action: 'Reset', type: 'Soft' },
            })
          ).body.msg,
      )
      .toBe('The pile T-CP-01 is not connected');
  });

  it('raises an alarm for a faulted connector and recovers it, pushing the change to open pages; an unknown status is kept as Unknown', async () => {
    // live states: alice's pages hear of the pile over STOMP, dave's do not
    const ids = await demoIds(t);
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const listen = async (s: Session, staffId: number) => {
      const c = stompClient(wsUrlOf(base), { cookie: s.cookie, token: s.token });
      await c.connected;
      c.client.subscribe(chargingDestination(staffId), (m) => c.messages.push(m), { receipt: 'sub' });
      await new Promise<void>((resolve) => c.client.watchForReceipt('sub', () => resolve()));
      return c;
    };
    const alicePush = await listen(alice, ids.staffId['SR-ALICE']!);
    const davePush = await listen(dave, ids.staffId['HB-DAVE']!);
    const cp = await connect('T-CP-01', password);
    const gunId = (await alice.call(charging.pileDetail, { id: pileId })).body.data!.guns[1]!.id;
    const now = Date.now();
    await cp.call('StatusNotification', {
      connectorId: 2,
      errorCode: 'GroundFailure',
      status: 'Faulted',
      timestamp: new Date(now).toISOString(),
    });
    await t.services.alarmEvaluator.settled();
    const alarms = () =>
      rowsOf<{ state: number; level: number; content: string }>(
        t.database.system,
        sql`select state, level, content from alarm_log where scene_type = 'CONNECTOR_FAULTED' and target_id = ${gunId} order by id`,
      );
    expect(await alarms()).toEqual([{ state: 0, level: 2, content: 'T-CP-01 gun 2 faulted: GroundFailure' }]);
    expect(
      (await alice.call(charging.gunPage, { pageSize: 20, pageOffset: 1, pileId, status: 'Faulted' })).body.data!.list.map((g) => g.number),
    ).toEqual([2]);
    await cp.call('StatusNotification', {
      connectorId: 2,
      errorCode: 'NoError',
      status: 'Available',
      timestamp: new Date(now + 1000).toISOString(),
    });
    await t.services.alarmEvaluator.settled();
    const after = await alarms();
    expect(after).toHaveLength(1);
    expect(after[0]!.state).not.toBe(0);
    await until(() => alicePush.messages.length > 0, 5_000, 'a charging push to alice');
    expect(JSON.parse(alicePush.messages[0]!.body)).toEqual({ stationId, pileId });
    expect(davePush.messages).toHaveLength(0);
    await alicePush.client.deactivate();
    await davePush.client.deactivate();
    // lenient: a status outside OCPP 1.6's list is logged and kept as Unknown, not refused
    await cp.call('StatusNotification', {
      connectorId: 2,
      errorCode: 'NoError',
      status: 'Occupied',
      timestamp: new Date(now + 2000).toISOString(),
    });
    expect((await alice.call(charging.pileDetail, { id: pileId })).body.data!.guns[1]!.status).toBe('Unknown');
    expect(await cp.call('DataTransfer', { vendorId: 'acme', messageId: 'x', data: '1' })).toEqual({ status: 'UnknownVendorId' });
    // dave's alarm records hold none of it
    const daveAlarms = await dave.post('/api/rule/device/alarm/log/page', { pageSize: 100, pageOffset: 1 });
    expect(JSON.stringify(daveAlarms.body)).not.toContain('T-CP-01');
    await cp.close({ force: true });
  });
});
