import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/sql.js';
import { DEMO_OPERATION_PASSWORD } from '../src/seed/demo.js';
import { createTestApp, DB_KINDS, signIn, type TestApp } from './helpers.js';

const base = '/api/v2/platform-public/customer-user';
const CURRENT = '/api/v2/platform-public/customer-user/current';

describe.each(DB_KINDS)("the user's own settings on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  it('changes the login password only with the old one, and signs out other browsers', async () => {
    const here = await signIn(t, 'bob');
    const elsewhere = await signIn(t, 'bob');
    const wrong = await here.post(`${base}/password/update`, { oldPassword: 'nope', newPassword: 'newpass123' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 40004, msg: expect.stringContaining('oldPassword') });
    const weak = await here.post(`${base}/password/update`, { oldPassword: 'demo1234', newPassword: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.body.msg).toContain('newPassword');
    const ok = await here.post(`${base}/password/update`, { oldPassword: 'demo1234', newPassword: 'newpass123' });
    expect(ok.status).toBe(200);
    expect((await here.post(CURRENT)).status).toBe(200);
    expect((await elsewhere.post(CURRENT)).status).toBe(401);
    await expect(signIn(t, 'bob')).rejects.toThrow();
    await signIn(t, 'bob', 'newpass123');
  });

  it('the demo users start with one operation password; without one it is set with the login password, then changed with the old one', async () => {
    const s = await signIn(t, 'alice');
    expect((await s.post(CURRENT)).body.data.customerUser.hasOperationPassword).toBe(true);
    expect((await s.post(`${base}/operation-password/verify`, { operationPassword: DEMO_OPERATION_PASSWORD })).status).toBe(200);
    // a person without one yet (as every user created after the demo)
    await rowsOf(t.database.system, sql`update customer_user set operation_password_hash = null where username = 'alice' returning muid`);
    expect((await s.post(CURRENT)).body.data.customerUser.hasOperationPassword).toBe(false);
    expect((await s.post(`${base}/operation-password/update`, { newOperationPassword: '123456' })).body.msg).toContain('loginPassword');
    expect(
      (await s.post(`${base}/operation-password/update`, { loginPassword: 'demo1234', newOperationPassword: '12ab' })).body.msg,
    ).toContain('6 digits');
    expect((await s.post(`${base}/operation-password/update`, { loginPassword: 'demo1234', newOperationPassword: '123456' })).status).toBe(
      200,
    );
    expect((await s.post(CURRENT)).body.data.customerUser.hasOperationPassword).toBe(true);
    expect(
      (await s.post(`${base}/operation-password/update`, { oldOperationPassword: '000000', newOperationPassword: '654321' })).body.code,
    ).toBe(40004);
    expect(
      (await s.post(`${base}/operation-password/update`, { oldOperationPassword: '123456', newOperationPassword: '654321' })).status,
    ).toBe(200);
    expect((await s.post(`${base}/operation-password/verify`, { operationPassword: '654321' })).status).toBe(200);
  });

  it('locks out operation-password guessing', async () => {
    const s = await signIn(t, 'sam');
    for (let i = 0; i < 5; i++)
      expect((await s.post(`${base}/operation-password/verify`, { operationPassword: `00000${i}` })).status).toBe(400);
    const locked = await s.post(`${base}/operation-password/verify`, { operationPassword: DEMO_OPERATION_PASSWORD });
    expect(locked.status).toBe(429);
  });

  it('edits personal information, with a head picture from the file center', async () => {
    const s = await signIn(t, 'alice');
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f6b9a50000000049454e44ae426082',
      'hex',
    );
    const boundary = '----b';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await s.call('POST', '/api/v2/file-center/upload', payload, { 'content-type': `multipart/form-data; boundary=${boundary}` });
    expect(up.status).toBe(200);
    const bad = await s.post(`${base}/info/update`, { name: 'Alice C.', email: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('email');
    expect((await s.post(`${base}/info/update`, { name: 'Alice C.', headPic: 'AAAAAAAAAAAAAAAAAAAAAAAA' })).body.msg).toContain('headPic');
    const ok = await s.post(`${base}/info/update`, {
      name: 'Alice C.',
      gender: 1,
      phone: '+86 138 0000 0000',
      email: 'alice@sunrise.example',
      headPic: up.body.data.key,
    });
    expect(ok.status).toBe(200);
    const me = (await s.post(CURRENT)).body.data.customerUser;
    expect(me).toMatchObject({
      name: 'Alice C.',
      gender: 1,
      phone: '+86 138 0000 0000',
      email: 'alice@sunrise.example',
      headPic: up.body.data.key,
    });
    expect((await s.call('GET', me.headPicUrl)).status).toBe(200);
  });

  it('sets the navigation preference (AUTO 1, OPEN 2, HIDE 3), even without a usable staff', async () => {
    const carol = await signIn(t, 'carol');
    expect((await carol.post(`${base}/navigation-preference/update`, { navigationPreference: 4 })).status).toBe(400);
    expect((await carol.post(`${base}/navigation-preference/update`, { navigationPreference: 3 })).body.data).toEqual({
      navigationPreference: 3,
    });
    const alice = await signIn(t, 'alice');
    await alice.post(`${base}/navigation-preference/update`, { navigationPreference: 2 });
    expect((await alice.post(CURRENT)).body.data.customerUser.navigationPreference).toBe(2);
  });

  it('answers the profile without a usable staff (carol), and lands on safe paths only', async () => {
    const carol = await signIn(t, 'carol');
    const me = await carol.post('/api/v2/platform-public/customer-user/me');
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ username: 'carol', navigationPreference: expect.any(Number) });
    expect((await carol.post('/api/v2/platform-public/customer-user/current')).status).toBe(412);
    for (const [to, where] of [
      ['/pv/monitor/noticeboard?x=1', '/pv/monitor/noticeboard?x=1'],
      ['//evil.example.com/x', '/'],
      ['https://evil.example.com', '/'],
      ['/\\evil.example.com', '/'],
      [undefined, '/'],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: to === undefined ? '/server/landing' : `/server/landing?to=${encodeURIComponent(to)}`,
      });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(where);
    }
  });
});
