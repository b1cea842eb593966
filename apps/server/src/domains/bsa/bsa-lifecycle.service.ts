import { bsa as contract, ErrorCode, type BodyOf } from '@energy/contracts';
import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { contains, equals, staffScope, where } from '../../db/list.js';
import { rowsOf } from '../../db/sql.js';
import { canSeeOu, type StaffCtx } from '../../plugins/context.js';
import { AppError, conflict, invalid, notFound } from '../../plugins/errors.js';
import type { DevicesService } from '../devices/devices.service.js';
import { ou } from '../ou/ou.schema.js';
import { bsaStack, bsaStation, bsaStationDevice, bsaStationDraft, type StationDeviceRole } from './bsa.schema.js';
import type { BsaService } from './bsa.service.js';

type Status = contract.StationStatus;
type Form = z.infer<typeof contract.stationForm>;
type Draft = z.infer<typeof contract.stationDraft>;
type Step = (typeof contract.DRAFT_STEPS)[number];
type Simple = z.infer<typeof contract.stationSimple>;
type SimpleFilter = { name?: string; ouId?: number; mcid?: string; statusFilter?: Status };

/** A device link the finished form writes. */
interface Link {
  deviceId: number;
  role: StationDeviceRole;
  transformerCapacityKva: number | null;
  sort: number;
}

/**
 * A station's lifecycle (docs/bsa.md, "Building stations"): the resumable build form (draft), finish and
 * insert with every step checked, and status changes along the lifecycle's transitions.
 */
export class BsaLifecycleService {
  constructor(
    private readonly bsa: BsaService,
    private readonly devices: DevicesService,
  ) {}

  private scope(ctx: StaffCtx): SQL[] {
    return staffScope(ctx, { tenant: bsaStation.tenantId, ou: bsaStation.ouId });
  }

  /** The station's row as the staff may see it, locked for this transaction; 404 otherwise. */
  private async locked(ctx: StaffCtx, id: number) {
    const [row] = await ctx.tx
      .select()
      .from(bsaStation)
      .where(and(eq(bsaStation.id, id), ...this.scope(ctx)))
      .for('update');
    if (!row) throw notFound(`Storage station ${id}`);
    return row;
  }

  /** The OU a station is built in: one of the staff's, its customer the station's. */
  private async ouOf(ctx: StaffCtx, ouId: number, field: string) {
    const [unit] = await ctx.tx
      .select({ id: ou.id, customerMcid: ou.customerMcid })
      .from(ou)
      .where(and(eq(ou.id, ouId), eq(ou.tenantId, ctx.staff.tenantId)));
    if (!unit || !canSeeOu(ctx.staff, unit.id)) throw invalid(field, 'is not one of your operating units');
    return unit;
  }

  private async codeFree(ctx: StaffCtx, code: string, field: string, selfId?: number) {
    const [taken] = await ctx.tx
      .select({ id: bsaStation.id })
      .from(bsaStation)
      .where(and(eq(bsaStation.tenantId, ctx.staff.tenantId), eq(bsaStation.code, code), ...(selfId ? [ne(bsaStation.id, selfId)] : [])));
    if (taken) throw conflict(`${field}: ${code} is already the code of another storage station`);
  }

