import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { rowsOf } from '../src/db/sql.js';
import { FILE_KEY_COLUMNS, sweepOrphanFiles } from '../src/domains/files/files-sweep.js';
import { createTestApp, DB_KINDS, signIn, switchToTenant, upload, type TestApp } from './helpers.js';

const KB = 1024;

describe.each(DB_KINDS)('upload quota and the orphan sweep on %s', (kind) => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    // a quota of 1 MB per tenant; the demo's own files (icons) count too
    t = await createTestApp(kind, { security: { ...loadConfig({}).security, uploadQuotaBytes: 1024 * KB } });
    root = t.services.files.root;
  });
  afterAll(() => t?.close());

  const used = async (tenantName: string) =>
    Number(
      (
        await rowsOf<{ used: string }>(
          t.database.system,
          sql`select coalesce(sum(f.size), 0) as used from file f join tenant tn on tn.id = f.tenant_id where tn.name = ${tenantName}`,
        )
      )[0]!.used,
    );
  const filesOnDisk = (tenantId: string) =>
    fs.existsSync(path.join(root, tenantId)) ? fs.readdirSync(path.join(root, tenantId)).length : 0;

  it('refuses an upload past the tenant quota with a message naming it, storing nothing; another tenant keeps its own quota', async () => {
    const alice = await signIn(t, 'alice');
    await switchToTenant(alice, 'Sunrise Manufacturing');
    const room = 1024 * KB - (await used('Sunrise Manufacturing'));
    expect(room).toBeGreaterThan(600 * KB);
    expect((await upload(alice, 'a.txt', Buffer.alloc(room - 100 * KB, 'a'))).status).toBe(200);
    const tenantId = (
      await rowsOf<{ tenant_id: string }>(t.database.system, sql`select id as tenant_id from tenant where name = 'Sunrise Manufacturing'`)
    )[0]!.tenant_id;
    const rowsBefore = await used('Sunrise Manufacturing');
    const diskBefore = filesOnDisk(tenantId);

    const refused = await upload(alice, 'b.txt', Buffer.alloc(200 * KB, 'b'));
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      code: 40005,
      data: null,
      msg: expect.stringMatching(/^The upload quota of 1 MB per tenant is used up: 0\.9 MB are stored, this file is 0\.2 MB\./),
    });
    expect(await used('Sunrise Manufacturing')).toBe(rowsBefore);
    expect(filesOnDisk(tenantId)).toBe(diskBefore);
    // what still fits is taken
    expect((await upload(alice, 'c.txt', Buffer.alloc(50 * KB, 'c'))).status).toBe(200);

    // Harbor's staff upload against Harbor's quota
    const dave = await signIn(t, 'dave');
    expect((await upload(dave, 'd.txt', Buffer.alloc(200 * KB, 'd'))).status).toBe(200);
  });

  it('refuses at once, before reading the file, when the quota is already used up', async () => {
    const bob = await signIn(t, 'bob');
    const room = 1024 * KB - (await used('Sunrise Manufacturing'));
    expect((await upload(bob, 'fill.txt', Buffer.alloc(room, 'f'))).status).toBe(200);
    const refused = await upload(bob, 'tiny.txt', Buffer.from('x'));
    expect(refused.body).toMatchObject({ code: 40005, msg: expect.stringContaining('1 MB per tenant is used up: 1 MB are stored') });
  });

  it('sweeps files older than the grace period that no row refers to, with their bytes, and keeps the ones in use', async () => {
    const alice = await signIn(t, 'alice');
    const dave = await signIn(t, 'dave');
    // quota filled above: make room by sweeping what nothing refers to (every upload so far is unreferenced)
    const [{ icon_key: iconKey }] = await rowsOf<{ icon_key: string }>(
      t.database.system,
      sql`select icon_key from tenant where name = 'Sunrise Manufacturing'`,
    );
    expect(iconKey).toEqual(expect.any(String));

    // nothing is old enough yet: nothing goes
    const early = await sweepOrphanFiles(t.database.system, root, new Date(Date.now() - 3_600_000));
    expect(early).toEqual({ rows: 0, strays: 0, bytes: 0 });

    // a head picture in use and a stray file on disk (its request failed after writing it)
    await switchToTenant(dave, 'Harbor Logistics');
    const head = await upload(dave, 'me.txt', Buffer.from('not really a picture'));
    await t.database.system.execute(sql`update customer_user set head_pic = ${head.body.data.key} where username = 'dave'`);
    const [{ tenant_id: harbor }] = await rowsOf<{ tenant_id: string }>(
      t.database.system,
      sql`select id as tenant_id from tenant where name = 'Harbor Logistics'`,
    );
    fs.writeFileSync(path.join(root, harbor, 'stray-file'), 'left behind');

    const before = await rowsOf<{ key: string }>(t.database.system, sql`select key from file`);
    const swept = await sweepOrphanFiles(t.database.system, root, new Date(Date.now() + 1000));
    const after = new Set((await rowsOf<{ key: string }>(t.database.system, sql`select key from file`)).map((r) => r.key));
    expect(swept.strays).toBe(1);
    expect(swept.rows).toBe(before.length - after.size);
    expect(swept.bytes).toBeGreaterThan(1024 * KB);
    expect(after.has(iconKey)).toBe(true);
    expect(after.has(head.body.data.key)).toBe(true);
    // each kept key is named by a column; the bytes of the removed ones are gone from disk
    for (const { key } of before) {
      const onDisk = fs.readdirSync(root).some((dir) => fs.existsSync(path.join(root, dir, key)));
      expect(onDisk, key).toBe(after.has(key));
    }
    expect(fs.existsSync(path.join(root, harbor, 'stray-file'))).toBe(false);
    // the kept icon is still served; the tenant can upload again
    const icon = await t.app.inject({ method: 'GET', url: `/api/v2/file-center/get?key=${iconKey}`, headers: { cookie: alice.cookie } });
    expect(icon.statusCode).toBe(200);
    expect((await upload(alice, 'again.txt', Buffer.alloc(100 * KB, 'a'))).status).toBe(200);
  });

  it('knows every column that holds file keys: each exists, and no other text column is named like one', async () => {
    const columns = await rowsOf<{ table_name: string; column_name: string }>(
      t.database.system,
      sql`select table_name, column_name from information_schema.columns
          where table_schema = 'public' and data_type = 'text'
            and (column_name ~ '(icon|logo|pic|picture|image|avatar|file|attachment)' or column_name ~ '_key$')`,
    );
    const found = columns.map((c) => `${c.table_name}.${c.column_name}`);
    for (const { table, column } of FILE_KEY_COLUMNS) expect(found).toContain(`${table}.${column}`);
    // keys that are not file keys: property and navigation keys, the file table's own key, the catalogue's
    const notFiles = found.filter((c) => !FILE_KEY_COLUMNS.some(({ table, column }) => c === `${table}.${column}`));
    for (const c of notFiles) expect(c, `${c}: a file key column? add it to FILE_KEY_COLUMNS`).toMatch(NOT_FILE_KEYS);
  });
});

/** Text columns named like file keys that hold something else (job.file: an import's own copy under DATA_DIR/jobs; circuit_energy_import.file_name: the uploaded file's name, shown in the import records). */
const NOT_FILE_KEYS =
  /^(file\.(key|name|content_type|sha256)|job\.file|circuit_energy_import\.file_name|[a-z_]+\.(property_key|key|idempotency_key|api_key_hash|data_property_key|type_key))$/;
