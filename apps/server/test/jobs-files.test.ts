import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_FILE_DAYS } from '../src/domains/jobs/jobs.service.js';
import { createTestApp, DB_KINDS, signIn, type Session, type TestApp } from './helpers.js';

// Files of import jobs (docs/excel.md#jobs): a done job's upload goes at once, a failed job's upload and
// problems are kept JOB_FILE_DAYS after it finished (the problems workbook), then the sweep removes them.

async function importCsv(t: TestApp, s: Session, csv: string) {
  const boundary = '----jobs-files-test';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="devices.csv"\r\nContent-Type: text/csv\r\n\r\n`),
    Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v2/device/import',
    headers: { cookie: s.cookie, jwttoken: s.token, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(res.statusCode).toBe(200);
  return JSON.parse(res.body).data as { id: string; status: string };
}

describe.each(DB_KINDS)('import job files on %s', (kind) => {
  let t: TestApp;
  let alice: Session;
  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await signIn(t, 'alice');
  });
  afterAll(async () => {
    await t?.services.jobs.idle();
    await t?.close();
  });

  it('removes a done job’s file at once, a failed one’s after JOB_FILE_DAYS, and files whose job row is gone', async () => {
    const root = t.services.jobs.root;
    const filesOf = (id: string) =>
      fs
        .readdirSync(root, { recursive: true })
        .map(String)
        .filter((f) => path.basename(f).startsWith(id));
    const cutoff = () => new Date(Date.now() - JOB_FILE_DAYS * 86_400_000);

    const done = await importCsv(t, alice, 'Code,Name,Device type,OU\r\nJF-1,Meter,Grid connection meter,SZ-01\r\n');
    expect(done.status).toBe('done');
    expect(filesOf(done.id)).toEqual([]);

    const failed = await importCsv(t, alice, 'Code,Name,Device type,OU\r\nJF-2,Meter,Flux capacitor,SZ-01\r\n');
    expect(failed.status).toBe('failed');
    expect(filesOf(failed.id)).toHaveLength(2); // the upload and its problems
    const tenantDir = path.dirname(path.join(root, filesOf(failed.id)[0]!));

    // files without a job row: an old one goes, a young one stays (its job may not be committed yet)
    const orphanOld = path.join(tenantDir, '00000000-0000-4000-8000-000000000001.csv');
    const orphanYoung = path.join(tenantDir, '00000000-0000-4000-8000-000000000002.xlsx');
    fs.writeFileSync(orphanOld, 'a');
    fs.writeFileSync(orphanYoung, 'b');
    const old = new Date(Date.now() - (JOB_FILE_DAYS + 1) * 86_400_000);
    fs.utimesSync(orphanOld, old, old);

    // the failed job finished just now: its files stay, and the problems workbook is served
    expect(await t.services.jobs.sweepFiles(cutoff())).toBe(1);
    expect(fs.existsSync(orphanOld)).toBe(false);
    expect(fs.existsSync(orphanYoung)).toBe(true);
    expect(filesOf(failed.id)).toHaveLength(2);
    const served = await t.app.inject({
      method: 'GET',
      url: `/api/v2/job/${failed.id}/problems`,
      headers: { cookie: alice.cookie, jwttoken: alice.token },
    });
    expect(served.statusCode).toBe(200);

    // JOB_FILE_DAYS later, both files of the failed job go; the job row stays, its workbook is gone
    await t.database.system.execute(sql`update job set finished_at = ${old.toISOString()}::timestamptz where id = ${failed.id}::uuid`);
    expect(await t.services.jobs.sweepFiles(cutoff())).toBe(2);
    expect(filesOf(failed.id)).toEqual([]);
    expect(fs.existsSync(orphanYoung)).toBe(true);
    const gone = await t.app.inject({
      method: 'GET',
      url: `/api/v2/job/${failed.id}/problems`,
      headers: { cookie: alice.cookie, jwttoken: alice.token },
    });
    expect(gone.statusCode).toBe(404);
    expect((await alice.post('/api/v2/job/detail', { id: failed.id })).body.data).toMatchObject({ status: 'failed', problemCount: 1 });
  }, 60_000);
});
