import { localMidnight, type InverterFault, type SimDeviceSpec } from '@energy/simulator';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/sql.js';

/**
 * Telemetry for every inverter of the demo's monitored PV stations (docs/pv.md "Demo"): Suzhou's SZ-PV-01
 * and Shanghai's SH-PV-01 bind INV-01 to their site fleet's inverter (with its string devices) and get a
 * `pv-inverter` device for each other inverter (`SZ-01-INV-02`...), which the simulator runs as its own
 * array of 9 or 11 strings of 11 kWp under the site's weather. A few of them have a fault, fixed here.
 */

/**
 * A demo inverter's fault: `efficiency` and `overheat` as the simulator's (InverterFault); `trip` on the
 * local day `daysBeforeSeed` days before the demo devices were made, from `from` to `to` (local HH:MM),
 * so the history of the first start and every later start agree.
 */
export type DemoInverterFault =
  Exclude<InverterFault, { kind: 'trip' }> | { kind: 'trip'; daysBeforeSeed: number; from: string; to: string };

/** The faulty inverters of the monitored stations, by station code and inverter code. */
export const DEMO_INVERTER_FAULTS: Record<string, Record<string, DemoInverterFault>> = {
  'SZ-PV-01': {
    // a clogged air inlet (dust from the workshop's extraction fans): its enclosure warms 2.5 times as much and
    // it derates to hold 55 °C inside on sunny middays, hard on hot afternoons
    'INV-04': { kind: 'overheat', riseFactor: 2.5, limitC: 55 },
    // tripped on an insulation (riso) fault six days before the demo began and stayed off until the O&M
    // technician reset it in the afternoon
    'INV-07': { kind: 'trip', daysBeforeSeed: 6, from: '10:15', to: '14:40' },
    // an ageing unit: 2 points less efficiency than its neighbours
    'INV-09': { kind: 'efficiency', loss: 0.02 },
  },
  'SH-PV-01': {
    'INV-12': { kind: 'overheat', riseFactor: 2.3, limitC: 55 },
    // grid over-voltage protection, three days before the demo began, reset by hand at 13:20
    'INV-18': { kind: 'trip', daysBeforeSeed: 3, from: '09:50', to: '13:20' },
    'INV-21': { kind: 'efficiency', loss: 0.025 },
  },
};

/** The most inverters a monitored demo station has (Shanghai's 25). */
const MAX_INVERTERS = 25;
const pad = (n: number) => String(n).padStart(2, '0');

/** The extra inverters' device codes (after the OU code) and their simulator units: INV-02 'inv2' ... INV-25 'inv25'. */
export const DEMO_INVERTER_UNITS: ReadonlyMap<string, string> = new Map(
  Array.from({ length: MAX_INVERTERS - 1 }, (_, i) => [`INV-${pad(i + 2)}`, `inv${i + 2}`]),
);

/** The devices of a monitored station's inverters 2..n, made on its site (INV-01 is the site fleet's). */
export async function seedDemoInverterDevices(
  db: Db,
  site: { id: number; code: string; customer_mcid: string; address: string | null; lng: number | null; lat: number | null },
  tenantId: string,
  station: { code: string; inverters: number; inverterKw: number },
) {
  if (station.inverters > MAX_INVERTERS) throw new Error(`a monitored demo station has at most ${MAX_INVERTERS} inverters`);
  const rows = Array.from({ length: station.inverters - 1 }, (_, i) => ({
    n: i + 2,
    code: `${site.code}-INV-${pad(i + 2)}`,
    name: `PV inverter ${i + 2} (${station.code})`,
  }));
  await db.execute(
    sql`insert into device (tenant_id, code, name, device_type_id, customer_mcid, ou_id, gateway_id, lng, lat, address, rated_power_kw)
        select ${tenantId}, r.code, r.name, t.id, ${site.customer_mcid}, ${site.id},
               (select id from device where tenant_id = ${tenantId} and code = ${`${site.code}-GW-01`}),
               ${site.lng}::float8 + r.n * 0.0001, ${site.lat}::float8, ${site.address}, ${station.inverterKw}::float8
        from unnest(${sql.param(rows.map((r) => r.n))}::int[], ${sql.param(rows.map((r) => r.code))}::text[],
                    ${sql.param(rows.map((r) => r.name))}::text[]) as r(n, code, name)
        join device_type t on t.tenant_id = ${tenantId} and t.key = 'pv-inverter'
        where not exists (select 1 from device d where d.tenant_id = ${tenantId} and d.code = r.code)
        order by r.n`,
  );
  // the fleet's inverter is rated as the station's (Shanghai's are 110 kW)
  await db.execute(
    sql`update device set rated_power_kw = ${station.inverterKw}::float8 where tenant_id = ${tenantId} and code = ${`${site.code}-INV-01`}`,
  );
}

