import { circuit as c, ErrorCode } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { rowsOf } from '../src/db/sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, demoIds, signIn, upload, type Session, type TestApp } from './helpers.js';

// A circuit's energy config in force from a date, its change log, imports, the statistics rerun and the
// v1 forms (docs/circuits.md, "Energy config"). Asia/Shanghai (UTC+8, no DST), one reading per quarter hour.

const Q = 15 * 60_000;
const at = (local: string) => Date.parse(`${local}+08:00`);
const DAYS = { from: at('2026-03-01T00:00:00'), to: at('2026-03-04T00:00:00') };

describe.each(DB_KINDS)('circuit energy config on %s', (kind) => {
  let t: TestApp;
  let alice: Session;
  let dave: Session;
  let ouId: Record<string, number>;
  let m: Record<'P' | 'Q' | 'R' | 'W' | 'X' | 'G', number>;
  let feeder: c.CircuitRow;

  const energyByDay = async (cache = false) => {
    const res = await alice.call(cache ? c.statisticsWithCache : c.statistics, {
      circuitId: feeder.id,
      dataType: 'activeEnergy',
      timeResolution: 'day',
      ...DAYS,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const values = (a: { periods: { label: string; value: number | null }[] }) => a.periods.map((p) => [p.label, p.value]);

  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await signIn(t, 'alice');
    dave = await signIn(t, 'dave');
    ouId = (await demoIds(t)).ouId;
    const tree = (await alice.post('/api/v2/device-type/tree', {})).body.data as { children: { key: string; id: number }[] }[];
    const typeIds = Object.fromEntries(tree.flatMap((x) => x.children.map((y) => [y.key, y.id])));
    const device = async (code: string, type = 'feeder-meter', ou = 'SZ-01') => {
      const res = await alice.call('POST', '/api/v2/device/create', {
        code,
        name: `Meter ${code}`,
        deviceTypeId: typeIds[type],
        ouId: ouId[ou],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body as { data: { id: number } }).data.id;
    };
    m = {
      P: await device('T-EC-P'),
      Q: await device('T-EC-Q'),
      R: await device('T-EC-R'),
      W: await device('T-EC-W', 'feeder-meter', 'WX-01'),
      X: await device('T-EC-X', 'env-sensor'),
      G: await device('T-EC-G', 'grid-meter'),
    };
    // per quarter hour: P 1000 Wh, Q 300 Wh, R 50 Wh; readings at each quarter's start from 28 Feb 23:45,
    // the step ending at a reading is its quarter's, so each local day 1-3 March has 96 quarters of each
    const readings = [];
    let p = 1_000_000;
    let q = 2_000_000;
    let r = 3_000_000;
    let gi = 4_000_000; // G imports 200 Wh and exports 40 Wh a quarter hour
    let ge = 500_000;
    for (let ts = at('2026-02-28T23:45:00'); ts < DAYS.to; ts += Q) {
      if (ts > at('2026-02-28T23:45:00')) ((p += 1000), (q += 300), (r += 50), (gi += 200), (ge += 40));
      const when = new Date(ts);
      readings.push({ deviceId: m.P, ts: when, values: { e_imp: p / 1000 } });
      readings.push({ deviceId: m.Q, ts: when, values: { e_imp: q / 1000 } });
      readings.push({ deviceId: m.R, ts: when, values: { e_imp: r / 1000 } });
      readings.push({ deviceId: m.G, ts: when, values: { e_imp: gi / 1000, e_exp: ge / 1000 } });
    }
    expect((await t.ingest.writeReadings(readings)).rejected).toBe(0);
    const made = await alice.call(c.circuitCreate, {
      code: 'T-EC-IN',
      name: 'Energy config line',
      type: 'incoming',
      ouId: ouId['SZ-01']!,
      meters: [
        { deviceId: m.P, sign: 1 },
        { deviceId: m.Q, sign: -1 },
      ],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    feeder = made.body.data;
  });
  afterAll(async () => {
    await t?.services.jobs.idle();
    await t?.close();
  });

  it('puts a config in force from a date: earlier days keep their meters, to the Wh; the log says who, when, before and after', async () => {
    // created with P − Q since always: each day 96 × (1000 − 300) = 67200 Wh
    const first = await energyByDay(true);
    expect(values(first)).toEqual([
      ['2026-03-01', 67200],
      ['2026-03-02', 67200],
      ['2026-03-03', 67200],
    ]);
    expect(first.cache).toEqual({ hitDays: 0, computedDays: 3 });

    const refused: [string, object, string][] = [
      [
        'no adding meter',
        { effectiveFrom: '2026-03-02', meters: [{ deviceId: m.P, sign: -1 }] },
        'body.meters: at least one meter must add',
      ],
      [
        'twice',
        {
          effectiveFrom: '2026-03-02',
          meters: [
            { deviceId: m.P, sign: 1 },
            { deviceId: m.P, sign: -1 },
          ],
        },
        'body.meters.1.deviceId: is bound twice',
      ],
      [
        'other OU',
        { effectiveFrom: '2026-03-02', meters: [{ deviceId: m.W, sign: 1 }] },
        'body.meters.0.deviceId: is a device of another operating unit',
      ],
      [
        'not a meter',
        { effectiveFrom: '2026-03-02', meters: [{ deviceId: m.X, sign: 1 }] },
        'body.meters.0.deviceId: is not an energy meter',
      ],
      ['counter', { counter: 'e_exp', effectiveFrom: '2026-03-02', meters: [{ deviceId: m.P, sign: 1 }] }, 'it has no e_exp counter'],
      ['date', { effectiveFrom: '2026-02-30', meters: [{ deviceId: m.P, sign: 1 }] }, 'effectiveFrom: is not a day of the calendar'],
      ['no meters', { effectiveFrom: '2026-03-02', meters: [] }, 'meters: at least one meter'],
    ];
    for (const [what, body, message] of refused) {
      const res = await alice.call('PUT', `/api/circuit/${feeder.id}/energyConfig`, body);
      expect(res.status, what).toBe(400);
      expect((res.body as { msg: string }).msg, what).toContain(message);
    }
    const unchanged = (await alice.call(c.energyConfigDetail, { circuitId: feeder.id })).body.data;
    expect(unchanged.versions).toHaveLength(1);
    expect(unchanged.log.map((l) => l.source)).toEqual(['create']);

    const saved = await alice.call(c.energyConfigSave, {
      id: feeder.id,
      counter: 'e_imp',
      effectiveFrom: '2026-03-02',
      meters: [
        { deviceId: m.P, sign: 1 },
        { deviceId: m.R, sign: 1 },
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const d = saved.body.data;
    expect(d.current!.meters.map((x) => [x.code, x.sign])).toEqual([
      ['T-EC-P', 1],
      ['T-EC-R', 1],
    ]);
    expect(d.versions.map((v) => [v.effectiveFrom, v.until, v.meters.map((x) => `${x.sign > 0 ? '+' : '-'}${x.code}`).join(' ')])).toEqual([
      ['2026-03-02', null, '+T-EC-P +T-EC-R'],
      [null, '2026-03-02', '+T-EC-P -T-EC-Q'],
    ]);
    expect(d.log.map((l) => [l.source, l.staffCode.length > 0, l.effectiveFrom])).toEqual([
      ['config', true, '2026-03-02'],
      ['create', true, null],
    ]);
    expect(d.log[0]!.before).toEqual({
      counter: 'e_imp',
      meters: [
        { deviceId: m.P, code: 'T-EC-P', sign: 1 },
        { deviceId: m.Q, code: 'T-EC-Q', sign: -1 },
      ],
    });
    expect(d.log[0]!.after.meters.map((x) => x.code)).toEqual(['T-EC-P', 'T-EC-R']);
    expect(Date.now() - Date.parse(d.log[0]!.at)).toBeLessThan(60_000);

    // 1 March keeps P − Q = 67200 Wh; from 2 March P + R = 96 × (1000 + 50) = 100800 Wh
    const expected = [
      ['2026-03-01', 67200],
      ['2026-03-02', 100800],
      ['2026-03-03', 100800],
    ];
    const direct = await energyByDay();
    expect(values(direct)).toEqual(expected);
    expect(direct.total).toBe(67200 + 2 * 100800);
    // the cache: 1 March's bindings and rollups are the same (a hit), the two days after are recomputed
    const cached = await energyByDay(true);
    expect(values(cached)).toEqual(expected);
    expect(cached.cache).toEqual({ hitDays: 1, computedDays: 2 });
    // the circuit's meters are the config in force now; the same as v1 GET
    expect((await alice.call(c.circuitDetail, { id: feeder.id })).body.data.meters.map((x) => x.code)).toEqual(['T-EC-P', 'T-EC-R']);
    expect((await alice.call(c.energyConfigGet, { id: feeder.id })).body.data).toEqual(d);
    const base = (await alice.call(c.energyConfigBase, {})).body.data;
    expect(base.counters.map((x) => x.value)).toEqual(['e_imp', 'e_exp']);
    expect(base.circuits.find((x) => x.circuitId === feeder.id)).toMatchObject({ effectiveFrom: '2026-03-02', meters: '+T-EC-P +T-EC-R' });
  });

  it('counts the counter of the config in force: imported energy, then exported energy from a date', async () => {
    const made = await alice.call(c.circuitCreate, {
      code: 'T-EC-GRID',
      name: 'Grid connection',
      type: 'incoming',
      ouId: ouId['SZ-01']!,
      meters: [{ deviceId: m.G, sign: 1 }],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const id = made.body.data.id;
    const saved = await alice.call(c.energyConfigSave, {
      id,
      counter: 'e_exp',
      effectiveFrom: '2026-03-03',
      meters: [{ deviceId: m.G, sign: 1 }],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.log[0]!.before.counter).toBe('e_imp');
    expect(saved.body.data.log[0]!.after.counter).toBe('e_exp');
    const res = await alice.call(c.statistics, { circuitId: id, dataType: 'activeEnergy', timeResolution: 'day', ...DAYS });
    // 1 and 2 March: e_imp 96 × 200 = 19200 Wh; 3 March: e_exp 96 × 40 = 3840 Wh
    expect(values(res.body.data)).toEqual([
      ['2026-03-01', 19200],
      ['2026-03-02', 19200],
      ['2026-03-03', 3840],
    ]);
  });

  it('imports configs from a file: a bad row saves nothing and names its row and column; a good file applies each config', async () => {
    const csv = (rows: string[]) => Buffer.from(['Circuit code,Meter code,Sign,In force from', ...rows].join('\n'));
    const versionsBefore = (await alice.call(c.energyConfigDetail, { circuitId: feeder.id })).body.data.versions;
    const bad = await upload(
      alice,
      'bad.csv',
      csv(['T-EC-IN,T-EC-P,+,2026-03-03', 'T-EC-IN,T-EC-NOPE,+,2026-03-03', 'T-EC-IN,T-EC-Q,+,2026-13-01']),
      c.energyConfigImport.path,
    );
    expect(bad.status, JSON.stringify(bad.body)).toBe(200);
    const badJob = (bad.body as { data: { status: string; problems: unknown[] } }).data;
    expect(badJob.status).toBe('failed');
    expect(badJob.problems).toEqual([
      { row: 3, column: 'Meter code', message: 'No energy meter of yours has this code' },
      { row: 4, column: 'In force from', message: 'Must be a date YYYY-MM-DD' },
    ]);
    const noPlus = (await upload(alice, 'minus.csv', csv(['T-EC-IN,T-EC-P,-,2026-03-03']), c.energyConfigImport.path)).body as {
      data: { problems: unknown[] };
    };
    expect(noPlus.data.problems).toEqual([
      { row: 2, column: 'Sign', message: 'The config of T-EC-IN from 2026-03-03 has no adding (+) meter' },
    ]);
    expect((await alice.call(c.energyConfigDetail, { circuitId: feeder.id })).body.data.versions).toEqual(versionsBefore);

    const good = await upload(
      alice,
      'good.csv',
      csv(['T-EC-IN,T-EC-P,+,2026-03-03', 'T-EC-IN,T-EC-Q,+,2026-03-03']),
      '/api/circuit/energyConfig/import',
    );
    const goodJob = (good.body as { data: { status: string; imported: number } }).data;
    expect(goodJob).toMatchObject({ status: 'done', imported: 2 });
    // 3 March: P + Q = 96 × (1000 + 300) = 124800 Wh; the days before keep theirs
    expect(values(await energyByDay())).toEqual([
      ['2026-03-01', 67200],
      ['2026-03-02', 100800],
      ['2026-03-03', 124800],
    ]);
    const detail = (await alice.call(c.energyConfigDetail, { circuitId: feeder.id })).body.data;
    expect(detail.log[0]).toMatchObject({ source: 'import', effectiveFrom: '2026-03-03' });
    expect(detail.versions.map((v) => [v.effectiveFrom, v.until])).toEqual([
      ['2026-03-03', null],
      ['2026-03-02', '2026-03-03'],
      [null, '2026-03-02'],
    ]);

    const records = (await alice.call(c.energyImportRecordPage, { pageOffset: 1, pageSize: 10 })).body.data;
    expect(records.totalCount).toBe(3);
    expect(records.list.map((r) => [r.fileName, r.rows, r.job.status, r.job.problemCount])).toEqual([
      ['good.csv', 2, 'done', 0],
      ['minus.csv', 1, 'failed', 1],
      ['bad.csv', 3, 'failed', 2],
    ]);
    const v1 = (await alice.call('GET', '/api/circuit/energyConfig/importRecord/page?page=1&size=2')).body as {
      data: { list: unknown[]; totalCount: number };
    };
    expect(v1.data.list).toHaveLength(2);
    expect(v1.data.totalCount).toBe(3);

    const template = await t.app.inject({
      method: 'GET',
      url: `${c.energyConfigTemplate.path}?lang=zh-CN`,
      headers: { cookie: alice.cookie, jwttoken: alice.token },
    });
    expect(template.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    expect((book.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual(['回路编码', '电表编码', '符号', '计量属性', '生效日期']);
    // the drop-downs offer the staff's circuits and energy meters (not the environment sensor)
    const lists = JSON.stringify(book.worksheets.map((w) => w.getSheetValues()));
    expect(lists).toContain('T-EC-IN');
    expect(lists).toContain('T-EC-G');
    expect(lists).not.toContain('T-EC-X');
  });

  it('reruns the cached statistics as a job and refuses an overlapping rerun', async () => {
    const done = await alice.call(c.electricityRerun, { circuitIds: [feeder.id], ...DAYS });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toMatchObject({ kind: 'circuit-rerun', status: 'done', total: 3, imported: 3 });
    // the three days were computed again by the rerun: now all hits, with the same figures
    const after = await energyByDay(true);
    expect(after.cache).toEqual({ hitDays: 3, computedDays: 0 });
    expect(after.total).toBe(67200 + 100800 + 124800);

    // 400 days run in the background (after the request) and report their progress
    const long = { circuitIds: [feeder.id], from: at('2025-02-01T00:00:00'), to: at('2026-03-04T00:00:00') };
    const running = (await alice.call('PUT', '/api/circuit/electricity/rerun', long)).body as {
      data: { id: string; status: string; total: number };
    };
    expect(running.data).toMatchObject({ status: 'running', total: 396 }); // 1 Feb 2025 to 1 Feb 2026: 365 days, February 2026: 28, 1-3 March: 3
    await t.services.jobs.idle();
    expect((await alice.call('POST', '/api/v2/job/detail', { id: running.data.id })).body).toMatchObject({
      data: { status: 'done', processed: 396, imported: 396 },
    });

    // a rerun of the same circuit running elsewhere (another server process) over an overlapping range: refused
    const [{ staff_id: staffId, tenant_id: tenantId }] = await rowsOf<{ staff_id: number; tenant_id: string }>(
      t.database.system,
      sql`select staff_id, tenant_id from job where id = ${running.data.id}::uuid`,
    );
    const other = '00000000-0000-4000-8000-000000000001';
    await t.database.system.execute(
      sql`insert into job (id, tenant_id, staff_id, kind, status, total) values (${other}::uuid, ${tenantId}::uuid, ${staffId}, 'circuit-rerun', 'running', 10)`,
    );
    await t.database.system.execute(
      sql`insert into circuit_rerun (job_id, tenant_id, circuit_ids, from_ts, to_ts)
          values (${other}::uuid, ${tenantId}::uuid, ${sql.param([feeder.id])}::int[], ${new Date(at('2026-03-02T00:00:00')).toISOString()}::timestamptz,
                  ${new Date(at('2026-03-12T00:00:00')).toISOString()}::timestamptz)`,
    );
    const overlap = await alice.call(c.electricityRerun, { circuitIds: [feeder.id], ...DAYS });
    expect(overlap.body.code).toBe(ErrorCode.CONFLICT);
    expect(overlap.body.msg).toContain(`is running (job ${other})`);
    // a range before it does not overlap; once it has ended the same range is accepted
    expect(
      (await alice.call(c.electricityRerun, { circuitIds: [feeder.id], from: DAYS.from, to: at('2026-03-02T00:00:00') })).body.data.status,
    ).toBe('done');
    await t.database.system.execute(sql`update job set status = 'done' where id = ${other}::uuid`);
    expect((await alice.call(c.electricityRerun, { circuitIds: [feeder.id], ...DAYS })).body.data.status).toBe('done');
  });

  it('updates through PUT /api/circuit/{id}; a PUT to a GET-only path still answers that no such call exists', async () => {
    const body = { code: 'T-EC-IN', name: 'Renamed line', type: 'incoming', ouId: ouId['SZ-01'] };
    const current = (await alice.call(c.circuitDetail, { id: feeder.id })).body.data;
    const res = await alice.call('PUT', `/api/circuit/${feeder.id}`, {
      ...body,
      meters: current.meters.map((x) => ({ deviceId: x.deviceId, sign: x.sign })),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body as { data: c.CircuitRow }).data.name).toBe('Renamed line');
    // the same meters: no new config, no log row
    expect((await alice.call(c.energyConfigDetail, { circuitId: feeder.id })).body.data.log[0]!.source).toBe('import');
    for (const path of ['/api/circuit/tree', '/api/circuit/page', '/api/circuit/list']) {
      const wrong = await alice.call('PUT', path, { evil: 1 });
      expect(wrong.status, path).toBe(404);
      expect(wrong.body, path).toMatchObject({ code: ErrorCode.NOT_FOUND, msg: `No such call: PUT ${path}` });
    }
    expect((await alice.call('PUT', '/api/circuit/abc', body)).status).toBe(400);
    const refused = await alice.call(c.insertTestData, { circuitId: feeder.id });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe(ErrorCode.BUSINESS_FAILURE);
  });

  it("another tenant's staff gets 404 or nothing", async () => {
    for (const res of [
      await dave.call(c.energyConfigDetail, { circuitId: feeder.id }),
      await dave.call(c.energyConfigGet, { id: feeder.id }),
      await dave.call(c.energyConfigSave, {
        id: feeder.id,
        counter: 'e_imp',
        effectiveFrom: '2026-03-01',
        meters: [{ deviceId: m.P, sign: 1 }],
      }),
      await dave.call(c.electricityRerun, { circuitIds: [feeder.id], ...DAYS }),
      await dave.call('PUT', `/api/circuit/${feeder.id}`, { code: 'X', name: 'X', type: 'incoming', ouId: ouId['SH-01'], meters: [] }),
    ])
      expect((res.body as { code: number }).code).toBe(ErrorCode.NOT_FOUND);
    const base = (await dave.call(c.energyConfigBase, {})).body.data;
    expect(base.circuits.some((x) => x.code.startsWith('T-EC'))).toBe(false);
    expect((await dave.call(c.energyImportRecordPage, { pageOffset: 1, pageSize: 10 })).body.data.totalCount).toBe(0);
    const theirs = await upload(
      dave,
      'steal.csv',
      Buffer.from('Circuit code,Meter code,Sign,In force from\nT-EC-IN,T-EC-P,+,2026-03-01'),
      c.energyConfigImport.path,
    );
    expect((theirs.body as { data: { problems: { column: string }[] } }).data.problems.map((p) => p.column)).toEqual([
      'Circuit code',
      'Meter code',
    ]);
    expect((await alice.call(c.circuitDetail, { id: feeder.id })).body.data.name).toBe('Renamed line');
  });
});
