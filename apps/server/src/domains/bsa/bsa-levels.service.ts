import { bsa as contract, ErrorCode, type BodyOf } from '@energy/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { rowsOf } from '../../db/sql.js';
import { canSeeOu, type StaffCtx } from '../../plugins/context.js';
import { AppError, conflict, invalid } from '../../plugins/errors.js';
import { ou } from '../ou/ou.schema.js';
import type { BsaBuildService } from './bsa-build.service.js';
import type { BsaConfigService } from './bsa-config.service.js';
import { stationDays, stationNow, stationQuarter } from './bsa-station-data.js';
import type { BsaTemplatesService } from './bsa-templates.service.js';
import { bsaPcsMeter, bsaPointDisplay, bsaStation, bsaStack, type BatteryLevel } from './bsa.schema.js';
import type { BsaService } from './bsa.service.js';

type DisplayConfig = z.infer<typeof contract.displayConfigRow>;
type Ref = { id: number; code: string; name: string; status: contract.StationStatus };

/**
 * The rest of issue 21 (docs/bsa.md, "Levels, data and display"): editing a configured station, the meter
 * side of the PCS bindings, master/slave stations, stations by unit, the station's energy from its devices'
 * rollups, applying one level at a time, and which data points a station shows per level.
 */
export class BsaLevelsService {
  constructor(
    private readonly bsa: BsaService,
    private readonly build: BsaBuildService,
    private readonly config: BsaConfigService,
    private readonly templates: BsaTemplatesService,
  ) {}

  private station(ctx: StaffCtx, id: number) {
    return this.bsa.detail(ctx, { id });
  }

  /** The station's row locked for this transaction (the staff may see it: detail said so). */
  private async lock(ctx: StaffCtx, id: number) {
    const [row] = await ctx.tx
      .select()
      .from(bsaStation)
      .where(and(eq(bsaStation.id, id), eq(bsaStation.tenantId, ctx.staff.tenantId)))
      .for('update');
    return row!;
  }

  // ---- editing a station ----

  async update(ctx: StaffCtx, input: BodyOf<typeof contract.bsaUpdate>) {
    const station = await this.station(ctx, input.id);
    const row = await this.lock(ctx, station.id);
    if (row.status === 'draft') throw conflict(`Storage station ${row.code} is a draft: its form is edited through bsa/draft and finish`);
    if (row.status === 'invalid')
      throw conflict(`Storage station ${row.code} is invalid: it is out of service for good and no longer edited`);
    const [unit] = await ctx.tx
      .select({ id: ou.id, name: ou.name, customerMcid: ou.customerMcid })
      .from(ou)
      .where(and(eq(ou.id, input.ouId), eq(ou.tenantId, ctx.staff.tenantId)));
    if (!unit || !canSeeOu(ctx.staff, unit.id)) throw invalid('body.ouId', 'is not one of your operating units');
    if (unit.id !== row.ouId) {
      // the station's devices stay in its OU: moving it needs them moved first
      const [away] = await rowsOf<{ code: string }>(
        ctx.tx,
        sql`select d.code from bsa_station_device l join device d on d.id = l.device_id
            where l.station_id = ${row.id} and d.ou_id <> ${unit.id} order by d.code limit 1`,
      );
      if (away) throw invalid('body.ouId', `${away.code} of the station is not in ${unit.name}: move the station's devices first`);
      if (row.masterStationId !== null) throw invalid('body.ouId', 'the station has a master station: free it before moving it');
      const [slave] = await rowsOf<{ code: string }>(
        ctx.tx,
        sql`select code from bsa_station where master_station_id = ${row.id} order by code limit 1`,
      );
      if (slave) throw invalid('body.ouId', `the station is the master of ${slave.code}: free its slaves before moving it`);
    }
    await ctx.tx
      .update(bsaStation)
      .set({
        name: input.name,
        ouId: unit.id,
        customerMcid: unit.customerMcid,
        ratedPowerKw: input.ratedPowerKw,
        capacityKwh: input.capacityKwh,
        strategyVersion: input.strategyVersion,
      })
      .where(eq(bsaStation.id, row.id));
    const s = await this.lock(ctx, row.id);
    return {
      id: s.id,
      code: s.code,
      name: s.name,
      status: s.status,
      ouId: s.ouId,
      mcid: s.customerMcid,
      ratedPowerKw: s.ratedPowerKw,
      capacityKwh: s.capacityKwh,
      strategyVersion: s.strategyVersion,
    };
  }

