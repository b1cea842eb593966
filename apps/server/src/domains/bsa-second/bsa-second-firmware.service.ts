import fs from 'node:fs';
import path from 'node:path';
import { bsaSecond as contract, type BodyOf } from '@energy/contracts';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, max, notInArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { contains, equals, list, staffScope, where } from '../../db/list.js';
import type { PublicCtx, StaffCtx } from '../../plugins/context.js';
import { conflict, invalid, notFound } from '../../plugins/errors.js';
import { bsaStation, bsaStationDevice } from '../bsa/bsa.schema.js';
import { device, deviceType } from '../devices/devices.schema.js';
import type { DevicesService } from '../devices/devices.service.js';
import { fileOfTenant } from '../files/files.service.js';
import { ou } from '../ou/ou.schema.js';
import { tokenHash, type BsaSecondDelivery } from './bsa-second-delivery.js';
import { bsaFcsVersion, bsaFirmwareDistribution, bsaFirmwareTarget, type FirmwareState } from './bsa-second.schema.js';

type Target = typeof bsaFirmwareTarget.$inferSelect;
type Distribution = typeof bsaFirmwareDistribution.$inferSelect;

const FINAL = ['updated', 'failed'] as const;

const targetRow = (t: Target, d: Pick<Distribution, 'softwareVersion' | 'fileName'>) => ({
  id: t.id,
  distributionId: t.distributionId,
  fcsDeviceId: t.fcsDeviceId,
  fcsCode: t.fcsCode,
  stationCode: t.stationCode,
  softwareVersion: d.softwareVersion,
  fileName: d.fileName,
  fromVersion: t.fromVersion,
  state: t.state,
  reason: t.reason,
  attempt: t.attempt,
  createdAt: t.createdAt.toISOString(),
  updatedAt: t.updatedAt.toISOString(),
  finishedAt: t.finishedAt?.toISOString() ?? null,
});

/**
 * FCS versions and firmware distribution (docs/bsa.md, "Second edition and firmware"): a package uploaded
 * to the file center (its SHA-256 computed there) is sent to chosen FCS, one target per FCS, at most one
 * under way per FCS; the FCS downloads it with a short-lived token and reports each state over MQTT
 * (BsaSecondDelivery). Every call sees the FCS of the staff's tenant and OUs; another's answers 404.
 */
export class BsaSecondFirmwareService {
  constructor(
    private readonly devices: DevicesService,
    private readonly delivery: BsaSecondDelivery,
    private readonly filesRoot: string,
  ) {}

  /** Visible FCS devices with their station and versions. */
  private fcsQuery(ctx: StaffCtx) {
    return ctx.tx
      .select({
        deviceId: device.id,
        code: device.code,
        name: device.name,
        ouId: device.ouId,
        // aliased: the list's count reads this select as a subquery, where names must differ
        ouName: sql<string>`${ou.name}`.as('ou_name'),
        online: device.online,
        stationId: sql<number | null>`${bsaStation.id}`.as('station_id'),
        stationCode: sql<string | null>`${bsaStation.code}`.as('station_code'),
        stationName: sql<string | null>`${bsaStation.name}`.as('station_name'),
        softwareVersion: bsaFcsVersion.softwareVersion,
        hardwareVersion: bsaFcsVersion.hardwareVersion,
        reportedAt: bsaFcsVersion.reportedAt,
      })
      .from(device)
      .innerJoin(deviceType, and(eq(deviceType.id, device.deviceTypeId), eq(deviceType.key, 'bsa-fcs')))
      .innerJoin(ou, eq(ou.id, device.ouId))
      .leftJoin(bsaFcsVersion, eq(bsaFcsVersion.deviceId, device.id))
      .leftJoin(bsaStationDevice, and(eq(bsaStationDevice.deviceId, device.id), eq(bsaStationDevice.role, 'fcs')))
      .leftJoin(bsaStation, eq(bsaStation.id, bsaStationDevice.stationId))
      .$dynamic();
  }

  private fcsScope(ctx: StaffCtx): SQL[] {
    return staffScope(ctx, { tenant: device.tenantId, ou: device.ouId });
  }

