import { circuit as c, ErrorCode, lineLoss as ll } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/sql.js';
import { HARBOR_SITE } from '../src/seed/demo-circuit-sites.js';
import { startDemoCircuits } from '../src/seed/demo-circuits.js';
import { createTestApp, DB_KINDS, demoIds, signIn, type Session, type TestApp } from './helpers.js';

// Line loss and its alarm rules (docs/line-loss.md). Every figure is a hand calculation: Asia/Shanghai
// (UTC+8), one reading per quarter hour, the step ending at a reading counted in that reading's quarter.

const Q = 15 * 60_000;
const at = (local: string) => Date.parse(`${local}+08:00`);

describe.each(DB_KINDS)('line loss on %s', (kind) => {
  let t: TestApp;
  let alice: Session;
  let dave: Session;
  let m: Record<'IN' | 'F1' | 'F2' | 'F3', number>;
  let parentId: number;
  let config: ll.LineLossConfigRow;

  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await signIn(t, 'alice');
    dave = await signIn(t, 'dave');
    const sz = (await demoIds(t)).ouId['SZ-01']!;
    const tree = (await alice.post('/api/v2/device-type/tree', {})).body.data as { children: { key: string; id: number }[] }[];
    const meterType = tree.flatMap((x) => x.children).find((x) => x.key === 'feeder-meter')!.id;
    const device = async (code: string) => {
      const res = await alice.post('/api/v2/device/create', {
        code,
        name: `Meter ${code}`,
        deviceTypeId: meterType,
        ouId: sz,
        ratedPowerKw: 50,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.id as number;
    };
    m = { IN: await device('T-LL-IN'), F1: await device('T-LL-F1'), F2: await device('T-LL-F2'), F3: await device('T-LL-F3') };

    // A quarter hour: IN 1000 Wh (1600 Wh in the quarter of 1 June 12:00), F1 401, F2 299, F3 250 Wh
    // (270 Wh on 3 June). Readings from 31 May 23:45 to 3 June 23:45.
    const readings = [];
    const e = { IN: 1_000_000, F1: 2_000_000, F2: 3_000_000, F3: 4_000_000 };
    for (let ts = at('2026-05-31T23:45:00'); ts < at('2026-06-04T00:00:00'); ts += Q) {
      if (ts > at('2026-05-31T23:45:00')) {
        e.IN += ts === at('2026-06-01T12:00:00') ? 1600 : 1000;
        e.F1 += 401;
        e.F2 += 299;
        e.F3 += ts >= at('2026-06-03T00:00:00') ? 270 : 250;
      }
      for (const k of ['IN', 'F1', 'F2', 'F3'] as const)
        readings.push({ deviceId: m[k], ts: new Date(ts), values: { e_imp: e[k] / 1000 } });
    }
    expect((await t.ingest.writeReadings(readings)).rejected).toBe(0);

    const circuit = async (code: string, type: c.CircuitType, meter: number, parent?: number) => {
      const res = await alice.call(c.circuitCreate, {
        code,
        name: code,
        type,
        ouId: sz,
        parentId: parent ?? null,
        meters: [{ deviceId: meter, sign: 1 }],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.id;
    };
    parentId = await circuit('T-LL-P', 'incoming', m.IN);
    const children = [await circuit('T-LL-C1', 'feeder', m.F1, parentId), await circuit('T-LL-C2', 'feeder', m.F2, parentId)];
    children.push(await circuit('T-LL-C3', 'feeder', m.F3, parentId));
    const res = await alice.call(ll.lineLossCreate, {
      name: 'Incoming 1 against its feeders',
      kind: 'circuit',
      inputId: parentId,
      outputIds: children,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    config = res.body.data;
  });
  afterAll(() => t?.close());

  it('stores a configuration and answers the loss of a circuit against three children per day and month', async () => {
    expect(config.outputs.map((o) => o.code)).toEqual(['T-LL-C1', 'T-LL-C2', 'T-LL-C3']);
    expect(config.input.code).toBe('T-LL-P');
    const range = { configId: config.id, from: at('2026-06-01T00:00:00'), to: at('2026-06-04T00:00:00') };
    const days = (await alice.call(ll.lineLossData, { ...range, timeLevel: 'day' })).body.data;
    // 1 June: in 95 x 1000 + 1600 = 96600; out 96 x (401 + 299 + 250) = 91200; loss 5400; 5400 / 96600 = 0.0559006 -> 0.055901
    // 2 June: 96000 in, 91200 out, 4800 lost, 0.05; 3 June: out 96 x 970 = 93120, 2880 lost, 0.03
    expect(days.periods).toEqual([
      { label: '2026-06-01', ts: at('2026-06-01T00:00:00'), inputWh: 96600, outputWh: 91200, lossWh: 5400, rate: 0.055901 },
      { label: '2026-06-02', ts: at('2026-06-02T00:00:00'), inputWh: 96000, outputWh: 91200, lossWh: 4800, rate: 0.05 },
      { label: '2026-06-03', ts: at('2026-06-03T00:00:00'), inputWh: 96000, outputWh: 93120, lossWh: 2880, rate: 0.03 },
    ]);
    // 288600 in, 275520 out, 13080 lost: 13080 / 288600 = 0.0453222 -> 0.045322
    expect(days.total).toEqual({ inputWh: 288600, outputWh: 275520, lossWh: 13080, rate: 0.045322 });
    const month = (await alice.call(ll.lineLossData, { ...range, to: at('2026-07-01T00:00:00'), timeLevel: 'month' })).body.data;
    expect(month.periods).toEqual([
      { label: '2026-06', ts: at('2026-06-01T00:00:00'), inputWh: 288600, outputWh: 275520, lossWh: 13080, rate: 0.045322 },
    ]);
    // the same circuit asked directly: against its direct children
    const direct = (await alice.call(ll.lineLossData, { circuitId: parentId, from: range.from, to: range.to, timeLevel: 'day' })).body.data;
    expect(direct.total).toEqual(days.total);

    // an incoming meter against two outgoing meters: 2 June 96000 in, 96 x 700 = 67200 out, 28800 lost, 0.3
    const meters = await alice.call(ll.lineLossCreate, { name: 'Meters', kind: 'meter', inputId: m.IN, outputIds: [m.F1, m.F2] });
    expect(meters.status, JSON.stringify(meters.body)).toBe(200);
    const byMeter = await alice.call(ll.lineLossData, {
      configId: meters.body.data.id,
      from: at('2026-06-02T00:00:00'),
      to: at('2026-06-03T00:00:00'),
      timeLevel: 'day',
    });
    expect(byMeter.body.data.total).toEqual({ inputWh: 96000, outputWh: 67200, lossWh: 28800, rate: 0.3 });
    expect((await alice.call(ll.lineLossDelete, { id: meters.body.data.id })).status).toBe(200);
    expect((await alice.call(ll.lineLossPage, { pageSize: 20, pageOffset: 1 })).body.data.totalCount).toBe(1);
  });

  /** A rule on the stored configuration by day; its id. */
  const createRule = async (name: string, thresholdPercent: number, periods: number, level: number) => {
    const body = { name, configId: config.id, thresholdPercent, periods, timeLevel: 'day' as const, level, enabled: true };
    const created = await alice.call(ll.ruleCreate, body);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return created.body.data.id;
  };

  it('exports a month by day with a total row', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${ll.lineLossExport.path}?configId=${config.id}&exportDate=2026-06&timeLevel=day&lang=en-US`,
      headers: { cookie: alice.cookie, jwttoken: alice.token },
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = (wb.worksheets[0]!.getSheetValues() as unknown[][]).slice(1).map((r) => r.slice(1));
    expect(rows[0]).toEqual(['Period', 'Input energy (kWh)', 'Output energy (kWh)', 'Loss (kWh)', 'Loss rate (%)']);
    expect(rows[1]).toEqual(['2026-06-01', 96.6, 91.2, 5.4, 5.5901]);
    expect(rows.length).toBe(1 + 30 + 1);
    expect(rows[31]).toEqual(['Total', 288.6, 275.52, 13.08, 4.5322]);
  });

  it('raises an alarm after two days above 4 % and recovers it when the rate falls back', async () => {
    const ruleId = await createRule('Loss above 4 %', 4, 2, 1);
    const evaluate = (local: string) => t.services.lineLossAlarms.evaluate({ now: at(local), ruleIds: [ruleId] });

    // 2 June 10:00: only 1 June is closed among the last two (31 May has no input): no alarm
    expect((await evaluate('2026-06-02T10:00:00'))[0]).toMatchObject({ action: 'none', period: '2026-06-01' });
    // 3 June 10:00: 1 June 5.5901 % and 2 June 5 %, both above 4 %: raised
    const raised = (await evaluate('2026-06-03T10:00:00'))[0]!;
    expect(raised).toMatchObject({ action: 'raised', period: '2026-06-02' });
    const q = (id: number) =>
      rowsOf<{ state: number; level: number; scene_type: string; ou_id: number; content: string }>(
        t.database.system,
        sql`select state, level, scene_type, ou_id, content from alarm_log where id = ${id}`,
      );
    const [alarm] = await q(raised.alarmId!);
    expect(alarm).toMatchObject({ state: 0, level: 1, scene_type: 'LINE_LOSS_HIGH', ou_id: config.ouId });
    expect(alarm!.content).toBe(
      'Line loss of Incoming 1 against its feeders: 5.00 % above 4 % in 2 consecutive days (2026-06-01 to 2026-06-02)',
    );
    // evaluated again the same day: still firing, nothing new
    expect((await evaluate('2026-06-03T18:00:00'))[0]!.action).toBe('none');
    expect((await alice.call(ll.ruleDetail, { id: ruleId })).body.data).toMatchObject({
      state: 'firing',
      alarmId: raised.alarmId,
      lastRate: 0.05,
    });
    // 4 June: 3 June at 3 % is at or below 4 %: recovered
    expect((await evaluate('2026-06-04T10:00:00'))[0]).toMatchObject({
      action: 'recovered',
      period: '2026-06-03',
      alarmId: raised.alarmId,
    });
    expect((await q(raised.alarmId!))[0]!.state).toBe(1);
    const logs = (await alice.call(ll.logPage, { pageSize: 20, pageOffset: 1, ruleId })).body.data;
    expect(logs.list.map((l) => [l.kind, l.period, l.rate])).toEqual([
      ['recovered', '2026-06-03', 0.03],
      ['raised', '2026-06-02', 0.05],
    ]);
    expect(logs.list[1]!.periods).toEqual([
      { label: '2026-06-01', inputWh: 96600, lossWh: 5400, rate: 0.055901 },
      { label: '2026-06-02', inputWh: 96000, lossWh: 4800, rate: 0.05 },
    ]);
    const detail = await alice.call(ll.logDetail, { id: logs.list[0]!.id });
    expect(detail.body.data.remark).toBe('the rate fell back to 3.00 % in 2026-06-03');

    // fired again, then disabled: the alarm recovers with the rule
    expect((await evaluate('2026-06-03T10:00:00'))[0]!.action).toBe('raised');
    expect((await alice.call(ll.ruleStatus, { id: ruleId, enabled: false })).body.data.enabled).toBe(false);
    expect((await alice.call(ll.ruleDetail, { id: ruleId })).body.data.state).toBe('normal');

    // dave (Harbor) sees none of it, also by id
    expect((await dave.call(ll.rulePage, { pageSize: 20, pageOffset: 1 })).body.data.totalCount).toBe(0);
    expect((await dave.call(ll.ruleDetail, { id: ruleId })).body.code).toBe(ErrorCode.NOT_FOUND);
    expect((await dave.call(ll.logPage, { pageSize: 20, pageOffset: 1 })).body.data.totalCount).toBe(0);
    expect((await dave.call(ll.logDetail, { id: logs.list[0]!.id })).body.code).toBe(ErrorCode.NOT_FOUND);
    expect((await dave.call(ll.ruleStatus, { id: ruleId, enabled: true })).body.code).toBe(ErrorCode.NOT_FOUND);
  });

  it('exports the rules and the logs; a deleted rule recovers its alarm and keeps its logs', async () => {
    const ruleId = await createRule('Loss above 5.5 %', 5.5, 1, 0);
    // 2 June 10:00: 1 June at 5.5901 % is above 5.5 %: raised
    const [raised] = await t.services.lineLossAlarms.evaluate({ now: at('2026-06-02T10:00:00'), ruleIds: [ruleId] });
    expect(raised).toMatchObject({ action: 'raised', period: '2026-06-01' });
    const get = (url: string, who = alice) => t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie, jwttoken: who.token } });
    const sheet = async (url: string) => {
      const res = await get(url);
      expect(res.statusCode, res.body).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      return (wb.worksheets[0]!.getSheetValues() as unknown[][]).slice(1).map((r) => r.slice(1));
    };
    const rules = await sheet(`${ll.ruleExport.path}?state=firing&enabled=true&lang=en-US`);
    expect(rules[0]!.slice(0, 10)).toEqual([
      'Rule name',
      'Configuration',
      'Threshold (%)',
      'Consecutive periods',
      'Period',
      'Level',
      'Enabled',
      'State',
      'Last period',
      'Its loss rate (%)',
    ]);
    expect(rules.slice(1).map((r) => r.slice(0, 10))).toEqual([
      ['Loss above 5.5 %', config.name, 5.5, 1, 'Day', 'Highest', 'Enabled', 'Firing', '2026-06-01', 5.5901],
    ]);
    const logs = await sheet(`${ll.logExport.path}?ruleId=${ruleId}&lang=zh-CN`);
    expect(logs[0]).toEqual(['时间', '规则', '线损配置', '动作', '时段', '线损率 (%)', '阈值 (%)', '告警编号', '说明']);
    expect(logs.slice(1).map((r) => r.slice(1, 8))).toEqual([
      ['Loss above 5.5 %', config.name, '触发', '2026-06-01', 5.5901, 5.5, raised!.alarmId],
    ]);
    // dave (Harbor) exports nothing of it and cannot delete it
    const daveCsv = await get(`${ll.logExport.path}?ruleId=${ruleId}&format=csv`, dave);
    expect(daveCsv.statusCode).toBe(200);
    expect(daveCsv.body.trim().split('\n')).toHaveLength(1);
    expect((await dave.call(ll.ruleDelete, { id: ruleId })).body.code).toBe(ErrorCode.NOT_FOUND);

    expect((await alice.call(ll.ruleDelete, { id: ruleId })).body.data).toEqual({ id: ruleId });
    expect((await alice.call(ll.ruleDetail, { id: ruleId })).body.code).toBe(ErrorCode.NOT_FOUND);
    const [alarm] = await rowsOf<{ state: number }>(t.database.system, sql`select state from alarm_log where id = ${raised!.alarmId}`);
    expect(alarm!.state).toBe(1);
    expect((await alice.call(ll.logPage, { pageSize: 20, pageOffset: 1, ruleId })).body.data.list.map((l) => l.kind)).toEqual(['raised']);
  });

  it('refuses bad input naming the field, and shows another tenant nothing', async () => {
    const self = await alice.call(ll.lineLossCreate, { name: 'Bad', kind: 'circuit', inputId: parentId, outputIds: [parentId] });
    expect(self.status).toBe(400);
    expect(self.body.msg).toContain('body.outputIds.0: is the input itself');
    const notMeter = await alice.call(ll.lineLossCreate, { name: 'Bad', kind: 'meter', inputId: parentId + 100000, outputIds: [m.F1] });
    expect(notMeter.body.msg).toContain('body.inputId');
    const threshold = await alice.post(ll.ruleCreate.path, { name: 'x', configId: config.id, thresholdPercent: 150, periods: 2 });
    expect(threshold.status).toBe(400);
    expect(threshold.body.msg).toContain('thresholdPercent');
    expect((await alice.call(ll.lineLossPage, { pageSize: 20, pageOffset: 1 })).body.data.totalCount).toBe(1);

    expect((await dave.call(ll.lineLossPage, { pageSize: 20, pageOffset: 1 })).body.data.totalCount).toBe(0);
    expect((await dave.call(ll.lineLossList, {})).body.data).toEqual([]);
    expect((await dave.call(ll.lineLossDetail, { id: config.id })).body.code).toBe(ErrorCode.NOT_FOUND);
    const range = { from: at('2026-06-01T00:00:00'), to: at('2026-06-04T00:00:00'), timeLevel: 'day' as const };
    expect((await dave.call(ll.lineLossData, { configId: config.id, ...range })).body.code).toBe(ErrorCode.NOT_FOUND);
    expect((await dave.call(ll.lineLossData, { circuitId: parentId, ...range })).body.code).toBe(ErrorCode.NOT_FOUND);
    expect((await dave.call(ll.lineLossDelete, { id: config.id })).body.code).toBe(ErrorCode.NOT_FOUND);
    const anonymous = await t.app.inject({ method: 'POST', url: ll.lineLossPage.path, payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('line loss demo (PGlite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t?.close());

  it("Harbor's network: its unmetered tap on line 2 fires the demo rule, seen by dave only", async () => {
    const started = await startDemoCircuits({
      db: t.database.system,
      ingest: t.ingest,
      log: t.app.log,
      days: 4,
      live: false,
      sites: [HARBOR_SITE],
      evaluate: () => t.services.lineLossAlarms.evaluate(),
    });
    // 28 meters (24 bound, 4 for feeders' other loads), a reading per quarter hour of 4 days and the current one
    expect(started.written).toBe(28 * (4 * 96 + 1));
    const dave = await signIn(t, 'dave');
    const rules = (await dave.call(ll.rulePage, { pageSize: 20, pageOffset: 1 })).body.data.list;
    expect(rules.map((r) => [r.name, r.state, r.level])).toEqual([['Line 2 loss above 5 % for 2 days', 'firing', 1]]);
    // 2.9 % of plain loss and 3.6 % from the tap, ±0.4 %
    expect(rules[0]!.lastRate).toBeGreaterThan(0.06);
    expect(rules[0]!.lastRate).toBeLessThan(0.07);
    const configs = (await dave.call(ll.lineLossList, {})).body.data;
    expect(configs.map((c) => [c.name, c.outputs.length])).toEqual([
      ['SH-01 incoming line 1 against its feeders', 7],
      ['SH-01 incoming line 2 against its feeders', 7],
    ]);
    const alice = await signIn(t, 'alice');
    expect((await alice.call(ll.rulePage, { pageSize: 20, pageOffset: 1 })).body.data.totalCount).toBe(0);
  });
});