  // ---- meters ----

  async meterDevices(ctx: StaffCtx, input: { bsaId: number }) {
    const station = await this.station(ctx, input.bsaId);
    const rows = await rowsOf<{
      id: number;
      code: string;
      name: string;
      type_key: string;
      online: boolean;
      role: string | null;
      pcs: number[] | null;
      others: { id: number; code: string; role: string }[] | null;
    }>(
      ctx.tx,
      sql`select d.id, d.code, d.name, t.key as type_key, d.online,
                 (select l.role from bsa_station_device l where l.station_id = ${station.id} and l.device_id = d.id
                    and l.role in ('meter-grid', 'meter-upper')) as role,
                 (select array_agg(m.pcs_device_id order by m.pcs_device_id) from bsa_pcs_meter m
                    where m.station_id = ${station.id} and m.meter_device_id = d.id) as pcs,
                 (select json_agg(json_build_object('id', s.id, 'code', s.code, 'role', l.role) order by s.code)
                    from bsa_station_device l join bsa_station s on s.id = l.station_id
                    where l.device_id = d.id and l.station_id <> ${station.id} and s.tenant_id = ${ctx.staff.tenantId}
                      and l.role in ('meter-grid', 'meter-upper')) as others
          from device d join device_type t on t.id = d.device_type_id join device_category c on c.id = t.category_id
          where d.tenant_id = ${ctx.staff.tenantId} and d.ou_id = ${station.ouId} and c.key = 'meter'
          order by (select 1 from bsa_station_device l where l.station_id = ${station.id} and l.device_id = d.id) nulls last, d.code`,
    );
    const role = (r: string) => (r === 'meter-grid' ? ('grid' as const) : ('upper' as const));
    return rows.map((r) => ({
      deviceId: r.id,
      code: r.code,
      name: r.name,
      deviceTypeKey: r.type_key,
      online: r.online,
      role: r.role === null ? null : role(r.role),
      pcsDeviceIds: (r.pcs ?? []).map(Number),
      otherStations: (r.others ?? []).map((o) => ({ id: o.id, code: o.code, role: role(o.role) })),
    }));
  }

  async meterBindingPcs(ctx: StaffCtx, input: { bsaId: number; meterDeviceId: number; pcsDeviceIds: number[] }) {
    const station = await this.station(ctx, input.bsaId);
    if (!station.meters.some((m) => m.deviceId === input.meterDeviceId))
      throw invalid('body.meterDeviceId', `is not a meter of ${station.code}`);
    const seen = new Set<number>();
    for (const [i, pcs] of input.pcsDeviceIds.entries()) {
      if (seen.has(pcs)) throw invalid(`body.pcsDeviceIds.${i}`, 'is listed twice');
      if (!station.pcs.some((p) => p.deviceId === pcs)) throw invalid(`body.pcsDeviceIds.${i}`, `is not a PCS of ${station.code}`);
      seen.add(pcs);
    }
    await ctx.tx
      .delete(bsaPcsMeter)
      .where(
        and(
          eq(bsaPcsMeter.stationId, station.id),
          eq(bsaPcsMeter.tenantId, ctx.staff.tenantId),
          sql`(${bsaPcsMeter.meterDeviceId} = ${input.meterDeviceId} or ${bsaPcsMeter.pcsDeviceId} = any(${sql.param([...seen])}::int[]))`,
        ),
      );
    if (seen.size) {
      await ctx.tx.insert(bsaPcsMeter).values(
        [...seen].map((pcsDeviceId) => ({
          tenantId: ctx.staff.tenantId,
          stationId: station.id,
          pcsDeviceId,
          meterDeviceId: input.meterDeviceId,
        })),
      );
    }
    return this.build.pcsBindings(ctx, { bsaId: station.id });
  }

  // ---- master and slave stations ----

