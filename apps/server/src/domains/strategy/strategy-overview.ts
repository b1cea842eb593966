import { strategy as contract } from '@energy/contracts';
import type { z } from 'zod';
import type { StaffCtx } from '../../plugins/context.js';
import type { BsaBuildService } from '../bsa/bsa-build.service.js';
import type { BsaService, StationRow } from '../bsa/bsa.service.js';
import {
  anyReadable,
  clock,
  executingAt,
  executingOf,
  lastDeliveryOf,
  stationCopy,
  versionName,
  type Clock,
  type Executing,
} from './strategy-access.js';
import type { StrategyLibraryService } from './strategy-library.service.js';
import type { StrategyLists } from './strategy-lists.js';

/**
 * Stations as the strategy pages see them: the editor's station info (version, meters, ratings, what
 * runs), the station side (what each FCS executes) and the storage overview's strategy cards
 * (bsaOperationOverview/). docs/strategies.md.
 */
export class StrategyOverview {
  constructor(
    private readonly bsa: BsaService,
    private readonly lists: StrategyLists,
    private readonly library: StrategyLibraryService,
    private readonly build: BsaBuildService,
  ) {}

  // ---------------------------------------------------------------------------------------------
  // Stations as the editor sees them

  private infoOf(station: StationRow, executing: Executing): z.infer<typeof contract.bsaInfo> {
    return {
      id: station.id,
      code: station.code,
      name: station.name,
      ouId: station.ouId,
      ouName: station.ouName,
      mcid: station.mcid,
      customerName: station.customerName,
      strategyVersion: station.strategyVersion,
      versionName: versionName(station.strategyVersion),
      ratedPowerKw: station.ratedPowerKw,
      capacityKwh: station.capacityKwh,
      meters: station.meters,
      meterEntries: station.meters
        .filter((m) => m.role === 'upper')
        .map((m) => ({ deviceId: m.deviceId, deviceName: m.name, chargeThreshold: null, pcsMaxChargePower: null })),
      fcs: station.fcs,
      executing,
    };
  }

  /** A visible station, for staff who may read strategies or templates. */
  private async station(ctx: StaffCtx, bsaId: number): Promise<StationRow> {
    anyReadable(ctx);
    return this.bsa.detail(ctx, { id: bsaId });
  }

  async bsaInfo(ctx: StaffCtx, input: { bsaId: number }) {
    const station = await this.station(ctx, input.bsaId);
    return this.infoOf(station, await executingAt(ctx, station.id));
  }

  async bsaLinkInfo(ctx: StaffCtx, input: { id: number }) {
    const row = await this.lists.detail(ctx, input);
    let stations: StationRow[];
    if (row.kind === 'template') {
      const mcids = (await this.library.boundCustomers(ctx, row.id)).map((c) => c.mcid);
      const all = mcids.length ? await this.bsa.list(ctx) : [];
      stations = all.filter((s) => mcids.includes(s.mcid) && s.strategyVersion === row.version);
    } else {
      stations = [await this.bsa.detail(ctx, { id: row.bsaId! })];
    }
    const executing = await executingOf(
      ctx,
      stations.map((s) => s.id),
    );
    return {
      id: row.id,
      kind: row.kind,
      stations: stations.map((s) => ({
        id: s.id,
        code: s.code,
        name: s.name,
        ouName: s.ouName,
        customerName: s.customerName,
        strategyVersion: s.strategyVersion,
        executing: executing.get(s.id) ?? null,
      })),
    };
  }

  async fcsRatings(ctx: StaffCtx, input: { bsaId: number }) {
    const station = await this.station(ctx, input.bsaId);
    const kva = station.meters.filter((m) => m.role === 'upper' && m.transformerCapacityKva !== null);
    return {
      bsaId: station.id,
      strategyVersion: station.strategyVersion,
      ratedPowerKw: station.ratedPowerKw,
      capacityKwh: station.capacityKwh,
      pcs: station.pcs,
      pcsRatedKwTotal: station.pcs.length ? station.pcs.reduce((sum, p) => sum + (p.ratedPowerKw ?? 0), 0) : null,
      meters: station.meters,
      transformerKvaTotal: kva.length ? kva.reduce((sum, m) => sum + m.transformerCapacityKva!, 0) : null,
      fcs: station.fcs,
    };
  }

  async pcsDeviceLink(ctx: StaffCtx, input: { bsaId: number }) {
    const station = await this.station(ctx, input.bsaId);
    return station.pcs.map((pcs) => ({ pcs, fcs: station.fcs }));
  }

