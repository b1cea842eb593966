import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.js';
import { BUCKET_MS, counterStep, insertRaw, latestOf, mergeDeltas, recomputeLate, type BucketDelta, type LateBucket } from '../rollups.js';
import type { DeviceEntry } from './directory.js';
import type { Point } from './payload.js';

/** What one message (or one writeReadings chunk) asks the writer to commit. */
export interface WriteItem {
  /** The devices the points, rejections and sightings belong to. */
  devices: DeviceEntry[];
  points: Point[];
  rejections: { deviceId: number; reason: string; detail: string }[];
  /** Last seen now; online as stated by the status topic (telemetry implies online). */
  seen: { deviceId: number; online: boolean }[];
}

interface Pending {
  item: WriteItem;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export interface WriterStats {
  /** Committed batches (the bench reports how far group commit gathered the load). */
  batches: number;
}

/**
 * Batches what the ingest accepted and commits it in one transaction per batch, on the owner
 * connection: raw rows (bulk `unnest` insert, duplicates collapse on the primary key), rollups,
 * rejection counters and last-seen. Group commit: one batch is written at a time while the next one
 * fills; an idle writer waits `flushMs` for company, a busy one starts the next batch as soon as the
 * current one commits, or as soon as `flushPoints` are waiting. So batches grow with the load and a
 * lone message waits only a few milliseconds for its PUBACK (aedes reads a connection's next packets
 * only after the current ones are answered, so this latency bounds one connection's rate). `submit` resolves only after the commit, which
 * is what lets the broker acknowledge a QoS 1 message only once its readings are stored.
 *
 * The latest reading of each series is kept in memory (loaded from the database on first sight), so
 * in-order data merges into the rollups as deltas and only late data costs a recompute. This assumes
 * one writer per database: run one ingest process.
 */
export class BatchWriter {
  private queue: Pending[] = [];
  private queuedPoints = 0;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private latest = new Map<string, { ts: number; value: number }>();
  private lastSeenWrite = new Map<number, { at: number; online: boolean }>();
  private logged = new Map<string, number>();
  readonly stats: WriterStats = { batches: 0 };
  /** Told what each batch committed (after the commit, before the submitters hear of it). */
  onCommitted: ((items: readonly WriteItem[]) => void) | null = null;

  constructor(
    private readonly db: Db,
    private readonly opts: { flushMs: number; flushPoints: number },
    private readonly log: FastifyBaseLogger,
  ) {}

