import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { sha256 } from '../src/domains/auth/passwords.js';
import { deviceAlarmDestination, serverAlarmDestination } from '../src/realtime/push.js';
import { createTestApp, DB_KINDS, demoIds, signIn, switchToTenant, type Session, type TestApp } from './helpers.js';
import { connectFrame, rawClient, sleep, stompClient, until, wsUrlOf, type RawClient, type StompTestClient } from './stomp-helpers.js';

// Short timers and small limits, so each behaviour shows within a few hundred milliseconds.
const realtime = {
  ...loadConfig({}).realtime,
  maxFrameBytes: 4096,
  maxSubscriptions: 3,
  maxConnectionsPerSession: 3,
  maxBufferedBytes: 256 * 1024,
  heartbeatMs: 250,
  connectTimeoutMs: 1000,
  revalidateMs: 200,
};

describe.each(DB_KINDS)('STOMP push server at /ws/platform on %s', (kind) => {
  let t: TestApp;
  let url: string;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let alice: Session;
  const stomps: StompTestClient[] = [];
  const raws: RawClient[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind, { realtime, ingest: { enabled: false } });
    url = wsUrlOf(await t.app.listen({ host: '127.0.0.1', port: 0 }));
    ids = await demoIds(t);
    alice = await signIn(t, 'alice');
  });
  afterEach(async () => {
    for (const s of stomps.splice(0)) await s.client.deactivate({ force: true });
    for (const r of raws.splice(0)) r.ws.terminate();
    await until(() => t.services.push.connectionCount === 0, 3000, 'every connection to close');
  });
  afterAll(() => t?.close());

  const stomp = (s: { cookie?: string; token?: string }, config = {}, protocols?: string[]) => {
    const c = stompClient(url, s, config, protocols);
    stomps.push(c);
    return c;
  };
  const raw = async (cookie = alice.cookie, protocols?: string[]) => {
    const r = await rawClient(url, cookie, protocols);
    raws.push(r);
    return r;
  };
  /** A raw client past CONNECTED. */
  const rawConnected = async (heartBeat = '0,0', s = alice) => {
    const r = await raw(s.cookie);
    r.send(connectFrame(s.token, heartBeat));
    expect((await r.next()).command).toBe('CONNECTED');
    return r;
  };
  const expectError = async (r: RawClient, message: RegExp) => {
    const frame = await r.next();
    expect(frame.command).toBe('ERROR');
    expect(frame.headers.message).toMatch(message);
    expect((await r.closed).code).toBe(1008);
    return frame;
  };

  it('connects with the session cookie and a matching GT header: CONNECTED 1.2 with heart-beat, server and session', async () => {
    const c = stomp(alice, { heartbeatIncoming: 30_000, heartbeatOutgoing: 10_000 });
    const frame = await c.connected;
    expect(c.socket().protocol).toBe('v12.stomp');
    expect(frame.headers.version).toBe('1.2');
    expect(frame.headers['heart-beat']).toBe('250,250');
    expect(frame.headers.server).toMatch(/^energy-platform\//);
    expect(frame.headers.session).toMatch(/^[0-9a-f]{16}$/);
  });

  it('picks v12.stomp among older offers, and answers a 1.0/1.1-only offer with it (CONNECT still needs 1.2)', async () => {
    const c = stomp(alice, {}, ['v10.stomp', 'v11.stomp', 'v12.stomp']);
    await c.connected;
    expect(c.socket().protocol).toBe('v12.stomp');
    const old = await raw(alice.cookie, ['v11.stomp']);
    expect(old.ws.protocol).toBe('v11.stomp');
    old.send('CONNECT\naccept-version:1.0,1.1\nGT:' + alice.token + '\n\n\0');
    const error = await expectError(old, /unsupported STOMP version/);
    expect(error.headers.version).toBe('1.2');
  });

  it('refuses a missing or wrong GT, a missing cookie and a session without a usable staff with ERROR, then closes', async () => {
    const none = stomp({ cookie: alice.cookie });
    expect((await none.error).headers.message).toMatch(/GT header .* missing/);
    expect(await none.closed).toBe(1008);
    const wrong = stomp({ cookie: alice.cookie, token: 'x'.repeat(43) });
    expect((await wrong.error).headers.message).toMatch(/not signed in/);
    const noCookie = stomp({ token: alice.token });
    expect((await noCookie.error).headers.message).toMatch(/not signed in/);
    // bob's token with alice's cookie
    const bob = await signIn(t, 'bob');
    const crossed = stomp({ cookie: alice.cookie, token: bob.token });
    expect((await crossed.error).headers.message).toMatch(/not signed in/);
    const admin = await signIn(t, 'admin'); // platform administrator, no staff
    const noStaff = stomp(admin);
    expect((await noStaff.error).headers.message).toMatch(/no usable staff/);
    await expect(noStaff.connected).rejects.toThrow();
  });

  it('keeps a connection whose client beats, and sends its own heart-beats', async () => {
    const c = stomp(alice, { heartbeatIncoming: 250, heartbeatOutgoing: 250 });
    await c.connected;
    let received = 0;
    c.socket().on('message', (data: Buffer) => data.toString() === '\n' && received++);
    await sleep(1500); // the server closes after 2 x 250 ms of silence
    expect(c.client.connected).toBe(true);
    expect(received).toBeGreaterThanOrEqual(4); // one every 250 ms
    const sub = c.client.subscribe(deviceAlarmDestination(ids.staffId['SR-ALICE']!), (m) => c.messages.push(m), { receipt: 'r1' });
    await new Promise<void>((resolve) => c.client.watchForReceipt('r1', () => resolve()));
    t.services.push.publish(deviceAlarmDestination(ids.staffId['SR-ALICE']!), { alive: true });
    await until(() => c.messages.length === 1);
    sub.unsubscribe();
  });

  it('closes a connection from which nothing arrives within twice the agreed client interval', async () => {
    const r = await rawConnected('100,0'); // promises a beat every 100 ms (the server wants 250), then sends nothing
    const started = Date.now();
    const frame = await r.next(3000);
    expect(frame.command).toBe('ERROR');
    expect(frame.headers.message).toMatch(/no heart-beat from the client for 500 ms/);
    const { at } = await r.closed;
    expect(at - started).toBeGreaterThanOrEqual(450);
    expect(at - started).toBeLessThan(2000);
  });

  it('delivers a JSON MESSAGE to a subscription of the signed-in staff, with its headers', async () => {
    const c = stomp(alice);
    await c.connected;
    const staffId = ids.staffId['SR-ALICE']!;
    c.client.subscribe(deviceAlarmDestination(staffId), (m) => c.messages.push(m), { id: 'alarms', receipt: 'a' });
    c.client.subscribe(serverAlarmDestination(staffId), (m) => c.messages.push(m), { id: 'server', receipt: 'b' });
    await new Promise<void>((resolve) => c.client.watchForReceipt('b', () => resolve()));
    const alarm = {
      alarmId: 7,
      deviceName: 'Inverter 1: "east"',
      alarmTime: '2026-01-01 10:00:00',
      ruleName: 'Über-Temperatur',
      readState: 0,
    };
    t.services.push.publish(deviceAlarmDestination(staffId), alarm);
    t.services.push.publish(serverAlarmDestination(staffId), { recordId: 3, alarmLevel: 1 });
    t.services.push.publish(deviceAlarmDestination(ids.staffId['SR-BOB']!), { notForAlice: true });
    await until(() => c.messages.length === 2);
    await sleep(50);
    expect(c.messages).toHaveLength(2);
    const [first, second] = c.messages;
    expect(first!.headers).toMatchObject({
      subscription: 'alarms',
      destination: deviceAlarmDestination(staffId),
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(JSON.stringify(alarm))),
    });
    expect(first!.headers['message-id']).toBeTruthy();
    expect(second!.headers['message-id']).not.toBe(first!.headers['message-id']);
    expect(JSON.parse(first!.body)).toEqual(alarm);
    expect(second!.headers.subscription).toBe('server');
  });

  it("refuses a subscription to another staff's destination, or to anything else, with ERROR", async () => {
    const c = stomp(alice);
    await c.connected;
    c.client.subscribe(deviceAlarmDestination(ids.staffId['SR-BOB']!), () => {});
    expect((await c.error).headers.message).toMatch(/cannot subscribe to \/ws\/alarm\/staff\//);
    expect(await c.closed).toBe(1008);
    const r = await rawConnected();
    r.send('SUBSCRIBE\nid:1\ndestination:/topic/everything\n\n\0');
    await expectError(r, /cannot subscribe/);
  });

  it.each([
    ['an unknown command', 'HELLO\n\n\0', /unknown command: "HELLO"/],
    ['SUBSCRIBE without an id', 'SUBSCRIBE\ndestination:/ws/alarm/staff/1\n\n\0', /needs id and destination/],
    ['UNSUBSCRIBE without an id', 'UNSUBSCRIBE\n\n\0', /needs an id/],
    ['a bad content-length', 'SUBSCRIBE\nid:1\ncontent-length:abc\n\n\0', /malformed content-length/],
    ['a content-length that does not match', 'DISCONNECT\ncontent-length:2\n\nabcdef\0', /content-length does not match/],
    ['an undefined header escape', 'SUBSCRIBE\nid:a\\tb\ndestination:x\n\n\0', /undefined escape/],
    ['a header line without a colon', 'SUBSCRIBE\nid\n\n\0', /malformed header line/],
    ['SEND (the server only pushes)', 'SEND\ndestination:/ws/alarm/staff/1\n\n{}\0', /SEND is not supported/],
    ['ACK', 'ACK\nid:1\n\n\0', /ACK is not supported/],
    ['a body on SUBSCRIBE', 'SUBSCRIBE\nid:1\ndestination:x\n\nbody\0', /must not have a body/],
    ['a second CONNECT', connectFrame('t'), /already connected/],
    [
      'binary garbage',
      Buffer.from([0xde, 0xad, 0xbe, 0xef, 0x00, 0xff, 0x13, 0x37, 0x80, 0x81, 0x82, 0x83, 0x84, 0x85]),
      /no STOMP command/,
    ],
    [
      'invalid UTF-8 in a header',
      Buffer.concat([Buffer.from('SUBSCRIBE\nid:'), Buffer.from([0xff, 0xfe]), Buffer.from('\n\n\0')]),
      /not UTF-8/,
    ],
  ])('answers %s with ERROR and closes', async (_name, frame, message) => {
    const r = await rawConnected();
    r.send(frame);
    await expectError(r, message);
  });

  it('answers a frame before CONNECT, and no CONNECT at all, with ERROR', async () => {
    const early = await raw();
    early.send('SUBSCRIBE\nid:1\ndestination:/ws/alarm/staff/1\n\n\0');
    await expectError(early, /first frame must be CONNECT, not SUBSCRIBE/);
    const silent = await raw();
    const frame = await silent.next(3000);
    expect(frame.headers.message).toMatch(/no CONNECT frame within 1000 ms/);
  });

  it('refuses an oversized frame with ERROR and closes, whole or in pieces', async () => {
    const r = await rawConnected();
    r.send(`SUBSCRIBE\nid:1\ndestination:${'x'.repeat(5000)}\n\n\0`);
    await expectError(r, /frame too large: the limit is 4096 bytes/);
    const pieces = await rawConnected();
    pieces.send('SUBSCRIBE\nid:1\n');
    for (let i = 0; i < 5; i++) pieces.send(`x-${i}:${'y'.repeat(1000)}\n`);
    await expectError(pieces, /frame too large/);
    const declared = await rawConnected();
    declared.send('SUBSCRIBE\nid:1\ncontent-length:100000\n\n');
    await expectError(declared, /frame too large/);
    // a WebSocket message over twice the limit never reaches the parser: ws closes with 1009
    const huge = await rawConnected();
    huge.send('x'.repeat(2 * 4096 + 1));
    expect((await huge.closed).code).toBe(1009);
  });

  it('limits subscriptions per connection and connections per session', async () => {
    const staffId = ids.staffId['SR-ALICE']!;
    const r = await rawConnected();
    for (let i = 1; i <= 3; i++) r.send(`SUBSCRIBE\nid:${i}\ndestination:${deviceAlarmDestination(staffId)}\nreceipt:s${i}\n\n\0`);
    for (let i = 1; i <= 3; i++) expect((await r.next()).headers['receipt-id']).toBe(`s${i}`);
    r.send(`SUBSCRIBE\nid:1\ndestination:${serverAlarmDestination(staffId)}\n\n\0`);
    await expectError(r, /subscription id 1 is already in use/);
    const r2 = await rawConnected();
    for (let i = 1; i <= 4; i++) r2.send(`SUBSCRIBE\nid:${i}\ndestination:${serverAlarmDestination(staffId)}\n\n\0`);
    await expectError(r2, /too many subscriptions: the limit is 3/);

    const s = await signIn(t, 'alice');
    for (let i = 0; i < 3; i++) await rawConnected('0,0', s);
    const fourth = await raw(s.cookie);
    fourth.send(connectFrame(s.token));
    await expectError(fourth, /too many connections for this session: the limit is 3/);
  });

  it('sends RECEIPT for frames that ask, stops delivering after UNSUBSCRIBE, and ends cleanly on DISCONNECT', async () => {
    const staffId = ids.staffId['SR-ALICE']!;
    const r = await raw();
    r.send(connectFrame(alice.token, '0,0', 'receipt:c\n'));
    expect((await r.next()).command).toBe('CONNECTED');
    expect(await r.next()).toMatchObject({ command: 'RECEIPT', headers: { 'receipt-id': 'c' } });
    r.send(`SUBSCRIBE\nid:sub\\c1\ndestination:${deviceAlarmDestination(staffId)}\nreceipt:s\n\n\0`);
    expect((await r.next()).headers['receipt-id']).toBe('s');
    t.services.push.publish(deviceAlarmDestination(staffId), [1, 2]);
    const message = await r.next();
    expect(message).toMatchObject({ command: 'MESSAGE', headers: { subscription: 'sub:1' }, body: '[1,2]' });
    r.send('UNSUBSCRIBE\nid:sub\\c1\nreceipt:u\n\n\0');
    expect((await r.next()).headers['receipt-id']).toBe('u');
    t.services.push.publish(deviceAlarmDestination(staffId), [3]);
    r.send('DISCONNECT\nreceipt:bye\n\n\0');
    expect(await r.next()).toMatchObject({ command: 'RECEIPT', headers: { 'receipt-id': 'bye' } });
    expect((await r.closed).code).toBe(1000);

    const c = stomp(alice);
    await c.connected;
    await c.client.deactivate(); // DISCONNECT with a receipt, then close
    expect(await c.closed).toBe(1000);
  });

  it('drops a client that stops reading while others keep receiving', async () => {
    const staffId = ids.staffId['SR-ALICE']!;
    const destination = deviceAlarmDestination(staffId);
    const slow = await rawConnected();
    slow.send(`SUBSCRIBE\nid:1\ndestination:${destination}\nreceipt:r\n\n\0`);
    await slow.next();
    const s = await signIn(t, 'alice');
    const normal = stomp(s);
    await normal.connected;
    normal.client.subscribe(destination, (m) => normal.messages.push(m), { receipt: 'n' });
    await new Promise<void>((resolve) => normal.client.watchForReceipt('n', () => resolve()));
    expect(t.services.push.connectionCount).toBe(2);

    (slow.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    const body = { pad: 'p'.repeat(16 * 1024) };
    let published = 0;
    while (t.services.push.connectionCount === 2 && published < 2000) {
      t.services.push.publish(destination, { ...body, n: published++ });
      await new Promise((r) => setImmediate(r));
    }
    expect(t.services.push.connectionCount).toBe(1); // the slow one went, the normal one stays
    await until(() => normal.messages.length === published, 10_000, 'the normal client to receive every message');
    expect(JSON.parse(normal.messages.at(-1)!.body).n).toBe(published - 1);
    (slow.ws as unknown as { _socket: { resume(): void } })._socket.resume();
    await slow.closed;
  });

  it("closes a session's sockets when it signs out, switches staff, or stops being valid", async () => {
    const s = await signIn(t, 'alice');
    const c = stomp(s);
    await c.connected;
    expect((await s.call('POST', '/server/logout')).status).toBe(200);
    expect((await c.error).headers.message).toMatch(/session has ended/);
    expect(await c.closed).toBe(1008);

    const s2 = await signIn(t, 'alice');
    const before = stomp(s2);
    await before.connected;
    const harbor = await switchToTenant(s2, 'Harbor Logistics');
    expect((await before.error).headers.message).toMatch(/session has ended/);
    // the client connects again and now may subscribe to the new staff's destinations only
    const after = stomp(s2);
    await after.connected;
    after.client.subscribe(deviceAlarmDestination(harbor), (m) => after.messages.push(m), { receipt: 'h' });
    await new Promise<void>((resolve) => after.client.watchForReceipt('h', () => resolve()));
    t.services.push.publish(deviceAlarmDestination(harbor), { harbor: true });
    await until(() => after.messages.length === 1);
    after.client.subscribe(deviceAlarmDestination(ids.staffId['SR-ALICE']!), () => {});
    expect((await after.error).headers.message).toMatch(/cannot subscribe/);

    // a password change signs out the person's other sessions, and closes their sockets
    const [here, elsewhere] = [await signIn(t, 'dave'), await signIn(t, 'dave')];
    const [hereSocket, elsewhereSocket] = [stomp(here), stomp(elsewhere)];
    await Promise.all([hereSocket.connected, elsewhereSocket.connected]);
    const changed = await here.post('/api/v2/platform-public/customer-user/password/update', {
      oldPassword: 'demo1234',
      newPassword: 'newpass123',
    });
    expect(changed.status).toBe(200);
    expect((await elsewhereSocket.error).headers.message).toMatch(/session has ended/);
    expect(hereSocket.client.connected).toBe(true);

    // a session deleted behind the hub's back (expired, ended elsewhere) is noticed at the next check
    const s3 = await signIn(t, 'alice');
    const third = stomp(s3);
    await third.connected;
    const id = s3.cookie.match(/SESSION=([^;]+)/)![1]!;
    await t.database.system.execute(sql`delete from session where id_hash = ${sha256(id)}`);
    expect((await third.error).headers.message).toMatch(/session has ended or its staff can no longer sign in/);
  });

  it('ends every connection when the app closes', async () => {
    // a second app on the same database, as a second server process would be
    const other = await buildApp(t.config, t.database, { logger: false });
    let closing: Promise<void> | undefined;
    try {
      const c = stomp(alice);
      const otherUrl = wsUrlOf(await other.app.listen({ host: '127.0.0.1', port: 0 }));
      const d = stompClient(otherUrl, alice);
      stomps.push(d);
      await Promise.all([c.connected, d.connected]);
      closing = other.app.close();
      expect((await d.error).headers.message).toMatch(/shutting down/);
      expect(await d.closed).toBe(1008);
      expect(c.client.connected).toBe(true);
    } finally {
      await (closing ?? other.app.close());
    }
  });
});
