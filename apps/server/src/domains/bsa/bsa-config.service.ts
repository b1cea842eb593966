import { bsa as contract, type BodyOf } from '@energy/contracts';
import type { z } from 'zod';
import { rowsOf } from '../../db/sql.js';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { StaffCtx } from '../../plugins/context.js';
import { conflict, invalid } from '../../plugins/errors.js';
import { buildConfig } from './bsa-config-content.js';
import type { BsaConfigDelivery } from './bsa-config-delivery.js';
import { bsaCell, bsaConfigPublish, bsaConfigVersion, bsaStation, type BatteryLevel } from './bsa.schema.js';
import type { BsaService } from './bsa.service.js';

type VersionRow = typeof bsaConfigVersion.$inferSelect;
type CellRow = z.infer<typeof contract.cellRow>;
type PublishRow = typeof bsaConfigPublish.$inferSelect;

const versionRow = (v: VersionRow) => ({
  id: v.id,
  bsaId: v.stationId,
  version: v.version,
  units: v.units,
  points: v.points,
  unitsWithoutPoints: v.unitsWithoutPoints,
  checksum: v.checksum,
  createdBy: v.createdBy,
  createdAt: v.createdAt.toISOString(),
});

const publishRow = (p: PublishRow) => ({
  id: p.id,
  bsaId: p.stationId,
  version: p.version,
  fcsDeviceId: p.fcsDeviceId,
  fcsCode: p.fcsCode,
  status: p.status,
  reason: p.reason,
  requestedBy: p.requestedBy,
  requestedAt: p.requestedAt.toISOString(),
  answeredAt: p.answeredAt?.toISOString() ?? null,
});

const who = (ctx: StaffCtx) => `${ctx.user.name} (${ctx.staff.staffCode})`;

/**
 * The configuration of a station's FCS (docs/bsa.md, "Configuration to the edge"): mirror point
 * generation (numbered versions of the units and the points their templates give them), publishing a
 * version to the FCS (sent by `BsaConfigDelivery` once the request commits), the history, the rules.
 */
export class BsaConfigService {
  constructor(
    private readonly bsa: BsaService,
    private readonly delivery: BsaConfigDelivery,
    private readonly timeoutMs: number,
  ) {}

  /** A visible station, its row locked for the rest of the request (versions and publishes are numbered per station). */
  private async lockedStation(ctx: StaffCtx, id: number) {
    const station = await this.bsa.detail(ctx, { id });
    await ctx.tx.select({ id: bsaStation.id }).from(bsaStation).where(eq(bsaStation.id, station.id)).for('update');
    return station;
  }

  /** Mirror point generation: the next version, or the latest when nothing changed since (`unchanged`). */
  async generate(ctx: StaffCtx, input: { bsaId: number }) {
    const station = await this.lockedStation(ctx, input.bsaId);
    if (station.status === 'invalid') throw conflict(`Storage station ${station.code} is invalid: it gets no configuration any more`);
    const { content, checksum, units, points, unitsWithoutPoints } = await buildConfig(ctx.tx, ctx.staff.tenantId, station);
    if (units === 0) throw invalid('body.bsaId', `storage station ${station.code} has no racks, packs or cells yet: apply templates first`);
    const [latest] = await ctx.tx
      .select()
      .from(bsaConfigVersion)
      .where(eq(bsaConfigVersion.stationId, station.id))
      .orderBy(desc(bsaConfigVersion.version))
      .limit(1);
    if (latest?.checksum === checksum) return { ...versionRow(latest), unchanged: true };
    const [row] = await ctx.tx
      .insert(bsaConfigVersion)
      .values({
        tenantId: ctx.staff.tenantId,
        stationId: station.id,
        version: (latest?.version ?? 0) + 1,
        checksum,
        units,
        points,
        unitsWithoutPoints,
        content,
        createdBy: who(ctx),
      })
      .returning();
    return { ...versionRow(row!), unchanged: false };
  }