  submit(item: WriteItem): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.queuedPoints += item.points.length;
      if (this.queuedPoints >= this.opts.flushPoints) this.kick();
      else if (!this.timer) this.timer = setTimeout(() => this.kick(), this.opts.flushMs);
    });
  }

  /** Writes everything queued so far. */
  async drain(): Promise<void> {
    while (this.queue.length || this.running) {
      this.kick();
      await this.running;
    }
  }

  /** Forgets a device's in-memory state (it was deleted or changed). */
  forget(deviceId: number) {
    for (const key of this.latest.keys()) if (key.startsWith(`${deviceId}:`)) this.latest.delete(key);
    this.lastSeenWrite.delete(deviceId);
  }

  private kick() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.running || !this.queue.length) return;
    const batch = this.queue.splice(0);
    this.queuedPoints = 0;
    this.running = this.write(batch).finally(() => {
      this.running = null;
      // group commit: what arrived during this batch is the next batch, written at once
      if (this.queue.length) this.kick();
    });
  }

  private async write(batch: Pending[]) {
    try {
      const commitState = await this.db.transaction(async (tx) =>
        this.writeIn(
          tx as unknown as Db,
          batch.map((b) => b.item),
        ),
      );
      commitState();
      this.stats.batches++;
      try {
        this.onCommitted?.(batch.map((b) => b.item));
      } catch (error) {
        this.log.error({ err: error }, 'a listener of committed telemetry failed');
      }
      for (const b of batch) b.resolve();
    } catch (error) {
      this.log.error({ err: error, messages: batch.length }, 'telemetry batch failed: not acknowledged, devices will resend');
      for (const b of batch) b.reject(error);
    }
  }

  /** The batch's statements; answers what to remember in memory once committed. */
  private async writeIn(tx: Db, items: WriteItem[]): Promise<() => void> {
    const devices = new Map<number, DeviceEntry>();
    for (const item of items) for (const d of item.devices) devices.set(d.id, d);
    const series = new Map<string, Point[]>();
    for (const item of items)
      for (const point of item.points) {
        const key = `${point.deviceId}:${point.propertyId}`;
        const list = series.get(key);
        if (list) list.push(point);
        else series.set(key, [point]);
      }
    const unknown = [...series.entries()].filter(([key]) => !this.latest.has(key)).map(([, pts]) => pts[0]!);
    const loaded = new Map<string, { ts: number; value: number }>();
    for (const row of await latestOf(tx, unknown)) loaded.set(`${row.d}:${row.p}`, { ts: Number(row.ts), value: Number(row.value) });

    const rejections = items.flatMap((i) => i.rejections);
    const written: Point[] = [];
    const deltas: BucketDelta[] = [];
    const late: LateBucket[] = [];
    const nextLatest = new Map<string, { ts: number; value: number }>();
    for (const [key, points] of series) {
      const device = devices.get(points[0]!.deviceId)!;
      const last = planSeries(points, this.latest.get(key) ?? loaded.get(key), device, { written, deltas, late, rejections });
      if (last) nextLatest.set(key, last);
    }

    await insertRaw(tx, written);
    await mergeDeltas(tx, deltas);
    await recomputeLate(tx, late);
    await this.countRejections(tx, devices, rejections);
    const seen = await this.markSeen(tx, items);
    return () => {
      for (const [key, value] of nextLatest) this.latest.set(key, value);
      for (const [id, s] of seen) this.lastSeenWrite.set(id, s);
    };
  }

  /** Rejection counters per device and reason (with the last detail), and a throttled log line (also the history path's). */
  async countRejections(tx: Db, devices: Map<number, DeviceEntry>, rejections: WriteItem['rejections']) {
    if (!rejections.length) return;
    const byKey = new Map<string, { deviceId: number; reason: string; detail: string; count: number }>();
    for (const r of rejections) {
      const key = `${r.deviceId}:${r.reason}`;
      const hit = byKey.get(key);
      if (hit) {
        hit.count++;
        hit.detail = r.detail;
      } else byKey.set(key, { ...r, count: 1 });
    }
    const rows = [...byKey.values()].filter((r) => devices.has(r.deviceId));
    const now = Date.now();
    for (const [key, r] of byKey) {
      // every rejection is counted; the log says so at most every 10 s per device and reason
      if ((this.logged.get(key) ?? 0) > now - 10_000) continue;
      this.logged.set(key, now);
      const what = { deviceId: r.deviceId, reason: r.reason, count: r.count, detail: r.detail };
      // a counter that went down is a replaced or reset meter: the reading is stored and its new value
      // counted (docs/devices.md, "Counters"), so it is news, not a refusal; a jump's step is ignored
      if (r.reason === 'counter_reset')
        this.log.info(what, 'telemetry stored: a counter restarted (meter replaced or reset), counted from zero');
      else if (r.reason === 'counter_jump') this.log.warn(what, 'telemetry stored: an implausible counter step, its energy ignored');
      else this.log.warn(what, 'telemetry not accepted');
    }
    await tx.execute(sql`
      insert into device_ingest_stat as s (tenant_id, device_id, reason, count, last_at, last_detail)
      select t, d, r, c, now(), x
      from unnest(${sql.param(rows.map((r) => devices.get(r.deviceId)!.tenantId))}::uuid[], ${sql.param(rows.map((r) => r.deviceId))}::int[],
                  ${sql.param(rows.map((r) => r.reason))}::text[], ${sql.param(rows.map((r) => r.count))}::int[],
                  ${sql.param(rows.map((r) => r.detail.slice(0, 500)))}::text[]) as u(t, d, r, c, x)
      where exists (select 1 from device where device.id = u.d) -- a device deleted meanwhile must not fail the batch
      on conflict (device_id, reason) do update set count = s.count + excluded.count, last_at = excluded.last_at,
        last_detail = excluded.last_detail`);
  }

  /** Online and last-seen, written when online changes or at most every 5 s per device. */
  private async markSeen(tx: Db, items: WriteItem[]) {
    const now = Date.now();
    const latest = new Map<number, boolean>();
    for (const item of items) for (const s of item.seen) latest.set(s.deviceId, s.online);
    const due = [...latest].filter(([id, online]) => {
      const last = this.lastSeenWrite.get(id);
      return !last || last.online !== online || now - last.at >= 5_000;
    });
    if (due.length)
      await tx.execute(sql`
        update device set online = u.o, last_seen_at = now()
        from unnest(${sql.param(due.map(([id]) => id))}::int[], ${sql.param(due.map(([, o]) => o))}::boolean[]) as u(d, o)
        where device.id = u.d`);
    return due.map(([id, online]) => [id, { at: now, online }] as const);
  }
}