/**
 * The properties the history of the inverters beyond the fleet's INV-01 keeps (their live readings keep all
 * eight): power, DC input, enclosure temperature, yield and state, what the PV analytics read; the AC
 * voltage, current and grid frequency (the site's, the same at every inverter) would add 0.86 million
 * values to the first start's history.
 */
export const INVERTER_HISTORY_KEYS: ReadonlySet<string> = new Set(['p_ac', 'p_dc', 'temp_inner', 'e_total', 'status']);

/** A reading of a station inverter's history: its INVERTER_HISTORY_KEYS. */
export function inverterHistoryValues(values: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(values).filter(([key]) => INVERTER_HISTORY_KEYS.has(key)));
}

/** What the simulator needs of a demo device that is a station's inverter: its strings in all, its fault, where it feeds. */
export type InverterSpec = Pick<SimDeviceSpec, 'stringCount' | 'inverterFault' | 'feedsStation'>;

/**
 * The simulator specs of the demo devices bound to a PV station's inverter: every such inverter converts
 * its station's strings (those with devices, the rest simulated from its seed); all but the site fleet's
 * INV-01 feed the station's connection point (the generation meter), not the factory board behind the
 * site's grid meter; faults as DEMO_INVERTER_FAULTS, a trip's day counted from the day the device was made.
 */
export async function demoInverterSpecs(db: Db, deviceIds: number[]): Promise<Map<number, InverterSpec>> {
  const rows = await rowsOf<{
    device_id: number;
    station: string;
    code: string;
    strings: number;
    time_zone: string;
    created_at: Date | string;
  }>(
    db,
    sql`select i.device_id, s.code as station, i.code, (select count(*) from pv_string st where st.inverter_id = i.id)::int as strings,
               coalesce(s.time_zone, tn.time_zone) as time_zone, d.created_at
        from pv_inverter i join pv_station s on s.id = i.station_id join device d on d.id = i.device_id join tenant tn on tn.id = s.tenant_id
        where i.device_id = any(${sql.param(deviceIds)}::int[])`,
  );
  const out = new Map<number, InverterSpec>();
  for (const r of rows) {
    const fault = DEMO_INVERTER_FAULTS[r.station]?.[r.code];
    out.set(Number(r.device_id), {
      stringCount: Number(r.strings),
      feedsStation: r.code !== 'INV-01',
      inverterFault: fault?.kind === 'trip' ? tripOf(fault, r.time_zone, new Date(r.created_at)) : fault,
    });
  }
  return out;
}

/** Local midnight (epoch ms) of the day `days` days before the local day a demo device was made. */
export function midnightBeforeSeed(timeZone: string, seededAt: Date, days: number): number {
  const seededDay = new Intl.DateTimeFormat('en-CA', { timeZone }).format(seededAt);
  const day = new Date(Date.parse(`${seededDay}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
  return localMidnight(timeZone, day)!;
}

function tripOf(fault: Extract<DemoInverterFault, { kind: 'trip' }>, timeZone: string, seededAt: Date): InverterFault {
  const midnight = midnightBeforeSeed(timeZone, seededAt, fault.daysBeforeSeed);
  const at = (hhmm: string) => midnight + (Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5))) * 60_000;
  return { kind: 'trip', from: at(fault.from), to: at(fault.to) };
}
