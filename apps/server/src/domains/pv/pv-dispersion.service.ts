import { pv as contract, type BodyOf } from '@energy/contracts';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { equals, list, pageOfRows, staffScope, where } from '../../db/list.js';
import type { StaffCtx } from '../../plugins/context.js';
import { invalid, notFound } from '../../plugins/errors.js';
import { analyseStation, byConcern, curveOf, periodOf, settingsOf, type StationRef } from './pv-dispersion-data.js';
import { pvDispersionConfig, pvDispersionExclusion, pvDispersionThreshold } from './pv-dispersion.schema.js';
import type { PvStationsService } from './pv-stations.service.js';
import { pvInverter, pvStation, pvString } from './pv.schema.js';

// String dispersion of PV stations (docs/pv-analytics.md, "Dispersion"): classes and analysis configuration
// per station, devices left out, the rate per inverter (or MPPT input) over a period and a day's curve.
// Every read is scoped to the staff's tenant and OUs through the station (PvStationsService.visible).

type Station = contract.PvStationRow;
const MAX_DAYS = 31;
const DAY_MS = 86_400_000;

const ref = (s: Station): StationRef => ({ id: s.id, timeZone: s.timeZone, weatherStationId: s.weatherStationId });

/** `from`..`to` in order and at most 31 days. */
function checkPeriod(input: { from: string; to: string }) {
  const days = (Date.parse(input.to) - Date.parse(input.from)) / DAY_MS + 1;
  if (days < 1) throw invalid('body.to', `must not be before from (${input.from})`);
  if (days > MAX_DAYS) throw invalid('body.to', `must be at most ${MAX_DAYS} days after from: the analysis reads 15 min rollups`);
}

export class PvDispersionService {
  constructor(private readonly stations: PvStationsService) {}

  /** OU → station → area of the stations the staff sees (the page's picker). */
  pvWithArea(ctx: StaffCtx) {
    return this.stations.pvTree(ctx);
  }

  // ---------------------------------------------------------------------------------------------
  // Thresholds and configuration

  private head(s: Station, row: { updatedAt: Date; updatedBy: string } | undefined) {
    return {
      stationId: s.id,
      stationCode: s.code,
      stationName: s.name,
      isDefault: !row,
      updatedAt: row ? row.updatedAt.toISOString() : null,
      updatedBy: row ? row.updatedBy : null,
    };
  }

  private async thresholdRow(ctx: StaffCtx, s: Station): Promise<contract.DispersionThresholdRow> {
    const [row] = await ctx.tx.select().from(pvDispersionThreshold).where(eq(pvDispersionThreshold.stationId, s.id));
    return { ...this.head(s, row), classes: row?.classes ?? contract.DEFAULT_DISPERSION_CLASSES };
  }

  async thresholdInfo(ctx: StaffCtx, input: { stationId: number }) {
    return this.thresholdRow(ctx, await this.stations.visible(ctx, input.stationId));
  }

  /** One row per station the staff sees (a station list is short: the page is cut from all of them). */
  private async pageOfStations<R>(
    ctx: StaffCtx,
    input: { keyword?: string; pageSize: number; pageOffset: number },
    row: (s: Station) => Promise<R>,
  ) {
    const page = pageOfRows(await this.stations.all(ctx, { keyword: input.keyword }), input);
    return { ...page, list: await Promise.all(page.list.map(row)) };
  }

  thresholdPage(ctx: StaffCtx, input: BodyOf<typeof contract.dispersionThresholdPage>) {
    return this.pageOfStations(ctx, input, (s) => this.thresholdRow(ctx, s));
  }

  async thresholdSetUp(ctx: StaffCtx, input: BodyOf<typeof contract.dispersionThresholdSetUp>) {
    const s = await this.stations.writable(ctx, input.stationId);
    const values = { classes: input.classes, updatedBy: ctx.user.name, updatedAt: new Date() };
    await ctx.tx
      .insert(pvDispersionThreshold)
      .values({ ...values, tenantId: ctx.staff.tenantId, stationId: s.id })
      .onConflictDoUpdate({ target: pvDispersionThreshold.stationId, set: values });
    return this.thresholdRow(ctx, s);
  }

  private async configRow(ctx: StaffCtx, s: Station): Promise<contract.DispersionConfigRow> {
    const [row] = await ctx.tx.select().from(pvDispersionConfig).where(eq(pvDispersionConfig.stationId, s.id));
    const { config } = await settingsOf(ctx.tx, s.id);
    const excluded = await ctx.tx
      .select({ id: pvDispersionExclusion.id })
      .from(pvDispersionExclusion)
      .where(eq(pvDispersionExclusion.stationId, s.id));
    return { ...this.head(s, row), ...config, excludedCount: excluded.length };
  }

