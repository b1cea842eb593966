import { setImmediate, setTimeout as sleep } from 'node:timers/promises';
import { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Db } from '../../../db/client.js';
import { BUCKET_MS, insertRaw, latestOf, mergeDeltas, recomputeLate, type BucketDelta, type LateBucket } from '../rollups.js';
import type { DeviceDirectory, DeviceEntry } from './directory.js';
import { readingsToPoints, type Point } from './payload.js';
import { planSeries, type BatchWriter, type WriteItem } from './writer.js';

/** A reading for the history path: a device given by id, a time, its values by property key. */
export interface HistoryReading {
  deviceId: number;
  ts: Date;
  values: Record<string, number>;
}

export interface HistoryOptions {
  /** Told the number of readings consumed after each committed slice (progress). */
  onProgress?: (readings: number) => void;
  /** How long one slice may hold the database (default 100 ms on PGlite, 200 ms on PostgreSQL): the size of the next slice follows. */
  sliceMs?: number;
  /** A pause after each slice, in ms (default none: the event loop turns once, setImmediate, so requests that arrived are read and queue their queries before the next slice). */
  pauseMs?: number;
  /** Values in the first slice (default 4000); later slices are sized to take `sliceMs`. */
  firstSlice?: number;
}

export interface HistoryResult {
  accepted: number;
  rejected: number;
  unknownDevice: number;
  /** Slices committed. */
  slices: number;
}

interface Deps {
  db: Db;
  directory: DeviceDirectory;
  writer: BatchWriter;
  oldestMs: (now: number) => number;
}

const MIN_SLICE = 500;
const MAX_SLICE = 100_000;

/**
 * The bulk path for history (the demo's 30 days on a first start, imports of past readings): the same
 * validation, rollups and counters as the batch writer, without its per-message machinery, and in
 * slices that leave the database to requests in between.
 *
 * Readings come time-ordered (the simulator's backfill is: every device at t, then at t + step). A
 * slice takes readings up to about `size` values and then up to the end of their 15-minute bucket, so
 * each slice holds whole buckets: it commits, in one transaction, its raw rows (one `unnest` insert)
 * and the rollups of its buckets, each 15-minute bucket computed once in memory (the writer's in-order
 * deltas) and its hour and local day merged in the same statement. A slice that stops the process
 * half-way leaves no raw row without its rollups, so a restart that resumes from the last raw reading
 * stays exact. Readings at or before a series' latest stored one are late, as in the writer: written,
 * and their buckets recomputed from raw.
 *
 * No listener hears of history (alarms are not evaluated on it), and no device is marked seen. The
 * series written are forgotten by the batch writer, which reloads their latest reading on its next
 * batch. History is for series nothing else writes meanwhile (the demo backfill runs before its fleet).
 */