  /** Saves the build form: the first save makes the station (status draft), later ones replace the form. */
  async draft(ctx: StaffCtx, input: BodyOf<typeof contract.bsaDraft>): Promise<Draft> {
    const { id, step, ...form } = input;
    const unit = await this.ouOf(ctx, form.basic.ouId, 'body.basic.ouId');
    await this.codeFree(ctx, form.basic.code, 'body.basic.code', id);
    const basic = {
      code: form.basic.code,
      name: form.basic.name,
      ouId: unit.id,
      customerMcid: unit.customerMcid,
      ratedPowerKw: form.basic.ratedPowerKw,
      capacityKwh: form.basic.capacityKwh,
      strategyVersion: form.basic.strategyVersion,
    };
    let stationId: number;
    if (id) {
      const station = await this.locked(ctx, id);
      if (station.status !== 'draft')
        throw conflict(`Storage station ${station.code} is ${station.status}: only a draft's form can be saved`);
      await ctx.tx.update(bsaStation).set(basic).where(eq(bsaStation.id, station.id));
      stationId = station.id;
    } else {
      const [row] = await ctx.tx
        .insert(bsaStation)
        .values({ tenantId: ctx.staff.tenantId, ...basic, status: 'draft' })
        .returning({ id: bsaStation.id });
      stationId = row!.id;
    }
    await ctx.tx
      .insert(bsaStationDraft)
      .values({ stationId, tenantId: ctx.staff.tenantId, step, form })
      .onConflictDoUpdate({ target: bsaStationDraft.stationId, set: { step, form, updatedAt: new Date() } });
    return this.getDraft(ctx, { id: stationId });
  }

  async getDraft(ctx: StaffCtx, input: { id: number }): Promise<Draft> {
    const [row] = await ctx.tx
      .select({
        id: bsaStation.id,
        status: bsaStation.status,
        step: bsaStationDraft.step,
        form: bsaStationDraft.form,
        updatedAt: bsaStationDraft.updatedAt,
      })
      .from(bsaStation)
      .innerJoin(bsaStationDraft, eq(bsaStationDraft.stationId, bsaStation.id))
      .where(and(eq(bsaStation.id, input.id), ...this.scope(ctx)));
    if (!row) throw notFound(`The draft of storage station ${input.id}`);
    return { id: row.id, status: row.status, step: row.step as Step, form: row.form as Form, updatedAt: row.updatedAt.toISOString() };
  }

  /** Checks the draft's every step, writes its devices, stack and cost info, and makes it configured. */
  async finish(ctx: StaffCtx, input: { id: number }) {
    const station = await this.locked(ctx, input.id);
    if (station.status !== 'draft') throw conflict(`Storage station ${station.code} is ${station.status}: only a draft can be finished`);
    const { form } = await this.getDraft(ctx, { id: station.id });
    return this.complete(ctx, station.id, form, 'form');
  }

  /** A configured station from the whole form in one call (the checks of finish). */
  async insert(ctx: StaffCtx, input: Form) {
    const draft = await this.draft(ctx, { ...input, step: 'costInfo' });
    return this.complete(ctx, draft.id, input, 'body');
  }

  private async complete(ctx: StaffCtx, stationId: number, form: Form, at: string) {
    const links = await this.checkForm(ctx, stationId, form, at);
    await ctx.tx.delete(bsaStationDevice).where(eq(bsaStationDevice.stationId, stationId));
    await ctx.tx.insert(bsaStationDevice).values(links.map((l) => ({ ...l, stationId, tenantId: ctx.staff.tenantId })));
    const stack = form.stack!;
    await ctx.tx
      .insert(bsaStack)
      .values({ tenantId: ctx.staff.tenantId, stationId, code: stack.code, name: stack.name, pcsDeviceId: stack.pcsDeviceId ?? null })
      .onConflictDoUpdate({
        target: [bsaStack.stationId, bsaStack.code],
        set: { name: stack.name, pcsDeviceId: stack.pcsDeviceId ?? null },
      });
    const cost = form.costInfo!;
    await this.bsa.upsertCostInfo(ctx, {
      bsaId: stationId,
      currency: cost.currency,
      bands: cost.bands,
      demandPricePerKwMonth: cost.demandPricePerKwMonth ?? null,
      effectiveFrom: cost.effectiveFrom!,
    });
    await ctx.tx.update(bsaStation).set({ status: 'configured' }).where(eq(bsaStation.id, stationId));
    return { id: stationId, status: 'configured' as const };
  }

