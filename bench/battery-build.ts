/**
 * Building a storage station's battery from templates (issue 21): a stack of 10 racks x 16 packs x 24
 * cells (10 + 160 + 3,840 = 4,010 units) made by one call of edge-device/bsa/template/apply (a background
 * job: one generate_series insert per level, skipping what exists), then reading its battery tree
 * (bsaBattery/getBsaBatteryTree: stacks > racks > packs with the count and extremes of their cells'
 * latest values) once every cell has a value.
 *
 * Baselines in the same run, on the same database:
 * 1. the same 4,010 units bulk-inserted straight into bsa_rack / bsa_pack / bsa_cell by hand (unnest of
 *    arrays built in JavaScript, owner connection, no job, no checks) into a second stack;
 * 2. the tree's figures by a hand query (one grouped select over the station's cells) on the owner
 *    connection, without the request pipeline.
 *
 *   npx tsx bench/battery-build.ts [--pg] [--reads 20]
 *
 * PGlite in memory by default; --pg uses a throwaway database on BENCH_PG_URL. Figures are printed and
 * written to bench/results/battery-build-<db>.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { bsa, device } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../apps/server/src/db/sql.js';
import { median } from './timing.js';

if (process.env.BENCH_PG_URL) process.env.TEST_PG_URL = process.env.BENCH_PG_URL;
const { createTestApp, signIn } = await import('../apps/server/test/helpers.js');

const { values: args } = parseArgs({ options: { pg: { type: 'boolean', default: false }, reads: { type: 'string', default: '20' } } });
const READS = Number(args.reads);
const [RACKS, PACKS, CELLS] = [10, 16, 24];

const p = (key: string, unit: string, min = 0, max = 100) => ({ key, name: key, unit, min, max, ranges: [] });
const POINTS = {
  rack: [
    p('voltage', 'V', 0, 1500),
    p('current', 'A', -500, 500),
    p('soc', '%'),
    p('soh', '%'),
    p('temperatureMax', '°C', -40, 120),
    p('temperatureMin', '°C', -40, 120),
  ],
  pack: [
    p('voltage', 'V'),
    p('temperatureMax', '°C', -40, 120),
    p('temperatureMin', '°C', -40, 120),
    p('cellVoltageMax', 'V', 0, 5),
    p('cellVoltageMin', 'V', 0, 5),
  ],
  cell: [p('voltage', 'V', 0, 5), p('temperature', '°C', -40, 120), p('soc', '%')],
};

const t = await createTestApp(args.pg ? 'postgres' : 'pglite');
try {
  const db = t.database.system;
  const alice = await signIn(t, 'alice');
  const ok = async <T>(res: Promise<{ status: number; body: { data: T; msg: string } }>) => {
    const r = await res;
    if (r.status !== 200) throw new Error(`${r.status} ${r.body.msg}`);
    return r.body.data;
  };
  // a station of its own in SZ-01: a new PCS and FCS, the site's grid meter
  const [{ ou_id: ouId, pcs_type: pcsType, fcs_type: fcsType, meter }] = (await rowsOf<{
    ou_id: number;
    pcs_type: number;
    fcs_type: number;
    meter: number;
  }>(
    db,
    sql`select o.id as ou_id, (select id from device_type where tenant_id = o.tenant_id and key = 'bsa-pcs') as pcs_type,
               (select id from device_type where tenant_id = o.tenant_id and key = 'bsa-fcs') as fcs_type,
               (select id from device where code = 'SZ-01-GM-01') as meter
        from ou o where o.code = 'SZ-01'`,
  )) as [{ ou_id: number; pcs_type: number; fcs_type: number; meter: number }];
  const pcs = await ok(alice.call(device.deviceCreate, { code: 'BENCH-PCS', name: 'Bench PCS', deviceTypeId: pcsType, ouId }));
  const fcs = await ok(alice.call(device.deviceCreate, { code: 'BENCH-FCS', name: 'Bench FCS', deviceTypeId: fcsType, ouId }));
  const station = await ok(
    alice.call(bsa.bsaInsert, {
      basic: { code: 'BENCH-BSA', name: 'Bench station', ouId, ratedPowerKw: 1000, capacityKwh: 3441, strategyVersion: 6 },
      pcs: [{ deviceId: pcs.id }],
      stack: { code: 'ST-01', name: 'Stack 1', pcsDeviceId: pcs.id },
      meters: [{ deviceId: meter, role: 'grid' }],
      fcs: { deviceId: fcs.id },
      costInfo: { currency: 'CNY', bands: [{ start: '00:00', end: '24:00', kind: 'flat', price: 0.65 }], effectiveFrom: '2026-01-01' },
    }),
  );
  const template = async (level: 'rack' | 'pack' | 'cell', childCount: number | null) => {
    const v = await ok(alice.call(bsa.neoBsaPointTemplateInsert, { level, name: `Bench ${level}`, points: POINTS[level] }));
    return (
      await ok(
        alice.call(bsa.edgeBsaTemplateCreate, {
          level,
          name: `Bench ${level}`,
          childCount,
          nominalVoltageV: 3.2,
          capacityAh: 280,
          pointVersionId: v.id,
        }),
      )
    ).id;
  };
  const templates = {
    rackTemplateId: await template('rack', PACKS),
    packTemplateId: await template('pack', CELLS),
    cellTemplateId: await template('cell', null),
  };
  const stackId = (await ok(alice.call(bsa.bsaStackList, { bsaId: station.id })))[0]!.id;

  // 1. apply: the call answers a running job; done when the job is
  const applyStarted = performance.now();
  const job = await ok(alice.call(bsa.edgeBsaTemplateApply, { bsaId: station.id, stackId, racks: RACKS, ...templates }));
  await t.services.jobs.idle();
  const applyMs = performance.now() - applyStarted;
  const status = await ok(alice.call(bsa.neoBsaCreateStatus, { bsaId: station.id }));
  if (status?.job.status !== 'done' || status.job.imported !== RACKS * PACKS * (CELLS + 1) + RACKS)
    throw new Error(`apply: ${JSON.stringify(status)}`);
  // a repeat makes nothing: the time of the unique keys' skipping
  const repeatStarted = performance.now();
  await ok(alice.call(bsa.edgeBsaTemplateApply, { bsaId: station.id, stackId, racks: RACKS, ...templates }));
  await t.services.jobs.idle();
  const repeatMs = performance.now() - repeatStarted;

  // baseline 1: the same units by hand into a second stack, arrays built here, one unnest per level
  const [{ tenant_id: tenantId }] = (await rowsOf<{ tenant_id: string }>(
    db,
    sql`select tenant_id from bsa_station where id = ${station.id}`,
  )) as [{ tenant_id: string }];
  const bulkStarted = performance.now();
  await db.transaction(async (tx) => {
    const [stack] = await rowsOf<{ id: number }>(
      tx,
      sql`insert into bsa_stack (tenant_id, station_id, code, name) values (${tenantId}, ${station.id}, 'ST-HAND', 'By hand') returning id`,
    );
    const seqs = Array.from({ length: RACKS }, (_, i) => i + 1);
    const racks = await rowsOf<{ id: number; seq: number }>(
      tx,
      sql`insert into bsa_rack (tenant_id, station_id, stack_id, seq, code)
          select ${tenantId}, ${station.id}, ${stack!.id}, s, 'H-R' || s from unnest(${sql.param(seqs)}::int[]) s returning id, seq`,
    );
    const packRack = racks.flatMap((r) => Array.from({ length: PACKS }, () => r.id));
    const packSeq = racks.flatMap(() => Array.from({ length: PACKS }, (_, i) => i + 1));
    const packs = await rowsOf<{ id: number }>(
      tx,
      sql`insert into bsa_pack (tenant_id, station_id, rack_id, seq, code)
          select ${tenantId}, ${station.id}, r, s, 'H-P' || r || '-' || s from unnest(${sql.param(packRack)}::int[], ${sql.param(packSeq)}::int[]) as u(r, s) returning id`,
    );
    const cellPack = packs.flatMap((pk) => Array.from({ length: CELLS }, () => pk.id));
    const cellSeq = packs.flatMap(() => Array.from({ length: CELLS }, (_, i) => i + 1));
    await tx.execute(sql`insert into bsa_cell (tenant_id, station_id, pack_id, seq, code)
          select ${tenantId}, ${station.id}, pk, s, 'H-C' || pk || '-' || s from unnest(${sql.param(cellPack)}::int[], ${sql.param(cellSeq)}::int[]) as u(pk, s)`);
  });
  const bulkMs = performance.now() - bulkStarted;
  // the hand stack out again, so the tree reads the templates' 3,840 cells only
  await db.execute(sql`delete from bsa_stack where station_id = ${station.id} and code = 'ST-HAND'`);

  // every cell reports: 3.2..3.399 V, 20..29.9 °C
  await db.execute(sql`update bsa_cell set voltage_v = 3.2 + (id % 200) / 1000.0, temperature_c = 20 + (id % 100) / 10.0, soc_pct = 60, reported_at = now()
                       where station_id = ${station.id}`);

  // 2. the tree through the API, READS times after one warm-up
  await ok(alice.call(bsa.bsaBatteryTree, { bsaId: station.id }));
  const treeMs: number[] = [];
  let tree: Awaited<ReturnType<typeof ok<{ stats: { cells: number; reported: number } }[]>>> = [];
  for (let i = 0; i < READS; i++) {
    const started = performance.now();
    tree = await ok(alice.call(bsa.bsaBatteryTree, { bsaId: station.id }));
    treeMs.push(performance.now() - started);
  }
  if (tree[0]?.stats.cells !== RACKS * PACKS * CELLS || tree[0].stats.reported !== RACKS * PACKS * CELLS)
    throw new Error(`tree: ${JSON.stringify(tree[0]?.stats)}`);

  // baseline 2: the pack figures by a hand query on the owner connection
  const handMs: number[] = [];
  for (let i = 0; i <= READS; i++) {
    const started = performance.now();
    await rowsOf(
      db,
      sql`select p.id, count(c.id), count(c.voltage_v), min(c.voltage_v), max(c.voltage_v), max(c.temperature_c)
          from bsa_pack p join bsa_cell c on c.pack_id = p.id where p.station_id = ${station.id} group by p.id`,
    );
    if (i > 0) handMs.push(performance.now() - started);
  }

  const result = {
    database: t.database.kind,
    node: process.version,
    units: { racks: RACKS, packs: RACKS * PACKS, cells: RACKS * PACKS * CELLS },
    applyMs: Math.round(applyMs),
    jobTotal: job.total,
    repeatApplyMs: Math.round(repeatMs),
    bulkInsertByHandMs: Math.round(bulkMs),
    treeMedianMs: Number(median(treeMs).toFixed(1)),
    treeMaxMs: Number(Math.max(...treeMs).toFixed(1)),
    handQueryMedianMs: Number(median(handMs).toFixed(1)),
  };
  console.log(
    `\ndatabase: ${result.database}   node ${result.node}   ${RACKS} racks x ${PACKS} packs x ${CELLS} cells = ${result.units.cells} cells`,
  );
  console.log(
    `apply (one call, job to done)        ${String(result.applyMs).padStart(7)} ms   baseline bulk insert by hand ${result.bulkInsertByHandMs} ms`,
  );
  console.log(`apply again (nothing new)            ${String(result.repeatApplyMs).padStart(7)} ms`);
  console.log(
    `battery tree, median of ${READS}          ${String(result.treeMedianMs).padStart(7)} ms   (max ${result.treeMaxMs})   baseline hand query ${result.handQueryMedianMs} ms\n`,
  );
  const dir = path.join(import.meta.dirname, 'results');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `battery-build-${result.database}.json`), JSON.stringify(result, null, 2));
} finally {
  await t.close();
}