export async function writeHistory(deps: Deps, readings: Iterable<HistoryReading>, opts: HistoryOptions = {}): Promise<HistoryResult> {
  // PGlite is one connection on this thread: short slices, or requests wait. PostgreSQL serves
  // requests on other connections: longer slices, the next one prepared while one commits.
  const shared = deps.db instanceof PgliteDatabase;
  const sliceMs = opts.sliceMs ?? (shared ? 100 : 200);
  const pauseMs = opts.pauseMs ?? 0;
  const now = Date.now();
  const oldest = deps.oldestMs(now);
  const entries = new Map<number, DeviceEntry | null>();
  const latest = new Map<string, { ts: number; value: number } | null>();
  const result: HistoryResult = { accepted: 0, rejected: 0, unknownDevice: 0, slices: 0 };
  let consumed = 0;
  let size = opts.firstSlice ?? 4000;
  const source = readings[Symbol.iterator]();
  let next = source.next();

  /** The next slice: about `size` values, then the rest of the last reading's bucket; planned against `latest`. */
  const prepare = async () => {
    if (next.done) return null;
    const points: Point[] = [];
    const rejections: WriteItem['rejections'] = [];
    const devices = new Map<number, DeviceEntry>();
    const counts = { accepted: 0, rejected: 0, unknownDevice: 0 };
    let bucketEnd = Number.POSITIVE_INFINITY;
    while (!next.done) {
      const r = next.value;
      const ms = r.ts.getTime();
      if (points.length + rejections.length >= size) {
        if (bucketEnd === Number.POSITIVE_INFINITY) bucketEnd = (Math.floor(ms / BUCKET_MS) + 1) * BUCKET_MS;
        else if (ms >= bucketEnd || ms < bucketEnd - BUCKET_MS) break;
      }
      let entry = entries.get(r.deviceId);
      if (entry === undefined) {
        entry = (await deps.directory.byDeviceIds([r.deviceId])).get(r.deviceId) ?? null;
        entries.set(r.deviceId, entry);
      }
      consumed++;
      next = source.next();
      // while a slice commits on another connection, let its replies (and requests) through
      if (!shared && consumed % 500 === 0) await setImmediate();
      if (!entry) {
        counts.unknownDevice++;
        continue;
      }
      devices.set(entry.id, entry);
      const parsed = readingsToPoints(entry, [{ ts: ms, values: r.values }], now, oldest);
      for (const x of parsed.points) points.push(x);
      for (const x of parsed.rejections) rejections.push({ deviceId: entry.id, ...x });
      counts.accepted += parsed.points.length;
      counts.rejected += parsed.rejections.length;
    }
    // the latest stored reading of series seen for the first time
    const unseen = new Map<string, Point>();
    for (const x of points) {
      const key = `${x.deviceId}:${x.propertyId}`;
      if (!latest.has(key) && !unseen.has(key)) unseen.set(key, x);
    }
    if (unseen.size) {
      for (const key of unseen.keys()) latest.set(key, null);
      for (const row of await latestOf(deps.db, [...unseen.values()]))
        latest.set(`${row.d}:${row.p}`, { ts: Number(row.ts), value: Number(row.value) });
    }
    return { ...rollupSlice(points, devices, latest, rejections), devices, consumed, counts };
  };

  /** One slice in one transaction: raw rows, rollups, counters. Answers how long it held the database. */
  const commit = async (slice: NonNullable<Awaited<ReturnType<typeof prepare>>>) => {
    const started = performance.now();
    await deps.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      await insertRaw(tx, slice.written);
      await mergeDeltas(tx, slice.deltas);
      await recomputeLate(tx, slice.late);
      await deps.writer.countRejections(tx, slice.devices, slice.rejections);
    });
    return performance.now() - started;
  };

  try {
    let slice = await prepare();
    while (slice) {
      const committing = commit(slice);
      committing.catch(() => {}); // awaited below; this only keeps a failure from being "unhandled" meanwhile
      const ahead = shared ? undefined : await prepare();
      const elapsed = await committing;
      result.slices++;
      result.accepted += slice.counts.accepted;
      result.rejected += slice.counts.rejected;
      result.unknownDevice += slice.counts.unknownDevice;
      opts.onProgress?.(slice.consumed);
      // the next slice takes about sliceMs (within bounds, and never more than twice this one)
      size = Math.round(Math.min(MAX_SLICE, Math.max(MIN_SLICE, Math.min(size * 2, (size * sliceMs) / Math.max(elapsed, 1)))));
      await (pauseMs > 0 ? sleep(pauseMs) : setImmediate());
      slice = shared ? await prepare() : (ahead ?? null);
    }
  } finally {
    for (const id of entries.keys()) deps.writer.forget(id);
  }
  return result;
}

/** The writer's rule (planSeries) over one slice's series; `latest` advances to their last in-order readings. */
function rollupSlice(
  points: Point[],
  devices: Map<number, DeviceEntry>,
  latest: Map<string, { ts: number; value: number } | null>,
  rejections: WriteItem['rejections'],
) {
  const series = new Map<string, Point[]>();
  for (const point of points) {
    const key = `${point.deviceId}:${point.propertyId}`;
    const list = series.get(key);
    if (list) list.push(point);
    else series.set(key, [point]);
  }
  const out = { written: [] as Point[], deltas: [] as BucketDelta[], late: [] as LateBucket[], rejections };
  for (const [key, list] of series) {
    const last = planSeries(list, latest.get(key) ?? undefined, devices.get(list[0]!.deviceId)!, out);
    if (last) latest.set(key, last);
  }
  return out;
}
