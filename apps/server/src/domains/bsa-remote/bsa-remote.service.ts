import { bsaRemote as contract, type BodyOf } from '@energy/contracts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { before, equals, list, since, staffScope, where } from '../../db/list.js';
import type { StaffCtx } from '../../plugins/context.js';
import { conflict, invalid, notFound } from '../../plugins/errors.js';
import type { AccountService } from '../account/account.service.js';
import { bsaStation } from '../bsa/bsa.schema.js';
import type { BsaService, StationRow } from '../bsa/bsa.service.js';
import { device } from '../devices/devices.schema.js';
import { operatorOf, commandRowOf, type BsaRemoteCatalogueService } from './bsa-remote-catalogue.service.js';
import type { BsaRemoteDelivery } from './bsa-remote-delivery.js';
import { bsaRemoteLog, bsaRemoteOperation } from './bsa-remote.schema.js';

type Log = typeof bsaRemoteLog.$inferSelect;
type Command = Awaited<ReturnType<BsaRemoteCatalogueService['command']>>;

/** Stations whose devices may be commanded: built and in service (a disabled, draft or invalid one is not). */
const COMMANDABLE = ['configured', 'enabled'] as const;

export function logRowOf(l: Log): contract.RemoteLogRow {
  return {
    id: l.id,
    requestId: l.requestId,
    commandId: l.commandId,
    commandName: l.commandName,
    action: l.action,
    deviceType: l.deviceType,
    bsaId: l.stationId,
    bsaCode: l.stationCode,
    bsaName: l.stationName,
    deviceId: l.deviceId,
    deviceCode: l.deviceCode,
    deviceName: l.deviceName,
    value: l.value,
    unit: l.unit,
    valueLabel: l.valueLabel,
    status: l.status,
    reason: l.reason,
    operatorCode: l.operatorCode,
    operatorName: l.operatorName,
    requestedAt: l.requestedAt.toISOString(),
    answeredAt: l.answeredAt?.toISOString() ?? null,
  };
}

/**
 * Sending remote commands to the PCS and FCS of the staff's stations (docs/bsa.md, "Remote control"), and
 * the command log. A send checks, in this order and writing nothing on a refusal: the command and the
 * device (visible, of the command's type: 404 otherwise), the station in service, the operation password
 * (the account's check, which locks after five failures), the value against the catalogue and the PCS's
 * rating, the idempotency id, one pending command per device. Then it logs a pending row; the command goes
 * out once the request committed (`BsaRemoteDelivery`).
 */
export class BsaRemoteService {
  constructor(
    private readonly bsa: BsaService,
    private readonly account: AccountService,
    private readonly catalogue: BsaRemoteCatalogueService,
    private readonly delivery: BsaRemoteDelivery,
  ) {}

  /** The staff's stations that can be commanded, with their PCS and FCS as device rows. */
  private async devices(ctx: StaffCtx, filter: { bsaId?: number; deviceType?: contract.RemoteDeviceType } = {}) {
    const stations = (await this.bsa.list(ctx)).filter((s) => !filter.bsaId || s.id === filter.bsaId);
    const rows: (contract.RemoteDeviceRow & { station: StationRow })[] = [];
    for (const s of stations) {
      const base = { bsaId: s.id, bsaCode: s.code, bsaName: s.name, station: s };
      if (filter.deviceType !== 'fcs')
        for (const p of s.pcs)
          rows.push({
            ...base,
            deviceId: p.deviceId,
            code: p.code,
            name: p.name,
            deviceType: 'pcs',
            ratedPowerKw: p.ratedPowerKw,
            online: false,
          });
      if (filter.deviceType !== 'pcs' && s.fcs)
        rows.push({
          ...base,
          deviceId: s.fcs.deviceId,
          code: s.fcs.code,
          name: s.fcs.name,
          deviceType: 'fcs',
          ratedPowerKw: null,
          online: false,
        });
    }
    if (rows.length) {
      const online = await ctx.tx
        .select({ id: device.id, online: device.online })
        .from(device)
        .where(
          and(
            eq(device.tenantId, ctx.staff.tenantId),
            inArray(
              device.id,
              rows.map((r) => r.deviceId),
            ),
          ),
        );
      const on = new Map(online.map((d) => [d.id, d.online]));
      for (const r of rows) r.online = on.get(r.deviceId) ?? false;
    }
    return rows;
  }

  private strip({ station: _station, ...row }: contract.RemoteDeviceRow & { station: StationRow }): contract.RemoteDeviceRow {
    return row;
  }

  async bsaList(ctx: StaffCtx) {
    const stations = await this.bsa.list(ctx);
    return stations
      .filter((s) => (COMMANDABLE as readonly string[]).includes(s.status))
      .map((s) => ({
        id: s.id,
        code: s.code,
        name: s.name,
        status: s.status,
        ouId: s.ouId,
        pcs: s.pcs.length,
        fcs: !!s.fcs,
        online: s.online,
      }));
  }

