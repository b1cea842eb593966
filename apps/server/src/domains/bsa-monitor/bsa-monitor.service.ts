import { bsaMonitor as contract, type BodyOf } from '@energy/contracts';
import type { z } from 'zod';
import type { StaffCtx } from '../../plugins/context.js';
import type { BsaLevelsService } from '../bsa/bsa-levels.service.js';
import { priceTenThousandths, toCents10k } from '../bsa/bsa-money.js';
import { priceAt, type BsaService } from '../bsa/bsa.service.js';
import { dayStarts, latestValues, round, siteDevices, valueOf } from './bsa-monitor-readings.js';

type Realtime = z.infer<typeof contract.realtimeRow>;
type Ems = z.infer<typeof contract.emsRow>;
type HistoryRow = z.infer<typeof contract.historyRow>;
type Flow = Ems['flows'][number];

/** Below this share of its rating a station's power counts as standby (measurement noise, auxiliaries). */
const STANDBY_SHARE = 0.01;

/**
 * A station's monitoring (docs/bsa.md "Monitoring (issue 22)"): now, its power flow, its day with prices,
 * its history. The station is read through BsaService (visible to the staff, else 404) and its energy through
 * issue 21's data (BsaLevelsService: quarter, days, now), so every figure comes from the same rollups.
 */
export class BsaMonitorService {
  constructor(
    private readonly bsa: BsaService,
    private readonly levels: BsaLevelsService,
  ) {}

  /** Customers > OUs > stations the staff sees. */
  async tree(ctx: StaffCtx) {
    const stations = await this.bsa.list(ctx);
    const customers = new Map<
      string,
      { mcid: string; name: string; ous: Map<number, { id: number; name: string; stations: unknown[] }> }
    >();
    for (const s of stations) {
      const c = customers.get(s.mcid) ?? { mcid: s.mcid, name: s.customerName, ous: new Map() };
      customers.set(s.mcid, c);
      const o = c.ous.get(s.ouId) ?? { id: s.ouId, name: s.ouName, stations: [] };
      c.ous.set(s.ouId, o);
      o.stations.push({ id: s.id, code: s.code, name: s.name, status: s.status, online: s.online });
    }
    return [...customers.values()].map((c) => ({ mcid: c.mcid, name: c.name, ous: [...c.ous.values()] })) as z.infer<
      typeof contract.tenantCustomerTree.output
    >;
  }

  /** The station now: issue 21's `bsa/bsa` figures with each PCS' SOH and rating, the FCS' state and mode. */
  async realtime(ctx: StaffCtx, input: { bsaId: number }): Promise<Realtime> {
    const station = await this.bsa.detail(ctx, { id: input.bsaId });
    const now = await this.levels.now(ctx, { bsaId: station.id });
    const fcsId = station.fcs?.deviceId;
    const latest = await latestValues(
      ctx,
      [...station.pcs.map((p) => p.deviceId), ...(fcsId ? [fcsId] : [])],
      ['soh', 'run_state', 'mode', 'strategy_id'],
    );
    const pcs = now.pcs.map((p) => ({
      deviceId: p.deviceId,
      code: p.code,
      online: p.online,
      ratedPowerKw: station.pcs.find((x) => x.deviceId === p.deviceId)?.ratedPowerKw ?? null,
      powerKw: p.powerKw,
      socPct: p.socPct,
      sohPct: valueOf(latest, p.deviceId, 'soh'),
      state: p.state === null ? null : Math.round(p.state),
      reportedAt: p.reportedAt,
    }));
    const fcsLatest = latest.filter((l) => l.deviceId === fcsId);
    const asInt = (v: number | null) => (v === null ? null : Math.round(v));
    return {
      bsaId: station.id,
      code: station.code,
      name: station.name,
      status: station.status,
      online: station.online,
      ratedPowerKw: station.ratedPowerKw,
      capacityKwh: station.capacityKwh,
      powerKw: now.powerKw,
      socPct: now.socPct,
      storedKwh: now.socPct === null ? null : round((now.socPct / 100) * station.capacityKwh, 1),
      state: stateOf(now.powerKw, station.ratedPowerKw, pcs),
      pcs,
      fcs: station.fcs
        ? {
            deviceId: station.fcs.deviceId,
            code: station.fcs.code,
            online: station.fcs.online,
            runState: asInt(valueOf(fcsLatest, station.fcs.deviceId, 'run_state')),
            mode: asInt(valueOf(fcsLatest, station.fcs.deviceId, 'mode')),
            strategyId: asInt(valueOf(fcsLatest, station.fcs.deviceId, 'strategy_id')),
            reportedAt:
              fcsLatest
                .map((l) => l.at)
                .sort()
                .at(-1) ?? null,
          }
        : null,
      date: now.date,
      today: now.today,
    };
  }