  private async refs(ctx: StaffCtx, where: ReturnType<typeof sql>): Promise<Ref[]> {
    return rowsOf<Ref>(
      ctx.tx,
      sql`select id, code, name, status from bsa_station where tenant_id = ${ctx.staff.tenantId} and ${where} order by code, id`,
    );
  }

  async masterSlaveGet(ctx: StaffCtx, input: { bsaId: number }) {
    const station = await this.station(ctx, input.bsaId);
    const row = await this.lock(ctx, station.id);
    const master = row.masterStationId === null ? null : ((await this.refs(ctx, sql`id = ${row.masterStationId}`))[0] ?? null);
    const slaves = await this.refs(ctx, sql`master_station_id = ${row.id}`);
    // a station may take as master one of its OU's that is neither invalid, nor itself, nor a slave;
    // none while it has slaves (one level only)
    const candidates = slaves.length
      ? []
      : await this.refs(ctx, sql`ou_id = ${row.ouId} and id <> ${row.id} and status <> 'invalid' and master_station_id is null`);
    return { id: row.id, code: row.code, master, slaves, candidates };
  }

  async masterSlave(ctx: StaffCtx, input: { bsaId: number; masterId?: number | null }) {
    const station = await this.station(ctx, input.bsaId);
    const row = await this.lock(ctx, station.id);
    if (input.masterId === undefined) return this.masterSlaveGet(ctx, input);
    if (input.masterId !== null) {
      if (input.masterId === row.id) throw invalid('body.masterId', 'a station cannot be its own master');
      if (row.status === 'invalid') throw conflict(`Storage station ${row.code} is invalid: it joins no master`);
      const master = await this.station(ctx, input.masterId).catch((e: unknown) => {
        if (e instanceof AppError && e.code === ErrorCode.NOT_FOUND) throw invalid('body.masterId', 'is not one of your storage stations');
        throw e;
      });
      const m = await this.lock(ctx, master.id);
      if (m.ouId !== row.ouId) throw invalid('body.masterId', `${m.code} is in ${master.ouName}, not in the station's operating unit`);
      if (m.status === 'invalid') throw invalid('body.masterId', `${m.code} is invalid: it coordinates nothing`);
      if (m.masterStationId !== null)
        throw invalid('body.masterId', `${m.code} is itself the slave of another station: a master has no master`);
      const [slave] = await this.refs(ctx, sql`master_station_id = ${row.id}`);
      if (slave) throw invalid('body.masterId', `${row.code} is the master of ${slave.code}: a master cannot become a slave`);
    }
    await ctx.tx.update(bsaStation).set({ masterStationId: input.masterId }).where(eq(bsaStation.id, row.id));
    return this.masterSlaveGet(ctx, input);
  }

  // ---- stations by unit ----

  async listByUet(ctx: StaffCtx, input: { pcsDeviceIds: number[] }) {
    const stations = await this.bsa.list(ctx, {});
    const out = [];
    for (const pcsDeviceId of new Set(input.pcsDeviceIds)) {
      const s = stations.find((st) => st.pcs.some((p) => p.deviceId === pcsDeviceId));
      if (!s) continue;
      out.push({
        pcsDeviceId,
        pcsCode: s.pcs.find((p) => p.deviceId === pcsDeviceId)!.code,
        station: { id: s.id, code: s.code, name: s.name, status: s.status, ouId: s.ouId },
      });
    }
    return out;
  }

  // ---- the station's data (bsa-station-data.ts) ----

  async quarter(ctx: StaffCtx, input: { bsaId: number; date: string }) {
    return stationQuarter(ctx, await this.station(ctx, input.bsaId), input.date);
  }

  async days(ctx: StaffCtx, input: { bsaId: number; from: string; to: string }) {
    return stationDays(ctx, await this.station(ctx, input.bsaId), input.from, input.to);
  }

  async now(ctx: StaffCtx, input: { bsaId: number }) {
    return stationNow(ctx, await this.station(ctx, input.bsaId));
  }

  // ---- applying one level ----