  async deviceList(ctx: StaffCtx, input: { commandId?: number; bsaId?: number; deviceType?: contract.RemoteDeviceType }) {
    const type = input.commandId ? (await this.catalogue.command(ctx, input.commandId)).deviceType : input.deviceType;
    if (input.commandId && input.deviceType && input.deviceType !== type) return [];
    // only devices of stations in service are offered (a device of another station answers its reason on send)
    return (await this.devices(ctx, { bsaId: input.bsaId, deviceType: type }))
      .filter((r) => (COMMANDABLE as readonly string[]).includes(r.station.status))
      .map((r) => this.strip(r));
  }

  /** A device of a visible station that the command targets, or 404 (also another tenant's device). */
  private async target(ctx: StaffCtx, command: Command, deviceId: number) {
    const found = (await this.devices(ctx, { deviceType: command.deviceType })).find((d) => d.deviceId === deviceId);
    if (!found) throw notFound(`${command.deviceType.toUpperCase()} ${deviceId} of your storage stations`);
    return found;
  }

  /** The value range of a command for a device: a set power within the catalogue's range and ± the PCS's rating. */
  private rangeOf(command: Command, target: contract.RemoteDeviceRow) {
    if (command.action !== 'set-power') return null;
    const rated = target.ratedPowerKw;
    const min = rated != null ? Math.max(command.minValue!, -rated) : command.minValue!;
    const max = rated != null ? Math.min(command.maxValue!, rated) : command.maxValue!;
    return { min, max, unit: contract.POWER_UNIT };
  }

  private async blockedReason(ctx: StaffCtx, target: contract.RemoteDeviceRow & { station: StationRow }): Promise<string | null> {
    if (!(COMMANDABLE as readonly string[]).includes(target.station.status))
      return `Storage station ${target.station.code} is ${target.station.status}: only a configured or enabled station's devices take commands`;
    const [pending] = await ctx.tx
      .select({ id: bsaRemoteLog.id, commandName: bsaRemoteLog.commandName, requestedAt: bsaRemoteLog.requestedAt })
      .from(bsaRemoteLog)
      .where(and(eq(bsaRemoteLog.deviceId, target.deviceId), eq(bsaRemoteLog.status, 'pending')));
    if (pending)
      return `${target.code} has not answered "${pending.commandName}" yet (sent ${pending.requestedAt.toISOString()}): wait for its answer or its timeout`;
    return null;
  }

  async getDevice(ctx: StaffCtx, input: { commandId: number; deviceId: number }) {
    const command = await this.catalogue.command(ctx, input.commandId);
    const target = await this.target(ctx, command, input.deviceId);
    const [sent] = await ctx.tx
      .select({ n: sql<number>`count(*)::int` })
      .from(bsaRemoteLog)
      .where(eq(bsaRemoteLog.commandId, command.id));
    return {
      command: commandRowOf(command, Number(sent?.n ?? 0)),
      device: this.strip(target),
      range: this.rangeOf(command, target),
      blocked: await this.blockedReason(ctx, target),
    };
  }

  /** The value a command carries, checked against the catalogue (and the PCS's rating): `body.value` names each problem. */
  private checkValue(command: Command, target: contract.RemoteDeviceRow, value: number | null | undefined) {
    if (command.action === 'start' || command.action === 'stop') {
      if (value != null) throw invalid('body.value', `${command.action} takes no value`);
      return { value: null, unit: null, label: null };
    }
    if (value == null)
      throw invalid(
        'body.value',
        command.action === 'set-power' ? 'is required: the power to set (kW)' : 'is required: the mode to switch to',
      );
    if (command.action === 'mode') {
      const option = (command.options ?? []).find((o) => o.value === value);
      if (!option)
        throw invalid('body.value', `must be one of ${(command.options ?? []).map((o) => `${o.value} (${o.label})`).join(', ')}`);
      return { value, unit: null, label: option.label };
    }
    if (Math.abs(Math.round(value * 1000) - value * 1000) > 1e-6) throw invalid('body.value', 'must have at most 3 decimals (kW)');
    const range = this.rangeOf(command, target)!;
    if (value < range.min || value > range.max) {
      const rated = target.ratedPowerKw != null ? `; ${target.code} is rated ${target.ratedPowerKw} kW` : '';
      throw invalid(
        'body.value',
        `must be within ${range.min}..${range.max} kW (command ${command.minValue}..${command.maxValue} kW${rated})`,
      );
    }
    return { value, unit: contract.POWER_UNIT, label: null };
  }

  private async byRequest(ctx: StaffCtx, requestId: string) {
    const [row] = await ctx.tx
      .select()
      .from(bsaRemoteLog)
      .where(and(eq(bsaRemoteLog.tenantId, ctx.staff.tenantId), eq(bsaRemoteLog.requestId, requestId)));
    return row;
  }