  async fcsPage(ctx: StaffCtx, input: BodyOf<typeof contract.fcsPage>) {
    const filter = where(input, { code: contains(device.code), bsaId: equals(bsaStation.id) });
    if (input.bound !== undefined) filter.push(input.bound ? isNotNull(bsaStation.id) : isNull(bsaStation.id));
    const page = await list(ctx.tx, {
      query: () => this.fcsQuery(ctx),
      where: [...this.fcsScope(ctx), ...filter],
      order: [asc(device.code), asc(device.id)],
    }).page(input);
    const updating = await this.activeTargets(
      ctx,
      page.list.map((r) => r.deviceId),
    );
    return {
      ...page,
      list: page.list.map((r) => ({
        deviceId: r.deviceId,
        code: r.code,
        name: r.name,
        ouId: r.ouId,
        ouName: r.ouName,
        online: r.online,
        station: r.stationId ? { id: r.stationId, code: r.stationCode!, name: r.stationName! } : null,
        softwareVersion: r.softwareVersion,
        hardwareVersion: r.hardwareVersion,
        versionReportedAt: r.reportedAt?.toISOString() ?? null,
        updating: updating.get(r.deviceId) ?? null,
      })),
    };
  }

  /** The update under way on each of these FCS. */
  private async activeTargets(ctx: StaffCtx, fcsIds: number[]) {
    if (!fcsIds.length) return new Map<number, { targetId: number; state: string; softwareVersion: string }>();
    const rows = await ctx.tx
      .select({ t: bsaFirmwareTarget, v: bsaFirmwareDistribution.softwareVersion })
      .from(bsaFirmwareTarget)
      .innerJoin(bsaFirmwareDistribution, eq(bsaFirmwareDistribution.id, bsaFirmwareTarget.distributionId))
      .where(and(inArray(bsaFirmwareTarget.fcsDeviceId, fcsIds), notInArray(bsaFirmwareTarget.state, [...FINAL])));
    return new Map(rows.map((r) => [r.t.fcsDeviceId!, { targetId: r.t.id, state: r.t.state, softwareVersion: r.v, since: r.t.createdAt }]));
  }

  async softwareVersions(ctx: StaffCtx, input: BodyOf<typeof contract.softwareVersionList>) {
    const filter = where(input, { bsaId: equals(bsaStation.id), softwareVersion: contains(bsaFcsVersion.softwareVersion) });
    const rows = await list(ctx.tx, {
      query: () => this.fcsQuery(ctx),
      where: [...this.fcsScope(ctx), ...filter],
      order: [asc(device.code), asc(device.id)],
    }).all();
    const counts = new Map<string | null, number>();
    for (const r of rows) counts.set(r.softwareVersion, (counts.get(r.softwareVersion) ?? 0) + 1);
    return {
      versions: [...counts]
        .map(([softwareVersion, fcs]) => ({ softwareVersion, fcs }))
        .sort((a, b) => (a.softwareVersion ?? '').localeCompare(b.softwareVersion ?? '')),
      fcs: rows.map((r) => ({
        deviceId: r.deviceId,
        code: r.code,
        name: r.name,
        online: r.online,
        station: r.stationId ? { id: r.stationId, code: r.stationCode! } : null,
        softwareVersion: r.softwareVersion,
        hardwareVersion: r.hardwareVersion,
        reportedAt: r.reportedAt?.toISOString() ?? null,
      })),
    };
  }

  async hardwareVersions(ctx: StaffCtx) {
    const rows = await list(ctx.tx, { query: () => this.fcsQuery(ctx), where: this.fcsScope(ctx), order: [asc(device.id)] }).all();
    const by = new Map<string | null, { fcs: number; software: Set<string> }>();
    for (const r of rows) {
      const entry = by.get(r.hardwareVersion) ?? { fcs: 0, software: new Set<string>() };
      entry.fcs++;
      if (r.softwareVersion) entry.software.add(r.softwareVersion);
      by.set(r.hardwareVersion, entry);
    }
    return [...by]
      .map(([hardwareVersion, e]) => ({ hardwareVersion, fcs: e.fcs, softwareVersions: [...e.software].sort() }))
      .sort((a, b) => (a.hardwareVersion ?? '').localeCompare(b.hardwareVersion ?? ''));
  }

  // ---- distribution

  private async distribution(ctx: StaffCtx, id: number) {
    const [d] = await ctx.tx
      .select()
      .from(bsaFirmwareDistribution)
      .where(and(eq(bsaFirmwareDistribution.id, id), eq(bsaFirmwareDistribution.tenantId, ctx.staff.tenantId)));
    if (!d) throw notFound(`Firmware distribution ${id}`);
    return d;
  }