  private async levelPlan(
    ctx: StaffCtx,
    input: { bsaId: number; stackId: number },
    field: string,
    templateId: number,
    level: BatteryLevel,
  ) {
    const station = await this.station(ctx, input.bsaId);
    const [stack] = await ctx.tx
      .select({ id: bsaStack.id })
      .from(bsaStack)
      .where(and(eq(bsaStack.id, input.stackId), eq(bsaStack.stationId, station.id), eq(bsaStack.tenantId, ctx.staff.tenantId)));
    if (!stack) throw invalid('body.stackId', `is not a stack of ${station.code}`);
    if (station.status === 'invalid') throw conflict(`Storage station ${station.code} is invalid: nothing is built in it any more`);
    const template = (await this.templates.deviceTemplates(ctx, {})).find((t) => t.id === templateId);
    if (!template) throw invalid(field, 'is not a device template of this tenant');
    if (template.level !== level) throw invalid(field, `${template.name} is a ${template.level} template, not a ${level} one`);
    return { station, stackId: stack.id, template };
  }

  private static made(result: unknown): number {
    const r = result as { rowCount?: number | null; affectedRows?: number };
    return Number(r.rowCount ?? r.affectedRows ?? 0);
  }

  private async total(ctx: StaffCtx, level: BatteryLevel, stackId: number) {
    const q = {
      rack: sql`select count(*)::int as n from bsa_rack where stack_id = ${stackId}`,
      pack: sql`select count(*)::int as n from bsa_pack p join bsa_rack r on r.id = p.rack_id where r.stack_id = ${stackId}`,
      cell: sql`select count(*)::int as n from bsa_cell c join bsa_pack p on p.id = c.pack_id join bsa_rack r on r.id = p.rack_id
                where r.stack_id = ${stackId}`,
    }[level];
    return Number((await rowsOf<{ n: number }>(ctx.tx, q))[0]!.n);
  }

  async createRacks(ctx: StaffCtx, input: BodyOf<typeof contract.neoBsaCreateRack>) {
    const plan = await this.levelPlan(ctx, input, 'body.rackTemplateId', input.rackTemplateId, 'rack');
    const made = BsaLevelsService.made(
      await ctx.tx.execute(sql`insert into bsa_rack (tenant_id, station_id, stack_id, seq, code, template_id)
        select ${ctx.staff.tenantId}, ${plan.station.id}, ${plan.stackId}, n, ${plan.station.code} || '-R' || lpad(n::text, 2, '0'), ${plan.template.id}
        from generate_series(1, ${input.racks}::int) n
        on conflict (stack_id, seq) do nothing`),
    );
    return { level: 'rack' as const, created: made, total: await this.total(ctx, 'rack', plan.stackId) };
  }

  /** Each rack gets the packs its own rack template holds (a rack without a template gets none). */
  async createPacks(ctx: StaffCtx, input: BodyOf<typeof contract.neoBsaCreatePack>) {
    const plan = await this.levelPlan(ctx, input, 'body.packTemplateId', input.packTemplateId, 'pack');
    if ((await this.total(ctx, 'rack', plan.stackId)) === 0)
      throw invalid('body.stackId', 'the stack has no racks yet: create its racks first');
    const made = BsaLevelsService.made(
      await ctx.tx.execute(sql`insert into bsa_pack (tenant_id, station_id, rack_id, seq, code, template_id)
        select ${ctx.staff.tenantId}, ${plan.station.id}, r.id, n, r.code || '-P' || lpad(n::text, 2, '0'), ${plan.template.id}
        from bsa_rack r join bsa_device_template t on t.id = r.template_id cross join lateral generate_series(1, t.child_count) n
        where r.stack_id = ${plan.stackId}
        on conflict (rack_id, seq) do nothing`),
    );
    return { level: 'pack' as const, created: made, total: await this.total(ctx, 'pack', plan.stackId) };
  }

