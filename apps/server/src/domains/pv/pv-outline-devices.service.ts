import { pv as contract, type BodyOf } from '@energy/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/sql.js';
import type { StaffCtx } from '../../plugins/context.js';
import { invalid, notFound } from '../../plugins/errors.js';
import type { AlarmRecordsService } from '../alarm/alarm-records.service.js';
import type { TelemetryService } from '../telemetry/telemetry.service.js';
import { deviceStates, latestValues, stateOf, stationDeviceIds, stationEquipment, type Equipment } from './pv-outline-data.js';
import { pvAttention } from './pv-outline.schema.js';
import type { PvStationsService } from './pv-stations.service.js';

// The PV outline's devices (docs/pv-analytics.md, "Outline"): the device tree with states, a device's
// latest values, the staff's attention list, the strings by area with their latest readings, and the
// alarms of the station's devices (through the alarm domain's service).

type Node = contract.OutlineNode;
type State = contract.OutlineState;
type Station = Awaited<ReturnType<PvStationsService['visible']>>;

const deviceIdsOf = (equipment: readonly Equipment[]) => [...new Set(equipment.flatMap((e) => (e.deviceId == null ? [] : [e.deviceId])))];

/** How many leaves of `nodes` (and below) are in each state. */
function countStates(nodes: readonly Node[]): Partial<Record<State, number>> {
  const out: Partial<Record<State, number>> = {};
  const walk = (n: Node) => {
    if (n.state) out[n.state] = (out[n.state] ?? 0) + 1;
    n.children.forEach(walk);
  };
  nodes.forEach(walk);
  return out;
}

export class PvOutlineDevicesService {
  constructor(
    private readonly stations: PvStationsService,
    private readonly telemetry: TelemetryService,
    private readonly alarms: AlarmRecordsService,
  ) {}

  /** The station, its equipment and each device's state. */
  private async withStates(ctx: StaffCtx, pvId: number) {
    const station = await this.stations.visible(ctx, pvId);
    const equipment = await stationEquipment(ctx.tx, station);
    const active = await this.alarms.activeByDevice(ctx, deviceIdsOf(equipment));
    const states = await deviceStates(ctx.tx, equipment, new Set(active.map((a) => a.deviceId)));
    return { station, equipment, states };
  }

  /** Station › areas (then inverters without an area) › inverters › strings, then the meters and the weather station. */
  async tree(ctx: StaffCtx, input: { pvId: number }): Promise<Node> {
    const { station, equipment, states } = await this.withStates(ctx, input.pvId);
    const leaf = (e: Equipment, children: Node[] = []): Node => ({
      key: `${e.kind}:${e.refId}`,
      kind: e.kind,
      id: e.refId,
      code: e.code,
      name: e.name,
      deviceId: e.deviceId,
      state: stateOf(states, e.deviceId),
      states: null,
      children,
    });
    const stringsOf = new Map<number, Node[]>();
    for (const s of equipment.filter((e) => e.kind === 'string')) {
      const list = stringsOf.get(s.inverterId!) ?? [];
      list.push(leaf(s));
      stringsOf.set(s.inverterId!, list);
    }
    const inverters = equipment
      .filter((e) => e.kind === 'inverter')
      .map((i) => ({ areaId: i.areaId, node: leaf(i, stringsOf.get(i.refId) ?? []) }));
    const areas = await rowsOf<{ id: number; name: string }>(
      ctx.tx,
      sql`select id, name from pv_area where station_id = ${station.id} order by sort, name`,
    );
    const group = (kind: 'area', id: number, name: string, children: Node[]): Node => ({
      key: `${kind}:${id}`,
      kind,
      id,
      code: name,
      name,
      deviceId: null,
      state: null,
      states: countStates(children),
      children,
    });
    const children: Node[] = areas.map((a) =>
      group(
        'area',
        Number(a.id),
        a.name,
        inverters.filter((i) => i.areaId === Number(a.id)).map((i) => i.node),
      ),
    );
    children.push(...inverters.filter((i) => i.areaId === null).map((i) => i.node));
    children.push(...equipment.filter((e) => e.kind === 'meter' || e.kind === 'weather').map((e) => leaf(e)));
    return {
      key: `station:${station.id}`,
      kind: 'station',
      id: station.id,
      code: station.code,
      name: station.name,
      deviceId: null,
      state: null,
      states: countStates(children),
      children,
    };
  }

