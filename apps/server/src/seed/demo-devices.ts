import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/sql.js';

/** String n of INV-01: 11 kWp, 20 modules of 550 Wp, as the strings of the demo PV stations (demo-pv.ts). */
function pvString(n: number) {
  return {
    code: `INV-01-S${n}`,
    unit: 'inv1',
    name: `PV inverter 1 string ${n}`,
    type: 'pv-string',
    ratedPowerKw: 11,
    behindGateway: true,
  };
}

/** One site's demo fleet, behind one edge gateway: what the simulator's default fleet drives. */
/** `unit` groups devices the simulator runs together (an inverter and its strings, a PCS and its racks). */
const FLEET: { code: string; name: string; type: string; ratedPowerKw?: number; behindGateway: boolean; unit?: string }[] = [
  { code: 'GW-01', name: 'Edge gateway', type: 'edge-gateway', behindGateway: false },
  { code: 'GM-01', name: 'Grid connection meter', type: 'grid-meter', ratedPowerKw: 2000, behindGateway: true },
  { code: 'FM-01', name: 'Feeder meter 1 (production line)', type: 'feeder-meter', ratedPowerKw: 800, behindGateway: true },
  { code: 'FM-02', name: 'Feeder meter 2 (offices and HVAC)', type: 'feeder-meter', ratedPowerKw: 400, behindGateway: true },
  { code: 'INV-01', unit: 'inv1', name: 'PV inverter 1', type: 'pv-inverter', ratedPowerKw: 100, behindGateway: true },
  // its nine strings: S1..S4 here, S5..S9 (added later) at the end, so the devices before them keep their places
  ...[1, 2, 3, 4].map((s) => pvString(s)),
  { code: 'ENV-01', name: 'Weather station', type: 'env-sensor', behindGateway: true },
  { code: 'PCS-01', unit: 'bess1', name: 'Storage PCS 1', type: 'bsa-pcs', ratedPowerKw: 250, behindGateway: true },
  { code: 'RACK-01', unit: 'bess1', name: 'Battery rack 1', type: 'bsa-rack', behindGateway: true },
  { code: 'RACK-02', unit: 'bess1', name: 'Battery rack 2', type: 'bsa-rack', behindGateway: true },
  { code: 'CP-01', name: 'Charging pile 1', type: 'charging-pile', ratedPowerKw: 120, behindGateway: true },
  ...[5, 6, 7, 8, 9].map((s) => pvString(s)),
];

/** The demo fleets' device codes (prefixed with the site's OU code, e.g. SZ-01-GM-01) and their simulator units. */
export const DEMO_DEVICE_UNITS: ReadonlyMap<string, string | undefined> = new Map(FLEET.map((d) => [d.code, d.unit]));

/** Seeds a demo fleet on an OU whose tenant has the standard device types (owner connection, first start). */
export async function seedDemoFleet(
  db: Db,
  site: { tenantId: string; ouId: number; ouCode: string; lng: number; lat: number; address: string },
) {
  const [unit] = await rowsOf<{ customer_mcid: string }>(db, sql`select customer_mcid from ou where id = ${site.ouId}`);
  let gatewayId: number | null = null;
  for (const [i, d] of FLEET.entries()) {
    const [row]: { id: number }[] = await rowsOf<{ id: number }>(
      db,
      sql`insert into device (tenant_id, code, name, device_type_id, customer_mcid, ou_id, gateway_id, lng, lat, address, rated_power_kw)
          select ${site.tenantId}, ${`${site.ouCode}-${d.code}`}, ${d.name}, t.id, ${unit!.customer_mcid}, ${site.ouId},
                 ${d.behindGateway ? gatewayId : null}::int, ${site.lng + i * 0.0002}, ${site.lat}, ${site.address}, ${d.ratedPowerKw ?? null}::float8
          from device_type t where t.tenant_id = ${site.tenantId} and t.key = ${d.type}
          returning id`,
    );
    if (!d.behindGateway) gatewayId = Number(row!.id);
  }
}