/**
 * What one series' points add to a batch (the writer's) or a slice (the history path's), by the same
 * rule: points in time order, a duplicate time written once; a point after the series' latest (`prev`)
 * is in order, its counter increase by `counterStep` (resets and jumps counted as rejections) summed
 * with it into one delta per 15-minute bucket; a point at or before it is late, its bucket recomputed
 * from raw. Appends to `out`; answers the series' new latest reading.
 */
export function planSeries(
  points: Point[],
  prev: { ts: number; value: number } | undefined,
  device: DeviceEntry,
  out: { written: Point[]; deltas: BucketDelta[]; late: LateBucket[]; rejections: WriteItem['rejections'] },
): { ts: number; value: number } | undefined {
  points.sort((a, b) => a.ts - b.ts);
  const lateByBucket = new Map<number, number>();
  let delta: BucketDelta | null = null;
  let lastTs = Number.NEGATIVE_INFINITY;
  for (const point of points) {
    if (point.ts === lastTs) continue; // a duplicate within the batch: the first one stands
    lastTs = point.ts;
    out.written.push(point);
    if (prev && point.ts <= prev.ts) {
      const bucket = Math.floor(point.ts / BUCKET_MS) * BUCKET_MS;
      lateByBucket.set(bucket, Math.max(lateByBucket.get(bucket) ?? point.ts, point.ts));
      continue;
    }
    let increase = 0;
    if (point.cumulative && prev) {
      const step = counterStep(prev.value, point.value, (point.ts - prev.ts) / 3_600_000, device.maxKw);
      increase = step.increase;
      if (step.jump)
        out.rejections.push({ deviceId: device.id, reason: 'counter_jump', detail: `${prev.value} -> ${point.value}: step ignored` });
      else if (step.reset)
        out.rejections.push({ deviceId: device.id, reason: 'counter_reset', detail: `${prev.value} -> ${point.value}: counted from zero` });
    }
    const bucket = Math.floor(point.ts / BUCKET_MS) * BUCKET_MS;
    if (!delta || delta.bucket !== bucket) {
      delta = {
        deviceId: point.deviceId,
        propertyId: point.propertyId,
        bucket,
        count: 0,
        sum: 0,
        min: point.value,
        max: point.value,
        lastTs: point.ts,
        last: point.value,
        increase: 0,
        timeZone: device.timeZone,
      };
      out.deltas.push(delta);
    }
    delta.count++;
    delta.sum += point.value;
    delta.min = Math.min(delta.min, point.value);
    delta.max = Math.max(delta.max, point.value);
    delta.lastTs = point.ts;
    delta.last = point.value;
    delta.increase += increase;
    prev = { ts: point.ts, value: point.value };
  }
  for (const [, maxTs] of lateByBucket)
    out.late.push({
      deviceId: points[0]!.deviceId,
      propertyId: points[0]!.propertyId,
      maxTs,
      cumulative: points[0]!.cumulative,
      maxKw: device.maxKw,
      timeZone: device.timeZone,
    });
  return prev;
}