  /**
   * Every step of a complete form, in the form's order; the first problem is answered with its field
   * (`form.pcs.0.deviceId: ...`), and nothing is written.
   */
  private async checkForm(ctx: StaffCtx, stationId: number, form: Form, at: string): Promise<Link[]> {
    const { basic } = form;
    const device = async (deviceId: number, field: string) => {
      try {
        const row = await this.devices.visible(ctx, deviceId, 'own');
        if (row.ouId !== basic.ouId) throw invalid(field, `${row.code} is in ${row.ouName}, not in the station's operating unit`);
        return row;
      } catch (e) {
        if (e instanceof AppError && e.code === ErrorCode.NOT_FOUND) throw invalid(field, 'is not one of your devices');
        throw e;
      }
    };
    const owner = async (deviceId: number, field: string, code: string) => {
      const [other] = await ctx.tx
        .select({ code: bsaStation.code })
        .from(bsaStationDevice)
        .innerJoin(bsaStation, eq(bsaStation.id, bsaStationDevice.stationId))
        .where(
          and(
            eq(bsaStationDevice.deviceId, deviceId),
            sql`${bsaStationDevice.role} in ('pcs', 'fcs')`,
            ne(bsaStationDevice.stationId, stationId),
            eq(bsaStation.tenantId, ctx.staff.tenantId),
          ),
        );
      if (other) throw invalid(field, `${code} already belongs to storage station ${other.code}`);
    };
    const links: Link[] = [];
    const seen = new Set<number>();
    const pcs = form.pcs ?? [];
    if (pcs.length === 0) throw invalid(`${at}.pcs`, 'a station needs at least one PCS');
    for (const [i, p] of pcs.entries()) {
      const field = `${at}.pcs.${i}.deviceId`;
      if (seen.has(p.deviceId)) throw invalid(field, 'is listed twice');
      const row = await device(p.deviceId, field);
      if (row.deviceTypeKey !== 'bsa-pcs') throw invalid(field, `${row.code} is a ${row.deviceTypeName}, not a storage PCS`);
      await owner(p.deviceId, field, row.code);
      seen.add(p.deviceId);
      links.push({ deviceId: p.deviceId, role: 'pcs', transformerCapacityKva: null, sort: i });
    }
    if (!form.stack) throw invalid(`${at}.stack`, 'a station needs its battery stack');
    if (form.stack.pcsDeviceId != null && !pcs.some((p) => p.deviceId === form.stack!.pcsDeviceId)) {
      throw invalid(`${at}.stack.pcsDeviceId`, "is not one of the station's PCS");
    }
    const meters = form.meters ?? [];
    if (!meters.some((m) => m.role === 'grid')) throw invalid(`${at}.meters`, 'a station needs its grid meter');
    for (const [i, m] of meters.entries()) {
      const field = `${at}.meters.${i}`;
      if (seen.has(m.deviceId)) throw invalid(`${field}.deviceId`, 'is listed twice');
      const row = await device(m.deviceId, `${field}.deviceId`);
      if (row.categoryKey !== 'meter') throw invalid(`${field}.deviceId`, `${row.code} is a ${row.deviceTypeName}, not a meter`);
      if (m.role === 'upper' && m.transformerCapacityKva == null) {
        throw invalid(`${field}.transformerCapacityKva`, "an upper meter needs its transformer's capacity");
      }
      seen.add(m.deviceId);
      links.push({
        deviceId: m.deviceId,
        role: m.role === 'grid' ? 'meter-grid' : 'meter-upper',
        transformerCapacityKva: m.role === 'upper' ? m.transformerCapacityKva! : null,
        sort: i,
      });
    }
    if (!form.fcs) throw invalid(`${at}.fcs`, 'a station needs its FCS edge controller');
    const fcs = await device(form.fcs.deviceId, `${at}.fcs.deviceId`);
    if (fcs.deviceTypeKey !== 'bsa-fcs') throw invalid(`${at}.fcs.deviceId`, `${fcs.code} is a ${fcs.deviceTypeName}, not an FCS`);
    await owner(fcs.id, `${at}.fcs.deviceId`, fcs.code);
    links.push({ deviceId: fcs.id, role: 'fcs', transformerCapacityKva: null, sort: 0 });
    const cost = form.costInfo;
    if (!cost) throw invalid(`${at}.costInfo`, 'a station needs its cost info');
    const date = contract.calendarDate.safeParse(cost.effectiveFrom);
    if (!date.success) throw invalid(`${at}.costInfo.effectiveFrom`, date.error.issues[0]!.message);
    const [band] = contract.bandProblems(cost.bands);
    if (band) throw invalid([`${at}.costInfo`, ...band.path].join('.'), band.message);
    return links;
  }

