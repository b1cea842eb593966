import type { circuit as contract } from '@energy/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/sql.js';
import { canSeeOu, type StaffContext } from '../../plugins/context.js';
import { invalid } from '../../plugins/errors.js';
import { dataProperty, device } from '../devices/devices.schema.js';
import type { StoredEnergyConfig } from './circuit-energy.schema.js';
import { circuitEnergyConfigLog } from './circuit-energy.schema.js';
import { circuitMeter } from './circuit.schema.js';

// The one place that writes circuits' meter bindings (docs/circuits.md, "Energy config"): a config is a
// counter and meters with signs, in force from the local midnight of a date until the next config's.
// Circuit create and update, the energy config call and the import all go through `applyConfig`.

type Counter = contract.EnergyCounter;
export interface ConfigInput {
  counter: Counter;
  /** Local date 'YYYY-MM-DD' it is in force from; null: since always (every period is rewritten). */
  effectiveFrom: string | null;
  meters: { deviceId: number; sign: 1 | -1 }[];
}
/** Who changes and how: the tenant, the staff (code for the log) and the tenant's time zone. */
export interface ConfigWriter {
  tx: Db;
  staff: StaffContext;
  zone: string;
}

/** A binding row as read with its meter. */
export interface BindingRow {
  id: number;
  circuitId: number;
  deviceId: number;
  sign: 1 | -1;
  counter: Counter;
  effectiveFrom: string | null;
  until: string | null;
  startsAt: number | null;
  endsAt: number | null;
  inForceNow: boolean;
  code: string;
  name: string;
  deviceType: string;
  online: boolean;
}

/**
 * Checks meters for a circuit of `ouId` (each refusal names its field under `field`): bound once, a
 * device of the tenant the staff sees, of the circuit's OU, with the counter as a cumulative property.
 * Answers each meter's code.
 */
export async function checkMeters(
  w: Pick<ConfigWriter, 'tx' | 'staff'>,
  ouId: number,
  meters: readonly { deviceId: number }[],
  counter: Counter,
  field: string,
): Promise<Map<number, string>> {
  const seen = new Set<number>();
  for (const [i, m] of meters.entries()) {
    if (seen.has(m.deviceId)) throw invalid(`${field}.${i}.deviceId`, 'is bound twice');
    seen.add(m.deviceId);
  }
  if (!meters.length) return new Map();
  const found = await w.tx
    .select({ id: device.id, code: device.code, ouId: device.ouId, energy: dataProperty.id })
    .from(device)
    .leftJoin(
      dataProperty,
      and(eq(dataProperty.deviceTypeId, device.deviceTypeId), eq(dataProperty.key, counter), eq(dataProperty.kind, 'cumulative')),
    )
    .where(and(inArray(device.id, [...seen]), eq(device.tenantId, w.staff.tenantId)));
  for (const [i, m] of meters.entries()) {
    const d = found.find((f) => f.id === m.deviceId);
    if (!d || !canSeeOu(w.staff, d.ouId)) throw invalid(`${field}.${i}.deviceId`, 'is not one of your devices');
    if (d.ouId !== ouId) throw invalid(`${field}.${i}.deviceId`, 'is a device of another operating unit');
    if (d.energy == null) throw invalid(`${field}.${i}.deviceId`, `is not an energy meter (it has no ${counter} counter)`);
  }
  return new Map(found.map((f) => [f.id, f.code]));
}

/** Every binding of the circuits (all periods), the latest period first, meters by code. */
export async function bindingsOf(tx: Db, tenantId: string, zone: string, circuitIds: readonly number[]): Promise<BindingRow[]> {
  if (!circuitIds.length) return [];
  const rows = await rowsOf<{
    id: number;
    circuit_id: number;
    device_id: number;
    sign: number;
    counter: Counter;
    effective_from: string | null;
    until: string | null;
    starts_at: string | Date | null;
    ends_at: string | Date | null;
    now: boolean;
    code: string;
    name: string;
    device_type: string;
    online: boolean;
  }>(
    tx,
    sql`select m.id, m.circuit_id, m.device_id, m.sign, m.counter, m.effective_from::text as effective_from,
               to_char(m.ends_at at time zone ${zone}::text, 'YYYY-MM-DD') as until, m.starts_at, m.ends_at,
               (coalesce(m.starts_at, '-infinity') <= now() and now() < coalesce(m.ends_at, 'infinity')) as now,
               d.code, d.name, t.key as device_type, d.online
        from circuit_meter m join device d on d.id = m.device_id join device_type t on t.id = d.device_type_id
        where m.circuit_id = any(${sql.param([...circuitIds])}::int[]) and m.tenant_id = ${tenantId}
        order by m.circuit_id, m.starts_at desc nulls last, d.code`,
  );
  const ms = (v: string | Date | null) => (v == null ? null : new Date(v).getTime());
  return rows.map((r) => ({
    id: Number(r.id),
    circuitId: Number(r.circuit_id),
    deviceId: Number(r.device_id),
    sign: Number(r.sign) === -1 ? -1 : 1,
    counter: r.counter,
    effectiveFrom: r.effective_from,
    until: r.until,
    startsAt: ms(r.starts_at),
    endsAt: ms(r.ends_at),
    inForceNow: r.now === true || String(r.now) === 't',
    code: r.code,
    name: r.name,
    deviceType: r.device_type,
    online: r.online,
  }));
}

