import { bsa, ErrorCode } from '@energy/contracts';
import { startFleet, type Fleet } from '@energy/simulator';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, signIn, type Session, type TestApp } from './helpers.js';
import { connectDevice, deviceByCode, type Credentials } from './mqtt-helpers.js';

/**
 * The configuration of a station's FCS (docs/bsa.md, "Configuration to the edge") over real MQTT on the
 * app's embedded broker: mirror point generation (idempotent by content), a publish nobody answers
 * (timeout, and a second publish while it waits), a refusal by an FCS (a plain MQTT client) with its
 * reason, and the simulated FCS acknowledging and then reporting the cells of the new version.
 */

const TIMEOUT_MS = 1500;

const until = async (what: string, condition: () => Promise<boolean> | boolean, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe.each(DB_KINDS)('storage station configuration to the FCS on %s', (dbKind) => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;
  let dave: Session;
  let url: string;
  let wxId: number;
  let fcs: { id: number; creds: Credentials };
  let fleet: Fleet | null = null;
  let client: MqttClient | null = null;

  const history = async () => (await alice.call(bsa.bsaConfigPublishHistory, { bsaId: wxId })).body.data;
  const settled = async (publishId: number) => {
    await until(`publish ${publishId} to be answered`, async () => (await history()).find((p) => p.id === publishId)?.status !== 'pending');
    return (await history()).find((p) => p.id === publishId)!;
  };

  beforeAll(async () => {
    t = await createTestApp(dbKind, { strategy: { deliveryTimeoutMs: TIMEOUT_MS } });
    url = `mqtt://127.0.0.1:${t.ingest.mqttPort}`;
    [alice, bob, dave] = await Promise.all([signIn(t, 'alice'), signIn(t, 'bob'), signIn(t, 'dave')]);
    wxId = (await alice.call(bsa.bsaList, {})).body.data.find((s) => s.code === 'WX-01-BSA-01')!.id;
    fcs = await deviceByCode(alice, 'WX-01-FCS-01');
  });
  afterAll(async () => {
    await fleet?.stop();
    await client?.endAsync(true);
    await t?.close();
  });

  it('generates a version only when the hierarchy or its templates changed', async () => {
    // the demo seed published version 1 (its first publish timed out, the retry was acknowledged)
    expect((await history()).map((p) => [p.version, p.status])).toEqual([
      [1, 'acknowledged'],
      [1, 'timeout'],
    ]);
    const same = await alice.call(bsa.bsaConfigMirrorGenerate, { bsaId: wxId });
    // 2 racks x 6 points + 24 packs x 5 + 576 cells x 3 = 12 + 120 + 1,728 = 1,860
    expect(same.body.data).toMatchObject({ version: 1, unchanged: true, units: 602, points: 1860, unitsWithoutPoints: 0 });
    // publishing the version the FCS acknowledged last sends nothing
    const again = await alice.call(bsa.bsaConfigPublish, { bsaId: wxId });
    expect(again.body.data).toMatchObject({ version: 1, status: 'acknowledged', repeated: true });
    expect(await history()).toHaveLength(2);

    // a third rack of 12 packs x 24 cells from the demo templates
    const stackId = (await alice.call(bsa.bsaStackList, { bsaId: wxId })).body.data[0]!.id;
    const templates = (await alice.call(bsa.deviceBsaTemplateList, {})).body.data;
    const idOf = (level: string) => templates.find((d) => d.level === level)!.id;
    const applied = await alice.call(bsa.edgeBsaTemplateApply, {
      bsaId: wxId,
      stackId,
      racks: 3,
      rackTemplateId: idOf('rack'),
      packTemplateId: idOf('pack'),
      cellTemplateId: idOf('cell'),
    });
    expect(applied.body.data).toMatchObject({ status: 'done' });
    const next = await alice.call(bsa.bsaConfigAdd, { bsaId: wxId });
    // 3 racks x 6 + 36 packs x 5 + 864 cells x 3 = 18 + 180 + 2,592 = 2,790 points on 903 units
    expect(next.body.data).toMatchObject({ version: 2, unchanged: false, units: 903, points: 2790, unitsWithoutPoints: 0 });
    const log = (await alice.call(bsa.bsaConfigMirrorGenerateLog, { bsaId: wxId })).body.data;
    expect(log.map((v) => [v.version, v.points])).toEqual([
      [2, 2790],
      [1, 1860],
    ]);
    // the rules are the templates' points with their bands: 6 + 5 + 3
    const rules = (await alice.call(bsa.bsaConfigRules, { bsaId: wxId })).body.data;
    expect(rules).toHaveLength(14);
    expect(rules.find((r) => r.level === 'cell' && r.key === 'voltage')).toMatchObject({ units: 864, min: 0, max: 5 });
    const cellPoints = (await alice.call(bsa.bsaConfigDataPropertyDevice, { bsaId: wxId, level: 'cell' })).body.data;
    expect(cellPoints.map((p) => [p.key, p.units])).toEqual([
      ['voltage', 864],
      ['temperature', 864],
      ['soc', 864],
    ]);
  });

  it("shows a pack's cells as chips with the state of each value, and answers the spec's other names", async () => {
    const tree = (await alice.call(bsa.bsaBatteryTree, { bsaId: wxId })).body.data;
    const pack = tree[0]!.racks.find((r) => r.code === 'WX-01-BSA-01-R02')!.packs.find((p) => p.code === 'WX-01-BSA-01-R02-P01')!;
    const chips = (await alice.call(bsa.bsaBatteryChipData, { packId: pack.id })).body.data;
    expect(chips).toHaveLength(24);
    // the demo's weak cell: 2.950 V is in the fault band 0-3.0 of the LFP cell points
    expect(chips[0]).toMatchObject({
      code: 'WX-01-BSA-01-R02-P01-C01',
      voltageV: 2.95,
      states: { voltage: 'fault', soc: null },
      state: 'fault',
    });
    // the others, 3.280..3.329 V, are in the normal band 3.0-3.65
    expect(chips.slice(1).every((c) => c.states.voltage === 'normal')).toBe(true);
    expect((await alice.call(bsa.bsaCellBindingList, { packId: pack.id })).body.data.map((c) => c.id)).toEqual(chips.map((c) => c.id));
    expect((await alice.call(bsa.bsaFcsListByBsa, { bsaId: wxId })).body.data.map((f) => f.code)).toEqual(['WX-01-FCS-01']);
    expect((await alice.call(bsa.bsaPackBindingList, { rackId: tree[0]!.racks[0]!.id })).body.data).toHaveLength(12);
    expect((await dave.call(bsa.bsaBatteryChipData, { packId: pack.id })).status).toBe(404);
    expect((await dave.call(bsa.bsaFcsListByBsa, { bsaId: wxId })).status).toBe(404);
  });

  it('times out when the FCS does not answer, and refuses a second publish while one waits', async () => {
    const sent = await alice.call(bsa.bsaConfigPublish, { bsaId: wxId });
    expect(sent.body.data).toMatchObject({ version: 2, status: 'pending', repeated: false, fcsCode: 'WX-01-FCS-01' });
    const twice = await alice.call(bsa.bsaConfigPublish, { bsaId: wxId, version: 2 });
    expect(twice.body.code).toBe(ErrorCode.CONFLICT);
    expect(twice.body.msg).toMatch(
      /^Configuration version 2 of WX-01-BSA-01 is being published to WX-01-FCS-01 \(since .*\): wait for the FCS's answer/,
    );
    expect((await alice.call(bsa.bsaConfigDevice, { bsaId: wxId })).body.data).toMatchObject({
      latestVersion: 2,
      acknowledgedVersion: 1,
      pending: { id: sent.body.data.id },
    });
    expect(await settled(sent.body.data.id)).toMatchObject({ status: 'timeout', reason: 'no answer from the FCS within 2 s' });
  });

  it('records an FCS refusal with its reason', async () => {
    client = await connectDevice(url, fcs.creds);
    await client.subscribeAsync(`devices/${fcs.creds.username}/commands/#`, { qos: 1 });
    client.on('message', (_topic, payload) => {
      const command = JSON.parse(payload.toString()) as { publishId: number; version: number; units: { cell: unknown[] } };
      void client!.publishAsync(
        `devices/${fcs.creds.username}/ack`,
        JSON.stringify({
          publishId: command.publishId,
          accepted: false,
          reason: `firmware 1.2 holds 800 cells, not ${command.units.cell.length}`,
        }),
        { qos: 1 },
      );
    });
    const sent = await alice.call(bsa.bsaConfigPublish, { bsaId: wxId });
    expect(await settled(sent.body.data.id)).toMatchObject({ status: 'refused', reason: 'firmware 1.2 holds 800 cells, not 864' });
    await client.endAsync();
    client = null;
  });

  it('the simulated FCS acknowledges and reports the cells of the new version', async () => {
    const rackOf = async (code: string) => {
      const tree = (await alice.call(bsa.bsaBatteryTree, { bsaId: wxId })).body.data;
      return tree[0]!.racks.find((r) => r.code === code)!;
    };
    expect((await rackOf('WX-01-BSA-01-R03')).stats).toMatchObject({ cells: 288, reported: 0 });
    fleet = await startFleet({
      mqttUrl: url,
      devices: [
        { typeKey: 'bsa-fcs', ...fcs.creds, seed: 7, site: { key: 'WX', latitude: 31.5, longitude: 120.3, timeZone: 'Asia/Shanghai' } },
      ],
      intervalMs: 300,
      connectSpreadMs: 0,
    });
    await until('the FCS to subscribe', () => fleet!.stats().connected === 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const sent = await alice.call(bsa.bsaConfigPublish, { bsaId: wxId });
    expect(await settled(sent.body.data.id)).toMatchObject({ version: 2, status: 'acknowledged', reason: null });
    await until('the new rack to report', async () => (await rackOf('WX-01-BSA-01-R03')).stats.reported === 288);
    const rack = await rackOf('WX-01-BSA-01-R03');
    // LFP plateau 3.20..3.35 V by SOC, cells around 25..30 °C
    expect(rack.stats.voltageMinV).toBeGreaterThan(3.1);
    expect(rack.stats.voltageMaxV).toBeLessThan(3.4);
    // the weak cell of rack 2 reports its low voltage
    const weak = await rackOf('WX-01-BSA-01-R02');
    expect(weak.stats.voltageMinV).toBeLessThan(3.05);
    const device = (await alice.call(bsa.bsaConfigDevice, { bsaId: wxId })).body.data;
    expect(device).toMatchObject({ latestVersion: 2, acknowledgedVersion: 2, pending: null });
    expect(device.reportedAt).not.toBeNull();
    // publishing it again changes nothing
    expect((await alice.call(bsa.bsaConfigPublish, { bsaId: wxId, version: 2 })).body.data).toMatchObject({
      id: sent.body.data.id,
      repeated: true,
    });
  });

  it('checks the input, the permission and the tenant', async () => {
    const bad = await alice.post('/api/v2/bsaConfig/publish', { bsaId: wxId, version: 'two' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/^version: /);
    const missing = await alice.call(bsa.bsaConfigPublish, { bsaId: wxId, version: 9 });
    expect(missing.body.msg).toBe('body.version: storage station WX-01-BSA-01 has no configuration version 9');
    // bob (read-only, Suzhou) reads his station's history and may not publish
    const szId = (await bob.call(bsa.bsaList, {})).body.data.find((x) => x.code === 'SZ-01-BSA-01')!.id;
    expect((await bob.call(bsa.bsaConfigPublish, { bsaId: szId })).status).toBe(403);
    expect((await bob.call(bsa.bsaConfigPublishHistory, { bsaId: szId })).body.data.map((p) => p.status)).toEqual([
      'acknowledged',
      'timeout',
    ]);
    expect((await bob.call(bsa.bsaConfigPublishHistory, { bsaId: wxId })).status).toBe(404);
    for (const call of [
      dave.call(bsa.bsaConfigPublish, { bsaId: wxId }),
      dave.call(bsa.bsaConfigMirrorGenerate, { bsaId: wxId }),
      dave.call(bsa.bsaConfigPublishHistory, { bsaId: wxId }),
      dave.call(bsa.bsaConfigMirrorGenerateLog, { bsaId: wxId }),
      dave.call(bsa.bsaConfigRules, { bsaId: wxId }),
      dave.call(bsa.bsaConfigDevice, { bsaId: wxId }),
      dave.call(bsa.bsaConfigDataPropertyDevice, { bsaId: wxId, level: 'cell' }),
    ])
      expect((await call).status).toBe(404);
    // dave's own station has its own history only
    const sh = (await dave.call(bsa.bsaList, {})).body.data.find((s) => s.code === 'SH-01-BSA-01')!;
    const own = (await dave.call(bsa.bsaConfigPublishHistory, { bsaId: sh.id })).body.data;
    expect(own.every((p) => p.bsaId === sh.id && p.fcsCode === 'SH-01-FCS-01')).toBe(true);
  });
});