  /** A device of the station (or 404), with its latest values (the telemetry service's `recent`). */
  async recent(ctx: StaffCtx, input: { pvId: number; deviceId: number }) {
    const station = await this.stations.visible(ctx, input.pvId);
    if (!(await stationDeviceIds(ctx.tx, station)).includes(input.deviceId))
      throw notFound(`Device ${input.deviceId} of PV station ${station.code}`);
    const r = await this.telemetry.recent(ctx, { deviceId: input.deviceId });
    const [d] = await rowsOf<{ code: string; name: string }>(ctx.tx, sql`select code, name from device where id = ${input.deviceId}`);
    return {
      deviceId: r.deviceId,
      code: d?.code ?? '',
      name: d?.name ?? '',
      online: r.online,
      lastSeenAt: r.lastSeenAt ?? null,
      values: r.values.map((v) => ({ key: v.key, name: v.name, unit: v.unit, kind: v.kind, ts: v.ts, value: v.value })),
    };
  }

  /** The staff's attention list of the station; `add` and `remove` change it first (equipment of the station only). */
  async attention(ctx: StaffCtx, input: BodyOf<typeof contract.pvOutlineAttention>): Promise<contract.AttentionRow[]> {
    const station = await this.stations.visible(ctx, input.pvId);
    const equipment = await stationEquipment(ctx.tx, station);
    const mine = and(eq(pvAttention.staffId, ctx.staff.id), eq(pvAttention.tenantId, ctx.staff.tenantId))!;
    if (input.action !== 'list') {
      const target = equipment.find((e) => e.kind === input.kind && e.refId === input.refId);
      if (!target) throw invalid('body.refId', `is not a ${input.kind} of PV station ${station.code}`);
      if (input.action === 'add')
        await ctx.tx
          .insert(pvAttention)
          .values({ tenantId: ctx.staff.tenantId, staffId: ctx.staff.id, stationId: station.id, kind: input.kind, refId: input.refId })
          .onConflictDoNothing();
      else await ctx.tx.delete(pvAttention).where(and(mine, eq(pvAttention.kind, input.kind), eq(pvAttention.refId, input.refId)));
    }
    const rows = await ctx.tx
      .select()
      .from(pvAttention)
      .where(and(mine, eq(pvAttention.stationId, station.id)))
      .orderBy(asc(pvAttention.createdAt), asc(pvAttention.id));
    const followed = equipment.filter((e) => rows.some((r) => r.kind === e.kind && r.refId === e.refId));
    const active = await this.alarms.activeByDevice(ctx, deviceIdsOf(followed));
    const states = await deviceStates(ctx.tx, followed, new Set(active.map((a) => a.deviceId)));
    return rows.flatMap((r) => {
      const e = equipment.find((x) => x.kind === r.kind && x.refId === r.refId);
      if (!e) return []; // equipment deleted since: its row stays hidden until removed
      return [
        {
          id: r.id,
          kind: r.kind,
          refId: r.refId,
          code: e.code,
          name: e.name,
          deviceId: e.deviceId,
          state: stateOf(states, e.deviceId),
          createdAt: r.createdAt.toISOString(),
        },
      ];
    });
  }