  /** Why a station may not take a status now: the lifecycle's rule, then the station's own conditions. */
  private async refusal(ctx: StaffCtx, station: { id: number; status: Status }, to: Status): Promise<string | null> {
    const rule = contract.transitionRefusal(station.status, to);
    if (rule) return rule;
    if (to === 'enabled') {
      const roles = await rowsOf<{ role: string }>(
        ctx.tx,
        sql`select distinct l.role from bsa_station_device l join device d on d.id = l.device_id
            where l.station_id = ${station.id} and d.tenant_id = ${ctx.staff.tenantId}`,
      );
      if (!roles.some((r) => r.role === 'pcs')) return 'enabling needs at least one PCS: the station has none';
      if (!roles.some((r) => r.role === 'fcs')) return 'enabling needs an FCS to run its strategy: the station has none';
    }
    return null;
  }

  async fsm(ctx: StaffCtx, input: { id?: number } = {}) {
    const transitions = contract.STATION_STATUSES.flatMap((from) => contract.STATION_TRANSITIONS[from].map((to) => ({ from, to })));
    let station = null;
    if (input.id) {
      const s = await this.bsa.detail(ctx, { id: input.id });
      const next = [];
      for (const status of contract.STATION_STATUSES) {
        if (status === s.status) continue;
        const reason = await this.refusal(ctx, s, status);
        next.push({ status, allowed: reason === null, reason });
      }
      station = { id: s.id, status: s.status, next };
    }
    return { statuses: [...contract.STATION_STATUSES], transitions, station };
  }

  /** Moves a station along the lifecycle; a refused change answers why (40009) and changes nothing. */
  async updateStatus(ctx: StaffCtx, input: { id: number; status: Status }) {
    const station = await this.locked(ctx, input.id);
    const reason = await this.refusal(ctx, station, input.status);
    if (reason) throw conflict(`Storage station ${station.code} cannot go from ${station.status} to ${input.status}: ${reason}`);
    await ctx.tx.update(bsaStation).set({ status: input.status }).where(eq(bsaStation.id, station.id));
    return { id: station.id, status: input.status, previous: station.status };
  }

  private async simple(ctx: StaffCtx, input: SimpleFilter = {}) {
    const filter = where(input, {
      name: contains(bsaStation.name),
      ouId: equals(bsaStation.ouId),
      mcid: equals(bsaStation.customerMcid),
      statusFilter: equals(bsaStation.status),
    });
    return ctx.tx
      .select({
        id: bsaStation.id,
        code: bsaStation.code,
        name: bsaStation.name,
        status: bsaStation.status,
        ouId: bsaStation.ouId,
        ouName: ou.name,
      })
      .from(bsaStation)
      .innerJoin(ou, eq(ou.id, bsaStation.ouId))
      .where(and(...this.scope(ctx), ...filter))
      .orderBy(asc(bsaStation.code), asc(bsaStation.id));
  }

  async listSimple(ctx: StaffCtx, input?: SimpleFilter): Promise<Simple[]> {
    return (await this.simple(ctx, input)).map(({ ouName: _ou, ...s }) => s);
  }

  async listWithOu(ctx: StaffCtx, input?: SimpleFilter) {
    const groups = new Map<number, { ouId: number; ouName: string; stations: Simple[] }>();
    for (const { ouName, ...s } of await this.simple(ctx, input)) {
      const group = groups.get(s.ouId) ?? { ouId: s.ouId, ouName, stations: [] };
      group.stations.push(s);
      groups.set(s.ouId, group);
    }
    return [...groups.values()].sort((a, b) => a.ouName.localeCompare(b.ouName) || a.ouId - b.ouId);
  }
}
