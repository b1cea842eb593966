import { randomUUID } from 'node:crypto';
import { bsaRemote, ErrorCode, isEndpoint } from '@energy/contracts';
import { startFleet, type Fleet, type SimDeviceSpec } from '@energy/simulator';
import { sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/sql.js';
import { DEMO_OPERATION_PASSWORD } from '../src/seed/demo.js';
import { createTestApp, DB_KINDS, signIn, type Session, type TestApp } from './helpers.js';
import { connectDevice, deviceByCode, publish } from './mqtt-helpers.js';

/**
 * Remote control over the app's embedded broker (docs/bsa.md, "Remote control"): the simulator's PCS and
 * FCS of Wuxi execute and answer (acknowledged, refused by the device with its reason), a plain MQTT client
 * stands for Suzhou's PCS (silence: timed out; a retried send reaches it once), the operation password and
 * its lock, another tenant, input checks.
 */

const TIMEOUT_MS = 2000;
const PASSWORD = DEMO_OPERATION_PASSWORD;

const until = async (what: string, condition: () => Promise<boolean> | boolean, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe.each(DB_KINDS)('remote control of storage stations on %s', (kind) => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;
  let dave: Session;
  let url: string;
  let fleet: Fleet | null = null;
  let fake: MqttClient | null = null;
  /** What Suzhou's stand-in PCS received, and whether it answers. */
  const received: { commandLogId: number; requestId: string; action: string; value: number | null; expiresAt: string }[] = [];
  let answering = false;
  const dev: Record<string, number> = {};
  const cmd: Record<string, number> = {};
  const msg = (res: { body: unknown }) => (res.body as { msg?: string }).msg;

  const send = (
    s: Session,
    commandId: number,
    deviceId: number,
    extra: { value?: number | null; requestId?: string; operationPassword?: string } = {},
  ) => s.call(bsaRemote.commandSend, { requestId: randomUUID(), commandId, deviceId, operationPassword: PASSWORD, ...extra });
  const logOf = async (id: number) =>
    (await alice.call(bsaRemote.logPage, { pageSize: 100, pageOffset: 1 })).body.data.list.find((r) => r.id === id)!;
  const settled = async (id: number) => {
    await until(`command ${id} to be answered`, async () => (await logOf(id)).status !== 'pending');
    return logOf(id);
  };
  const latest = async (deviceId: number, key: string, after: number) =>
    rowsOf<{ value: number }>(
      t.database.system,
      sql`select r.value from telemetry_raw r join data_property p on p.id = r.property_id
          where r.device_id = ${deviceId} and p.key = ${key} and r.ts > ${new Date(after).toISOString()}::timestamptz order by r.ts`,
    );

  beforeAll(async () => {
    t = await createTestApp(kind, { bsaRemote: { answerTimeoutMs: TIMEOUT_MS } });
    url = `mqtt://127.0.0.1:${t.ingest.mqttPort}`;
    [alice, bob, dave] = await Promise.all([signIn(t, 'alice'), signIn(t, 'bob'), signIn(t, 'dave')]);
    const site = { key: 'WX-01', latitude: 31.5, longitude: 120.3, timeZone: 'Asia/Shanghai' };
    const wxPcs = await deviceByCode(alice, 'WX-01-PCS-01');
    const wxFcs = await deviceByCode(alice, 'WX-01-FCS-01');
    const szPcs = await deviceByCode(alice, 'SZ-01-PCS-01');
    Object.assign(dev, { wxPcs: wxPcs.id, wxFcs: wxFcs.id, szPcs: szPcs.id });
    const spec = (typeKey: string, creds: { username: string; password: string }, id: number, extra: Partial<SimDeviceSpec> = {}) => ({
      typeKey,
      username: creds.username,
      password: creds.password,
      seed: id * 7919,
      site,
      unit: 'bess1',
      ...extra,
    });
    fleet = await startFleet({
      mqttUrl: url,
      devices: [
        spec('bsa-pcs', wxPcs.creds, wxPcs.id, { ratingKw: 250, capacityKwh: 500 }),
        spec('bsa-fcs', wxFcs.creds, wxFcs.id, { strategyVersion: 2 }),
      ],
      intervalMs: 300,
      connectSpreadMs: 0,
    });
    fake = await connectDevice(url, szPcs.creds);
    await fake.subscribeAsync(`devices/${szPcs.creds.username}/commands/#`, { qos: 1 });
    fake.on('message', (_topic, payload) => {
      const command = JSON.parse(payload.toString('utf8'));
      received.push(command);
      if (answering) void publish(fake!, `devices/${szPcs.creds.username}/ack`, { commandLogId: command.commandLogId, accepted: true });
    });
    await until('the station to connect', () => fleet!.stats().connected === 2);
    await new Promise((resolve) => setTimeout(resolve, 300)); // the fleet subscribes right after CONNACK
  }, 120_000);
  afterAll(async () => {
    await fleet?.stop();
    await fake?.endAsync();
    await t?.close();
  });

  it('keeps a catalogue with unique names, checked parameters and an operation log', async () => {
    const add = (body: Parameters<typeof alice.call<typeof bsaRemote.commandAdd>>[1]) => alice.call(bsaRemote.commandAdd, body);
    const power = await add({
      name: 'T set power',
      deviceType: 'pcs',
      action: 'set-power',
      minValue: -200,
      maxValue: 300,
      description: 'kW, discharge positive',
    });
    expect(power.status, JSON.stringify(power.body)).toBe(200);
    expect(power.body.data).toMatchObject({ unit: 'kW', minValue: -200, maxValue: 300, options: null, sends: 0 });
    cmd.power = power.body.data.id;
    for (const [name, deviceType, action] of [
      ['T start', 'pcs', 'start'],
      ['T stop', 'pcs', 'stop'],
    ] as const)
      cmd[action] = (await add({ name, deviceType, action })).body.data.id;
    const mode = await add({
      name: 'T FCS mode',
      deviceType: 'fcs',
      action: 'mode',
      options: [
        { value: 0, label: 'Manual' },
        { value: 1, label: 'Strategy' },
      ],
    });
    cmd.fcsMode = mode.body.data.id;

    // names are unique in the tenant, whatever the case; another tenant may use the same
    expect(await alice.call(bsaRemote.commandCheckName, { name: 't SET power' })).toMatchObject({
      body: { data: { available: false, takenBy: cmd.power } },
    });
    expect((await alice.call(bsaRemote.commandCheckName, { name: 'T set power', id: cmd.power })).body.data.available).toBe(true);
    expect((await dave.call(bsaRemote.commandCheckName, { name: 'T set power' })).body.data.available).toBe(true);
    const twice = await add({ name: 'T SET POWER', deviceType: 'pcs', action: 'stop' });
    expect([twice.status, msg(twice)]).toEqual([400, 'body.name: T SET POWER is already a command of your catalogue']);

    // bad input names the field and writes nothing
    const before = (await alice.call(bsaRemote.commandPage, { pageSize: 100, pageOffset: 1 })).body.data.totalCount;
    for (const [body, field] of [
      [{ name: 'P', deviceType: 'pcs', action: 'set-power', minValue: -10 }, 'maxValue'],
      [{ name: 'P', deviceType: 'pcs', action: 'set-power', minValue: 10, maxValue: 5 }, 'maxValue'],
      [{ name: 'P', deviceType: 'fcs', action: 'set-power', minValue: 1, maxValue: 5 }, 'action'],
      [{ name: 'M', deviceType: 'pcs', action: 'mode', options: [] }, 'options'],
      [
        {
          name: 'M',
          deviceType: 'pcs',
          action: 'mode',
          options: [
            { value: 1, label: 'a' },
            { value: 1, label: 'b' },
          ],
        },
        'options.1.value',
      ],
      [{ name: '', deviceType: 'pcs', action: 'stop' }, 'name'],
      [{ name: 'S', deviceType: 'meter', action: 'stop' }, 'deviceType'],
    ] as const) {
      const res = await alice.post('/api/v2/bsa-remote-control/command/add', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(msg(res)).toContain(field);
    }
    expect((await alice.call(bsaRemote.commandPage, { pageSize: 100, pageOffset: 1 })).body.data.totalCount).toBe(before);

    const edited = await alice.call(bsaRemote.commandEdit, {
      id: cmd.power,
      name: 'T set power',
      deviceType: 'pcs',
      action: 'set-power',
      minValue: -250,
      maxValue: 300,
    });
    expect(edited.body.data).toMatchObject({ minValue: -250, maxValue: 300 });
    const scratch = (await add({ name: 'Scratch', deviceType: 'fcs', action: 'stop' })).body.data.id;
    expect((await alice.call(bsaRemote.commandDelete, { id: scratch })).body.data).toEqual({ deleted: true });
    expect((await alice.call(bsaRemote.commandGet, { id: scratch })).status).toBe(404);
    const ops = (await alice.call(bsaRemote.operationPage, { pageSize: 20, pageOffset: 1 })).body.data.list;
    expect(ops.slice(0, 3).map((o) => [o.operation, o.commandName, o.detail])).toEqual([
      ['delete', 'Scratch', 'FCS stop'],
      ['create', 'Scratch', 'FCS stop'],
      ['edit', 'T set power', 'PCS set-power -200..300 kW → PCS set-power -250..300 kW'],
    ]);
    expect(ops[0]).toMatchObject({ operatorCode: 'SR-ALICE', operatorName: 'Alice Chen' });
  });

  it('lists the stations and devices a staff may command, with the range a PCS allows', async () => {
    const stations = (await alice.call(bsaRemote.bsaList, {})).body.data.map((s) => s.code);
    expect(stations).toEqual(expect.arrayContaining(['SZ-01-BSA-01', 'WX-01-BSA-01']));
    expect(stations).not.toContain('SH-01-BSA-01');
    const devices = (await alice.call(bsaRemote.commandDeviceList, { commandId: cmd.power })).body.data;
    expect(devices.every((d) => d.deviceType === 'pcs')).toBe(true);
    expect(devices.find((d) => d.deviceId === dev.wxPcs)).toMatchObject({
      code: 'WX-01-PCS-01',
      bsaCode: 'WX-01-BSA-01',
      ratedPowerKw: 250,
      online: true,
    });
    const fcs = (await alice.call(bsaRemote.commandDeviceList, { commandId: cmd.fcsMode, bsaId: devices[0]!.bsaId })).body.data;
    expect(fcs.map((d) => d.deviceType)).toEqual(['fcs']);
    // the catalogue allows -250..300 kW; the 250 kW PCS bounds it to -250..250
    const one = (await alice.call(bsaRemote.commandGetDevice, { commandId: cmd.power, deviceId: dev.wxPcs })).body.data;
    expect(one).toMatchObject({ range: { min: -250, max: 250, unit: 'kW' }, blocked: null, device: { code: 'WX-01-PCS-01' } });
  });

  it('refuses values outside the catalogue and the rating, naming the field, and sends nothing', async () => {
    const before = received.length;
    for (const [commandId, value, text] of [
      [cmd.power, 260, 'body.value: must be within -250..250 kW (command -250..300 kW; WX-01-PCS-01 is rated 250 kW)'],
      [cmd.power, null, 'body.value: is required: the power to set (kW)'],
      [cmd.power, 10.0001, 'body.value: must have at most 3 decimals (kW)'],
      [cmd.stop, 5, 'body.value: stop takes no value'],
    ] as const) {
      const res = await send(alice, commandId, dev.wxPcs, { value });
      expect([res.status, msg(res)]).toEqual([400, text]);
    }
    const mode = await send(alice, cmd.fcsMode, dev.wxFcs, { value: 7 });
    expect(msg(mode)).toBe('body.value: must be one of 0 (Manual), 1 (Strategy)');
    const badId = await alice.post('/api/v2/bsa-remote-control/command/send', {
      requestId: 'twice',
      commandId: cmd.stop,
      deviceId: dev.wxPcs,
      operationPassword: PASSWORD,
    });
    expect([badId.status, msg(badId)]).toEqual([400, 'requestId: must be a UUID']);
    // a set-power command does not reach an FCS: not a device it targets
    expect((await send(alice, cmd.power, dev.wxFcs, { value: 10 })).status).toBe(404);
    // a station out of service takes no command, and its devices are not offered
    await t.database.system.execute(sql`update bsa_station set status = 'disabled' where code = 'WX-01-BSA-01'`);
    try {
      const disabled = await send(alice, cmd.stop, dev.wxPcs);
      expect([disabled.status, (disabled.body as { code: number }).code, msg(disabled)]).toEqual([
        400,
        ErrorCode.CONFLICT,
        "Storage station WX-01-BSA-01 is disabled: only a configured or enabled station's devices take commands",
      ]);
      const offered = (await alice.call(bsaRemote.commandDeviceList, { commandId: cmd.stop })).body.data.map((d) => d.code);
      expect(offered).toEqual(['SZ-01-PCS-01']);
      expect((await alice.call(bsaRemote.bsaList, {})).body.data.map((b) => b.code)).toEqual(['SZ-01-BSA-01']);
    } finally {
      await t.database.system.execute(sql`update bsa_station set status = 'enabled' where code = 'WX-01-BSA-01'`);
    }
    // only the demo's history: Sunrise's two stations, 7 + 6 commands (see the demo test below)
    expect((await alice.call(bsaRemote.logPage, { pageSize: 10, pageOffset: 1 })).body.data.totalCount).toBe(13);
    expect(received.length).toBe(before);
  });

  it('a command the PCS executes is acknowledged and shows in its telemetry; one it cannot is refused with its reason', async () => {
    const stopped = await send(alice, cmd.stop, dev.wxPcs);
    expect(stopped.body.data).toMatchObject({
      status: 'pending',
      repeated: false,
      deviceCode: 'WX-01-PCS-01',
      commandName: 'T stop',
      operatorCode: 'SR-ALICE',
    });
    const stopAt = Date.now();
    expect(await settled(stopped.body.data.id)).toMatchObject({ status: 'acknowledged', reason: null });
    await until('the stopped PCS to report', async () => (await latest(dev.wxPcs, 'p', stopAt + 700)).length >= 2);
    expect((await latest(dev.wxPcs, 'p', stopAt + 700)).map((r) => Number(r.value))).toEqual(expect.arrayContaining([0]));
    expect(new Set((await latest(dev.wxPcs, 'p', stopAt + 700)).map((r) => Number(r.value)))).toEqual(new Set([0]));

    // a stopped PCS refuses a set power: the device's reason is kept
    const refused = await send(alice, cmd.power, dev.wxPcs, { value: 120 });
    expect(await settled(refused.body.data.id)).toMatchObject({
      status: 'refused',
      reason: 'the PCS is stopped: start it before setting its power',
      value: 120,
      unit: 'kW',
    });

    expect((await settled((await send(alice, cmd.start, dev.wxPcs)).body.data.id)).status).toBe('acknowledged');
    const power = await send(alice, cmd.power, dev.wxPcs, { value: -120.5 });
    const powerAt = Date.now();
    expect(await settled(power.body.data.id)).toMatchObject({ status: 'acknowledged', value: -120.5 });
    await until('the PCS to report its set power', async () => (await latest(dev.wxPcs, 'p', powerAt + 700)).length >= 2);
    expect(new Set((await latest(dev.wxPcs, 'p', powerAt + 700)).map((r) => Number(r.value)))).toEqual(new Set([-120.5]));

    // the FCS refuses to run a strategy it does not have
    const mode = await send(alice, cmd.fcsMode, dev.wxFcs, { value: 1 });
    expect(mode.body.data).toMatchObject({ valueLabel: 'Strategy', deviceType: 'fcs' });
    expect(await settled(mode.body.data.id)).toMatchObject({ status: 'refused', reason: 'no strategy to run: deliver one first' });

    const ops = (await alice.call(bsaRemote.operationPage, { operation: 'send', pageSize: 20, pageOffset: 1 })).body.data.list;
    expect(ops[0]).toMatchObject({ detail: 'mode Strategy to WX-01-FCS-01 of WX-01-BSA-01', logId: mode.body.data.id });
    expect(ops.find((o) => o.logId === power.body.data.id)!.detail).toBe('set-power -120.5 kW to WX-01-PCS-01 of WX-01-BSA-01');
    const devices = (await alice.call(bsaRemote.logDeviceList, {})).body.data;
    // the demo's history (Wuxi: 4 PCS, 2 FCS commands; Suzhou: 6 PCS, 1 FCS) and this test's (4 PCS, 1 FCS)
    expect(devices.map((d) => [d.code, d.commands])).toEqual([
      ['SZ-01-FCS-01', 1],
      ['SZ-01-PCS-01', 6],
      ['WX-01-FCS-01', 2 + 1],
      ['WX-01-PCS-01', 4 + 4],
    ]);
  });

  it('a device that does not answer times out; a retried send reaches the device once', async () => {
    answering = false;
    const first = received.length;
    const silent = await send(alice, cmd.stop, dev.szPcs);
    // while it waits, the device takes no other command
    const busy = await send(alice, cmd.start, dev.szPcs);
    expect([busy.status, (busy.body as { code: number }).code, msg(busy)]).toEqual([
      400,
      ErrorCode.CONFLICT,
      expect.stringContaining('SZ-01-PCS-01 has not answered "T stop" yet'),
    ]);
    await until('the command to reach the device', () => received.length > first);
    expect(received.at(-1)).toMatchObject({ commandLogId: silent.body.data.id, action: 'stop', value: null });
    expect(await settled(silent.body.data.id)).toMatchObject({ status: 'timeout', reason: 'no answer from SZ-01-PCS-01 within 2 s' });
    const command = received.at(-1)!;
    expect(Date.parse(command.expiresAt) - Date.parse(silent.body.data.requestedAt)).toBe(TIMEOUT_MS);

    answering = true;
    const before = received.length;
    const requestId = randomUUID();
    // a double click: two at once, then a retry, all with the same id
    const [a, b] = await Promise.all([
      send(alice, cmd.power, dev.szPcs, { value: 50, requestId }),
      send(alice, cmd.power, dev.szPcs, { value: 50, requestId }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.data.id).toBe(b.body.data.id);
    expect([a.body.data.repeated, b.body.data.repeated].sort()).toEqual([false, true]);
    expect(await settled(a.body.data.id)).toMatchObject({ status: 'acknowledged' });
    const retry = await send(alice, cmd.power, dev.szPcs, { value: 50, requestId });
    expect(retry.body.data).toMatchObject({ id: a.body.data.id, repeated: true, status: 'acknowledged' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(received.slice(before).map((c) => c.requestId)).toEqual([requestId]);
    // the same id for another command is refused
    const other = await send(alice, cmd.power, dev.szPcs, { value: 60, requestId });
    expect([other.status, msg(other)]).toEqual([
      400,
      'body.requestId: was already used for "T set power" to SZ-01-PCS-01: a new command needs a new id',
    ]);
    expect((await alice.call(bsaRemote.logPage, { requestId, pageSize: 10, pageOffset: 1 })).body.data.totalCount).toBe(1);
  });

  it('another tenant sees and commands nothing; a staff without the button cannot send; anonymous callers are refused', async () => {
    expect((await dave.call(bsaRemote.commandGet, { id: cmd.power })).status).toBe(404);
    // dave sees Harbor's own catalogue and log (the demo's), nothing of Sunrise's
    const daveCommands = (await dave.call(bsaRemote.commandPage, { pageSize: 100, pageOffset: 1 })).body.data.list;
    expect(daveCommands).toHaveLength(6);
    expect(daveCommands.map((c) => c.id)).not.toEqual(expect.arrayContaining([cmd.power]));
    const daveLog = (await dave.call(bsaRemote.logPage, { pageSize: 100, pageOffset: 1 })).body.data.list;
    expect(new Set(daveLog.map((r) => r.bsaCode))).toEqual(new Set(['SH-01-BSA-01']));
    expect((await dave.call(bsaRemote.logDeviceList, {})).body.data.map((d) => d.code)).toEqual(['SH-01-FCS-01', 'SH-01-PCS-01']);
    const daveOps = (await dave.call(bsaRemote.operationPage, { pageSize: 100, pageOffset: 1 })).body.data.list;
    expect(daveOps.every((o) => o.operatorCode === 'HB-DAVE')).toBe(true);
    expect((await dave.call(bsaRemote.logPage, { deviceId: dev.szPcs, pageSize: 10, pageOffset: 1 })).body.data.totalCount).toBe(0);
    expect((await dave.call(bsaRemote.commandEdit, { id: cmd.stop, name: 'x', deviceType: 'pcs', action: 'stop' })).status).toBe(404);
    expect((await dave.call(bsaRemote.commandDelete, { id: cmd.stop })).status).toBe(404);
    expect((await send(dave, cmd.stop, dev.wxPcs)).status).toBe(404);
    const own = (await dave.call(bsaRemote.commandAdd, { name: 'T stop', deviceType: 'pcs', action: 'stop' })).body.data.id;
    const intoSunrise = await send(dave, own, dev.wxPcs);
    expect([intoSunrise.status, msg(intoSunrise)]).toEqual([404, `PCS ${dev.wxPcs} of your storage stations does not exist`]);
    expect((await dave.call(bsaRemote.commandGetDevice, { commandId: own, deviceId: dev.wxPcs })).status).toBe(404);
    const daveDevices = (await dave.call(bsaRemote.commandDeviceList, { commandId: own })).body.data;
    expect(daveDevices.map((d) => d.code)).toEqual(['SH-01-PCS-01']);
    expect((await dave.call(bsaRemote.bsaList, {})).body.data.map((s) => s.code)).toEqual(['SH-01-BSA-01']);

    // bob reads (menu pages) but has no button
    expect((await bob.call(bsaRemote.commandPage, { pageSize: 10, pageOffset: 1 })).status).toBe(200);
    expect((await send(bob, cmd.stop, dev.szPcs)).status).toBe(403);
    expect((await bob.call(bsaRemote.commandAdd, { name: 'Bob', deviceType: 'pcs', action: 'stop' })).status).toBe(403);

    const paths = Object.values(bsaRemote as Record<string, unknown>).flatMap((e) => (isEndpoint(e) ? [[e.method, e.path] as const] : []));
    expect(paths.length).toBe(19);
    for (const [method, path] of paths) {
      const res = await t.app.inject({ method: method as 'POST', url: path, payload: method === 'GET' ? undefined : {} });
      expect(res.statusCode, path).toBe(401);
    }

    // the log in a file, with the page's filter
    const file = await alice.call('GET', '/api/v2/bsa-remote-control/log/export?format=csv&lang=en-US&deviceId=' + dev.szPcs);
    expect(file.status).toBe(200);
    const lines = String(file.body).trim().split(/\r?\n/);
    // the header, this test's two commands to Suzhou's PCS, and the demo's six
    expect(lines).toHaveLength(1 + 2 + 6);
    expect(lines[0]).toContain('Sent');
    expect(lines[8]).toContain('Acknowledged');
    // the operation log in a file: the edit of the first test, in words
    const ops = await alice.call('GET', '/api/v2/bsa-remote-control/command-operation/export?format=csv&lang=en-US&operation=edit');
    const opLines = String(ops.body).trim().split(/\r?\n/);
    expect(opLines).toHaveLength(2);
    expect(opLines[1]).toContain('Edited,T set power,PCS set-power -200..300 kW → PCS set-power -250..300 kW,Alice Chen (SR-ALICE)');
    const daveOpsFile = await dave.call('GET', '/api/v2/bsa-remote-control/command-operation/export?format=csv&lang=en-US&operation=edit');
    expect(String(daveOpsFile.body).trim().split(/\r?\n/)).toHaveLength(1);
    expect(lines[1]).toContain('Acknowledged');
    expect(lines[2]).toContain('Timed out');
  });

  it("the demo's catalogue and history: plausible commands with a PCS fault and an FCS that did not answer", async () => {
    const names = (await alice.call(bsaRemote.commandPage, { pageSize: 100, pageOffset: 1 })).body.data.list.map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['Start PCS', 'Stop PCS', 'Set PCS power', 'PCS mode', 'FCS mode', 'Stop FCS']));
    const sz = (await alice.call(bsaRemote.logPage, { deviceId: dev.szPcs, status: 'refused', pageSize: 10, pageOffset: 1 })).body.data
      .list;
    expect(sz.map((r) => [r.commandName, r.reason, r.operatorCode])).toEqual([
      ['Start PCS', 'PCS in fault: insulation resistance low; clear the fault on site before starting', 'SR-ALICE'],
    ]);
    const wx = (await alice.call(bsaRemote.logPage, { deviceId: dev.wxFcs, status: 'timeout', pageSize: 10, pageOffset: 1 })).body.data
      .list;
    expect(wx.map((r) => [r.commandName, r.valueLabel, r.reason, r.answeredAt])).toEqual([
      ['FCS mode', 'Strategy', 'no answer from WX-01-FCS-01 within 30 s', null],
    ]);
    const sends = (await alice.call(bsaRemote.operationPage, { operation: 'send', pageSize: 100, pageOffset: 1 })).body.data.list;
    expect(sends.map((o) => o.detail)).toContain('set-power 120 kW to WX-01-PCS-01 of WX-01-BSA-01');
  });

  it('a wrong operation password is refused and sends nothing; five wrong lock sending for everyone of that person', async () => {
    const before = received.length;
    const wrong = await send(alice, cmd.stop, dev.szPcs, { operationPassword: '000000' });
    expect([wrong.status, wrong.body]).toEqual([
      400,
      expect.objectContaining({ code: ErrorCode.WRONG_PASSWORD, msg: 'operationPassword: the operation password is incorrect' }),
    ]);
    for (let i = 2; i <= 5; i++)
      expect((await send(alice, cmd.stop, dev.szPcs, { operationPassword: `00000${i}` })).body).toMatchObject({
        code: ErrorCode.WRONG_PASSWORD,
      });
    // locked: the right password is refused too, on every call that asks it
    const locked = await send(alice, cmd.stop, dev.szPcs);
    expect([locked.status, (locked.body as { code: number }).code]).toEqual([429, ErrorCode.TOO_MANY_ATTEMPTS]);
    const lockRow = await rowsOf<{ minutes: number }>(
      t.database.system,
      sql`select round(extract(epoch from locked_until - now()) / 60)::int as minutes from login_throttle where key like 'confirm:%' and locked_until > now()`,
    );
    expect(lockRow.map((r) => Number(r.minutes))).toEqual([15]);
    expect((await alice.post('/api/v2/energy-storage-strategy/deliver', { id: 1, operationPassword: PASSWORD })).status).not.toBe(200);
    expect(received.length).toBe(before);
    const logged = (await alice.call(bsaRemote.logPage, { deviceId: dev.szPcs, pageSize: 10, pageOffset: 1 })).body.data.totalCount;
    expect(logged).toBe(6 + 2);
  });
});