  /** The station's strings (area, inverter, code order), filtered, with their latest voltage, current and power. */
  async areaStrings(
    ctx: StaffCtx,
    input: { pvId: number; areaId?: number; inverterId?: number },
    page?: { pageSize: number; pageOffset: number },
  ) {
    const station = await this.stations.visible(ctx, input.pvId);
    const equipment = await stationEquipment(ctx.tx, station);
    const areas = new Map(
      (
        await rowsOf<{ id: number; name: string; sort: number }>(
          ctx.tx,
          sql`select id, name, sort from pv_area where station_id = ${station.id}`,
        )
      ).map((a) => [Number(a.id), { name: a.name, sort: Number(a.sort) }]),
    );
    const inverters = new Map(equipment.filter((e) => e.kind === 'inverter').map((i) => [i.refId, i]));
    const strings = equipment
      .filter((e) => e.kind === 'string')
      .filter(
        (s) =>
          (input.areaId === undefined || s.areaId === input.areaId) &&
          (input.inverterId === undefined || s.inverterId === input.inverterId),
      )
      .map((s) => ({ s, area: s.areaId == null ? null : areas.get(s.areaId), inverter: inverters.get(s.inverterId!)! }))
      .sort(
        (a, b) =>
          (a.area?.sort ?? 1e6) - (b.area?.sort ?? 1e6) ||
          (a.area?.name ?? '\uffff').localeCompare(b.area?.name ?? '\uffff') ||
          a.inverter.code.localeCompare(b.inverter.code) ||
          a.s.code.localeCompare(b.s.code),
      );
    const shown = page ? strings.slice((page.pageOffset - 1) * page.pageSize, page.pageOffset * page.pageSize) : strings;
    const active = await this.alarms.activeByDevice(ctx, deviceIdsOf(shown.map((x) => x.s)));
    const states = await deviceStates(
      ctx.tx,
      shown.map((x) => x.s),
      new Set(active.map((a) => a.deviceId)),
    );
    const latest = await latestValues(
      ctx.tx,
      shown.flatMap(({ s }) => (s.deviceId == null ? [] : ['v', 'i', 'p'].map((key) => ({ deviceId: s.deviceId!, key })))),
    );
    const value = (deviceId: number | null, key: string) => latest.find((l) => l.deviceId === deviceId && l.key === key);
    const list: contract.AreaStringRow[] = shown.map(({ s, area, inverter }) => {
      const [v, i, p] = ['v', 'i', 'p'].map((k) => value(s.deviceId, k));
      const at = [v, i, p].reduce<number | null>((m, x) => (x && (m === null || x.ts > m) ? x.ts : m), null);
      return {
        id: s.refId,
        code: s.code,
        name: s.name,
        areaId: s.areaId,
        areaName: area?.name ?? null,
        inverterId: inverter.refId,
        inverterCode: inverter.code,
        mpptInput: s.mpptInput ?? 0,
        moduleCount: s.moduleCount ?? 0,
        capacityKwp: s.capacityKwp ?? 0,
        deviceId: s.deviceId,
        state: stateOf(states, s.deviceId),
        voltageV: v?.value ?? null,
        currentA: i?.value ?? null,
        powerKw: p?.value ?? null,
        readAt: at === null ? null : new Date(at).toISOString(),
        currentPerKwp: i && s.capacityKwp ? Math.round((i.value / s.capacityKwp) * 1000) / 1000 : null,
      };
    });
    return { list, totalCount: strings.length, pageSize: page?.pageSize ?? strings.length, pageOffset: page?.pageOffset ?? 1 };
  }

  /** The station's devices with active alarms, most severe first. */
  async alarmDevices(ctx: StaffCtx, input: { pvId: number }) {
    const station = await this.stations.visible(ctx, input.pvId);
    const equipment = await stationEquipment(ctx.tx, station);
    const active = await this.alarms.activeByDevice(ctx, deviceIdsOf(equipment));
    return active
      .map((a) => {
        const e = equipment.find((x) => x.deviceId === a.deviceId)!;
        return { ...a, code: e.code, name: e.name, kind: e.kind };
      })
      .sort((a, b) => a.highestLevel - b.highestLevel || b.latestAlarmTime.localeCompare(a.latestAlarmTime));
  }

  /** The alarms of the station's devices, newest first (a device of another station answers an empty page). */
  async alarmPage(ctx: StaffCtx, input: BodyOf<typeof contract.pvOutlineAlarmPage>) {
    const station: Station = await this.stations.visible(ctx, input.pvId);
    const deviceIds = await stationDeviceIds(ctx.tx, station);
    return this.alarms.devicesPage(
      ctx,
      { deviceIds, deviceId: input.deviceId, state: input.state, levels: input.levels },
      input.pageOffset,
      input.pageSize,
    );
  }

  /** Total and active alarms of the station's devices, per level. */
  async alarmCount(ctx: StaffCtx, input: { pvId: number }) {
    const station = await this.stations.visible(ctx, input.pvId);
    const levels = await this.alarms.devicesCount(ctx, await stationDeviceIds(ctx.tx, station));
    return { total: levels.reduce((s, l) => s + l.total, 0), active: levels.reduce((s, l) => s + l.active, 0), levels };
  }
}
