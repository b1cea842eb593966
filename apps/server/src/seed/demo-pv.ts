import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/sql.js';
import {
  pvArea,
  pvCostInfo,
  pvGridPoint,
  pvIncomeWay,
  pvInverter,
  pvModule,
  pvOnlineWay,
  pvStation,
  pvStationStage,
  pvString,
} from '../domains/pv/pv.schema.js';
import { DEMO_TENANTS } from './demo-tenants.js';
import { settleStationReadings } from '../domains/pv/meter-readings.service.js';
import { addDays } from '../domains/pv/pv-energy.js';
import { dayIn } from '../domains/pv/pv-stations.service.js';
import { seedDemoInverterDevices } from './demo-pv-inverters.js';

/**
 * The demo tenants' PV stations (docs/pv.md): each gets a 1 MWp and a 3 MWp grid-connected station with
 * areas, inverters, strings, module batches, a grid point, cost info and both calculation ways, plus one
 * station under construction with no equipment. Strings are 20 modules of 550 Wp (11 kWp). Every built
 * station has a weather station (its site's `ENV-01`, made where the site has none) and a generation meter
 * `PVM-01` (a `pv-meter` the simulator runs as the whole station's output); where the site's demo fleet has
 * PV telemetry devices (INV-01 and its strings S1..S9, the grid meter), the first inverter, its strings and
 * the grid point's on-grid meter are bound to them, a weak and a dead string among them (`stringFaults`),
 * and every other inverter gets a device of its own (demo-pv-inverters.ts, a few with faults).
 * Written in a few bulk inserts on the first start; a tenant that already has PV stations is skipped.
 */

interface DemoPv {
  tenant: keyof typeof DEMO_TENANTS;
  ouCode: string;
  code: string;
  name: string;
  areas: string[];
  inverters: number;
  stringsPerInverter: number;
  /** Rated AC power of each inverter, kW. */
  inverterKw: number;
  gridConnectionDate: string;
  /** Bind the site's demo fleet devices (INV-01 with S1..S9, GM-01) and give every other inverter a device (demo-pv-inverters.ts). */
  fleet?: boolean;
  /** How the on-grid energy is known (the online way): the grid meter, or full feed-in through the generation meter. */
  onlineWay?: 'on-grid-meter' | 'generation-meter';
  /** Faulty strings of the fleet's INV-01, by device code after the OU code (demo-live.ts runs them so). */
  stringFaults?: Record<string, DemoStringFault>;
}

/** A demo string's fault: weak by a factor of its healthy current, or dead since this many days before the demo was seeded, at 11:40 local time. */
export type DemoStringFault = { kind: 'weak'; factor: number } | { kind: 'dead'; daysBeforeSeed: number };

const MODULE_WP = 550;
const MODULES_PER_STRING = 20;
const STRING_KWP = (MODULE_WP * MODULES_PER_STRING) / 1000;