  /** list-uet: each PCS of the station with its meter and the stacks it drives, as built today. */
  async listUet(ctx: StaffCtx, input: { bsaId: number }) {
    const station = await this.station(ctx, input.bsaId);
    const [bindings, stacks] = await Promise.all([
      this.build.pcsBindings(ctx, { bsaId: station.id }),
      this.build.stacks(ctx, { bsaId: station.id }),
    ]);
    const stackRow = (s: (typeof stacks)[number]) => ({ id: s.id, code: s.code, name: s.name, racks: s.racks });
    return {
      bsaId: station.id,
      fcs: station.fcs,
      units: bindings
        .map((b) => ({
          pcs: { deviceId: b.deviceId, code: b.code, name: b.name, ratedPowerKw: b.ratedPowerKw },
          meter: b.meter,
          stacks: stacks.filter((s) => s.pcs?.deviceId === b.deviceId).map(stackRow),
        }))
        .sort((a, b) => a.pcs.code.localeCompare(b.pcs.code)),
      unboundStacks: stacks.filter((s) => !s.pcs || !bindings.some((b) => b.deviceId === s.pcs!.deviceId)).map(stackRow),
    };
  }

  // ---------------------------------------------------------------------------------------------
  // The station side: what runs where

  private stationExecuting(station: StationRow, executing: Executing) {
    return {
      bsaId: station.id,
      bsaCode: station.code,
      bsaName: station.name,
      ouId: station.ouId,
      ouName: station.ouName,
      strategyVersion: station.strategyVersion,
      fcsOnline: station.fcs?.online ?? false,
      executing,
    };
  }

  async localExecuting(ctx: StaffCtx, input: { bsaId?: number; ouId?: number } = {}) {
    const stations = input.bsaId
      ? [await this.bsa.detail(ctx, { id: input.bsaId })].filter((s) => !input.ouId || s.ouId === input.ouId)
      : await this.bsa.list(ctx, input.ouId ? { ouId: input.ouId } : {});
    const executing = await executingOf(
      ctx,
      stations.map((s) => s.id),
    );
    return stations.map((s) => this.stationExecuting(s, executing.get(s.id) ?? null));
  }

  async localDetails(ctx: StaffCtx, input: { bsaId: number }) {
    const station = await this.bsa.detail(ctx, { id: input.bsaId });
    const executing = await executingAt(ctx, station.id);
    return { ...this.stationExecuting(station, executing), body: await stationCopy(ctx, executing) };
  }

  // ---------------------------------------------------------------------------------------------
  // The overview: what a station runs today

  private async todayInfo(ctx: StaffCtx, executing: Executing, clock: Clock) {
    const body = await stationCopy(ctx, executing);
    const activeToday =
      !!body &&
      (body.kind !== 'fieldStrategy' ||
        !body.executiveTimes ||
        (body.executiveTimes[0] <= clock.today && clock.today <= body.executiveTimes[1]));
    let cards: z.infer<typeof contract.todayCard>[] = [];
    let bars: (contract.OverviewKind | null)[] = Array.from({ length: 48 }, () => null);
    if (body) {
      const form = contract.wireToForm(body);
      const hour = clock.minute / 60;
      cards = contract.overviewCards(form.sections, form.version).map((card) => {
        const [start, end] = form.sections[card.index]!.time;
        return { ...card, current: activeToday && start !== null && end !== null && start <= hour && hour < end };
      });
      bars = contract.overviewBars(form.sections).map((b) => b?.kind ?? null);
    }
    return { activeToday, cards, bars };
  }

  async overviewInfo(ctx: StaffCtx, input: { bsaId: number }) {
    const station = await this.bsa.detail(ctx, { id: input.bsaId });
    const now = await clock(ctx);
    const executing = await executingAt(ctx, station.id);
    const today = await this.todayInfo(ctx, executing, now);
    return {
      bsaId: station.id,
      bsaName: station.name,
      date: now.today,
      now: `${String(Math.floor(now.minute / 60)).padStart(2, '0')}:${String(now.minute % 60).padStart(2, '0')}`,
      timeZone: now.timeZone,
      strategyVersion: station.strategyVersion,
      executing,
      activeToday: today.activeToday,
      cards: today.cards,
      bars: today.bars,
      lastDelivery: await lastDeliveryOf(ctx, station.id),
    };
  }

  async overviewList(ctx: StaffCtx, input: { ouId?: number; mcid?: string } = {}) {
    const stations = await this.bsa.list(ctx, { ...(input.ouId ? { ouId: input.ouId } : {}), ...(input.mcid ? { mcid: input.mcid } : {}) });
    const now = await clock(ctx);
    const executing = await executingOf(
      ctx,
      stations.map((s) => s.id),
    );
    const out = [];
    for (const station of stations) {
      const running = executing.get(station.id) ?? null;
      const today = await this.todayInfo(ctx, running, now);
      out.push({
        bsaId: station.id,
        bsaName: station.name,
        strategyVersion: station.strategyVersion,
        executing: running,
        activeToday: today.activeToday,
        currentCard: today.cards.find((c) => c.current) ?? null,
      });
    }
    return out;
  }
}
