import type { BodyOf, device as contract, PropertyKind as Kind, ResampleInterval } from '@energy/contracts';
import type { IngestConfig } from '../../config.js';
import type { StaffCtx } from '../../plugins/context.js';
import { invalid } from '../../plugins/errors.js';
import { HistoryFill } from './history-fill.js';
import { maxKwOf } from './rollups.js';
import type { DevicesService } from '../devices/devices.service.js';
import {
  bucketStarts,
  latestReadings,
  rangeAggregate,
  rawReadings,
  readingsAtOrBefore,
  resampled,
  type BucketRow,
} from './telemetry.repository.js';

type Property = { id: number; key: string; name: string; unit: string; kind: Kind };
type Range = { deviceId: number; propertyKeys?: string[]; from: number | string; to: number | string };

const MAX_BUCKETS = 20_000;
const APPROX_MS: Record<ResampleInterval, number> = {
  '1m': 60_000,
  '15m': 900_000,
  '1h': 3_600_000,
  '1d': 86_400_000,
  '1mo': 28 * 86_400_000,
  '1y': 365 * 86_400_000,
};
const MAX_1M_RANGE_MS = 7 * 86_400_000;
const toMs = (v: number | string) => (typeof v === 'number' ? v : Date.parse(v));
const head = (p: Property) => ({ key: p.key, name: p.name, unit: p.unit, kind: p.kind });

/** Telemetry queries: each starts by finding the device among the staff's (404 otherwise). */
export class TelemetryService {
  /** The background history fill (the demo's 30 days on a first start), told by demo-live.ts. */
  readonly historyFill = new HistoryFill();

  constructor(
    private readonly devices: DevicesService,
    private readonly ingest: Pick<IngestConfig, 'counterMaxKw'>,
  ) {}

  /**
   * The visible device, the asked properties of the allowed kinds, the tenant's zone and the range.
   * With `firstOf`, the one property asked is the first of these keys the device's type has (curves).
   */
  private async resolve(ctx: StaffCtx, input: Omit<Range, 'from' | 'to'> & Partial<Range>, kinds: Kind[], firstOf?: string[]) {
    const device = await this.devices.visibleWithZone(ctx, input.deviceId);
    const all: Property[] = await this.devices.propertiesOfDevice(ctx, device);
    let keys = input.propertyKeys;
    if (firstOf) {
      const key = firstOf.find((k) => all.some((p) => p.key === k));
      if (!key) throw invalid('body.deviceId', `${device.deviceTypeName} has no ${firstOf.join(' or ')} property`);
      keys = [key];
    }
    let properties: Property[];
    if (keys) {
      properties = [];
      for (const key of new Set(keys)) {
        const p = all.find((x) => x.key === key);
        if (!p) throw invalid('body.propertyKeys', `${key} is not a property of ${device.deviceTypeName}`);
        if (!kinds.includes(p.kind))
          throw invalid('body.propertyKeys', `${key} is ${p.kind}: this call takes ${kinds.join(' or ')} properties`);
        properties.push(p);
      }
    } else properties = all.filter((p) => kinds.includes(p.kind));
    const from = input.from === undefined ? 0 : toMs(input.from);
    const to = input.to === undefined ? 0 : toMs(input.to);
    if (input.from !== undefined && !(to > from)) throw invalid('body.to', 'must be after from');
    const maxKw = maxKwOf(device.ratedPowerKw, this.ingest.counterMaxKw);
    return { device, properties, from, to, maxKw, tz: device.timeZone };
  }

  async raw(ctx: StaffCtx, input: BodyOf<typeof contract.dataPropertyRaw>) {
    const q = await this.resolve(ctx, input, ['instantaneous', 'cumulative', 'state']);
    const limit = input.limit ?? 5000;
    const rows = q.properties.length
      ? await rawReadings(
          ctx.tx,
          q.device.id,
          q.properties.map((p) => p.id),
          q.from,
          q.to,
          limit,
        )
      : [];
    let truncated = false;
    const properties = q.properties.map((p) => {
      const points = rows.filter((r) => r.p === p.id).map((r) => ({ ts: r.ts, value: r.value }));
      if (points.length > limit) {
        truncated = true;
        points.length = limit;
      }
      return { ...head(p), points };
    });
    return { deviceId: q.device.id, timeZone: q.tz, truncated, properties };
  }

  async recent(ctx: StaffCtx, input: BodyOf<typeof contract.dataPropertyRecent>) {
    const q = await this.resolve(ctx, input, ['instantaneous', 'cumulative', 'state']);
    const rows = q.properties.length
      ? await latestReadings(
          ctx.tx,
          q.device.id,
          q.properties.map((p) => p.id),
        )
      : [];
    return {
      deviceId: q.device.id,
      timeZone: q.tz,
      online: q.device.online,
      lastSeenAt: q.device.lastSeenAt,
      values: q.properties.map((p) => {
        const r = rows.find((x) => x.p === p.id);
        return { ...head(p), ts: r?.ts ?? null, value: r?.value ?? null };
      }),
    };
  }