export const DEMO_PV: DemoPv[] = [
  // 10 inverters x 9 strings x 11 kWp = 990 kWp
  {
    tenant: 'sunrise',
    ouCode: 'SZ-01',
    code: 'SZ-PV-01',
    name: 'Suzhou plant rooftops',
    areas: ['Workshop A roof', 'Workshop B roof'],
    inverters: 10,
    stringsPerInverter: 9,
    inverterKw: 100,
    gridConnectionDate: '2024-06-28',
    fleet: true,
    // a string shaded by a new rooftop chiller from the first day, another's fuse blown nine days before the demo began
    stringFaults: { 'INV-01-S3': { kind: 'weak', factor: 0.78 }, 'INV-01-S7': { kind: 'dead', daysBeforeSeed: 9 } },
  },
  // 25 inverters x 11 strings x 11 kWp = 3,025 kWp
  {
    tenant: 'sunrise',
    ouCode: 'WX-01',
    code: 'WX-PV-01',
    name: 'Wuxi ground-mounted array',
    areas: ['Field north', 'Field south', 'Carport'],
    inverters: 25,
    stringsPerInverter: 11,
    inverterKw: 110,
    gridConnectionDate: '2023-12-15',
    // a field with its own grid connection: everything it makes is fed in
    onlineWay: 'generation-meter',
  },
  {
    tenant: 'sunrise',
    ouCode: 'SZ-01',
    code: 'SZ-PV-02',
    name: 'Suzhou carport (building)',
    areas: [],
    inverters: 0,
    stringsPerInverter: 0,
    inverterKw: 0,
    gridConnectionDate: '',
  },
  // 25 inverters x 11 strings x 11 kWp = 3,025 kWp
  {
    tenant: 'harbor',
    ouCode: 'SH-01',
    code: 'SH-PV-01',
    name: 'Shanghai warehouse roofs',
    areas: ['Warehouse 1', 'Warehouse 2', 'Warehouse 3'],
    inverters: 25,
    stringsPerInverter: 11,
    inverterKw: 110,
    gridConnectionDate: '2024-03-31',
    fleet: true,
    // a soiled string (bird droppings on a low-tilt roof), another's cable cut four days before the demo began
    stringFaults: { 'INV-01-S5': { kind: 'weak', factor: 0.83 }, 'INV-01-S2': { kind: 'dead', daysBeforeSeed: 4 } },
  },
  // 10 inverters x 9 strings x 11 kWp = 990 kWp
  {
    tenant: 'harbor',
    ouCode: 'NB-01',
    code: 'NB-PV-01',
    name: 'Ningbo port canopy',
    areas: ['Canopy east', 'Canopy west'],
    inverters: 10,
    stringsPerInverter: 9,
    inverterKw: 100,
    gridConnectionDate: '2025-05-20',
  },
  {
    tenant: 'harbor',
    ouCode: 'SH-01',
    code: 'SH-PV-02',
    name: 'Shanghai office roof (building)',
    areas: [],
    inverters: 0,
    stringsPerInverter: 0,
    inverterKw: 0,
    gridConnectionDate: '',
  },
];

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Seeds the demo PV stations (owner connection, after the demo fleets and OUs exist). */
export async function seedDemoPv(db: Db) {
  const ous = await rowsOf<{
    id: number;
    code: string;
    tenant_id: string;
    customer_mcid: string;
    address: string | null;
    lng: number | null;
    lat: number | null;
  }>(db, sql`select id, code, tenant_id, customer_mcid, address, lng, lat from ou`);
  const existing = new Set((await db.select({ tenantId: pvStation.tenantId }).from(pvStation)).map((r) => r.tenantId));
  for (const spec of DEMO_PV) {
    const tenantId = DEMO_TENANTS[spec.tenant];
    const site = ous.find((o) => o.code === spec.ouCode && o.tenant_id === tenantId);
    if (!site || existing.has(tenantId)) continue;
    const built = spec.inverters > 0;
    const capacityKwp = built ? spec.inverters * spec.stringsPerInverter * STRING_KWP : 1200;
    // the station's weather station and generation meter, made where the site lacks them
    if (built) {
      await demoDevice(db, site, tenantId, 'ENV-01', 'Weather station', 'env-sensor', null);
      await demoDevice(db, site, tenantId, 'PVM-01', `PV generation meter (${spec.code})`, 'pv-meter', capacityKwp);
      // a monitored station: a telemetry device for every inverter (INV-01 is the site fleet's)
      if (spec.fleet) await seedDemoInverterDevices(db, site, tenantId, spec);
    }
    const devices = await rowsOf<{ id: number; code: string }>(db, sql`select id, code from device where tenant_id = ${tenantId}`);
    const deviceId = new Map(devices.map((d) => [d.code, d.id]));
    const own = (code: string) => (built ? (deviceId.get(`${spec.ouCode}-${code}`) ?? null) : null);
    const fleet = (code: string) => (spec.fleet ? own(code) : null);
    const [station] = await db
      .insert(pvStation)
      .values({
        tenantId,
        code: spec.code,
        name: spec.name,
        customerMcid: site.customer_mcid,
        ouId: site.id,
        address: site.address,
        lng: site.lng,
        lat: site.lat,
        capacityKwp,
        gridConnectionDate: built ? spec.gridConnectionDate : null,
        stage: built ? 'grid-connected' : 'construction',
        weatherStationId: own('ENV-01'),
      })
      .returning({ id: pvStation.id });
    const stationId = station!.id;
    const stages = built ? (['planning', 'construction', 'grid-connected'] as const) : (['planning', 'construction'] as const);
    await db.insert(pvStationStage).values(
      stages.map((stage, i) => ({
        tenantId,
        stationId,
        stage,
        byName: 'Demo',
        at: new Date(Date.parse(`${spec.gridConnectionDate || '2026-09-01'}T02:00:00Z`) - (stages.length - 1 - i) * 120 * 86_400_000),
      })),
    );
    if (!built) continue;

    const areas = await db
      .insert(pvArea)
      .values(spec.areas.map((name, sort) => ({ tenantId, stationId, name, sort })))
      .returning({ id: pvArea.id });
    const areaOf = (inverterNo: number) => areas[Math.floor(((inverterNo - 1) * areas.length) / spec.inverters)]!.id;
    const mppt = Math.ceil(spec.stringsPerInverter / 3);
    const inverters = await db
      .insert(pvInverter)
      .values(
        Array.from({ length: spec.inverters }, (_, i) => ({
          tenantId,
          stationId,
          areaId: areaOf(i + 1),
          code: `INV-${pad(i + 1)}`,
          name: `Inverter ${i + 1}`,
          model: spec.inverterKw === 100 ? 'SUN2000-100KTL' : 'SG110CX',
          ratedAcKw: spec.inverterKw,
          mpptCount: mppt,
          deviceId: fleet(`INV-${pad(i + 1)}`),
        })),
      )
      .returning({ id: pvInverter.id, code: pvInverter.code });
    await db.insert(pvString).values(
      inverters.flatMap((inv, i) =>
        Array.from({ length: spec.stringsPerInverter }, (_, s) => ({
          tenantId,
          stationId,
          inverterId: inv.id,
          code: `${inv.code}-S${pad(s + 1)}`,
          name: `String ${s + 1}`,
          mpptInput: Math.floor(s / 3) + 1,
          moduleModel: 'LR5-72HPH-550M',
          moduleCount: MODULES_PER_STRING,
          capacityKwp: STRING_KWP,
          deviceId: i === 0 ? fleet(`INV-01-S${s + 1}`) : null,
        })),
      ),
    );
    // one module batch per area: the modules of its inverters' strings
    await db.insert(pvModule).values(
      areas.map((a, k) => ({
        tenantId,
        stationId,
        areaId: a.id,
        code: `MOD-${pad(k + 1)}`,
        model: 'LR5-72HPH-550M',
        ratedWp: MODULE_WP,
        count:
          Array.from({ length: spec.inverters }, (_, i) => areaOf(i + 1)).filter((id) => id === a.id).length *
          spec.stringsPerInverter *
          MODULES_PER_STRING,
      })),
    );
    await db
      .insert(pvGridPoint)
      .values({ tenantId, stationId, name: 'Point 1', voltageKv: 10, generationMeterId: own('PVM-01'), onGridMeterId: fleet('GM-01') });
    // about 3.6 yuan per Wp installed, 1.5 % of it a year for O&M
    const investment = Math.round(capacityKwp * 3600);
    await db.insert(pvCostInfo).values({
      stationId,
      tenantId,
      currency: 'CNY',
      investment: `${investment}.00`,
      yearlyOmCost: `${Math.round(investment * 0.015)}.00`,
    });
    await db
      .insert(pvOnlineWay)
      .values({ tenantId, stationId, effectiveFrom: spec.gridConnectionDate, way: spec.onlineWay ?? 'on-grid-meter', changedBy: 'Demo' });
    await db.insert(pvIncomeWay).values([
      {
        tenantId,
        stationId,
        effectiveFrom: spec.gridConnectionDate,
        currency: 'CNY',
        selfConsumptionPricing: 'customer-tariff',
        discountPercent: '10.00',
        feedInPrice: '0.3910',
        subsidyPerKwh: '0.0300',
        changedBy: 'Demo',
      },
      {
        tenantId,
        stationId,
        effectiveFrom: '2026-01-01',
        currency: 'CNY',
        selfConsumptionPricing: 'customer-tariff',
        discountPercent: '10.00',
        feedInPrice: '0.3910',
        subsidyPerKwh: '0.0000',
        changedBy: 'Demo',
      },
    ]);
  }
}