  private async distributionRow(ctx: StaffCtx, d: Distribution) {
    const targets = await ctx.tx
      .select()
      .from(bsaFirmwareTarget)
      .where(eq(bsaFirmwareTarget.distributionId, d.id))
      .orderBy(asc(bsaFirmwareTarget.fcsCode), asc(bsaFirmwareTarget.attempt));
    return {
      id: d.id,
      fileKey: d.fileKey,
      fileName: d.fileName,
      size: d.size,
      sha256: d.sha256,
      softwareVersion: d.softwareVersion,
      createdByName: d.createdByName,
      createdAt: d.createdAt.toISOString(),
      targets: targets.map((t) => targetRow(t, d)),
    };
  }

  /**
   * A new distribution, or a retry of one on some of its FCS. Every FCS must be visible (404 otherwise,
   * as for any device of another tenant), of type bsa-fcs and without an update under way; a retry only
   * on FCS whose last try in that distribution failed. The commands go out once the request committed.
   */
  async distribute(ctx: StaffCtx, input: BodyOf<typeof contract.distribute>, baseUrl: string) {
    let d: Distribution;
    if (input.distributionId !== undefined) {
      d = await this.distribution(ctx, input.distributionId);
    } else {
      const file = await fileOfTenant(ctx.tx, ctx.staff.tenantId, input.fileKey!);
      if (!file) throw invalid('body.fileKey', 'is not one of your uploaded files');
      if (!file.name.toLowerCase().endsWith('.zip')) throw invalid('body.fileKey', `a firmware package is a .zip file, not ${file.name}`);
      [d] = (await ctx.tx
        .insert(bsaFirmwareDistribution)
        .values({
          tenantId: ctx.staff.tenantId,
          fileKey: file.key,
          fileName: file.name,
          size: file.size,
          sha256: file.sha256,
          softwareVersion: input.softwareVersion!,
          createdByName: ctx.user.name,
        })
        .returning()) as [Distribution];
    }
    const fcsList = [];
    for (const [i, fcsId] of input.fcsDeviceIds.entries()) {
      const fcs = await this.devices.visible(ctx, fcsId, 'own').catch(() => {
        throw notFound(`FCS ${fcsId}`);
      });
      if (fcs.deviceTypeKey !== 'bsa-fcs')
        throw invalid(`body.fcsDeviceIds.${i}`, `${fcs.code} is a ${fcs.deviceTypeName}, not an FCS edge controller`);
      fcsList.push(fcs);
    }
    const ids = fcsList.map((f) => f.id);
    // one update under way per FCS (also held by a unique index): the FCS's rows are locked meanwhile
    await ctx.tx.select({ id: device.id }).from(device).where(inArray(device.id, ids)).for('update');
    const active = await this.activeTargets(ctx, ids);
    for (const [i, fcs] of fcsList.entries()) {
      const a = active.get(fcs.id);
      if (a)
        throw conflict(
          `FCS ${fcs.code} is updating to ${a.softwareVersion} (target ${a.targetId}, ${a.state}): one update at a time, wait until it is updated or failed (body.fcsDeviceIds.${i})`,
        );
    }
    const attempts = new Map<number, number>();
    if (input.distributionId !== undefined) {
      const tried = await ctx.tx
        .select({ fcsDeviceId: bsaFirmwareTarget.fcsDeviceId, attempt: max(bsaFirmwareTarget.attempt) })
        .from(bsaFirmwareTarget)
        .where(and(eq(bsaFirmwareTarget.distributionId, d.id), inArray(bsaFirmwareTarget.fcsDeviceId, ids)))
        .groupBy(bsaFirmwareTarget.fcsDeviceId);
      const last = new Map(tried.map((t) => [t.fcsDeviceId!, t.attempt ?? 0]));
      for (const [i, fcs] of fcsList.entries()) {
        const n = last.get(fcs.id);
        if (!n) throw invalid(`body.fcsDeviceIds.${i}`, `${fcs.code} is not a target of distribution ${d.id}: a retry is for its FCS`);
        const [latest] = await ctx.tx
          .select({ state: bsaFirmwareTarget.state })
          .from(bsaFirmwareTarget)
          .where(
            and(eq(bsaFirmwareTarget.distributionId, d.id), eq(bsaFirmwareTarget.fcsDeviceId, fcs.id), eq(bsaFirmwareTarget.attempt, n)),
          );
        if (latest?.state === 'updated')
          throw invalid(`body.fcsDeviceIds.${i}`, `${fcs.code} runs ${d.softwareVersion} already: only a failed target is retried`);
        attempts.set(fcs.id, n + 1);
      }
    }
    const stations = await ctx.tx
      .select({ deviceId: bsaStationDevice.deviceId, code: bsaStation.code })
      .from(bsaStationDevice)
      .innerJoin(bsaStation, eq(bsaStation.id, bsaStationDevice.stationId))
      .where(and(inArray(bsaStationDevice.deviceId, ids), eq(bsaStationDevice.role, 'fcs')));
    const stationOf = new Map(stations.map((s) => [s.deviceId, s.code]));
    const versions = await ctx.tx.select().from(bsaFcsVersion).where(inArray(bsaFcsVersion.deviceId, ids));
    const versionOf = new Map(versions.map((v) => [v.deviceId, v.softwareVersion]));
    const made = await ctx.tx
      .insert(bsaFirmwareTarget)
      .values(
        fcsList.map((fcs) => ({
          tenantId: ctx.staff.tenantId,
          distributionId: d.id,
          fcsDeviceId: fcs.id,
          fcsCode: fcs.code,
          stationCode: stationOf.get(fcs.id) ?? null,
          fromVersion: versionOf.get(fcs.id) ?? null,
          attempt: attempts.get(fcs.id) ?? 1,
        })),
      )
      .returning({ id: bsaFirmwareTarget.id });
    for (const t of made) ctx.defer(() => this.delivery.send(t.id, baseUrl));
    return this.distributionRow(ctx, d);
  }