  async generateLog(ctx: StaffCtx, input: { bsaId: number }) {
    const station = await this.bsa.detail(ctx, { id: input.bsaId });
    const rows = await ctx.tx
      .select({
        id: bsaConfigVersion.id,
        stationId: bsaConfigVersion.stationId,
        version: bsaConfigVersion.version,
        units: bsaConfigVersion.units,
        points: bsaConfigVersion.points,
        unitsWithoutPoints: bsaConfigVersion.unitsWithoutPoints,
        checksum: bsaConfigVersion.checksum,
        createdBy: bsaConfigVersion.createdBy,
        createdAt: bsaConfigVersion.createdAt,
      })
      .from(bsaConfigVersion)
      .where(and(eq(bsaConfigVersion.stationId, station.id), eq(bsaConfigVersion.tenantId, ctx.staff.tenantId)))
      .orderBy(desc(bsaConfigVersion.version));
    return rows.map((r) => versionRow(r as VersionRow));
  }

  /** Publishes a version to the station's FCS; see the contract for the rules. */
  async publish(ctx: StaffCtx, input: BodyOf<typeof contract.bsaConfigPublish>) {
    const station = await this.lockedStation(ctx, input.bsaId);
    if (station.status === 'invalid') throw conflict(`Storage station ${station.code} is invalid: it gets no configuration any more`);
    if (!station.fcs) throw conflict(`Storage station ${station.code} has no FCS to publish its configuration to`);
    const [version] = await ctx.tx
      .select()
      .from(bsaConfigVersion)
      .where(
        and(
          eq(bsaConfigVersion.stationId, station.id),
          input.version === undefined ? undefined : eq(bsaConfigVersion.version, input.version),
        ),
      )
      .orderBy(desc(bsaConfigVersion.version))
      .limit(1);
    if (!version) {
      if (input.version !== undefined)
        throw invalid('body.version', `storage station ${station.code} has no configuration version ${input.version}`);
      throw invalid('body.bsaId', `storage station ${station.code} has no configuration yet: generate its mirror points first`);
    }
    const [pending] = await ctx.tx
      .select()
      .from(bsaConfigPublish)
      .where(and(eq(bsaConfigPublish.stationId, station.id), eq(bsaConfigPublish.status, 'pending')))
      .limit(1);
    if (pending) {
      const wait = Math.max(0, Math.ceil((pending.requestedAt.getTime() + this.timeoutMs - Date.now()) / 1000));
      throw conflict(
        `Configuration version ${pending.version} of ${station.code} is being published to ${pending.fcsCode} (since ${pending.requestedAt.toISOString()}): wait for the FCS's answer, at most ${wait} s more`,
      );
    }
    const [lastAcknowledged] = await ctx.tx
      .select()
      .from(bsaConfigPublish)
      .where(and(eq(bsaConfigPublish.stationId, station.id), eq(bsaConfigPublish.status, 'acknowledged')))
      .orderBy(desc(bsaConfigPublish.id))
      .limit(1);
    if (lastAcknowledged?.version === version.version && lastAcknowledged.fcsDeviceId === station.fcs.deviceId)
      return { ...publishRow(lastAcknowledged), repeated: true };
    const [row] = await ctx.tx
      .insert(bsaConfigPublish)
      .values({
        tenantId: ctx.staff.tenantId,
        stationId: station.id,
        configVersionId: version.id,
        version: version.version,
        fcsDeviceId: station.fcs.deviceId,
        fcsCode: station.fcs.code,
        requestedBy: who(ctx),
      })
      .returning();
    ctx.defer(() => this.delivery.send(row!.id));
    return { ...publishRow(row!), repeated: false };
  }

  async history(ctx: StaffCtx, input: { bsaId: number }) {
    const station = await this.bsa.detail(ctx, { id: input.bsaId });
    const rows = await ctx.tx
      .select()
      .from(bsaConfigPublish)
      .where(and(eq(bsaConfigPublish.stationId, station.id), eq(bsaConfigPublish.tenantId, ctx.staff.tenantId)))
      .orderBy(desc(bsaConfigPublish.id))
      .limit(500);
    return rows.map(publishRow);
  }

