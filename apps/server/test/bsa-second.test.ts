import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { bsaSecond, device, ErrorCode } from '@energy/contracts';
import { startFleet, type Fleet } from '@energy/simulator';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/sql.js';
import { createTestApp, DB_KINDS, demoIds, signIn, upload, type Session, type TestApp } from './helpers.js';
import { deviceByCode, type Credentials } from './mqtt-helpers.js';

/**
 * Issue 22 (docs/bsa.md, "Second edition and firmware (issue 22)"): cabinets with their totals checked
 * to the Wh, second-edition stations over the storage lifecycle and tariff, and a firmware roll-out to
 * three simulated FCS (the simulator's FCS code over the app's embedded broker, downloading over HTTP
 * from the app's real listening server): one gets a corrupted package and fails, the others update.
 */

const STEP_TIMEOUT_MS = 2000;
const SITE = { key: 'SZ', latitude: 31.3, longitude: 120.6, timeZone: 'Asia/Shanghai' };

const until = async (what: string, condition: () => Promise<boolean> | boolean, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe.each(DB_KINDS)('second-edition stations, cabinets and firmware on %s', (dbKind) => {
  let t: TestApp;
  let alice: Session;
  let dave: Session;
  let host: Record<string, string>;
  let szId: number;
  let wxId: number;
  const fcs: Record<string, { id: number; creds: Credentials }> = {};
  let fleet: Fleet | null = null;

  beforeAll(async () => {
    t = await createTestApp(dbKind, { firmware: { stepTimeoutMs: STEP_TIMEOUT_MS, tokenTtlMs: 60_000 } });
    // the FCS download over real HTTP: the app listens, and the staff reaches it at that address
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    host = { host: `127.0.0.1:${(t.app.server.address() as AddressInfo).port}` };
    [alice, dave] = await Promise.all([signIn(t, 'alice'), signIn(t, 'dave')]);
    const page = (await alice.call(bsaSecond.page, { pageSize: 100, pageOffset: 1 })).body.data;
    szId = page.list.find((s) => s.code === 'SZ-01-BSA-01')!.id;
    wxId = page.list.find((s) => s.code === 'WX-01-BSA-01')!.id;
    // two more FCS in SZ-01: one runs the new package, one never answers
    const ids = await demoIds(t);
    const [type] = await rowsOf<{ id: number }>(
      t.database.system,
      sql`select id from device_type where key = 'bsa-fcs' and tenant_id = (select tenant_id from ou where code = 'SZ-01')`,
    );
    for (const code of ['SZ-01-FCS-09', 'SZ-01-FCS-08']) {
      const made = await alice.call(device.deviceCreate, { code, name: code, deviceTypeId: type!.id, ouId: ids.ouId['SZ-01']! });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
    }
    for (const code of ['SZ-01-FCS-01', 'WX-01-FCS-01', 'SZ-01-FCS-09', 'SZ-01-FCS-08']) fcs[code] = await deviceByCode(alice, code);
  });
  afterAll(async () => {
    await fleet?.stop();
    await t?.close();
  });

  it('keeps cabinets within their station, to the Wh, and names the field of bad input', async () => {
    const create = (body: Partial<Parameters<typeof alice.call<typeof bsaSecond.cabinetCreate>>[1]>) =>
      alice.call(bsaSecond.cabinetCreate, { bsaId: szId, code: 'X', name: 'X', ratedPowerKw: 1, capacityKwh: 1, ...body } as never);
    // SZ-01-BSA-01: 250 kW, 500 kWh
    const c1 = await create({ code: 'SZ-01-CAB-01', name: 'Cabinet 1', ratedPowerKw: 125, capacityKwh: 250.5 });
    expect(c1.status, JSON.stringify(c1.body)).toBe(200);
    expect(c1.body.data).toMatchObject({ bsaCode: 'SZ-01-BSA-01', ratedPowerKw: 125, capacityKwh: 250.5, links: 0 });
    const c2 = await create({ code: 'SZ-01-CAB-02', name: 'Cabinet 2', ratedPowerKw: 125, capacityKwh: 249.5 });
    expect(c2.status).toBe(200);
    // 250,500 Wh + 249,500 Wh = 500,000 Wh, the station's capacity: one more Wh is refused
    const over = await create({ code: 'SZ-01-CAB-03', capacityKwh: 0.001, ratedPowerKw: 0.001 });
    expect(over.status).toBe(400);
    expect(over.body.msg).toBe("body.capacityKwh: the cabinets of SZ-01-BSA-01 would hold 500.001 kWh, more than the station's 500 kWh");

    const bad = [
      [{ code: '' }, /^code: must not be empty/],
      [{ capacityKwh: 1.0001 }, /^capacityKwh: must have at most 3 decimals/],
      [{ ratedPowerKw: -1 }, /^ratedPowerKw: must be more than 0/],
      [{ code: 'SZ-01-CAB-01' }, /^body\.code: SZ-01-CAB-01 is already a cabinet of your tenant/],
      [{ bsaId: 999_999 }, /^body\.bsaId: is not one of your storage stations/],
    ] as const;
    for (const [body, msg] of bad) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.msg).toMatch(msg);
    }
    const listed = (await alice.call(bsaSecond.cabinetList, { bsaId: szId })).body.data;
    expect(listed.map((c) => [c.code, c.capacityKwh])).toEqual([
      ['SZ-01-CAB-01', 250.5],
      ['SZ-01-CAB-02', 249.5],
    ]);
    const edited = await alice.call(bsaSecond.cabinetUpdate, {
      id: c2.body.data.id,
      code: 'SZ-01-CAB-02',
      name: 'Cabinet two',
      ratedPowerKw: 100.25,
      capacityKwh: 249.499,
    });
    expect(edited.body.data).toMatchObject({ name: 'Cabinet two', ratedPowerKw: 100.25, capacityKwh: 249.499 });

    // links: the station's own devices and stacks, each in one cabinet
    const kinds = (await alice.call(bsaSecond.cabinetDeviceTypeList, {})).body.data;
    expect(kinds.map((k) => [k.kind, k.maxPerCabinet])).toEqual([
      ['pcs', 4],
      ['stack', 4],
      ['meter', 4],
      ['fcs', 1],
    ]);
    const devices = (await alice.call(bsaSecond.devicePage, { bsaId: szId, pageSize: 20, pageOffset: 1 })).body.data;
    const idOf = (code: string) => devices.list.find((d) => d.code === code)!.targetId;
    expect(devices.list.map((d) => d.kind).sort()).toEqual(['fcs', 'meter', 'meter', 'pcs', 'stack']);
    const link = (kind: 'pcs' | 'stack' | 'meter' | 'fcs', targetId: number, cabinetId = c1.body.data.id) =>
      alice.call(bsaSecond.cabinetLinkCreate, { cabinetId, kind, targetId });
    expect((await link('pcs', idOf('SZ-01-PCS-01'))).status).toBe(200);
    expect((await link('stack', idOf('ST-01'))).status).toBe(200);
    const fcsLink = await link('fcs', idOf('SZ-01-FCS-01'));
    expect(fcsLink.body.data).toMatchObject({ kind: 'fcs', code: 'SZ-01-FCS-01' });
    const twice = await link('pcs', idOf('SZ-01-PCS-01'), c2.body.data.id);
    expect(twice.body.msg).toBe('body.targetId: SZ-01-PCS-01 already sits in cabinet SZ-01-CAB-01');
    const wxPcs = (await alice.call(bsaSecond.devicePage, { bsaId: wxId, kind: 'pcs', pageSize: 20, pageOffset: 1 })).body.data.list[0]!;
    expect((await link('pcs', wxPcs.targetId)).body.msg).toBe('body.targetId: is not a PCS of SZ-01-BSA-01');
    expect((await link('fcs', idOf('SZ-01-FCS-01'), c2.body.data.id)).status).toBe(400);
    const stacks = (await alice.call(bsaSecond.cabinetStackList, { bsaId: szId })).body.data;
    expect(stacks.map((s) => [s.code, s.cabinet?.code])).toEqual([['ST-01', 'SZ-01-CAB-01']]);
    expect((await alice.call(bsaSecond.cabinetLinkList, { cabinetId: c1.body.data.id })).body.data.map((l) => l.code).sort()).toEqual([
      'ST-01',
      'SZ-01-FCS-01',
      'SZ-01-PCS-01',
    ]);

    // the list as a file
    const csv = await alice.call('GET', `${bsaSecond.cabinetExport.path}?format=csv&bsaId=${szId}`);
    expect(csv.status).toBe(200);
    expect(String(csv.body)).toMatch(/SZ-01-CAB-01,Cabinet 1,SZ-01-BSA-01,125,250\.5,3/);

    // a cabinet that holds devices is not deleted; an empty one is
    const held = await alice.call(bsaSecond.cabinetDelete, { id: c1.body.data.id });
    expect(held.body.code).toBe(ErrorCode.CONFLICT);
    expect(held.body.msg).toMatch(/^Storage cabinet SZ-01-CAB-01 still holds .*: take them out of the cabinet first$/);
    expect((await alice.call(bsaSecond.cabinetDelete, { id: c2.body.data.id })).status).toBe(200);

    // another tenant sees nothing, also by id
    expect((await dave.call(bsaSecond.cabinetList, {})).body.data.map((c) => c.code)).toEqual(['SH-01-CAB-01', 'SH-01-CAB-02']);
    expect((await dave.call(bsaSecond.cabinetLinkList, { cabinetId: c1.body.data.id })).status).toBe(404);
    expect(
      (await dave.call(bsaSecond.cabinetUpdate, { id: c1.body.data.id, code: 'Z', name: 'Z', ratedPowerKw: 1, capacityKwh: 1 })).status,
    ).toBe(404);
    expect((await dave.call(bsaSecond.cabinetLinkDelete, { id: fcsLink.body.data.id })).status).toBe(404);
    expect((await dave.call(bsaSecond.cabinetStackList, { bsaId: szId })).status).toBe(404);
  });

  it('makes a second-edition station with its OBS record and moves it through the lifecycle, refusing with the reason', async () => {
    const obs = {
      manufacturer: 'CATL',
      model: 'EnerOne 372',
      chemistry: 'LFP',
      cooling: 'liquid',
      fireSuppression: 'perfluorohexanone',
      ipRating: 'IP55',
      designCycles: 8000,
    } as const;
    const badObs = await alice.call(bsaSecond.updateObs, { bsaId: wxId, ...obs, ipRating: 'IPX5' });
    expect(badObs.status).toBe(400);
    expect(badObs.body.msg).toMatch(/^ipRating: must be an IP code such as IP54/);
    const saved = await alice.call(bsaSecond.updateObs, { bsaId: wxId, ...obs, commissionedOn: '2026-03-01' });
    expect(saved.body.data).toMatchObject({ bsaId: wxId, model: 'EnerOne 372', serialNumber: null, updatedByName: expect.any(String) });
    const second = (await alice.call(bsaSecond.page, { edition: 'second', pageSize: 20, pageOffset: 1 })).body.data;
    expect(second.list.map((s) => s.code)).toEqual(['WX-01-BSA-01']);
    const info = (await alice.call(bsaSecond.info, { id: wxId })).body.data;
    expect(info).toMatchObject({
      secondEdition: true,
      status: 'enabled',
      obs: { cooling: 'liquid', commissionedOn: '2026-03-01' },
      cabinets: 0,
    });
    expect((await alice.call(bsaSecond.ouList, {})).body.data.map((o) => [o.stations, o.secondEdition]).sort()).toEqual([
      [1, 0],
      [1, 1],
    ]);

    const refused = await alice.call(bsaSecond.invalidation, { id: wxId });
    expect(refused.body.code).toBe(ErrorCode.CONFLICT);
    expect(refused.body.msg).toBe(
      'Storage station WX-01-BSA-01 cannot go from enabled to invalid: an enabled station runs its strategy: disable it before making it invalid',
    );
    expect((await alice.call(bsaSecond.disable, { id: wxId })).body.data).toMatchObject({ status: 'disabled', previous: 'enabled' });
    const noCabinet = await alice.call(bsaSecond.enable, { id: wxId });
    expect(noCabinet.body.msg).toBe(
      'Storage station WX-01-BSA-01 cannot go from disabled to enabled: a second-edition station needs at least one storage cabinet: the station has none',
    );
    // the FCS binding: off, refused elsewhere, back
    const unbound = await alice.call(bsaSecond.bindingFcs, { bsaId: wxId, fcsDeviceId: null });
    expect(unbound.body.data.fcs).toBeNull();
    const other = await alice.call(bsaSecond.bindingFcs, { bsaId: wxId, fcsDeviceId: fcs['SZ-01-FCS-09']!.id });
    expect(other.body.msg).toMatch(/^body\.fcsDeviceId: SZ-01-FCS-09 is in .*, not in the station's operating unit$/);
    const taken = await alice.call(bsaSecond.bindingFcs, { bsaId: szId, fcsDeviceId: fcs['SZ-01-FCS-09']!.id });
    expect(taken.body.msg).toBe(
      'Storage station SZ-01-BSA-01 is enabled and its FCS runs its strategy: disable the station before changing its FCS',
    );
    const back = await alice.call(bsaSecond.bindingFcs, { bsaId: wxId, fcsDeviceId: fcs['WX-01-FCS-01']!.id });
    expect(back.body.data.fcs).toMatchObject({ code: 'WX-01-FCS-01' });
    await alice.call(bsaSecond.cabinetCreate, { bsaId: wxId, code: 'WX-01-CAB-01', name: 'Cabinet', ratedPowerKw: 250, capacityKwh: 500 });
    expect((await alice.call(bsaSecond.enable, { id: wxId })).body.data).toMatchObject({ status: 'enabled', previous: 'disabled' });

    const stationsCsv = await alice.call('GET', `${bsaSecond.stationExport.path}?format=csv&edition=second`);
    expect(String(stationsCsv.body)).toContain('WX-01-BSA-01');
    expect(String(stationsCsv.body)).not.toContain('SZ-01-BSA-01');

    // forward: the configuration its FCS acknowledged is not sent twice (bsaConfig/publish)
    expect((await alice.call(bsaSecond.forward, { bsaId: wxId })).body.data).toMatchObject({ version: 1, repeated: true });

    // cost info: Suzhou's sharp 1.25 and valley 0.30 on 500 kWh: (12,500 − 3,000) × 500 = 4,750,000 ten-thousandths = 475 CNY
    expect((await alice.call(bsaSecond.costDetail, { bsaId: szId })).body.data).toMatchObject({
      cheapest: { kind: 'valley', price: 0.3 },
      dearest: { kind: 'sharp', price: 1.25 },
      cycleSpreadMinor: 4_750_000,
      cycleSpread: 475,
    });
    const bands = [
      { start: '00:00', end: '08:00', kind: 'valley' as const, price: 0.3123 },
      { start: '08:00', end: '20:00', kind: 'peak' as const, price: 1.0815 },
      { start: '20:00', end: '24:00', kind: 'flat' as const, price: 0.65 },
    ];
    const upset = await alice.call(bsaSecond.costUpset, { bsaId: wxId, bands, effectiveFrom: '2026-01-01', currency: 'CNY' });
    // (10,815 − 3,123) × 500 = 3,846,000 ten-thousandths = 384.60 CNY
    expect(upset.body.data).toMatchObject({ cycleSpreadMinor: 3_846_000, cycleSpread: 384.6 });
    const gap = await alice.call(bsaSecond.costUpset, { bsaId: wxId, bands: bands.slice(1), effectiveFrom: '2026-01-01', currency: 'CNY' });
    expect(gap.body.msg).toMatch(/^bands: nothing covers 00:00-08:00/);

    // another tenant: 404 by id, nothing listed
    for (const call of [bsaSecond.info, bsaSecond.enable, bsaSecond.disable, bsaSecond.invalidation] as const)
      expect((await dave.call(call, { id: wxId })).status).toBe(404);
    expect((await dave.call(bsaSecond.costDetail, { bsaId: wxId })).status).toBe(404);
    // dave sees Harbor's station, second edition in the demo (2 cabinets of 250 kWh)
    expect(
      (await dave.call(bsaSecond.page, { pageSize: 100, pageOffset: 1 })).body.data.list.map((s) => [s.code, s.secondEdition, s.cabinets]),
    ).toEqual([['SH-01-BSA-01', true, 2]]);
    // anonymous callers are refused
    const anonymous = await t.app.inject({ method: 'POST', url: bsaSecond.page.path, payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });

  it('rolls firmware out to three FCS: a corrupted download fails, the others run the new version', async () => {
    const spec = (code: string, corrupt = false) => ({
      typeKey: 'bsa-fcs',
      ...fcs[code]!.creds,
      seed: 3,
      site: SITE,
      firmware: { softwareVersion: '2.3.1', hardwareVersion: 'FCS-H2', corruptDownloads: corrupt, stepMs: 50 },
    });
    fleet = await startFleet({
      mqttUrl: `mqtt://127.0.0.1:${t.ingest.mqttPort}`,
      devices: [spec('SZ-01-FCS-01'), spec('WX-01-FCS-01', true), spec('SZ-01-FCS-09')],
      intervalMs: 1000,
      connectSpreadMs: 0,
    });
    const threeIds = ['SZ-01-FCS-01', 'WX-01-FCS-01', 'SZ-01-FCS-09'].map((c) => fcs[c]!.id);
    const versions = async () => (await alice.call(bsaSecond.softwareVersionList, {})).body.data;
    await until(
      'the FCS to report their versions',
      async () => (await versions()).fcs.filter((f) => f.softwareVersion === '2.3.1').length === 3,
    );
    expect((await alice.call(bsaSecond.hardwareVersionList, {})).body.data).toContainEqual({
      hardwareVersion: 'FCS-H2',
      fcs: 3,
      softwareVersions: ['2.3.1'],
    });

    const bytes = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(200_000)]);
    const up = await upload(alice, 'fcs-2.4.0.zip', bytes);
    expect(up.status).toBe(200);
    const wrong = await alice.call(bsaSecond.distribute, { fileKey: up.body.data.key, fcsDeviceIds: threeIds });
    expect(wrong.body.msg).toMatch(/^softwareVersion: the version the package installs is required/);
    const sent = await alice.call(
      bsaSecond.distribute,
      { fileKey: up.body.data.key, softwareVersion: '2.4.0', fcsDeviceIds: threeIds },
      host,
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const distribution = sent.body.data;
    // the server computed the checksum of what was uploaded
    expect(distribution).toMatchObject({
      sha256: createHash('sha256').update(bytes).digest('hex'),
      size: 200_004,
      softwareVersion: '2.4.0',
    });
    expect(distribution.targets.map((x) => [x.fcsCode, x.state, x.fromVersion])).toEqual([
      ['SZ-01-FCS-01', 'queued', '2.3.1'],
      ['SZ-01-FCS-09', 'queued', '2.3.1'],
      ['WX-01-FCS-01', 'queued', '2.3.1'],
    ]);
    // one update at a time per FCS
    const again = await alice.call(
      bsaSecond.distribute,
      { fileKey: up.body.data.key, softwareVersion: '2.4.0', fcsDeviceIds: [threeIds[0]!] },
      host,
    );
    expect(again.body.code).toBe(ErrorCode.CONFLICT);
    expect(again.body.msg).toMatch(/^FCS SZ-01-FCS-01 is updating to 2\.4\.0 \(target \d+, \w+\)/);

    const log = async () =>
      (await alice.call(bsaSecond.distributeLogList, { distributionId: distribution.id, pageSize: 20, pageOffset: 1 })).body.data.list;
    await until('every target to end', async () => {
      const rows = await log();
      return rows.every((r) => r.state === 'updated' || r.state === 'failed');
    });
    const ended = Object.fromEntries((await log()).map((r) => [r.fcsCode, [r.state, r.reason]]));
    expect(ended).toEqual({
      'SZ-01-FCS-01': ['updated', null],
      'SZ-01-FCS-09': ['updated', null],
      'WX-01-FCS-01': ['failed', 'checksum mismatch'],
    });
    // the states moved from queued (the distribute answer) to their ends; the steps between are not asserted:
    // on a loaded machine the first poll may already find every target at its end
    const now = await versions();
    expect(now.versions.filter((v) => v.softwareVersion !== null)).toEqual([
      { softwareVersion: '2.3.1', fcs: 1 },
      { softwareVersion: '2.4.0', fcs: 2 },
    ]);
    expect(now.fcs.find((f) => f.code === 'WX-01-FCS-01')).toMatchObject({ softwareVersion: '2.3.1', station: { code: 'WX-01-BSA-01' } });

    // retries: only a failed target, never beside a running one; this FCS's link still corrupts
    const updatedRetry = await alice.call(bsaSecond.distribute, { distributionId: distribution.id, fcsDeviceIds: [threeIds[0]!] }, host);
    expect(updatedRetry.body.msg).toBe('body.fcsDeviceIds.0: SZ-01-FCS-01 runs 2.4.0 already: only a failed target is retried');
    const retry = await alice.call(bsaSecond.distribute, { distributionId: distribution.id, fcsDeviceIds: [threeIds[1]!] }, host);
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    await until('the retry to end', async () =>
      (await log()).filter((r) => r.fcsCode === 'WX-01-FCS-01').every((r) => r.state === 'failed'),
    );
    expect((await log()).filter((r) => r.fcsCode === 'WX-01-FCS-01').map((r) => [r.attempt, r.state, r.reason])).toEqual([
      [2, 'failed', 'checksum mismatch'],
      [1, 'failed', 'checksum mismatch'],
    ]);

    // an FCS that reports nothing fails after the step timeout
    const silent = await alice.call(
      bsaSecond.distribute,
      { distributionId: undefined, fileKey: up.body.data.key, softwareVersion: '2.4.0', fcsDeviceIds: [fcs['SZ-01-FCS-08']!.id] },
      host,
    );
    expect(silent.status).toBe(200);
    const silentId = silent.body.data.id;
    const silentLog = async () =>
      (await alice.call(bsaSecond.distributeLogList, { distributionId: silentId, pageSize: 20, pageOffset: 1 })).body.data.list[0]!;
    expect((await silentLog()).state).not.toBe('failed');
    await until('the silent FCS to time out', async () => (await silentLog()).state === 'failed', STEP_TIMEOUT_MS + 5000);
    expect((await silentLog()).reason).toBe('timed out: no report from the FCS within 2 s');

    // bob works in Suzhou only: Wuxi's FCS and its targets are not his
    const bob = await signIn(t, 'bob');
    expect((await bob.call(bsaSecond.fcsPage, { pageSize: 100, pageOffset: 1 })).body.data.list.map((f) => f.code)).not.toContain(
      'WX-01-FCS-01',
    );
    const bobLog = (await bob.call(bsaSecond.distributeLogList, { distributionId: distribution.id, pageSize: 20, pageOffset: 1 })).body.data
      .list;
    expect(bobLog.map((r) => r.fcsCode).sort()).toEqual(['SZ-01-FCS-01', 'SZ-01-FCS-09']);
    expect((await bob.call(bsaSecond.info, { id: wxId })).status).toBe(404);

    // an unknown token downloads nothing (the FCS above downloaded with theirs in the Authorization header)
    const download = await t.app.inject({
      method: 'GET',
      url: bsaSecond.firmwareDownload.path,
      headers: { authorization: `Bearer ${'a'.repeat(43)}` },
    });
    expect(download.statusCode).toBe(404);

    // another tenant neither sees these FCS nor distributes to them
    const daveFcs = (await dave.call(bsaSecond.fcsPage, { pageSize: 100, pageOffset: 1 })).body.data.list.map((f) => f.code);
    expect(daveFcs).not.toContain('SZ-01-FCS-01');
    // dave sees only Harbor's demo history (a timeout, then the retry updated it)
    const daveLog = (await dave.call(bsaSecond.distributeLogList, { pageSize: 20, pageOffset: 1 })).body.data.list;
    expect(daveLog.map((r) => [r.fcsCode, r.attempt, r.state])).toEqual([
      ['SH-01-FCS-01', 2, 'updated'],
      ['SH-01-FCS-01', 1, 'failed'],
    ]);
    const daveUp = await upload(dave, 'fcs.zip', bytes);
    const daveSend = await dave.call(
      bsaSecond.distribute,
      { fileKey: daveUp.body.data.key, softwareVersion: '9.9.9', fcsDeviceIds: [threeIds[0]!] },
      host,
    );
    expect(daveSend.status).toBe(404);
    expect((await dave.call(bsaSecond.distribute, { distributionId: distribution.id, fcsDeviceIds: [threeIds[1]!] })).status).toBe(404);
    expect((await dave.call(bsaSecond.softwareVersionList, {})).body.data.fcs.map((f) => f.code)).not.toContain('WX-01-FCS-01');
    // nor uses a package of another tenant
    const foreign = await dave.call(bsaSecond.distribute, {
      fileKey: up.body.data.key,
      softwareVersion: '9.9.9',
      fcsDeviceIds: [threeIds[0]!],
    });
    expect(foreign.body.msg).toBe('body.fileKey: is not one of your uploaded files');

    // the log as a workbook
    const file = await alice.call('GET', `${bsaSecond.distributeLogExport.path}?format=csv&distributionId=${distribution.id}`);
    expect(file.status).toBe(200);
    expect(String(file.body)).toContain('checksum mismatch');
  });
});