/** A device of a demo PV station's site (`${ouCode}-${code}`), unless the tenant has it; behind the site's gateway when it has one. */
async function demoDevice(
  db: Db,
  site: { id: number; code: string; customer_mcid: string; address: string | null; lng: number | null; lat: number | null },
  tenantId: string,
  code: string,
  name: string,
  type: string,
  ratedPowerKw: number | null,
) {
  await db.execute(
    sql`insert into device (tenant_id, code, name, device_type_id, customer_mcid, ou_id, gateway_id, lng, lat, address, rated_power_kw)
        select ${tenantId}, ${`${site.code}-${code}`}, ${name}, t.id, ${site.customer_mcid}, ${site.id},
               (select id from device where tenant_id = ${tenantId} and code = ${`${site.code}-GW-01`}),
               ${site.lng}::float8, ${site.lat}::float8, ${site.address}, ${ratedPowerKw}::float8
        from device_type t where t.tenant_id = ${tenantId} and t.key = ${type}
          and not exists (select 1 from device where tenant_id = ${tenantId} and code = ${`${site.code}-${code}`})`,
  );
}

/** The fault of a demo fleet's string (its code after the OU code), if its station has one. */
export function demoStringFault(ouCode: string, code: string): DemoStringFault | undefined {
  return DEMO_PV.find((p) => p.ouCode === ouCode && p.stringFaults?.[code])?.stringFaults?.[code];
}

