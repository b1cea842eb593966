import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, signIn, upload, type Session, type TestApp } from './helpers.js';
import { iconPng } from '../src/seed/png.js';

describe.each(DB_KINDS)('file center on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  it('stores an upload and streams it back to the same tenant with its content type, by cookie alone', async () => {
    const alice = await signIn(t, 'alice');
    const png = iconPng(16, [0, 0, 0], [255, 255, 255]);
    const up = await upload(alice, 'logo.png', png);
    expect(up.status).toBe(200);
    expect(up.body.data).toMatchObject({ key: expect.any(String), name: 'logo.png', size: png.length, contentType: 'image/png' });
    const res = await t.app.inject({ method: 'GET', url: up.body.data.url, headers: { cookie: alice.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(png)).toBe(true);
    // the legacy path works too
    expect((await upload(alice, 'logo2.png', png, '/api/file-center/upload')).status).toBe(200);

    // bob (same tenant) can read it; a Harbor staff cannot, and not signed in is 401
    const bob = await signIn(t, 'bob');
    expect((await t.app.inject({ method: 'GET', url: up.body.data.url, headers: { cookie: bob.cookie } })).statusCode).toBe(200);
    await alice.call('PUT', '/api/staff/switch?staff_id=' + (await harborStaffId(alice)));
    const foreign = await t.app.inject({ method: 'GET', url: up.body.data.url, headers: { cookie: alice.cookie } });
    expect(foreign.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: up.body.data.url })).statusCode).toBe(401);
  });

  it('refuses a wrong extension, content that does not match it, an empty file, a missing field, and an oversized file, storing nothing', async () => {
    const s = await signIn(t, 'bob');
    const before = (await s.post('/api/v2/test-tool/statistics')).body.data.files;
    const exe = await upload(s, 'tool.exe', Buffer.from('MZ....'));
    expect(exe.status).toBe(400);
    expect(exe.body).toMatchObject({ code: 40003, msg: expect.stringContaining('upload the correct file format') });
    const fake = await upload(s, 'photo.png', Buffer.from('<script>alert(1)</script>'));
    expect(fake.body.code).toBe(40003);
    expect((await upload(s, 'empty.txt', Buffer.alloc(0))).status).toBe(400);
    expect((await upload(s, 'a.png', iconPng(4, [0, 0, 0], [0, 0, 0]), undefined, 'other')).status).toBe(400);
    const big = Buffer.concat([iconPng(4, [0, 0, 0], [0, 0, 0]), Buffer.alloc(10 * 1024 * 1024 + 10)]);
    const tooBig = await upload(s, 'big.png', big);
    expect(tooBig.status).toBe(400);
    expect(tooBig.body).toMatchObject({ code: 40002, msg: expect.stringContaining('must not exceed 10M') });
    const notMultipart = await s.post('/api/v2/file-center/upload', { file: 'x' });
    expect(notMultipart.status).toBe(400);
    expect((await s.post('/api/v2/test-tool/statistics')).body.data.files).toBe(before);
  });

  it('answers the default asset keys of the tenant', async () => {
    const s = await signIn(t, 'bob');
    const res = await s.call('GET', '/api/v2/file-center/defaultKey');
    expect(res.body.data.platformIcon).toEqual(expect.any(String));
    const icon = await t.app.inject({
      method: 'GET',
      url: `/api/v2/file-center/get?key=${res.body.data.platformIcon}`,
      headers: { cookie: s.cookie },
    });
    expect(icon.statusCode).toBe(200);
  });
});

async function harborStaffId(s: Session): Promise<number> {
  const list = (await s.post('/api/v2/platform-public/staff/list')).body.data as { id: number; tenantName: string }[];
  return list.find((x) => x.tenantName === 'Harbor Logistics')!.id;
}