  /** Every point of the templates the station's units are built from, with its range and state bands. */
  async rules(ctx: StaffCtx, input: { bsaId: number }) {
    const station = await this.bsa.detail(ctx, { id: input.bsaId });
    const { content } = await buildConfig(ctx.tx, ctx.staff.tenantId, station);
    const count = new Map<number, number>();
    for (const level of ['rack', 'pack', 'cell'] as const)
      for (const [, , t] of content.units[level]) if (t !== null) count.set(t, (count.get(t) ?? 0) + 1);
    const order = { rack: 0, pack: 1, cell: 2 };
    return content.templates
      .sort((a, b) => order[a.level] - order[b.level] || a.id - b.id)
      .flatMap((t) =>
        t.points.map((p) => ({
          level: t.level,
          templateName: t.name,
          pointTemplateName: t.pointTemplateName,
          pointVersion: t.pointVersion,
          units: count.get(t.id) ?? 0,
          key: p.key,
          name: p.name,
          unit: p.unit,
          min: p.min,
          max: p.max,
          ranges: p.ranges,
        })),
      );
  }

  /** The FCS, the latest and the acknowledged version, a pending publish, and the last battery report. */
  async device(ctx: StaffCtx, input: { bsaId: number }) {
    const station = await this.bsa.detail(ctx, { id: input.bsaId });
    const [latest] = await ctx.tx
      .select({ version: bsaConfigVersion.version })
      .from(bsaConfigVersion)
      .where(eq(bsaConfigVersion.stationId, station.id))
      .orderBy(desc(bsaConfigVersion.version))
      .limit(1);
    const publishes = await ctx.tx
      .select()
      .from(bsaConfigPublish)
      .where(eq(bsaConfigPublish.stationId, station.id))
      .orderBy(desc(bsaConfigPublish.id))
      .limit(50);
    const [reported] = await ctx.tx
      .select({ at: sql<string | null>`max(${bsaCell.reportedAt})` })
      .from(bsaCell)
      .where(and(eq(bsaCell.stationId, station.id), eq(bsaCell.tenantId, ctx.staff.tenantId)));
    const pending = publishes.find((p) => p.status === 'pending');
    return {
      bsaId: station.id,
      fcs: station.fcs,
      latestVersion: latest?.version ?? null,
      acknowledgedVersion: publishes.find((p) => p.status === 'acknowledged')?.version ?? null,
      pending: pending ? publishRow(pending) : null,
      reportedAt: reported?.at ? new Date(reported.at).toISOString() : null,
    };
  }

  /** The points a level of the station reports: each key once, with the units that report it. */
  async levelPoints(ctx: StaffCtx, input: { bsaId: number; level: BatteryLevel }) {
    const rules = await this.rules(ctx, input);
    const byKey = new Map<string, { key: string; name: string; unit: string; units: number }>();
    for (const r of rules.filter((r) => r.level === input.level)) {
      const seen = byKey.get(r.key);
      if (seen) seen.units += r.units;
      else byKey.set(r.key, { key: r.key, name: r.name, unit: r.unit, units: r.units });
    }
    return [...byKey.values()];
  }

  /** Cells with the state of each value from their template's bands (null: not reported or no band), and the worst. */
  async chips(ctx: StaffCtx, cells: CellRow[]) {
    const templateIds = [...new Set(cells.map((c) => c.templateId).filter((id) => id !== null))];
    const templates = await rowsOf<{ id: number; points: contract.DataPoint[] }>(
      ctx.tx,
      sql`select d.id, v.points from bsa_device_template d join bsa_point_template_version v on v.id = d.point_version_id
          where d.id = any(${sql.param(templateIds)}::int[]) and d.tenant_id = ${ctx.staff.tenantId}`,
    );
    const pointsOf = new Map(templates.map((t) => [t.id, t.points]));
    const rank = { normal: 0, warning: 1, fault: 2 } as const;
    return cells.map((c) => {
      const points = pointsOf.get(c.templateId ?? -1) ?? [];
      const stateOf = (key: string, v: number | null) =>
        v === null ? null : (points.find((p) => p.key === key)?.ranges.find((r) => v >= r.from && v < r.to)?.state ?? null);
      const states = {
        voltage: stateOf('voltage', c.voltageV),
        temperature: stateOf('temperature', c.temperatureC),
        soc: stateOf('soc', c.socPct),
      };
      const known = Object.values(states).filter((s) => s !== null);
      const state = known.length ? known.reduce((a, b) => (rank[b] > rank[a] ? b : a)) : null;
      return { ...c, states, state };
    });
  }
}
