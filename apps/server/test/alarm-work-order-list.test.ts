import ExcelJS from 'exceljs';
import { alarm as contract, ErrorCode } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/sql.js';
import { createTestApp, DB_KINDS, demoIds, signIn, type Session, type TestApp, wallClock } from './helpers.js';

const LOG = '/api/rule/device/alarm/log';

/** The tenant-wide work-order list (issue 17): page, filters, export, scope and permission. */
describe.each(DB_KINDS)('the work-order list on %s', (kind) => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;
  let dave: Session;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  const dev: Record<string, number> = {};
  /** Alarm ids by device code. */
  const alarm: Record<string, number> = {};
  /** Work-order ids by name. */
  const wo: Record<string, number> = {};
  const base = Date.now() - 30 * 60_000;
  /** The work orders' creation times, an hour apart (set after raising them, so the range filter has fixed bounds). */
  const T0 = Date.parse('2026-03-01T02:00:00.000Z');
  const HOUR = 3_600_000;

  const write = async (code: string, ts: number, values: Record<string, number>) => {
    await t.ingest.writeReadings([{ deviceId: dev[code]!, ts: new Date(ts), values }]);
    await t.services.alarm.settled();
  };
  const ids0 = async (s: Session, input: Record<string, unknown> = {}) => (await pageOf(s, input)).list.map((r) => r.id);
  async function pageOf(s: Session, input: Record<string, unknown>) {
    const r = await s.call(contract.alarmWorkOrderPage, input as never);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data;
  }

  beforeAll(async () => {
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
    await rule('SOC under 20', 'bsa-pcs', 'soc', 'LT', 20, 2, 'SZ-01');
    await rule('Wuxi meter over 100', 'grid-meter', 'p', 'GT', 100, 1, 'WX-01');
    const wx = await alice.post('/api/v2/device/create', {
      code: 'WX-01-GM-77',
      name: 'Wuxi meter',
      deviceTypeId: type('grid-meter').id,
      ouId: ids.ouId['WX-01'],
    });
    expect(wx.status).toBe(200);
    for (const r of await rowsOf<{ id: number; code: string }>(
      t.database.system,
      sql`select id, code from device where code in ('SZ-01-GM-01', 'SZ-01-PCS-01', 'WX-01-GM-77', 'SH-01-PCS-01')`,
    ))
      dev[r.code] = Number(r.id);

    await write('SZ-01-GM-01', base, { p: 150 });
    await write('SZ-01-PCS-01', base + 60_000, { soc: 12 });
    await write('WX-01-GM-77', base + 120_000, { p: 140 });
    await write('SH-01-PCS-01', base + 120_000, { soc: 6 }); // Harbor's demo rule: Storage SOC low, held 60 s
    await write('SH-01-PCS-01', base + 180_000, { soc: 5 });
    await write('SZ-01-GM-01', base + 240_000, { p: 80 }); // the meter's alarm clears
    for (const r of await rowsOf<{ id: number; device_code: string }>(t.database.system, sql`select id, device_code from alarm_log`))
      alarm[r.device_code] = Number(r.id);
    expect(Object.keys(alarm).sort()).toEqual(['SH-01-PCS-01', 'SZ-01-GM-01', 'SZ-01-PCS-01', 'WX-01-GM-77']);

    // four work orders through the call that raises them, then their creation times an hour apart
    const raise = async (
      s: Session,
      name: string,
      alarmId: number,
      title: string,
      content: string,
      assignee: string | null,
      at: number,
    ) => {
      const r = await s.call(contract.alarmWorkOrderCreate, { alarmId, title, content, assignee });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      wo[name] = r.body.data.id;
      await t.database.system.execute(sql`update alarm_work_order set created_at = ${new Date(at).toISOString()} where id = ${wo[name]}`);
    };
    await raise(bob, 'meter', alarm['SZ-01-GM-01']!, 'Check the meter', 'Reading spikes at noon', null, T0);
    await raise(alice, 'pcs', alarm['SZ-01-PCS-01']!, 'Replace a module', 'Rack 2 of the PCS', 'Service team', T0 + HOUR);
    await raise(alice, 'wuxi', alarm['WX-01-GM-77']!, 'Inspect the Wuxi meter', 'Check the CT wiring', 'Wuxi service', T0 + 2 * HOUR);
    await raise(dave, 'harbor', alarm['SH-01-PCS-01']!, 'Harbor check', 'SOC low', 'Harbor team', T0 + 3 * HOUR);
  });
  afterAll(() => t?.close());

  it("pages the tenant's work orders of the staff's OUs, newest first, each with its alarm's device, rule, level and state", async () => {
    const page = await pageOf(alice, {});
    expect(page).toMatchObject({ totalCount: 3, pageSize: 20, pageOffset: 1 });
    expect(page.list.map((r) => r.id)).toEqual([wo.wuxi, wo.pcs, wo.meter]);
    expect(page.list[2]).toEqual({
      id: wo.meter,
      alarmId: alarm['SZ-01-GM-01'],
      title: 'Check the meter',
      content: 'Reading spikes at noon',
      assignee: null,
      createdBy: 'Bob Li (SR-BOB)',
      createdAt: new Date(T0).toISOString(),
      alarmLevel: 0,
      alarmState: 1,
      alarmTime: new Date(base).toISOString(),
      ruleName: 'Meter over 100',
      deviceId: dev['SZ-01-GM-01'],
      deviceCode: 'SZ-01-GM-01',
      deviceName: 'Grid connection meter',
      ouName: 'Suzhou Plant Site',
    });
    expect(page.list[0]).toMatchObject({
      assignee: 'Wuxi service',
      alarmLevel: 1,
      alarmState: 0,
      ruleName: 'Wuxi meter over 100',
      deviceCode: 'WX-01-GM-77',
      deviceName: 'Wuxi meter',
    });
    const paged = await pageOf(alice, { page: 2, size: 2 });
    expect(paged).toMatchObject({ totalCount: 3, pageSize: 2, pageOffset: 2 });
    expect(paged.list.map((r) => r.id)).toEqual([wo.meter]);
    // bob sees Suzhou only
    expect(await ids0(bob)).toEqual([wo.pcs, wo.meter]);
  });

  it('filters by keyword in title or content, assignee, device, OU, alarm level and state, and creation time (bounds included)', async () => {
    const iso = (ms: number) => new Date(ms).toISOString();
    const cases: [Record<string, unknown>, number[]][] = [
      [{ keyword: 'RACK' }, [wo.pcs!]],
      [{ keyword: 'meter' }, [wo.wuxi!, wo.meter!]],
      [{ keyword: 'ct wiring' }, [wo.wuxi!]],
      [{ keyword: '%' }, []],
      [{ assignee: 'service' }, [wo.wuxi!, wo.pcs!]],
      [{ assignee: 'team' }, [wo.pcs!]],
      [{ deviceId: dev['SZ-01-GM-01'] }, [wo.meter!]],
      [{ deviceCode: 'pcs' }, [wo.pcs!]],
      [{ ouId: ids.ouId['WX-01'] }, [wo.wuxi!]],
      [{ alarmLevels: [0] }, [wo.meter!]],
      [{ alarmLevels: [1, 2] }, [wo.wuxi!, wo.pcs!]],
      [{ state: 1 }, [wo.meter!]],
      [{ state: 0 }, [wo.wuxi!, wo.pcs!]],
      [{ createdStartTime: iso(T0 + HOUR / 2), createdEndTime: iso(T0 + HOUR) }, [wo.pcs!]],
      [{ createdStartTime: iso(T0 + HOUR) }, [wo.wuxi!, wo.pcs!]],
      [{ createdEndTime: iso(T0) }, [wo.meter!]],
      [{ keyword: 'meter', state: 0 }, [wo.wuxi!]],
    ];
    for (const [input, expected] of cases) expect(await ids0(alice, input), JSON.stringify(input)).toEqual(expected);
    expect(await ids0(bob, { ouId: ids.ouId['WX-01'] })).toEqual([]);
    // the query string as the web sends it: levels as repeated keys or comma-separated
    const codes = async (query: string) =>
      ((await alice.call('GET', `${LOG}/workOrder/page?${query}`)).body.data.list as { id: number }[]).map((r) => r.id);
    expect(await codes('alarmLevels=1&alarmLevels=2')).toEqual([wo.wuxi, wo.pcs]);
    expect(await codes('alarmLevels=1,2')).toEqual([wo.wuxi, wo.pcs]);
  });

  it("keeps another tenant's work orders to itself: dave sees Harbor's only, by any filter or id", async () => {
    expect(await ids0(dave)).toEqual([wo.harbor]);
    expect((await pageOf(dave, {})).list[0]).toMatchObject({
      title: 'Harbor check',
      deviceCode: 'SH-01-PCS-01',
      ouName: expect.any(String),
    });
    expect(await ids0(dave, { deviceId: dev['SZ-01-GM-01'] })).toEqual([]);
    expect(await ids0(dave, { ouId: ids.ouId['SZ-01'] })).toEqual([]);
    expect(await ids0(dave, { keyword: 'meter' })).toEqual([]);
    expect(await ids0(alice, { deviceId: dev['SH-01-PCS-01'] })).toEqual([]);
    expect(await ids0(alice, { keyword: 'Harbor' })).toEqual([]);
    // an alarm of another tenant by id: its work orders answer 404
    const r = await dave.call(contract.alarmWorkOrderList, { id: alarm['SZ-01-GM-01']! });
    expect(r.status).toBe(404);
    expect(r.body.code).toBe(ErrorCode.NOT_FOUND);
    const csv = await t.app.inject({
      method: 'GET',
      url: `${LOG}/workOrder/export?format=csv&deviceId=${dev['SZ-01-GM-01']}`,
      headers: { cookie: dave.cookie, jwttoken: dave.token },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.slice(1).trim().split('\r\n')).toHaveLength(1); // the header only
  });

  it('names the field of bad input', async () => {
    const cases: [string, string][] = [
      ['state=2', 'state'],
      ['alarmLevels=5', 'alarmLevels'],
      ['size=101', 'size'],
      ['page=0', 'page'],
      ['createdStartTime=yesterday', 'createdStartTime'],
      ['deviceId=abc', 'deviceId'],
      [`keyword=${'x'.repeat(101)}`, 'keyword'],
      [`assignee=${'x'.repeat(65)}`, 'assignee'],
    ];
    for (const [query, field] of cases) {
      const r = await alice.call('GET', `${LOG}/workOrder/page?${query}`);
      expect(r.status, query).toBe(400);
      expect(r.body.code).toBe(ErrorCode.VALIDATION);
      expect(r.body.msg, query).toContain(field);
    }
    const backwards = await alice.call(contract.alarmWorkOrderPage, {
      createdStartTime: new Date(T0 + HOUR).toISOString(),
      createdEndTime: new Date(T0).toISOString(),
    } as never);
    expect(backwards.status).toBe(400);
    expect(backwards.body.msg).toBe('query.createdEndTime: must not be before createdStartTime');
    const exportBad = await alice.call('GET', `${LOG}/workOrder/export?format=pdf`);
    expect(exportBad.status).toBe(400);
    expect(exportBad.body.msg).toContain('format');
  });

  it("exports the page's rows (same filter, same order) as CSV or XLSX, times in the tenant's zone, with the export button only", async () => {
    const zoned = (ms: number) => wallClock(ms, 'Asia/Shanghai');
    const get = (query: string, s: Session = alice) =>
      t.app.inject({ method: 'GET', url: `${LOG}/workOrder/export?${query}`, headers: { cookie: s.cookie, jwttoken: s.token } });
    for (const [query, input] of [
      ['', {}],
      ['assignee=service', { assignee: 'service' }],
      ['alarmLevels=0', { alarmLevels: [0] }],
    ] as const) {
      const res = await get(`format=csv&${query}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/attachment; filename\*=UTF-8''work-orders-\d{4}-\d{2}-\d{2}\.csv/);
      const lines = res.body.slice(1).trim().split('\r\n');
      expect(lines[0]).toBe(
        'ID,Created at,Title,Content,Assignee,Created by,Alarm ID,Alarm time,Level,State,Rule,Device code,Device name,OU',
      );
      expect(
        lines.slice(1).map((l) => Number(l.split(',')[0])),
        query,
      ).toEqual(await ids0(alice, input));
    }
    const lines = (await get('format=csv&alarmLevels=0')).body.slice(1).trim().split('\r\n');
    expect(lines[1]).toBe(
      [
        wo.meter,
        zoned(T0),
        'Check the meter',
        'Reading spikes at noon',
        '',
        'Bob Li (SR-BOB)',
        alarm['SZ-01-GM-01'],
        zoned(base),
        'Highest',
        'Recovered',
        'Meter over 100',
        'SZ-01-GM-01',
        'Grid connection meter',
        'Suzhou Plant Site',
      ].join(','),
    );
    expect(zoned(T0)).toBe('2026-03-01 10:00:00');

    // XLSX by default, in zh-CN when asked
    const xlsx = await get('lang=zh-CN&state=0');
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe('工单');
    expect(ws.rowCount).toBe(3);
    expect([ws.getRow(1).getCell(2).value, ws.getRow(1).getCell(5).value, ws.getRow(1).getCell(9).value]).toEqual([
      '创建时间',
      '处理人',
      '等级',
    ]);
    const row = ws.getRow(2);
    expect([row.getCell(1).value, row.getCell(9).value, row.getCell(10).value]).toEqual([wo.wuxi, '高', '告警中']);
    expect((row.getCell(2).value as Date).toISOString().replace('T', ' ').slice(0, 19)).toBe(zoned(T0 + 2 * HOUR));

    // bob has the page but not the export button
    expect((await get('format=csv', bob)).statusCode).toBe(403);
  });

  it("is in a new tenant's menu under the alarms, for the auto-synced administrator and the operator", async () => {
    type Node = { path: string; children?: Node[] };
    const paths = (nodes: Node[]): string[] => nodes.flatMap((n) => [n.path, ...paths(n.children ?? [])]);
    for (const s of [alice, bob, dave]) {
      const menu = (await s.call('POST', '/api/v2/app/menu')).body.data as Node[];
      expect(paths(menu)).toContain('/device/alarm/work-order');
    }
    const codes = (await alice.call('POST', '/api/v2/platform-public/staff/permission')).body.data as string[];
    expect(codes).toEqual(expect.arrayContaining(['p-alarm-work-order', 'b-alarm-work-order-export']));
    expect((await bob.call('POST', '/api/v2/platform-public/staff/permission')).body.data).not.toContain('b-alarm-work-order-export');
  });

  it('answers 403 to a staff whose role lacks the page', async () => {
    const operator = ids.roleId['sunrise:Operator']!;
    const [saved] = await rowsOf<{ permission_codes: string[] }>(
      t.database.system,
      sql`select permission_codes from role where id = ${operator}`,
    );
    expect(saved!.permission_codes).toContain('p-alarm-work-order');
    await t.database.system.execute(
      sql`update role set permission_codes = array_remove(permission_codes, 'p-alarm-work-order') where id = ${operator}`,
    );
    try {
      const r = await bob.call(contract.alarmWorkOrderPage, {} as never);
      expect(r.status).toBe(403);
      expect(r.body.code).toBe(ErrorCode.FORBIDDEN);
      // the alarm's own work orders stay with the record page's permission
      expect((await bob.call(contract.alarmWorkOrderList, { id: alarm['SZ-01-GM-01']! })).status).toBe(200);
    } finally {
      await t.database.system.execute(
        sql`update role set permission_codes = ${sql.param(saved!.permission_codes)}::text[] where id = ${operator}`,
      );
    }
    expect((await bob.call(contract.alarmWorkOrderPage, {} as never)).status).toBe(200);
  });
});
