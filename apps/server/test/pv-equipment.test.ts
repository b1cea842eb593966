import ExcelJS from 'exceljs';
import { pv } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/sql.js';
import { createTestApp, DB_KINDS, demoIds, signIn, type Session, type TestApp } from './helpers.js';

const INVERTER_HEADERS = ['Code', 'Name', 'Area', 'Model', 'Rated AC power (kW)', 'MPPT count', 'Device code'];
const STRING_HEADERS = ['Code', 'Name', 'Inverter code', 'MPPT input', 'Module model', 'Module count', 'Capacity (kWp)', 'Device code'];

async function raw(t: TestApp, s: Session, method: 'GET' | 'POST', url: string, payload?: Buffer, headers: Record<string, string> = {}) {
  return t.app.inject({ method, url, headers: { cookie: s.cookie, jwttoken: s.token, ...headers }, ...(payload ? { payload } : {}) });
}

async function uploadFile(t: TestApp, s: Session, url: string, content: Buffer, name = 'equipment.xlsx') {
  const boundary = '----pv-test';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await raw(t, s, 'POST', url, payload, { 'content-type': `multipart/form-data; boundary=${boundary}` });
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

async function xlsxOf(headers: string[], rows: unknown[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet');
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The cell values of a workbook's first sheet, row by row. */
async function sheetValues(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const out: unknown[][] = [];
  wb.worksheets[0]!.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
  return out;
}

describe.each(DB_KINDS)('PV equipment on %s', (kind) => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;
  let dave: Session;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let deviceId: Record<string, number>;
  let station: pv.PvStationRow;
  let areaId: number;

  const newStation = async (code: string, areas: string[] = []) => {
    const s = (await alice.call(pv.pvStationBasicInfo, { code, name: code, ouId: ids.ouId['SZ-01']!, capacityKwp: 1000 })).body.data;
    for (const name of areas) await alice.call(pv.pvAreaAdd, { pvId: s.id, name } as never);
    return s;
  };
  const count = async (table: 'pv_string' | 'pv_inverter', stationId: number) =>
    (
      await rowsOf<{ n: number }>(
        t.database.system,
        sql`select count(*)::int as n from ${sql.identifier(table)} where station_id = ${stationId}`,
      )
    )[0]!.n;
  async function poll(s: Session, id: string) {
    for (let i = 0; i < 600; i++) {
      const job = (await s.post('/api/v2/job/detail', { id })).body.data;
      if (job.status !== 'running') return job;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the job did not finish');
  }
  const finished = async (s: Session, started: { body: { data: { id: string; status: string } } }) =>
    started.body.data.status === 'running' ? poll(s, started.body.data.id) : started.body.data;

  beforeAll(async () => {
    t = await createTestApp(kind);
    ids = await demoIds(t);
    alice = await signIn(t, 'alice');
    bob = await signIn(t, 'bob');
    dave = await signIn(t, 'dave');
    const devices = (await alice.post('/api/v2/device/page', { pageSize: 100, pageOffset: 1 })).body.data.list as {
      id: number;
      code: string;
    }[];
    deviceId = Object.fromEntries(devices.map((d) => [d.code, d.id]));
    station = await newStation('SZ-PV-EQ', ['Roof A', 'Roof B']);
    areaId = (await alice.call(pv.pvAreaList, { pvId: station.id })).body.data[0]!.id;
  });
  afterAll(async () => {
    await t?.services.jobs.idle();
    await t?.close();
  });

  it('creates, edits, binds and deletes inverters and their strings; module capacity is count x Wp', async () => {
    const inv = await alice.call(pv.pvInverterCreateCall, {
      pvId: station.id,
      code: 'INV-A',
      name: 'Inverter A',
      areaId,
      model: 'SG110CX',
      ratedAcKw: 110,
      mpptCount: 2,
    });
    expect(inv.status, JSON.stringify(inv.body)).toBe(200);
    expect(inv.body.data).toMatchObject({
      code: 'INV-A',
      areaName: 'Roof A',
      ratedAcKw: 110,
      mpptCount: 2,
      stringCount: 0,
      deviceId: null,
      pvName: 'SZ-PV-EQ',
    });
    const dup = await alice.call(pv.pvInverterCreateCall, { pvId: station.id, code: 'INV-A', name: 'x', ratedAcKw: 1, mpptCount: 1 });
    expect(dup.body.msg).toBe('The inverter code INV-A is already used in this station');
    const other = await newStation('SZ-PV-EQ2', ['Roof A']);
    const foreignArea = (await alice.call(pv.pvAreaList, { pvId: other.id })).body.data[0]!.id;
    expect(
      (
        await alice.call(pv.pvInverterCreateCall, {
          pvId: station.id,
          code: 'INV-X',
          name: 'x',
          areaId: foreignArea,
          ratedAcKw: 1,
          mpptCount: 1,
        })
      ).body.msg,
    ).toBe('body.areaId: is not an area of this station');
    // the same code in another station is fine
    expect(
      (await alice.call(pv.pvInverterCreateCall, { pvId: other.id, code: 'INV-A', name: 'x', ratedAcKw: 1, mpptCount: 1 })).status,
    ).toBe(200);
    expect(
      (await alice.call(pv.pvInverterCreateCall, { pvId: station.id, code: 'INV-Y', name: 'y', ratedAcKw: 0, mpptCount: 40 })).body.msg,
    ).toContain('ratedAcKw: must be more than 0');

    const s1 = await alice.call(pv.pvStringCreateCall, {
      pvId: station.id,
      code: 'INV-A-S1',
      name: 'String 1',
      inverterId: inv.body.data.id,
      mpptInput: 2,
      moduleCount: 20,
      capacityKwp: 11,
    });
    expect(s1.body.data).toMatchObject({ inverterCode: 'INV-A', mpptInput: 2, capacityKwp: 11 });
    expect(
      (
        await alice.call(pv.pvStringCreateCall, {
          pvId: station.id,
          code: 'S-X',
          name: 'x',
          inverterId: inv.body.data.id,
          mpptInput: 3,
          moduleCount: 20,
          capacityKwp: 11,
        })
      ).body.msg,
    ).toBe("body.mpptInput: must be at most 2, the inverter's MPPT count");
    expect(
      (await alice.call(pv.pvInverterUpdateCall, { id: inv.body.data.id, code: 'INV-A', name: 'Inverter A', ratedAcKw: 110, mpptCount: 1 }))
        .body.msg,
    ).toBe('body.mpptCount: must be at least 2: a string is wired to MPPT input 2');
    const put = await alice.call(pv.pvInverterUpdatePut, {
      id: inv.body.data.id,
      code: 'INV-A',
      name: 'Inverter A (east)',
      areaId: null,
      ratedAcKw: 100,
      mpptCount: 4,
    });
    expect(put.body.data).toMatchObject({ name: 'Inverter A (east)', areaId: null, ratedAcKw: 100, mpptCount: 4, stringCount: 1 });

    // device binding: a PV inverter device of the station's OU only
    expect((await alice.call(pv.pvInverterUpdateDevice, { id: inv.body.data.id, deviceId: deviceId['SZ-01-GM-01']! })).body.msg).toBe(
      "body.deviceId: is not a pv-inverter device of the station's operating unit",
    );
    expect((await alice.call(pv.pvInverterUpdateDevice, { id: inv.body.data.id, deviceId: deviceId['SZ-01-INV-01']! })).status).toBe(200);
    expect((await bob.call(pv.pvInverterList, { pvId: station.id })).body.data[0]).toMatchObject({
      deviceCode: 'SZ-01-INV-01',
      deviceName: 'PV inverter 1',
    });
    expect((await alice.call(pv.pvStringUpdateDevice, { id: s1.body.data.id, deviceId: deviceId['SZ-01-INV-01-S1']! })).status).toBe(200);
    expect((await alice.call(pv.pvInverterRemoveDevice, { id: inv.body.data.id })).status).toBe(200);
    expect((await bob.call(pv.pvInverterList, { pvId: station.id })).body.data[0]!.deviceId).toBeNull();

    const mod = await alice.call(pv.pvModuleCreateCall, {
      pvId: station.id,
      code: 'MOD-1',
      model: 'LR5-72HPH-550M',
      areaId,
      ratedWp: 550,
      count: 1800,
    });
    // 1800 x 550 Wp = 990,000 Wp = 990 kWp
    expect(mod.body.data).toMatchObject({ capacityKwp: 990, areaName: 'Roof A' });
    expect((await alice.call(pv.pvAreaDelete, { id: areaId })).body.msg).toBe(
      'The area still holds 1 inverter(s) or module batch(es): move or delete them first',
    );

    // another tenant gets 404 by id, a staff without the buttons 403
    for (const [contract, input] of [
      [pv.pvInverterUpdateCall, { id: inv.body.data.id, code: 'Z', name: 'Z', ratedAcKw: 1, mpptCount: 4 }],
      [pv.pvInverterDelete, { id: inv.body.data.id }],
      [pv.pvInverterUpdateDevice, { id: inv.body.data.id, deviceId: deviceId['SZ-01-INV-01'] }],
      [pv.pvStringDelete, { id: s1.body.data.id }],
      [pv.pvModuleUpdateCall, { id: mod.body.data.id, code: 'Z', model: 'Z', ratedWp: 1, count: 1 }],
      [pv.pvInverterCreateCall, { pvId: station.id, code: 'D', name: 'D', ratedAcKw: 1, mpptCount: 1 }],
    ] as const) {
      const res = await dave.call(contract as typeof pv.pvInverterDelete, input as never);
      expect(res.status, contract.path).toBe(404);
    }
    expect((await dave.call(pv.pvInverterPage, { pageSize: 100, pageOffset: 1, pvId: station.id })).body.data.totalCount).toBe(0);
    expect((await dave.call(pv.pvStringList, {})).body.data.map((s) => s.code)).not.toContain('INV-A-S1');
    expect((await bob.call(pv.pvInverterCreateCall, { pvId: station.id, code: 'B', name: 'B', ratedAcKw: 1, mpptCount: 1 })).status).toBe(
      403,
    );
    expect((await bob.call(pv.pvStringDeleteAll, { ids: [s1.body.data.id] })).status).toBe(403);

    // deleting an inverter deletes its strings; delete-all refuses ids it cannot see, deleting nothing
    expect((await alice.call(pv.pvModuleDeleteAll, { ids: [mod.body.data.id, 999_999] })).status).toBe(404);
    expect((await alice.call(pv.pvModuleDeleteAll, { ids: [mod.body.data.id] })).body.data).toBe(1);
    expect((await alice.call(pv.pvInverterDelete, { id: inv.body.data.id })).status).toBe(200);
    expect(await count('pv_string', station.id)).toBe(0);
  });

  it('imports 2,000 strings all or nothing: wrong units, a missing inverter and a duplicate code are named by row; the fixed file imports all', async () => {
    // 125 inverters with 4 MPPT inputs, 16 strings each (4 per input): 2,000 strings of 20 x 550 Wp = 11 kWp
    const inverters = Array.from({ length: 125 }, (_, i) => [
      `INV-${String(i + 1).padStart(3, '0')}`,
      `Inverter ${i + 1}`,
      i % 2 ? 'Roof B' : 'Roof A',
      'SG110CX',
      110,
      4,
      null,
    ]);
    const invJob = await uploadFile(t, alice, `/api/v2/pv-inverter/input?pvId=${station.id}`, await xlsxOf(INVERTER_HEADERS, inverters));
    expect(invJob.status, JSON.stringify(invJob.body)).toBe(200);
    expect(invJob.body.data).toMatchObject({ status: 'done', imported: 125, kind: 'pv-inverter-import' });

    const strings = Array.from({ length: 2000 }, (_, i) => {
      const inv = Math.floor(i / 16) + 1;
      const n = (i % 16) + 1;
      return [
        `INV-${String(inv).padStart(3, '0')}-S${String(n).padStart(2, '0')}`,
        `String ${n}`,
        `INV-${String(inv).padStart(3, '0')}`,
        Math.ceil(n / 4),
        'LR5-72HPH-550M',
        20,
        11,
        null,
      ];
    });
    const bad = strings.map((r) => [...r]);
    bad[99]![6] = '11000 Wp'; // row 101: a capacity in watts
    bad[499]![6] = '11 kW'; // row 501: kW is not kWp
    bad[1234]![2] = 'INV-999'; // row 1236: no such inverter
    bad[1999]![0] = bad[1998]![0]; // row 2001: duplicates row 2000
    const before = await count('pv_string', station.id);
    const started = await uploadFile(t, alice, `/api/v2/string/input?pvId=${station.id}`, await xlsxOf(STRING_HEADERS, bad));
    expect(started.status).toBe(200);
    const failed = await finished(alice, started);
    expect(failed).toMatchObject({ status: 'failed', imported: 0, problemCount: 4, total: 2000 });
    expect(failed.problems).toEqual([
      { row: 101, column: 'Capacity (kWp)', message: 'Must be in kWp, not Wp' },
      { row: 501, column: 'Capacity (kWp)', message: 'Must be in kWp, not kW' },
      { row: 1236, column: 'Inverter code', message: 'Is not an inverter of this station' },
      { row: 2001, column: 'Code', message: 'Duplicates row 2000 of the file' },
    ]);
    expect(await count('pv_string', station.id)).toBe(before);

    // a value with the column's own unit is taken
    const fixed = strings.map((r, i) => (i === 7 ? [...r.slice(0, 6), '11 kWp', null] : r));
    const done = await finished(
      alice,
      await uploadFile(t, alice, `/api/v2/string/input?pvId=${station.id}`, await xlsxOf(STRING_HEADERS, fixed)),
    );
    expect(done).toMatchObject({ status: 'done', imported: 2000, problemCount: 0 });
    expect(await count('pv_string', station.id)).toBe(2000);
    const page = (await bob.call(pv.pvStringPage, { pageSize: 20, pageOffset: 1, pvId: station.id, keyword: 'INV-007-' })).body.data;
    expect(page.totalCount).toBe(16);
    expect(page.list[15]).toMatchObject({ code: 'INV-007-S16', inverterCode: 'INV-007', mpptInput: 4, moduleCount: 20, capacityKwp: 11 });
    const inv7 = (await bob.call(pv.pvInverterList, { pvId: station.id, keyword: 'INV-007' })).body.data[0]!;
    expect(inv7).toMatchObject({ stringCount: 16, areaName: 'Roof A' });
    // the same file again: every code is now taken in this station
    const again = await uploadFile(t, alice, `/api/v2/string/input?pvId=${station.id}`, await xlsxOf(STRING_HEADERS, strings.slice(0, 2)));
    expect(again.body.data.problems[0]).toEqual({ row: 2, column: 'Code', message: 'Is already used in this station' });
    // dave cannot import into, nor export, Sunrise's station; bob has no import button
    expect(
      (await uploadFile(t, dave, `/api/v2/string/input?pvId=${station.id}`, await xlsxOf(STRING_HEADERS, strings.slice(0, 1)))).status,
    ).toBe(404);
    expect((await raw(t, dave, 'GET', `/api/v2/string/output/${station.id}`)).statusCode).toBe(404);
    expect(
      (await uploadFile(t, bob, `/api/v2/string/input?pvId=${station.id}`, await xlsxOf(STRING_HEADERS, strings.slice(0, 1)))).status,
    ).toBe(403);
  }, 180_000);

  it("exports a station's equipment, which re-imports unchanged into a new station", async () => {
    const invExport = await raw(t, alice, 'GET', `/api/v2/pv-inverter/output/${station.id}`);
    expect(invExport.statusCode).toBe(200);
    expect(invExport.headers['content-disposition']).toContain('SZ-PV-EQ-inverters-');
    const inverters = await sheetValues(invExport.rawPayload);
    expect(inverters[0]).toEqual(INVERTER_HEADERS);
    expect(inverters).toHaveLength(126);
    const strExport = await raw(t, alice, 'GET', `/api/v2/string/output/${station.id}`);
    const strings = await sheetValues(strExport.rawPayload);
    expect(strings[0]).toEqual(STRING_HEADERS);
    expect(strings).toHaveLength(2001);
    expect(strings[1]).toEqual(['INV-001-S01', 'String 1', 'INV-001', 1, 'LR5-72HPH-550M', 20, 11]);

    const copy = await newStation('SZ-PV-COPY', ['Roof A', 'Roof B']);
    const invJob = await uploadFile(t, alice, `/api/v2/pv-inverter/input?pvId=${copy.id}`, invExport.rawPayload);
    expect(invJob.body.data).toMatchObject({ status: 'done', imported: 125 });
    const strJob = await finished(alice, await uploadFile(t, alice, `/api/v2/string/input?pvId=${copy.id}`, strExport.rawPayload));
    expect(strJob).toMatchObject({ status: 'done', imported: 2000 });
    const copied = await sheetValues((await raw(t, alice, 'GET', `/api/v2/string/output/${copy.id}`)).rawPayload);
    expect(copied).toEqual(strings);
    expect(await sheetValues((await raw(t, alice, 'GET', `/api/v2/pv-inverter/output/${copy.id}`)).rawPayload)).toEqual(inverters);

    // zh-CN headers and CSV
    const csv = await raw(t, alice, 'GET', `/api/v2/pv-inverter/output/${copy.id}?format=csv&lang=zh-CN`);
    expect(csv.body.replace(/^\ufeff/, '').split('\r\n')[0]).toBe('编码,名称,区域,型号,额定交流功率 (kW),MPPT 数量,设备编码');
    expect((await raw(t, bob, 'GET', `/api/v2/pv-inverter/output/${copy.id}`)).statusCode).toBe(403);
  }, 120_000);

  it('serves templates with the headers and an example row; modules import by path or query', async () => {
    const tpl = await sheetValues((await raw(t, alice, 'GET', '/api/v2/string/download?lang=en-US')).rawPayload);
    expect(tpl[0]).toEqual(STRING_HEADERS);
    expect(tpl[1]).toEqual(['INV-01-S01', 'String 1', 'INV-01', 1, 'LR5-72HPH-550M', 20, 11]);
    const headers = ['Code', 'Model', 'Area', 'Rated power (Wp)', 'Count', 'Device code'];
    const byPath = await uploadFile(
      t,
      alice,
      `/api/v2/module/input/${station.id}`,
      await xlsxOf(headers, [['M-1', 'LR5-550', 'Roof B', 550, 900, null]]),
    );
    expect(byPath.body.data).toMatchObject({ status: 'done', imported: 1 });
    const byQuery = await uploadFile(
      t,
      alice,
      `/api/v2/module/input?pvId=${station.id}`,
      await xlsxOf(headers, [['M-2', 'LR5-550', 'Roof C', '0.55 kWp', 900, 'SZ-01-GM-01']]),
    );
    expect(byQuery.body.data.problems).toEqual([
      { row: 2, column: 'Area', message: 'Is not an area of this station' },
      { row: 2, column: 'Rated power (Wp)', message: 'Must be in Wp, not kWp' },
      { row: 2, column: 'Device code', message: "Is not a device of the station's operating unit that can measure it" },
    ]);
    const modules = (await bob.call(pv.pvModuleList, { pvId: station.id })).body.data;
    // 900 x 550 Wp = 495 kWp
    expect(modules.map((m) => [m.code, m.areaName, m.capacityKwp])).toEqual([['M-1', 'Roof B', 495]]);
  });
});
