/**
 * Circuit statistics (issue 20): a month of 15-minute cost statistics for 100 circuits in one batch call
 * (`POST /api/v2/circuit/data/statisticsBatchWithCache`, dataTypes ['cost'], as alice), cold (the statistics
 * cache empty: every day computed from the 15-minute rollups and stored) and cached (every past day from
 * `circuit_stat_day` after checking its fingerprint against the day rollups), and the same figures without
 * the cache (`data/statisticsBatch`).
 *
 * Baseline in the same run, on the same database: the circuits' energy per quarter hour by one hand query
 * over the rollups (`telemetry_15m` joined to the meters, Σ sign × round(increase × 1000), grouped by
 * circuit and bucket) on the owner connection, without pricing, the request pipeline or JSON.
 *
 *   npx tsx bench/circuit-statistics.ts [--pg] [--circuits 100] [--days 30] [--reads 5]
 *
 * PGlite in memory by default; --pg uses a throwaway database on BENCH_PG_URL. Figures are printed and
 * written to bench/results/circuit-statistics-<db>.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { circuit, device } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../apps/server/src/db/sql.js';
import { median, timed } from './timing.js';

if (process.env.BENCH_PG_URL) process.env.TEST_PG_URL = process.env.BENCH_PG_URL;
const { createTestApp, signIn } = await import('../apps/server/test/helpers.js');

const { values: args } = parseArgs({
  options: {
    pg: { type: 'boolean', default: false },
    circuits: { type: 'string', default: '100' },
    days: { type: 'string', default: '30' },
    reads: { type: 'string', default: '5' },
  },
});
const N = Number(args.circuits);
const DAYS = Number(args.days);
const READS = Number(args.reads);
const Q = 15 * 60_000;
const DAY = 86_400_000;

const t = await createTestApp(args.pg ? 'postgres' : 'pglite');
try {
  const db = t.database.system;
  const alice = await signIn(t, 'alice');
  const ok = async <T>(res: Promise<{ status: number; body: { data: T; msg: string } }>) => {
    const r = await res;
    if (r.status !== 200) throw new Error(`${r.status} ${r.body.msg}`);
    return r.body.data;
  };
  const [{ ou_id: ouId, meter_type: meterType }] = (await rowsOf<{ ou_id: number; meter_type: number }>(
    db,
    sql`select o.id as ou_id, (select id from device_type where tenant_id = o.tenant_id and key = 'feeder-meter') as meter_type
        from ou o where o.code = 'SZ-01'`,
  )) as [{ ou_id: number; meter_type: number }];
  const account = await ok(alice.call(circuit.accountSave, { ouId, code: 'BENCH-ACC', name: 'Bench account', currency: 'CNY' }));
  await ok(
    alice.call(circuit.priceSave, {
      accountId: account.id,
      effectiveFrom: '2020-01-01',
      demandPricePerKwMonth: 40,
      seasons: [
        {
          name: 'All year',
          months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
          bands: [
            { start: '00:00', end: '08:00', kind: 'valley', price: 0.3 },
            { start: '08:00', end: '18:00', kind: 'peak', price: 1.0815 },
            { start: '18:00', end: '24:00', kind: 'flat', price: 0.6475 },
          ],
        },
      ],
    } as never),
  );
  const meters: number[] = [];
  const circuits: number[] = [];
  for (let i = 0; i < N; i++) {
    const code = `BENCH-CM-${String(i).padStart(3, '0')}`;
    const meter = await ok(alice.call(device.deviceCreate, { code, name: code, deviceTypeId: meterType, ouId, ratedPowerKw: 200 }));
    meters.push(meter.id);
    const c = await ok(
      alice.call(circuit.circuitCreate, {
        code: `BENCH-C-${i}`,
        name: `Bench circuit ${i}`,
        type: 'incoming',
        ouId,
        accountId: account.id,
        meters: [{ deviceId: meter.id, sign: 1 }],
      }),
    );
    circuits.push(c.id);
  }
  // DAYS whole local (UTC+8) days up to last midnight, one reading per meter and quarter hour
  const to = Math.floor((Date.now() + 8 * 3_600_000) / DAY) * DAY - 8 * 3_600_000;
  const from = to - DAYS * DAY;
  const counters = meters.map(() => 1000);
  function* readings() {
    for (let ts = from - Q; ts < to; ts += Q)
      for (let i = 0; i < meters.length; i++) {
        counters[i]! += 5 + ((i * 7 + ts / Q) % 13);
        yield { deviceId: meters[i]!, ts: new Date(ts), values: { e_imp: counters[i]! } };
      }
  }
  const write = await timed(() => t.ingest.writeHistory(readings()));
  console.log(`setup: ${N} circuits, ${write.value.accepted} readings in ${(write.ms / 1000).toFixed(1)} s`);

  const body = { circuitIds: circuits, dataTypes: ['cost' as const], timeResolution: '15m' as const, from, to };
  const cold = await timed(() => ok(alice.call(circuit.statisticsBatchWithCache, body)));
  const cached: number[] = [];
  let last = cold.value;
  for (let i = 0; i < READS; i++) {
    const r = await timed(() => ok(alice.call(circuit.statisticsBatchWithCache, body)));
    cached.push(r.ms);
    last = r.value;
  }
  const plain: number[] = [];
  for (let i = 0; i < Math.min(READS, 3); i++)
    plain.push((await timed(() => ok(alice.call(circuit.statisticsBatch, { ...body, dataType: 'cost' })))).ms);
  const hand: number[] = [];
  let handRows = 0;
  for (let i = 0; i < READS; i++) {
    const r = await timed(() =>
      rowsOf<{ c: number; ts: string; wh: string }>(
        db,
        sql`select m.circuit_id as c, r.bucket as ts, sum(m.sign * round(r.increase * 1000))::bigint as wh
            from circuit_meter m join device d on d.id = m.device_id
            join data_property p on p.device_type_id = d.device_type_id and p.key = m.counter
            join telemetry_15m r on r.device_id = m.device_id and r.property_id = p.id
              and coalesce(m.starts_at, '-infinity') <= r.bucket and r.bucket < coalesce(m.ends_at, 'infinity')
            where m.circuit_id = any(${sql.param(circuits)}::int[])
              and r.bucket >= ${new Date(from).toISOString()}::timestamptz and r.bucket < ${new Date(to).toISOString()}::timestamptz
            group by m.circuit_id, r.bucket`,
      ),
    );
    hand.push(r.ms);
    handRows = r.value.length;
  }
  const periods = last.reduce((s, x) => s + x.periods.length, 0);
  const same = JSON.stringify(last.map((x) => x.total)) === JSON.stringify(cold.value.map((x) => x.total));
  const figures = {
    db: args.pg ? 'postgres' : 'pglite',
    circuits: N,
    days: DAYS,
    periods,
    handRows,
    coldMs: Math.round(cold.ms),
    coldCache: cold.value[0]!.cache,
    cachedMedianMs: Math.round(median(cached)),
    cachedCache: last[0]!.cache,
    uncachedMedianMs: Math.round(median(plain)),
    handSqlMedianMs: Math.round(median(hand)),
    cachedOverHand: Number((median(cached) / median(hand)).toFixed(2)),
    sameTotals: same,
  };
  console.log(figures);
  const dir = path.join(import.meta.dirname, 'results');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `circuit-statistics-${figures.db}.json`), JSON.stringify(figures, null, 2));
} finally {
  await t.close();
}