  async analysisConfig(ctx: StaffCtx, input: { stationId: number }) {
    return this.configRow(ctx, await this.stations.visible(ctx, input.stationId));
  }

  configPage(ctx: StaffCtx, input: BodyOf<typeof contract.dispersionAnalyzeConfigPage>) {
    return this.pageOfStations(ctx, input, (s) => this.configRow(ctx, s));
  }

  async analysisSetUp(ctx: StaffCtx, input: BodyOf<typeof contract.dispersionAnalysisSetUp>) {
    const s = await this.stations.writable(ctx, input.stationId);
    const values = {
      irradianceThreshold: input.irradianceThreshold,
      deadRatioPercent: input.deadRatioPercent,
      weakRatioPercent: input.weakRatioPercent,
      grouping: input.grouping,
      windowHours: input.windowHours,
      updatedBy: ctx.user.name,
      updatedAt: new Date(),
    };
    await ctx.tx
      .insert(pvDispersionConfig)
      .values({ ...values, tenantId: ctx.staff.tenantId, stationId: s.id })
      .onConflictDoUpdate({ target: pvDispersionConfig.stationId, set: values });
    if (input.excluded) await this.replaceExclusions(ctx, s, input.excluded);
    return this.configRow(ctx, s);
  }

  /** The devices left out become `wanted`: kept ones keep who and when, a changed reason is updated. */
  private async replaceExclusions(ctx: StaffCtx, s: Station, wanted: { kind: 'inverter' | 'string'; id: number; reason: string }[]) {
    const keyOf = (kind: string, id: number | null) => `${kind}-${id}`;
    const seen = new Set<string>();
    for (const [i, w] of wanted.entries()) {
      if (seen.has(keyOf(w.kind, w.id))) throw invalid(`body.excluded.${i}.id`, `repeats the ${w.kind} ${w.id}`);
      seen.add(keyOf(w.kind, w.id));
    }
    const table = { inverter: pvInverter, string: pvString } as const;
    for (const kind of ['inverter', 'string'] as const) {
      const ids = wanted.filter((w) => w.kind === kind).map((w) => w.id);
      if (!ids.length) continue;
      const found = await ctx.tx
        .select({ id: table[kind].id })
        .from(table[kind])
        .where(and(inArray(table[kind].id, ids), eq(table[kind].stationId, s.id)));
      const missing = ids.find((id) => !found.some((f) => f.id === id));
      if (missing != null)
        throw invalid(
          `body.excluded.${wanted.findIndex((w) => w.kind === kind && w.id === missing)}.id`,
          `is not a ${kind} of PV station ${s.code}`,
        );
    }
    const existing = await ctx.tx.select().from(pvDispersionExclusion).where(eq(pvDispersionExclusion.stationId, s.id));
    const existingKey = (e: (typeof existing)[number]) => keyOf(e.kind, e.kind === 'inverter' ? e.inverterId : e.stringId);
    const gone = existing.filter((e) => !seen.has(existingKey(e))).map((e) => e.id);
    if (gone.length) await ctx.tx.delete(pvDispersionExclusion).where(inArray(pvDispersionExclusion.id, gone));
    for (const w of wanted) {
      const old = existing.find((e) => existingKey(e) === keyOf(w.kind, w.id));
      if (old) {
        if (old.reason !== w.reason)
          await ctx.tx
            .update(pvDispersionExclusion)
            .set({ reason: w.reason, updatedAt: new Date() })
            .where(eq(pvDispersionExclusion.id, old.id));
        continue;
      }
      await ctx.tx.insert(pvDispersionExclusion).values({
        tenantId: ctx.staff.tenantId,
        stationId: s.id,
        kind: w.kind,
        inverterId: w.kind === 'inverter' ? w.id : null,
        stringId: w.kind === 'string' ? w.id : null,
        reason: w.reason,
        byName: ctx.user.name,
      });
    }
  }