/** The bindings grouped into configs (one per period), the latest first. */
export function versionsOf(
  rows: readonly BindingRow[],
): (contract.EnergyConfigVersion & { inForceNow: boolean; startsAt: number | null })[] {
  const out = new Map<string, contract.EnergyConfigVersion & { inForceNow: boolean; startsAt: number | null }>();
  for (const r of rows) {
    const key = `${r.startsAt}|${r.endsAt}`;
    let v = out.get(key);
    if (!v) {
      v = {
        counter: r.counter,
        effectiveFrom: r.effectiveFrom,
        until: r.until,
        meters: [],
        inForceNow: r.inForceNow,
        startsAt: r.startsAt,
      };
      out.set(key, v);
    }
    v.meters.push({ deviceId: r.deviceId, code: r.code, name: r.name, deviceType: r.deviceType, sign: r.sign, online: r.online });
  }
  return [...out.values()];
}

const same = (a: StoredEnergyConfig, b: StoredEnergyConfig) =>
  a.counter === b.counter &&
  a.meters.length === b.meters.length &&
  a.meters.every((m) => b.meters.some((n) => n.deviceId === m.deviceId && n.sign === m.sign));

/**
 * Puts a config in force from the local midnight T of `effectiveFrom` (since always when null): bindings
 * starting at or after T are removed, those still in force at T end there, the new ones start at T and
 * stay in force. Periods before T keep their meters, so their energy is not rewritten. Writes the change
 * (the config in force at T before → after) to the log; answers false when nothing changes.
 */
export async function applyConfig(
  w: ConfigWriter,
  circuitId: number,
  input: ConfigInput,
  codes: Map<number, string>,
  source: 'create' | 'update' | 'config' | 'import',
): Promise<boolean> {
  const { tx, staff } = w;
  let startsAt: Date | null = null;
  if (input.effectiveFrom !== null) {
    const [row] = await rowsOf<{ t: string | Date }>(
      tx,
      sql`select (${input.effectiveFrom}::date::timestamp at time zone ${w.zone}::text) as t`,
    );
    startsAt = new Date(row!.t);
  }
  const rows = await bindingsOf(tx, staff.tenantId, w.zone, [circuitId]);
  // the config in force at T before the change (since always: the one in force now)
  const at = startsAt?.getTime() ?? Date.now();
  const beforeRows = rows.filter((r) => (r.startsAt ?? -Infinity) <= at && at < (r.endsAt ?? Infinity));
  const before: StoredEnergyConfig = {
    counter: beforeRows[0]?.counter ?? 'e_imp',
    meters: beforeRows.map((r) => ({ deviceId: r.deviceId, code: r.code, sign: r.sign })),
  };
  const after: StoredEnergyConfig = {
    counter: input.counter,
    meters: input.meters.map((m) => ({ deviceId: m.deviceId, code: codes.get(m.deviceId) ?? String(m.deviceId), sign: m.sign })),
  };
  const later = rows.some((r) => (r.startsAt ?? -Infinity) > (startsAt?.getTime() ?? -Infinity));
  if (same(before, after) && !later) return false;
  const from = startsAt ? sql`${startsAt.toISOString()}::timestamptz` : sql`'-infinity'::timestamptz`;
  await tx.execute(sql`delete from circuit_meter where circuit_id = ${circuitId} and coalesce(starts_at, '-infinity') >= ${from}`);
  if (startsAt)
    await tx.execute(
      sql`update circuit_meter set ends_at = ${startsAt.toISOString()}::timestamptz, updated_at = now()
          where circuit_id = ${circuitId} and coalesce(ends_at, 'infinity') > ${startsAt.toISOString()}::timestamptz`,
    );
  if (input.meters.length)
    await tx.insert(circuitMeter).values(
      input.meters.map((m) => ({
        tenantId: staff.tenantId,
        circuitId,
        deviceId: m.deviceId,
        sign: m.sign,
        counter: input.counter,
        effectiveFrom: input.effectiveFrom,
        startsAt,
      })),
    );
  await tx.insert(circuitEnergyConfigLog).values({
    tenantId: staff.tenantId,
    circuitId,
    effectiveFrom: input.effectiveFrom,
    staffId: staff.id,
    staffCode: staff.staffCode,
    source,
    before,
    after,
  });
  return true;
}