  async pcsData(ctx: StaffCtx, input: { bsaId: number }) {
    return (await this.realtime(ctx, input)).pcs;
  }

  /**
   * The power flow now: grid (grid meters' `p`, import positive), PV (the site's PV inverters' `p_ac`), the
   * battery (PCS `p`, discharge positive) and the load they feed (grid + PV + battery).
   */
  async ems(ctx: StaffCtx, input: { bsaId: number }): Promise<Ems> {
    const station = await this.bsa.detail(ctx, { id: input.bsaId });
    const grid = station.meters.filter((m) => m.role === 'grid').map((m) => m.deviceId);
    const pv = (await siteDevices(ctx, station.ouId, ['pv-inverter'])).map((d) => d.id);
    const pcs = station.pcs.map((p) => p.deviceId);
    const latest = await latestValues(ctx, [...grid, ...pv, ...pcs], ['p', 'p_ac', 'soc']);
    const sum = (ids: number[], key: string) => {
      const known = ids.map((d) => valueOf(latest, d, key)).filter((v): v is number => v !== null);
      return known.length
        ? round(
            known.reduce((a, v) => a + v, 0),
            3,
          )
        : null;
    };
    const gridKw = sum(grid, 'p');
    const pvKw = pv.length ? (sum(pv, 'p_ac') ?? 0) : null;
    const batteryKw = sum(pcs, 'p');
    const loadKw = gridKw === null ? null : round(gridKw + (pvKw ?? 0) + (batteryKw ?? 0), 3);
    const socs = pcs.map((d) => valueOf(latest, d, 'soc')).filter((v): v is number => v !== null);
    return {
      bsaId: station.id,
      gridKw,
      pvKw,
      batteryKw,
      loadKw,
      socPct: socs.length ? round(socs.reduce((a, v) => a + v, 0) / socs.length, 2) : null,
      reportedAt:
        latest
          .map((l) => l.at)
          .sort()
          .at(-1) ?? null,
      flows: flowsOf(gridKw ?? 0, pvKw ?? 0, batteryKw ?? 0, loadKw ?? 0),
    };
  }

  /** A local day's 15-minute power, SOC and energy with the tariff's price of each step and the day's money. */
  async curve(ctx: StaffCtx, input: { bsaId: number; date: string }): Promise<z.infer<typeof contract.curveRow>> {
    const { station, tariff, timeZone } = await this.bsa.stationOf(ctx, input.bsaId);
    const day = await this.levels.quarter(ctx, { bsaId: station.id, date: input.date });
    // Σ Wh x price in ten-thousandths per kWh (exact), rounded once to the cent, as the charging data does
    let chargeExact = 0;
    let dischargeExact = 0;
    const steps = day.steps.map((s) => {
      const [h, m] = s.time.split(':').map(Number) as [number, number];
      const band = tariff ? priceAt(tariff, h * 60 + m) : null;
      if (band) {
        const price = priceTenThousandths(band.price);
        chargeExact += s.chargeWh * price;
        dischargeExact += s.dischargeWh * price;
      }
      return {
        ts: s.ts,
        time: s.time,
        pcsPowerKw: s.pcsPowerKw,
        socPct: s.socPct,
        chargeWh: s.chargeWh,
        dischargeWh: s.dischargeWh,
        gridImportWh: s.gridImportWh,
        kind: band?.kind ?? null,
        price: band?.price ?? null,
      };
    });
    return {
      bsaId: station.id,
      date: input.date,
      timeZone,
      currency: tariff?.currency ?? null,
      stepMinutes: day.stepMinutes,
      steps,
      totals: day.totals,
      chargeCost: tariff ? toCents10k(chargeExact) : null,
      dischargeValue: tariff ? toCents10k(dischargeExact) : null,
    };
  }

