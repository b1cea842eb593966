import ExcelJS from 'exceljs';
import { ErrorCode } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/sql.js';
import { createTestApp, DB_KINDS, demoIds, signIn, type Session, type TestApp, wallClock } from './helpers.js';

const LOG = '/api/rule/device/alarm/log';

describe.each(DB_KINDS)('alarm logs, the bell and read state on %s', (kind) => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;
  let dave: Session;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  const dev: Record<string, number> = {};
  /** Alarm ids by device code. */
  const alarm: Record<string, number> = {};
  const base = Date.now() - 30 * 60_000;

  const deviceId = async (code: string) =>
    Number((await rowsOf<{ id: number }>(t.database.system, sql`select id from device where code = ${code}`))[0]!.id);
  const write = async (code: string, ts: number, values: Record<string, number>) => {
    await t.ingest.writeReadings([{ deviceId: dev[code]!, ts: new Date(ts), values }]);
    await t.services.alarm.settled();
  };

  beforeAll(async () => {
    // the alarms these tests count are the ones they raise: without the demo's past alarms
    t = await createTestApp(kind, {}, { alarmHistory: false });
    [alice, bob, dave] = await Promise.all([signIn(t, 'alice'), signIn(t, 'bob'), signIn(t, 'dave')]);
    ids = await demoIds(t);
    const tree = (await alice.post('/api/v2/device-type/tree', {})).body.data as {
      children: { key: string; id: number; properties: { id: number; key: string }[] }[];
    }[];
    const type = (key: string) => tree.flatMap((c) => c.children).find((x) => x.key === key)!;
    const rule = async (name: string, key: string, prop: string, condition: string, threshold: number, level: number, ou: string) => {
      const res = await alice.post('/api/v2/device-alarm/rule/create', {
        name,
        description: null,
        deviceTypeId: type(key).id,
        propertyId: type(key).properties.find((p) => p.key === prop)!.id,
        condition,
        threshold,
        durationSeconds: 0,
        level,
        ouId: ids.ouId[ou],
        deviceIds: [],
        enabled: true,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    await rule('Meter over 100', 'grid-meter', 'p', 'GT', 100, 0, 'SZ-01');
    await rule('Feeder over 100', 'feeder-meter', 'p', 'GT', 100, 0, 'SZ-01');
    await rule('SOC under 20', 'bsa-pcs', 'soc', 'LT', 20, 2, 'SZ-01');
    await rule('Wuxi meter over 100', 'grid-meter', 'p', 'GT', 100, 1, 'WX-01');
    const wx = await alice.post('/api/v2/device/create', {
      code: 'WX-01-GM-77',
      name: 'Wuxi meter',
      deviceTypeId: type('grid-meter').id,
      ouId: ids.ouId['WX-01'],
    });
    expect(wx.status).toBe(200);
    for (const code of ['SZ-01-GM-01', 'SZ-01-FM-01', 'SZ-01-FM-02', 'SZ-01-PCS-01', 'WX-01-GM-77', 'SH-01-PCS-01'])
      dev[code] = await deviceId(code);

    // history before the alarms (for the related values and the curves), then the alarms, one a minute
    await write('SZ-01-GM-01', base - 60_000, { p: 90, q: 10, e_imp: 1000 });
    await write('SZ-01-GM-01', base, { p: 150, q: 11, e_imp: 1001 });
    await write('SZ-01-FM-01', base + 60_000, { p: 120 });
    await write('SZ-01-FM-02', base + 120_000, { p: 130 });
    await write('SZ-01-PCS-01', base + 180_000, { soc: 12 });
    await write('WX-01-GM-77', base + 240_000, { p: 140 });
    await write('SH-01-PCS-01', base + 240_000, { soc: 6 }); // Harbor's demo rule: Storage SOC low, held 60 s
    await write('SH-01-PCS-01', base + 300_000, { soc: 5 });
    // the meter's alarm clears
    await write('SZ-01-GM-01', base + 360_000, { p: 80, q: 12, e_imp: 1002 });
    const rows = await rowsOf<{ id: number; device_code: string }>(
      t.database.system,
      sql`select id, device_code from alarm_log order by id`,
    );
    for (const r of rows) alarm[r.device_code] = Number(r.id);
    expect(Object.keys(alarm).sort()).toEqual(['SH-01-PCS-01', 'SZ-01-FM-01', 'SZ-01-FM-02', 'SZ-01-GM-01', 'SZ-01-PCS-01', 'WX-01-GM-77']);
  });
  afterAll(() => t?.close());

  it('pages the records of the staff’s OUs, newest first, with every filter', async () => {
    const page = (await alice.call('GET', `${LOG}/page?page=1&size=20`)).body.data;
    expect(page).toMatchObject({ totalCount: 5, pageSize: 20, pageOffset: 1 });
    expect(page.list.map((r: { deviceCode: string }) => r.deviceCode)).toEqual([
      'WX-01-GM-77',
      'SZ-01-PCS-01',
      'SZ-01-FM-02',
      'SZ-01-FM-01',
      'SZ-01-GM-01',
    ]);
    const meter = page.list.find((r: { deviceCode: string }) => r.deviceCode === 'SZ-01-GM-01');
    expect(meter).toMatchObject({
      id: alarm['SZ-01-GM-01'],
      source: 'rule',
      sceneType: null,
      level: 0,
      state: 1,
      ruleName: 'Meter over 100',
      deviceId: dev['SZ-01-GM-01'],
      deviceName: 'Grid connection meter',
      deviceTypeName: 'Grid connection meter',
      ouId: ids.ouId['SZ-01'],
      ouName: 'Suzhou Plant Site',
      propertyKey: 'p',
      propertyName: 'Active power (import positive)',
      unit: 'kW',
      condition: 'GT',
      threshold: 100,
      triggerValue: 150,
      content: 'Active power (import positive) 150 kW > 100 kW',
      alarmTime: new Date(base).toISOString(),
      recoverTime: new Date(base + 360_000).toISOString(),
      recoveredBy: 'auto',
      recoverRemark: 'the condition cleared',
      read: false,
      workOrderCount: 0,
    });
    const codes = async (s: Session, query: string) =>
      ((await s.call('GET', `${LOG}/page?${query}`)).body.data.list as { deviceCode: string }[]).map((r) => r.deviceCode).sort();
    expect(await codes(bob, 'page=1&size=20')).toEqual(['SZ-01-FM-01', 'SZ-01-FM-02', 'SZ-01-GM-01', 'SZ-01-PCS-01']);
    expect(await codes(dave, 'page=1&size=20')).toEqual(['SH-01-PCS-01']);
    expect(await codes(alice, 'state=1')).toEqual(['SZ-01-GM-01']);
    expect(await codes(alice, 'state=0&alarmLevels=0')).toEqual(['SZ-01-FM-01', 'SZ-01-FM-02']);
    expect(await codes(alice, 'alarmLevels=1&alarmLevels=2')).toEqual(['SZ-01-PCS-01', 'WX-01-GM-77']);
    expect(await codes(alice, 'alarmLevels=1,2')).toEqual(['SZ-01-PCS-01', 'WX-01-GM-77']);
    expect(await codes(alice, 'deviceCode=fm-0')).toEqual(['SZ-01-FM-01', 'SZ-01-FM-02']);
    expect(await codes(alice, 'deviceName=storage')).toEqual(['SZ-01-PCS-01']);
    expect(await codes(alice, `ouId=${ids.ouId['WX-01']}`)).toEqual(['WX-01-GM-77']);
    expect(await codes(bob, `ouId=${ids.ouId['WX-01']}`)).toEqual([]);
    expect(await codes(alice, 'source=server')).toEqual([]);
    const from = encodeURIComponent(new Date(base + 60_000).toISOString());
    const to = encodeURIComponent(new Date(base + 120_000).toISOString());
    expect(await codes(alice, `alarmStartTime=${from}&alarmEndTime=${to}`)).toEqual(['SZ-01-FM-01', 'SZ-01-FM-02']);
    const paged = (await alice.call('GET', `${LOG}/page?page=2&size=2`)).body.data;
    expect(paged).toMatchObject({ totalCount: 5, pageSize: 2, pageOffset: 2 });
    expect(paged.list.map((r: { deviceCode: string }) => r.deviceCode)).toEqual(['SZ-01-FM-02', 'SZ-01-FM-01']);
    for (const bad of ['state=2', 'alarmLevels=5', 'size=101', 'page=0', 'alarmStartTime=yesterday', 'source=device']) {
      const r = await alice.call('GET', `${LOG}/page?${bad}`);
      expect(r.status, bad).toBe(400);
      expect(r.body.code).toBe(ErrorCode.VALIDATION);
    }
  });

  it("keeps each tenant's and OU's alarms to itself: 404 for ids it does not see", async () => {
    const sunrise = alarm['SZ-01-FM-01']!;
    const harbor = alarm['SH-01-PCS-01']!;
    const calls: [Session, string, string, unknown?][] = [
      [dave, 'GET', `${LOG}/detail/${sunrise}`],
      [dave, 'PUT', `${LOG}/read/${sunrise}`],
      [dave, 'POST', `${LOG}/batch/read?ids=${sunrise}`],
      [dave, 'GET', `${LOG}/workOrder/${sunrise}`],
      [dave, 'POST', `${LOG}/workOrder`, { alarmId: sunrise, title: 'x', content: 'y' }],
      [dave, 'GET', `${LOG}/related/property/list/${sunrise}`],
      [dave, 'GET', `${LOG}/related/property-value/list/${sunrise}`],
      [dave, 'GET', `${LOG}/point-sthf-list/${sunrise}`],
      [dave, 'GET', `${LOG}/point-sthf-list/export/${sunrise}`],
      [dave, 'POST', '/api/v2/cors/readAlarmLog', { id: sunrise }],
      [dave, 'POST', '/api/v2/cors/read-alarm', { id: sunrise }],
      [alice, 'GET', `${LOG}/detail/${harbor}`],
      [alice, 'POST', `${LOG}/batch/read?ids=${alarm['SZ-01-GM-01']}&ids=${harbor}`],
      [bob, 'GET', `${LOG}/detail/${alarm['WX-01-GM-77']}`],
      [bob, 'POST', '/api/v2/cors/readAlarmLog', { id: alarm['WX-01-GM-77'] }],
    ];
    for (const [s, method, url, body] of calls) {
      const r = await s.call(method, url, body);
      expect(r.status, `${method} ${url}`).toBe(404);
      expect(r.body.code).toBe(ErrorCode.NOT_FOUND);
    }
    // nothing was marked read by those
    const reads = await rowsOf<{ n: number }>(t.database.system, sql`select count(*)::int as n from alarm_push where read_at is not null`);
    expect(reads[0]!.n).toBe(0);
  });

  it('read state is per staff: read, batch read, readAlarmLog and read-alarm; bob needs the button for the record-list reads', async () => {
    const fm1 = alarm['SZ-01-FM-01']!;
    const fm2 = alarm['SZ-01-FM-02']!;
    const pcs = alarm['SZ-01-PCS-01']!;
    const read = await alice.call('PUT', `${LOG}/read/${fm1}`);
    expect(read.body).toMatchObject({ code: 0, data: true });
    expect((await alice.call('GET', `${LOG}/detail/${fm1}`)).body.data.read).toBe(true);
    expect((await bob.call('GET', `${LOG}/detail/${fm1}`)).body.data.read).toBe(false);
    const batch = await alice.call('POST', `${LOG}/batch/read?ids=${fm1}&ids=${fm2}&ids=${pcs}`);
    expect(batch.body.data).toEqual({ read: 2 });
    expect((await alice.call('POST', `${LOG}/batch/read?ids=${fm1},${fm2}`)).body.data).toEqual({ read: 0 });
    expect((await alice.call('GET', `${LOG}/page?read=false`)).body.data.list.map((r: { id: number }) => r.id).sort()).toEqual(
      [alarm['SZ-01-GM-01'], alarm['WX-01-GM-77']].sort(),
    );
    expect((await alice.call('GET', `${LOG}/page?read=true`)).body.data.totalCount).toBe(3);
    expect((await alice.call('POST', `${LOG}/batch/read`)).status).toBe(400);
    // bob: no b-alarm-record-read
    for (const [method, url] of [
      ['PUT', `${LOG}/read/${fm1}`],
      ['POST', `${LOG}/batch/read?ids=${fm1}`],
    ]) {
      const r = await bob.call(method!, url!);
      expect(r.status).toBe(403);
      expect(r.body.code).toBe(ErrorCode.FORBIDDEN);
    }
    // the bell's confirm-read needs no button
    expect((await bob.post('/api/v2/cors/readAlarmLog', { id: fm1, timestamp: Date.now() })).body).toMatchObject({ code: 0, data: true });
    expect((await bob.call('GET', `${LOG}/detail/${fm1}`)).body.data.read).toBe(true);
    // an alarm the staff sees but was never pushed to it (e.g. granted the OU later) gets a push row, read
    const meter = alarm['SZ-01-GM-01']!;
    await t.database.system.execute(sql`delete from alarm_push where alarm_id = ${meter} and staff_id = ${ids.staffId['SR-ALICE']}`);
    expect((await alice.post('/api/v2/cors/read-alarm', { id: meter })).body.data).toBe(true);
    const row = await rowsOf<{ read_at: Date | null }>(
      t.database.system,
      sql`select read_at from alarm_push where alarm_id = ${meter} and staff_id = ${ids.staffId['SR-ALICE']}`,
    );
    expect(row[0]!.read_at).not.toBeNull();
    expect((await alice.post('/api/v2/cors/readAlarmLog', { id: 999_999 })).status).toBe(404);
  });

  it('the bell lists the staff’s device alarm pushes of one level, newest first, 10 a page, with their read state', async () => {
    const level0 = (await alice.post('/api/v2/cors/page-push-staff', { level: 0, page: 1, size: 2 })).body.data;
    expect(level0.total).toBe(3);
    expect(level0.list).toEqual([
      {
        alarmId: alarm['SZ-01-FM-02'],
        deviceId: dev['SZ-01-FM-02'],
        deviceName: 'Feeder meter 2 (offices and HVAC)',
        alarmTime: new Date(base + 120_000).toISOString(),
        ruleName: 'Feeder over 100',
        level: 0,
        readState: true,
        recoverTime: null,
      },
      expect.objectContaining({ alarmId: alarm['SZ-01-FM-01'], readState: true }),
    ]);
    const second = (await alice.post('/api/v2/cors/page-push-staff', { level: 0, page: 2, size: 2 })).body.data;
    expect(second.list.map((p: { alarmId: number }) => p.alarmId)).toEqual([alarm['SZ-01-GM-01']]);
    const defaults = (await alice.post('/api/v2/cors/page-push-staff', { level: 0 })).body.data;
    expect(defaults.list).toHaveLength(3);
    expect(
      (await alice.post('/api/v2/cors/page-push-staff', { level: 1 })).body.data.list.map((p: { alarmId: number }) => p.alarmId),
    ).toEqual([alarm['WX-01-GM-77']]);
    expect((await alice.post('/api/v2/cors/page-push-staff', { level: 3 })).body.data).toEqual({ list: [], total: 0 });
    // bob's own read state, and no Wuxi pushes
    const bobs = (await bob.post('/api/v2/cors/page-push-staff', { level: 0, page: 1, size: 10 })).body.data;
    expect(bobs.list.map((p: { alarmId: number; readState: boolean }) => [p.alarmId, p.readState])).toEqual([
      [alarm['SZ-01-FM-02'], false],
      [alarm['SZ-01-FM-01'], true],
      [alarm['SZ-01-GM-01'], false],
    ]);
    expect((await bob.post('/api/v2/cors/page-push-staff', { level: 1 })).body.data.total).toBe(0);
    // dave's bell has Harbor's alarm only
    expect(
      (await dave.post('/api/v2/cors/page-push-staff', { level: 2 })).body.data.list.map((p: { alarmId: number }) => p.alarmId),
    ).toEqual([alarm['SH-01-PCS-01']]);
    for (const body of [{ level: 5 }, { level: 0, size: 51 }, { level: 0, page: 0 }, {}]) {
      const r = await alice.post('/api/v2/cors/page-push-staff', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('work orders: raised for an alarm, listed oldest first, counted on the record', async () => {
    const id = alarm['SZ-01-PCS-01']!;
    const first = await bob.post(`${LOG}/workOrder`, { alarmId: id, title: 'Check the PCS', content: 'SOC low at the evening peak' });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      alarmId: id,
      title: 'Check the PCS',
      content: 'SOC low at the evening peak',
      assignee: null,
      createdBy: 'Bob Li (SR-BOB)',
    });
    await alice.post(`${LOG}/workOrder`, { alarmId: id, title: 'Replace a module', content: 'Rack 2', assignee: 'Service team' });
    const list = (await alice.call('GET', `${LOG}/workOrder/${id}`)).body.data;
    expect(list.map((w: { title: string }) => w.title)).toEqual(['Check the PCS', 'Replace a module']);
    expect(list[1].assignee).toBe('Service team');
    expect((await alice.call('GET', `${LOG}/detail/${id}`)).body.data.workOrderCount).toBe(2);
    for (const [body, message] of [
      [{ alarmId: id, title: '', content: 'x' }, 'title: is required'],
      [{ alarmId: id, title: 'x', content: '   ' }, 'content: is required'],
      [{ alarmId: id, title: 'x'.repeat(101), content: 'x' }, 'title:'],
      [{ title: 'x', content: 'x' }, 'alarmId: is required'],
    ] as const) {
      const r = await alice.post(`${LOG}/workOrder`, body);
      expect(r.status).toBe(400);
      expect(r.body.msg).toContain(message);
    }
    expect((await alice.post(`${LOG}/workOrder`, { alarmId: alarm['SH-01-PCS-01'], title: 'x', content: 'y' })).status).toBe(404);
  });

  it('related properties, their values at the alarm time, and the readings around it (one property, or all as CSV)', async () => {
    const id = alarm['SZ-01-GM-01']!;
    const related = (await alice.call('GET', `${LOG}/related/property/list/${id}`)).body.data;
    expect(related[0]).toMatchObject({ key: 'p', triggering: true, unit: 'kW', kind: 'instantaneous' });
    expect(related.filter((p: { triggering: boolean }) => p.triggering)).toHaveLength(1);
    expect(related.map((p: { key: string }) => p.key).sort()).toEqual(['e_exp', 'e_imp', 'i_a', 'p', 'pf', 'q', 'v_a']);
    const values = (await alice.call('GET', `${LOG}/related/property-value/list/${id}`)).body.data;
    const byKey = Object.fromEntries(values.map((v: { key: string }) => [v.key, v]));
    expect(byKey.p).toMatchObject({ value: 150, ts: new Date(base).toISOString(), triggering: true });
    expect(byKey.q).toMatchObject({ value: 11 });
    expect(byKey.e_imp).toMatchObject({ value: 1001 });
    expect(byKey.v_a).toMatchObject({ value: null, ts: null });

    const points = (await alice.call('GET', `${LOG}/point-sthf-list/${id}`)).body.data;
    expect(points).toMatchObject({
      property: { key: 'p', triggering: true },
      from: new Date(base - 3_600_000).toISOString(),
      to: new Date(base + 360_000 + 3_600_000).toISOString(),
      alarmTime: new Date(base).toISOString(),
      recoverTime: new Date(base + 360_000).toISOString(),
    });
    expect(points.points).toEqual([
      { ts: new Date(base - 60_000).toISOString(), value: 90 },
      { ts: new Date(base).toISOString(), value: 150 },
      { ts: new Date(base + 360_000).toISOString(), value: 80 },
    ]);
    const q = related.find((p: { key: string }) => p.key === 'q');
    const qPoints = (await alice.call('GET', `${LOG}/point-sthf-list/${id}?dataPropertyId=${q.id}`)).body.data;
    expect(qPoints.points.map((p: { value: number }) => p.value)).toEqual([10, 11, 12]);
    const pcsSoc = (await alice.call('GET', `${LOG}/related/property/list/${alarm['SZ-01-PCS-01']}`)).body.data[0];
    const wrong = await alice.call('GET', `${LOG}/point-sthf-list/${id}?dataPropertyId=${pcsSoc.id}`);
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe("query.dataPropertyId: is not a property of the alarm's device");

    const csv = await t.app.inject({
      method: 'GET',
      url: `${LOG}/point-sthf-list/export/${id}`,
      headers: { cookie: alice.cookie, jwttoken: alice.token },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain(`alarm-${id}-readings`);
    const lines = csv.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]!.split(',').slice(0, 3)).toEqual(['time', 'Active power (import positive) (kW)', 'Reactive power (kvar)']);
    expect(lines).toHaveLength(4);
    expect(lines[2]!.startsWith(`${new Date(base).toISOString()},150,11,`)).toBe(true);
    // bob may read but not export
    expect((await bob.call('GET', `${LOG}/point-sthf-list/export/${id}`)).status).toBe(403);
  });

  it('statistics over a period: by state and level, unread by this staff, per local day', async () => {
    const stats = (await alice.call('GET', `${LOG}/statistics`)).body.data;
    expect(stats).toMatchObject({ total: 5, active: 4, recovered: 1 });
    expect(Date.parse(stats.to) - Date.parse(stats.from)).toBe(30 * 86_400_000);
    expect(stats.byLevel).toEqual([
      { level: 0, total: 3, active: 2 },
      { level: 1, total: 1, active: 1 },
      { level: 2, total: 1, active: 1 },
      { level: 3, total: 0, active: 0 },
      { level: 4, total: 0, active: 0 },
    ]);
    const localDays = [
      ...new Set(
        [0, 60_000, 120_000, 180_000, 240_000].map((d) => new Date(base + d).toLocaleDateString('en-CA', { timeZone: 'Asia/Shanghai' })),
      ),
    ];
    expect(stats.byDay.map((d: { date: string }) => d.date)).toEqual(localDays);
    expect(stats.byDay.reduce((n: number, d: { total: number }) => n + d.total, 0)).toBe(5);
    const bobs = (await bob.call('GET', `${LOG}/statistics`)).body.data;
    expect(bobs).toMatchObject({ total: 4, unread: 3 });
    expect((await alice.call('GET', `${LOG}/statistics?ouId=${ids.ouId['WX-01']}`)).body.data.total).toBe(1);
    const early = encodeURIComponent(new Date(base - 86_400_000).toISOString());
    const before = encodeURIComponent(new Date(base - 1000).toISOString());
    expect((await alice.call('GET', `${LOG}/statistics?alarmStartTime=${early}&alarmEndTime=${before}`)).body.data).toMatchObject({
      total: 0,
      byDay: [],
    });
    const backwards = await alice.call('GET', `${LOG}/statistics?alarmStartTime=${before}&alarmEndTime=${early}`);
    expect(backwards.status).toBe(400);
    expect(backwards.body.msg).toBe('query.alarmEndTime: must be after alarmStartTime');
  });

  it('exports the filtered records as XLSX, or CSV (UTF-8 BOM), with labels in words, with the export button only', async () => {
    const zoned = (ms: number) => wallClock(ms, 'Asia/Shanghai');
    const get = (query: string) =>
      t.app.inject({ method: 'GET', url: `${LOG}/export?${query}`, headers: { cookie: alice.cookie, jwttoken: alice.token } });
    const res = await get('alarmLevels=0&format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename\*=UTF-8''alarm-records-\d{4}-\d{2}-\d{2}\.csv/);
    expect(res.body.startsWith('\ufeff')).toBe(true);
    const lines = res.body.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe(
      'ID,Alarm time,Level,State,Source,Scene,Rule,Device code,Device name,Device type,OU,Property,Condition,Threshold,Value that raised it,Unit,Content,Recover time,Recovered by,Remark,Read,Work orders',
    );
    expect(lines).toHaveLength(4);
    const expected = [
      alarm['SZ-01-GM-01'],
      zoned(base),
      'Highest',
      'Recovered',
      'Device rule',
      '',
      'Meter over 100',
      'SZ-01-GM-01',
      'Grid connection meter',
      'Grid connection meter',
      'Suzhou Plant Site',
      'Active power (import positive)',
      'above',
      100,
      150,
      'kW',
      'Active power (import positive) 150 kW > 100 kW',
      zoned(base + 360_000),
      'The condition cleared',
      'the condition cleared',
      'Read',
      0,
    ];
    expect(lines[3]).toBe(expected.join(','));

    // XLSX by default, in zh-CN when asked: level names, states and conditions in words, times as dates
    const xlsx = await get('alarmLevels=0&lang=zh-CN');
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.rowCount).toBe(4);
    expect(ws.getRow(1).getCell(3).value).toBe('等级');
    const row = ws.getRow(4);
    expect(row.getCell(1).value).toBe(alarm['SZ-01-GM-01']);
    expect([row.getCell(3).value, row.getCell(4).value, row.getCell(13).value, row.getCell(19).value]).toEqual([
      '最高',
      '已恢复',
      '大于',
      '条件已解除',
    ]);
    expect((row.getCell(2).value as Date).toISOString().replace('T', ' ').slice(0, 19)).toBe(zoned(base));
    expect(row.getCell(14).value).toBe(100);
    expect((await bob.call('GET', `${LOG}/export`)).status).toBe(403);
  });
});