  async excludedPage(ctx: StaffCtx, input: BodyOf<typeof contract.dispersionExcludeDevicePage>) {
    const e = pvDispersionExclusion;
    return list(ctx.tx, {
      query: () =>
        ctx.tx
          .select({
            e,
            stationName: pvStation.name,
            inv: { code: pvInverter.code, name: pvInverter.name },
            str: { code: pvString.code, name: pvString.name },
          })
          .from(e)
          .innerJoin(pvStation, eq(pvStation.id, e.stationId))
          .leftJoin(pvString, eq(pvString.id, e.stringId))
          .leftJoin(pvInverter, eq(pvInverter.id, sql`coalesce(${e.inverterId}, ${pvString.inverterId})`))
          .$dynamic(),
      where: [
        ...staffScope(ctx, { tenant: e.tenantId, ou: pvStation.ouId }),
        ...where(input, { stationId: equals(e.stationId), kind: equals(e.kind) as (v: string) => SQL }),
      ],
      order: [desc(e.id)],
    }).page(input, (rows) =>
      rows.map(({ e: x, stationName, inv, str }) => ({
        id: x.id,
        stationId: x.stationId,
        stationName,
        kind: x.kind,
        targetId: (x.kind === 'inverter' ? x.inverterId : x.stringId)!,
        code: (x.kind === 'inverter' ? inv?.code : str?.code) ?? '',
        name: (x.kind === 'inverter' ? inv?.name : str?.name) ?? '',
        inverterCode: x.kind === 'string' ? (inv?.code ?? null) : null,
        reason: x.reason,
        byName: x.byName,
        at: x.createdAt.toISOString(),
      })),
    );
  }

  // ---------------------------------------------------------------------------------------------
  // Rates and curves (public: the noticeboard calls these)

  /**
   * Per inverter (or MPPT input, per the station's grouping) of a station the staff sees, over the local days
   * `from`..`to` (≤ 31): rate, class, dead and weak strings, strings counted; worst first.
   */
  async inverterRates(ctx: StaffCtx, stationId: number, from: string, to: string): Promise<contract.DispersionUnitRow[]> {
    checkPeriod({ from, to });
    const s = await this.stations.visible(ctx, stationId);
    const { from: a, to: b } = periodOf(s.timeZone, from, to);
    const { units } = await analyseStation(ctx.tx, ref(s), a, b);
    return units.sort(byConcern);
  }

  /** One day (local, the station's zone) of one inverter the staff sees: each bucket's rate and each string's current. */
  async curve(ctx: StaffCtx, inverterId: number, day: string): Promise<contract.DispersionCurve> {
    const { station } = await this.inverter(ctx, inverterId);
    return curveOf(ctx.tx, ref(station), inverterId, day);
  }

  private async inverter(ctx: StaffCtx, inverterId: number) {
    const [inv] = await ctx.tx
      .select({ id: pvInverter.id, code: pvInverter.code, name: pvInverter.name, stationId: pvInverter.stationId })
      .from(pvInverter)
      .where(and(eq(pvInverter.id, inverterId), eq(pvInverter.tenantId, ctx.staff.tenantId)));
    if (!inv) throw notFound(`PV inverter ${inverterId}`);
    const station = await this.stations.visible(ctx, inv.stationId).catch(() => {
      throw notFound(`PV inverter ${inverterId}`);
    });
    return { inv, station };
  }

  private async filteredUnits(ctx: StaffCtx, input: Omit<BodyOf<typeof contract.dispersionPvDevicePage>, 'pageSize' | 'pageOffset'>) {
    const units = await this.inverterRates(ctx, input.stationId, input.from, input.to);
    const keyword = input.keyword?.toLowerCase();
    return units.filter(
      (u) =>
        (input.areaId == null || u.areaId === input.areaId) &&
        (input.className == null || u.className === input.className) &&
        (!keyword || u.inverterCode.toLowerCase().includes(keyword) || u.inverterName.toLowerCase().includes(keyword)),
    );
  }

  async devicePage(ctx: StaffCtx, input: BodyOf<typeof contract.dispersionPvDevicePage>) {
    const units = await this.filteredUnits(ctx, input);
    const s = await this.stations.visible(ctx, input.stationId);
    const { classes } = await settingsOf(ctx.tx, s.id);
    return { ...pageOfRows(units, input), classes, timeZone: s.timeZone };
  }

  /** Every row of the page's filter (the export). */
  deviceRows(ctx: StaffCtx, input: Omit<BodyOf<typeof contract.dispersionPvDevicePage>, 'pageSize' | 'pageOffset'>) {
    return this.filteredUnits(ctx, input);
  }

  async deviceList(ctx: StaffCtx, input: BodyOf<typeof contract.dispersionPvDeviceList>) {
    checkPeriod(input);
    const { inv, station } = await this.inverter(ctx, input.inverterId);
    const { from, to } = periodOf(station.timeZone, input.from, input.to);
    const { units, figures } = await analyseStation(ctx.tx, ref(station), from, to, inv.id);
    return {
      inverterId: inv.id,
      inverterCode: inv.code,
      inverterName: inv.name,
      stationId: station.id,
      units,
      strings: figures,
      curve: await curveOf(ctx.tx, ref(station), inv.id, input.day ?? input.to),
    };
  }
}