  /** Energy per 15-minute step (up to 7 local days) or per local day (up to 92), with the period's totals. */
  async history(ctx: StaffCtx, input: BodyOf<typeof contract.bsaDataData>): Promise<z.infer<typeof contract.historyOutput>> {
    const resolution = input.timeResolution ?? 'day';
    if (resolution === 'day') {
      const d = await this.levels.days(ctx, { bsaId: input.bsaId, from: input.from, to: input.to });
      const starts = new Map((await dayStarts(ctx, d.timeZone, input.from, input.to)).map((x) => [x.date, x.ts]));
      const rows: HistoryRow[] = d.days.map((x) => ({ ts: starts.get(x.date)!, time: '', ...x, pcsPowerKw: null, socPct: null }));
      return { bsaId: d.bsaId, timeZone: d.timeZone, timeResolution: 'day', rows, totals: d.totals };
    }
    const rows: HistoryRow[] = [];
    const totals = { chargeWh: 0, dischargeWh: 0, gridImportWh: 0, gridExportWh: 0 };
    let timeZone = '';
    for (let t = Date.parse(`${input.from}T00:00:00Z`); t <= Date.parse(`${input.to}T00:00:00Z`); t += 86_400_000) {
      const date = new Date(t).toISOString().slice(0, 10);
      const q = await this.levels.quarter(ctx, { bsaId: input.bsaId, date });
      timeZone = q.timeZone;
      for (const s of q.steps) rows.push({ ...s, date });
      for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += q.totals[k];
    }
    return { bsaId: input.bsaId, timeZone, timeResolution: 'quarter', rows, totals };
  }

  /** Stations with their figures now (the overview's list). */
  async list(ctx: StaffCtx, input: BodyOf<typeof contract.bsaDataList>) {
    const stations = await this.bsa.list(ctx, { name: input.name, ouId: input.ouId, statusFilter: input.statusFilter });
    const out: z.infer<typeof contract.stationNowRow>[] = [];
    for (const s of stations) {
      const now = await this.levels.now(ctx, { bsaId: s.id });
      out.push({
        id: s.id,
        code: s.code,
        name: s.name,
        status: s.status,
        ouId: s.ouId,
        ouName: s.ouName,
        online: s.online,
        ratedPowerKw: s.ratedPowerKw,
        capacityKwh: s.capacityKwh,
        powerKw: now.powerKw,
        socPct: now.socPct,
        todayChargeWh: now.today.chargeWh,
        todayDischargeWh: now.today.dischargeWh,
      });
    }
    return out;
  }

  /** Which points a level shows (issue 21's per-station display config, docs/bsa.md "Levels, data and display"). */
  displayConfig(ctx: StaffCtx, input: { bsaId: number; level: 'rack' | 'pack' | 'cell' }) {
    return this.levels.getConfig(ctx, input);
  }

  allDisplayConfig(ctx: StaffCtx, input: { bsaId: number }) {
    return this.levels.allDisplay(ctx, input);
  }

  saveDisplayConfig(ctx: StaffCtx, input: BodyOf<typeof contract.neoBsaDataPropertyConfig>) {
    return this.levels.saveConfig(ctx, input);
  }
}

/** charging / discharging beyond 1 % of the rating, fault when a PCS reports fault (3), offline when none reports. */
function stateOf(powerKw: number | null, ratedPowerKw: number, pcs: { state: number | null; powerKw: number | null }[]): Realtime['state'] {
  if (pcs.some((p) => p.state === 3)) return 'fault';
  if (powerKw === null) return 'offline';
  if (powerKw > ratedPowerKw * STANDBY_SHARE) return 'discharging';
  if (powerKw < -ratedPowerKw * STANDBY_SHARE) return 'charging';
  return 'standby';
}

/**
 * Who feeds whom, kW: PV serves the load first, then charges the battery, the rest is exported; the
 * battery's discharge serves the load, the rest is exported; grid import serves the rest of the load, then
 * the battery's remaining charge.
 */
export function flowsOf(gridKw: number, pvKw: number, batteryKw: number, loadKw: number): Flow[] {
  let load = Math.max(loadKw, 0);
  let charge = Math.max(-batteryKw, 0);
  let pv = Math.max(pvKw, 0);
  let discharge = Math.max(batteryKw, 0);
  let imported = Math.max(gridKw, 0);
  const flows: Flow[] = [];
  const move = (from: Flow['from'], to: Flow['to'], kw: number) => {
    if (kw > 0.0005) flows.push({ from, to, kw: round(kw, 3) });
    return kw;
  };
  let k = move('pv', 'load', Math.min(pv, load));
  pv -= k;
  load -= k;
  k = move('pv', 'battery', Math.min(pv, charge));
  pv -= k;
  charge -= k;
  move('pv', 'grid', pv);
  k = move('battery', 'load', Math.min(discharge, load));
  discharge -= k;
  load -= k;
  move('battery', 'grid', discharge);
  k = move('grid', 'load', Math.min(imported, load));
  imported -= k;
  move('grid', 'battery', Math.min(imported, charge));
  return flows;
}