  async send(ctx: StaffCtx, input: BodyOf<typeof contract.commandSend>) {
    const command = await this.catalogue.command(ctx, input.commandId);
    const target = await this.target(ctx, command, input.deviceId);
    await this.account.verifyOperationPassword(ctx, { operationPassword: input.operationPassword });
    // a retry or a double click: the first send's record, nothing sent again
    const earlier = await this.byRequest(ctx, input.requestId);
    if (earlier) return this.repeated(ctx, earlier, input);
    const checked = this.checkValue(command, target, input.value);
    const blocked = await this.blockedReason(ctx, target);
    if (blocked) throw conflict(blocked);
    const [row] = await ctx.tx
      .insert(bsaRemoteLog)
      .values({
        tenantId: ctx.staff.tenantId,
        requestId: input.requestId,
        commandId: command.id,
        commandName: command.name,
        action: command.action,
        deviceType: command.deviceType,
        stationId: target.bsaId,
        stationCode: target.bsaCode,
        stationName: target.bsaName,
        deviceId: target.deviceId,
        deviceCode: target.code,
        deviceName: target.name,
        value: checked.value,
        unit: checked.unit,
        valueLabel: checked.label,
        operatorStaffId: ctx.staff.id,
        ...operatorOf(ctx),
      })
      .onConflictDoNothing()
      .returning();
    if (!row) {
      // a concurrent request took the id or the device first (it committed while this one waited)
      const raced = await this.byRequest(ctx, input.requestId);
      if (raced) return this.repeated(ctx, raced, input);
      throw conflict((await this.blockedReason(ctx, target)) ?? `${target.code} is busy with another command: try again`);
    }
    const what = checked.value === null ? '' : ` ${checked.label ?? `${checked.value} ${checked.unit}`}`;
    await ctx.tx.insert(bsaRemoteOperation).values({
      tenantId: ctx.staff.tenantId,
      operation: 'send',
      commandId: command.id,
      commandName: command.name,
      detail: `${command.action}${what} to ${target.code} of ${target.bsaCode}`,
      logId: row.id,
      stationId: target.bsaId,
      ...operatorOf(ctx),
    });
    ctx.defer(() => this.delivery.send(row.id));
    return { ...logRowOf(row), repeated: false };
  }

  /** The same id again: the same command to the same device answers the record; anything else is refused. */
  private repeated(ctx: StaffCtx, earlier: Log, input: BodyOf<typeof contract.commandSend>) {
    if (earlier.commandId !== input.commandId || earlier.deviceId !== input.deviceId || (earlier.value ?? null) !== (input.value ?? null))
      throw invalid(
        'body.requestId',
        `was already used for "${earlier.commandName}" to ${earlier.deviceCode}: a new command needs a new id`,
      );
    if (earlier.operatorStaffId !== ctx.staff.id) throw invalid('body.requestId', 'was already used by another staff');
    return { ...logRowOf(earlier), repeated: true };
  }

  private logList(ctx: StaffCtx, input: contract.LogFilter) {
    return list(ctx.tx, {
      query: () =>
        ctx.tx.select({ l: bsaRemoteLog }).from(bsaRemoteLog).innerJoin(bsaStation, eq(bsaStation.id, bsaRemoteLog.stationId)).$dynamic(),
      where: [
        ...staffScope(ctx, { tenant: bsaRemoteLog.tenantId, ou: bsaStation.ouId }),
        ...where(input, {
          bsaId: equals(bsaRemoteLog.stationId),
          deviceId: equals(bsaRemoteLog.deviceId),
          commandId: equals(bsaRemoteLog.commandId),
          status: equals(bsaRemoteLog.status),
          requestId: equals(bsaRemoteLog.requestId),
          from: since(bsaRemoteLog.requestedAt),
          to: before(bsaRemoteLog.requestedAt),
        }),
      ],
      order: [desc(bsaRemoteLog.id)],
    });
  }

  async logPage(ctx: StaffCtx, input: BodyOf<typeof contract.logPage>) {
    return this.logList(ctx, input).page(input, (rows) => rows.map(({ l }) => logRowOf(l)));
  }

  /** The log in batches (the Excel export). */
  logBatches(ctx: StaffCtx, input: contract.LogFilter) {
    return this.logList(ctx, input).batches((rows) => rows.map(({ l }) => l));
  }

  async logDevices(ctx: StaffCtx, input: { bsaId?: number }) {
    const rows = await ctx.tx
      .select({
        deviceId: bsaRemoteLog.deviceId,
        code: bsaRemoteLog.deviceCode,
        name: bsaRemoteLog.deviceName,
        bsaId: bsaRemoteLog.stationId,
        bsaName: bsaRemoteLog.stationName,
        commands: sql<number>`count(*)::int`,
      })
      .from(bsaRemoteLog)
      .innerJoin(bsaStation, eq(bsaStation.id, bsaRemoteLog.stationId))
      .where(
        and(
          ...staffScope(ctx, { tenant: bsaRemoteLog.tenantId, ou: bsaStation.ouId }),
          sql`${bsaRemoteLog.deviceId} is not null`,
          input.bsaId ? eq(bsaRemoteLog.stationId, input.bsaId) : undefined,
        ),
      )
      .groupBy(bsaRemoteLog.deviceId, bsaRemoteLog.deviceCode, bsaRemoteLog.deviceName, bsaRemoteLog.stationId, bsaRemoteLog.stationName)
      .orderBy(bsaRemoteLog.deviceCode);
    return rows.map((r) => ({ ...r, deviceId: r.deviceId!, commands: Number(r.commands) }));
  }
}