  /** Each pack gets the cells its own pack template holds. */
  async createCells(ctx: StaffCtx, input: BodyOf<typeof contract.neoBsaCreateCell>) {
    const plan = await this.levelPlan(ctx, input, 'body.cellTemplateId', input.cellTemplateId, 'cell');
    if ((await this.total(ctx, 'pack', plan.stackId)) === 0)
      throw invalid('body.stackId', 'the stack has no packs yet: create its packs first');
    const made = BsaLevelsService.made(
      await ctx.tx.execute(sql`insert into bsa_cell (tenant_id, station_id, pack_id, seq, code, template_id)
        select ${ctx.staff.tenantId}, ${plan.station.id}, p.id, n, p.code || '-C' || lpad(n::text, 2, '0'), ${plan.template.id}
        from bsa_pack p join bsa_rack r on r.id = p.rack_id join bsa_device_template t on t.id = p.template_id
        cross join lateral generate_series(1, t.child_count) n
        where r.stack_id = ${plan.stackId}
        on conflict (pack_id, seq) do nothing`),
    );
    return { level: 'cell' as const, created: made, total: await this.total(ctx, 'cell', plan.stackId) };
  }

  // ---- data points ----

  async versionPoints(ctx: StaffCtx, input: { versionId: number }) {
    return this.templates.versionRow(ctx, input.versionId);
  }

  levelPoints(ctx: StaffCtx, bsaId: number, level: BatteryLevel) {
    return this.config.levelPoints(ctx, { bsaId, level });
  }

  private async display(ctx: StaffCtx, bsaId: number, level: BatteryLevel, useSaved: boolean): Promise<DisplayConfig> {
    const points = await this.levelPoints(ctx, bsaId, level);
    const [saved] = useSaved
      ? await ctx.tx
          .select()
          .from(bsaPointDisplay)
          .where(
            and(eq(bsaPointDisplay.stationId, bsaId), eq(bsaPointDisplay.level, level), eq(bsaPointDisplay.tenantId, ctx.staff.tenantId)),
          )
      : [];
    // a saved key whose point the templates no longer list is not shown
    const keys = saved ? saved.keys.filter((k) => points.some((p) => p.key === k)) : points.map((p) => p.key);
    return {
      level,
      keys,
      saved: Boolean(saved),
      points: points.map((p) => ({ ...p, shown: keys.includes(p.key) })),
      updatedAt: saved?.updatedAt.toISOString() ?? null,
      updatedByName: saved?.updatedByName ?? null,
    };
  }

  getConfig(ctx: StaffCtx, input: { bsaId: number; level: BatteryLevel }) {
    return this.display(ctx, input.bsaId, input.level, true);
  }

  confTemplate(ctx: StaffCtx, input: { bsaId: number; level: BatteryLevel }) {
    return this.display(ctx, input.bsaId, input.level, false);
  }

  async allDisplay(ctx: StaffCtx, input: { bsaId: number }) {
    const out = [];
    for (const level of contract.BATTERY_LEVELS) out.push(await this.display(ctx, input.bsaId, level, true));
    return out;
  }

  async saveConfig(ctx: StaffCtx, input: BodyOf<typeof contract.neoBsaPointConfig>) {
    const station = await this.station(ctx, input.bsaId);
    const where = and(
      eq(bsaPointDisplay.stationId, station.id),
      eq(bsaPointDisplay.level, input.level),
      eq(bsaPointDisplay.tenantId, ctx.staff.tenantId),
    );
    if (input.keys === null) {
      await ctx.tx.delete(bsaPointDisplay).where(where);
      return this.display(ctx, station.id, input.level, true);
    }
    const points = await this.levelPoints(ctx, station.id, input.level);
    if (!points.length)
      throw invalid('body.level', `the ${input.level}s of ${station.code} report no data point yet: apply templates first`);
    const seen = new Set<string>();
    for (const [i, key] of input.keys.entries()) {
      if (seen.has(key)) throw invalid(`body.keys.${i}`, `${key} is listed twice`);
      if (!points.some((p) => p.key === key))
        throw invalid(
          `body.keys.${i}`,
          `${key} is not a point of the ${input.level}s of ${station.code} (${points.map((p) => p.key).join(', ')})`,
        );
      seen.add(key);
    }
    const values = { keys: input.keys, updatedByName: ctx.user.name, updatedAt: new Date() };
    await ctx.tx
      .insert(bsaPointDisplay)
      .values({ tenantId: ctx.staff.tenantId, stationId: station.id, level: input.level, ...values })
      .onConflictDoUpdate({ target: [bsaPointDisplay.stationId, bsaPointDisplay.level], set: values });
    return this.display(ctx, station.id, input.level, true);
  }
}