  private logQuery(ctx: StaffCtx) {
    return ctx.tx
      .select({
        t: bsaFirmwareTarget,
        d: { softwareVersion: bsaFirmwareDistribution.softwareVersion, fileName: bsaFirmwareDistribution.fileName },
      })
      .from(bsaFirmwareTarget)
      .innerJoin(bsaFirmwareDistribution, eq(bsaFirmwareDistribution.id, bsaFirmwareTarget.distributionId))
      .leftJoin(device, eq(device.id, bsaFirmwareTarget.fcsDeviceId))
      .$dynamic();
  }

  private logWhere(
    ctx: StaffCtx,
    input: { distributionId?: number; fcsDeviceId?: number; state?: FirmwareState; softwareVersion?: string },
  ) {
    return [
      ...staffScope(ctx, { tenant: bsaFirmwareTarget.tenantId, ou: device.ouId }),
      ...where(input, {
        distributionId: equals(bsaFirmwareTarget.distributionId),
        fcsDeviceId: equals(bsaFirmwareTarget.fcsDeviceId),
        state: equals(bsaFirmwareTarget.state),
        softwareVersion: contains(bsaFirmwareDistribution.softwareVersion),
      }),
    ];
  }

  async logList(ctx: StaffCtx, input: BodyOf<typeof contract.distributeLogList>) {
    return list(ctx.tx, {
      query: () => this.logQuery(ctx),
      where: this.logWhere(ctx, input),
      order: [desc(bsaFirmwareTarget.id)],
    }).page(input, (rows) => rows.map((r) => targetRow(r.t, r.d)));
  }

  /** The log's rows in batches, for the export. */
  logBatches(ctx: StaffCtx, input: { distributionId?: number; state?: FirmwareState }) {
    return list(ctx.tx, { query: () => this.logQuery(ctx), where: this.logWhere(ctx, input), order: [desc(bsaFirmwareTarget.id)] }).batches(
      (rows) => rows.map((r) => targetRow(r.t, r.d)),
    );
  }

  /**
   * The package for a target under way whose token has not expired (no session: the FCS has only its
   * token). Anything else, a used-up or unknown token alike, answers 404.
   */
  async download(ctx: PublicCtx, token: string | null, reply: FastifyReply) {
    if (!token) throw notFound('The download link (expired or used up)');
    const [row] = await ctx.tx
      .select({ t: bsaFirmwareTarget, d: bsaFirmwareDistribution })
      .from(bsaFirmwareTarget)
      .innerJoin(bsaFirmwareDistribution, eq(bsaFirmwareDistribution.id, bsaFirmwareTarget.distributionId))
      .where(
        and(
          eq(bsaFirmwareTarget.tokenHash, tokenHash(token)),
          gt(bsaFirmwareTarget.tokenExpiresAt, sql`now()`),
          notInArray(bsaFirmwareTarget.state, [...FINAL]),
        ),
      );
    if (!row) throw notFound('The download link (expired or used up)');
    const location = path.join(this.filesRoot, row.d.tenantId, row.d.fileKey);
    const stat = await fs.promises.stat(location).catch(() => null);
    if (!stat) throw notFound('The firmware package');
    return reply
      .header('content-type', 'application/zip')
      .header('content-length', stat.size)
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(row.d.fileName)}`)
      .header('x-checksum-sha256', row.d.sha256)
      .header('cache-control', 'no-store')
      .send(fs.createReadStream(location));
  }
}