/**
 * Settles the demo stations' meter readings (docs/pv.md) up to yesterday, so the meter-readings page shows
 * settled values: on the first start from the first whole local day of the history (`historyFrom`), on
 * later starts from the day after the latest settled one. Owner connection, a month per transaction; run
 * in the background once the history is written (demo-live.ts). Answers the station-days settled.
 */
export async function settleDemoPvReadings(db: Db, historyFrom: Date): Promise<number> {
  const stations = await rowsOf<{ id: number; tenant_id: string; time_zone: string; settled: string | null }>(
    db,
    sql`select s.id, s.tenant_id, coalesce(s.time_zone, t.time_zone) as time_zone,
               (select max(r.day)::text from pv_meter_reading r where r.station_id = s.id and r.type = 'day') as settled
        from pv_station s join tenant t on t.id = s.tenant_id
        where s.stage = 'grid-connected' and s.tenant_id = any(${sql.param(Object.values(DEMO_TENANTS))}::uuid[])
          and s.code = any(${sql.param(DEMO_PV.map((p) => p.code))}::text[])
        order by s.id`,
  );
  let days = 0;
  for (const s of stations) {
    const from = s.settled ? addDays(s.settled, 1) : addDays(dayIn(s.time_zone, historyFrom), 1);
    days += await settleStationReadings(db, { id: Number(s.id), tenantId: s.tenant_id, timeZone: s.time_zone }, from, dayIn(s.time_zone));
  }
  return days;
}

/** The demo stations' codes of a tenant (tests). */
export const demoPvCodes = (tenant: DemoPv['tenant']) => DEMO_PV.filter((p) => p.tenant === tenant).map((p) => p.code);