  /** Each property's last reading at or before `at` (epoch ms), with the property's id (alarm details). */
  async valuesAt(ctx: StaffCtx, input: { deviceId: number; at: number }) {
    const q = await this.resolve(ctx, input, ['instantaneous', 'cumulative', 'state']);
    const rows = q.properties.length
      ? await readingsAtOrBefore(
          ctx.tx,
          q.device.id,
          q.properties.map((p) => p.id),
          input.at,
        )
      : [];
    return q.properties.map((p) => {
      const r = rows.find((x) => x.p === p.id);
      return { id: p.id, ...head(p), ts: r?.ts ?? null, value: r?.value ?? null };
    });
  }

  /** Buckets of every asked property, empty ones included (`pointOf` gets no row for them). */
  private async series<T>(
    ctx: StaffCtx,
    input: Range & { interval: ResampleInterval },
    kinds: Kind[],
    pointOf: (ts: number, r: BucketRow | undefined) => T,
    firstOf?: string[],
  ) {
    const q = await this.resolve(ctx, input, kinds, firstOf);
    if (input.interval === '1m' && q.to - q.from > MAX_1M_RANGE_MS) throw invalid('body.to', 'one-minute data is served for up to 7 days');
    if ((q.to - q.from) / APPROX_MS[input.interval] > MAX_BUCKETS)
      throw invalid('body.interval', `gives more than ${MAX_BUCKETS} buckets for this range: choose a longer interval`);
    const starts = await bucketStarts(ctx.tx, input.interval, q.from, q.to, q.tz);
    const rows = q.properties.length
      ? await resampled(ctx.tx, { ...q, interval: input.interval, deviceId: q.device.id, propertyIds: q.properties.map((p) => p.id) })
      : [];
    const byProperty = new Map<number, Map<number, BucketRow>>();
    for (const r of rows) {
      if (!byProperty.has(r.p)) byProperty.set(r.p, new Map());
      byProperty.get(r.p)!.set(r.ts, r);
    }
    return {
      deviceId: q.device.id,
      timeZone: q.tz,
      properties: q.properties.map((p) => ({
        ...head(p),
        points: starts.map((ts) => {
          const r = byProperty.get(p.id)?.get(ts);
          return pointOf(ts, r && r.count > 0 ? r : undefined);
        }),
      })),
    };
  }

  async resampledInstantaneous(ctx: StaffCtx, input: Range & { interval: ResampleInterval }, firstOf?: string[]) {
    return this.series(
      ctx,
      input,
      ['instantaneous', 'state'],
      (ts, r) =>
        r
          ? { ts, avg: (r.sum ?? 0) / r.count, max: r.max, min: r.min, last: r.last, count: r.count }
          : { ts, avg: null, max: null, min: null, last: null, count: 0 },
      firstOf,
    );
  }

  async resampledCumulative(ctx: StaffCtx, input: Range & { interval: ResampleInterval }) {
    return this.series(ctx, input, ['cumulative'], (ts, r) =>
      r ? { ts, increase: r.increase ?? 0, last: r.last } : { ts, increase: null, last: null },
    );
  }

  /** Each asked property's totals over the range, each with its row (none when it has no readings in it). */
  private async totals<T>(ctx: StaffCtx, input: Range, kinds: Kind[], valuesOf: (r: BucketRow | undefined) => T) {
    const q = await this.resolve(ctx, input, kinds);
    const rows = q.properties.length
      ? await rangeAggregate(ctx.tx, { ...q, deviceId: q.device.id, propertyIds: q.properties.map((p) => p.id) })
      : [];
    return {
      deviceId: q.device.id,
      timeZone: q.tz,
      values: q.properties.map((p) => {
        const r = rows.find((x) => x.p === p.id);
        return { ...head(p), ...valuesOf(r && r.count > 0 ? r : undefined) };
      }),
    };
  }

  async timeAggrInstantaneous(ctx: StaffCtx, input: Range) {
    return this.totals(ctx, input, ['instantaneous', 'state'], (r) =>
      r ? { avg: (r.sum ?? 0) / r.count, max: r.max, min: r.min, count: r.count } : { avg: null, max: null, min: null, count: 0 },
    );
  }

  async timeAggrCumulative(ctx: StaffCtx, input: Range) {
    return this.totals(ctx, input, ['cumulative'], (r) => ({ increase: r ? (r.increase ?? 0) : null }));
  }

  /** A curve of the first of `keys` the device's type has (soc; p or p_ac). */
  async curve(
    ctx: StaffCtx,
    input: { deviceId: number; from: number | string; to: number | string; interval?: ResampleInterval },
    keys: string[],
  ) {
    return this.resampledInstantaneous(ctx, { ...input, interval: input.interval ?? '15m' }, keys);
  }

  /** Whether the staff's tenant has history still being written, and how far. */
  historyFillOf(ctx: StaffCtx) {
    return this.historyFill.of(ctx.staff.tenantId);
  }
}
