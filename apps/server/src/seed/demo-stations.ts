import { and, eq, sql, TransactionRollbackError } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/sql.js';
import { bsaStation, bsaStationDevice, bsaTariff, bsaTariffBand, type StationDeviceRole } from '../domains/bsa/bsa.schema.js';
import { toNumeric } from '../domains/bsa/bsa.service.js';
import { DEMO_TENANTS } from './demo-tenants.js';

/**
 * The demo tenants' storage stations (docs/bsa.md): built from each site's storage PCS and meters,
 * plus an FCS edge controller per station. Sunrise Suzhou runs strategy version CF and has an upper
 * transformer meter; Sunrise Wuxi (a storage-only site: PCS, grid meter, FCS) runs CB; Harbor Shanghai CA.
 * Devices the station needs are made when missing only where `create` says so; a station whose other
 * devices are gone is skipped. A station that exists is left alone, so this is safe at every start.
 */

interface StationDevice {
  /** Code after the OU code: `PCS-01` is `SZ-01-PCS-01`. */
  code: string;
  role: StationDeviceRole;
  transformerCapacityKva?: number;
  /** Made when missing (with this type, name and rating). */
  create?: { type: string; name: string; ratedPowerKw?: number };
}

type Band = [start: number, end: number, kind: 'sharp' | 'peak' | 'flat' | 'valley', price: number];

/** A Jiangsu-style industrial TOU tariff: valley nights, two peaks, a sharp evening hour pair. */
const JIANGSU: Band[] = [
  [0, 8, 'valley', 0.3],
  [8, 10, 'flat', 0.65],
  [10, 15, 'peak', 1.05],
  [15, 18, 'flat', 0.65],
  [18, 19, 'peak', 1.05],
  [19, 21, 'sharp', 1.25],
  [21, 24, 'flat', 0.65],
];
/** A Shanghai-style tariff: three peaks, valley from 22:00 to 06:00. */
const SHANGHAI: Band[] = [
  [0, 6, 'valley', 0.31],
  [6, 8, 'flat', 0.6475],
  [8, 11, 'peak', 1.0815],
  [11, 13, 'flat', 0.6475],
  [13, 15, 'peak', 1.0815],
  [15, 18, 'flat', 0.6475],
  [18, 21, 'peak', 1.0815],
  [21, 22, 'flat', 0.6475],
  [22, 24, 'valley', 0.31],
];

const FCS = { code: 'FCS-01', role: 'fcs', create: { type: 'bsa-fcs', name: 'FCS edge controller' } } as const;

export const DEMO_STATIONS: {
  /** A key of DEMO_TENANTS (demo-tenants.ts). */
  tenant: 'sunrise' | 'harbor';
  ouCode: string;
  code: string;
  name: string;
  strategyVersion: number;
  ratedPowerKw: number;
  /** The simulator's PCS holds twice its rating in kWh when not told otherwise (storage-core.ts). */
  capacityKwh: number;
  devices: StationDevice[];
  tariff: { bands: Band[]; demandPricePerKwMonth: number };
}[] = [
  {
    tenant: 'sunrise',
    ouCode: 'SZ-01',
    code: 'SZ-01-BSA-01',
    name: 'Suzhou plant storage',
    strategyVersion: 6,
    ratedPowerKw: 250,
    capacityKwh: 500,
    devices: [
      { code: 'PCS-01', role: 'pcs' },
      { code: 'GM-01', role: 'meter-grid' },
      { code: 'FM-01', role: 'meter-upper', transformerCapacityKva: 1000 },
      FCS,
    ],
    tariff: { bands: JIANGSU, demandPricePerKwMonth: 40 },
  },
  {
    tenant: 'sunrise',
    ouCode: 'WX-01',
    code: 'WX-01-BSA-01',
    name: 'Wuxi plant storage',
    strategyVersion: 2,
    ratedPowerKw: 250,
    capacityKwh: 500,
    // codes of the demo fleet (PCS-01, GM-01), so the demo's simulator runs them too (demo-live.ts)
    devices: [
      { code: 'PCS-01', role: 'pcs', create: { type: 'bsa-pcs', name: 'Storage PCS 1', ratedPowerKw: 250 } },
      { code: 'GM-01', role: 'meter-grid', create: { type: 'grid-meter', name: 'Grid connection meter', ratedPowerKw: 1250 } },
      FCS,
    ],
    tariff: { bands: JIANGSU, demandPricePerKwMonth: 40 },
  },
  {
    tenant: 'harbor',
    ouCode: 'SH-01',
    code: 'SH-01-BSA-01',
    name: 'Shanghai park storage',
    strategyVersion: 1,
    ratedPowerKw: 250,
    capacityKwh: 500,
    devices: [{ code: 'PCS-01', role: 'pcs' }, { code: 'GM-01', role: 'meter-grid' }, FCS],
    tariff: { bands: SHANGHAI, demandPricePerKwMonth: 38.4 },
  },
];

const EFFECTIVE_FROM = '2026-01-01';

/** Seeds the demo stations that are missing (owner connection); a no-op without the demo tenants. */
export async function seedDemoStations(db: Db) {
  for (const s of DEMO_STATIONS) {
    const tenantId = DEMO_TENANTS[s.tenant];
    await db
      .transaction(async (tx) => {
        const [site] = await rowsOf<{ id: number; customer_mcid: string; lng: number | null; lat: number | null; address: string | null }>(
          tx,
          sql`select id, customer_mcid, lng, lat, address from ou where tenant_id = ${tenantId} and code = ${s.ouCode}`,
        );
        if (!site) return;
        const [exists] = await tx
          .select({ id: bsaStation.id })
          .from(bsaStation)
          .where(and(eq(bsaStation.tenantId, tenantId), eq(bsaStation.code, s.code)));
        if (exists) return;

        const linked: { deviceId: number; d: StationDevice }[] = [];
        for (const d of s.devices) {
          const code = `${s.ouCode}-${d.code}`;
          let [row] = await rowsOf<{ id: number; ou_id: number }>(
            tx,
            sql`select id, ou_id from device where tenant_id = ${tenantId} and code = ${code}`,
          );
          if (!row && d.create)
            [row] = await rowsOf<{ id: number; ou_id: number }>(
              tx,
              sql`insert into device (tenant_id, code, name, device_type_id, customer_mcid, ou_id, lng, lat, address, rated_power_kw)
                select ${tenantId}, ${code}, ${d.create.name}, t.id, ${site.customer_mcid}, ${site.id},
                       ${site.lng}::float8, ${site.lat}::float8, ${site.address}, ${d.create.ratedPowerKw ?? null}::float8
                from device_type t where t.tenant_id = ${tenantId} and t.key = ${d.create.type}
                returning id, ou_id`,
            );
          // a station's devices are in its tenant and OU; without them (deleted, moved) there is no demo
          // station, and the devices made for it go too
          if (!row || Number(row.ou_id) !== Number(site.id)) tx.rollback();
          linked.push({ deviceId: Number(row.id), d });
        }

        const [station] = await tx
          .insert(bsaStation)
          .values({
            tenantId: tenantId,
            code: s.code,
            name: s.name,
            customerMcid: site.customer_mcid,
            ouId: Number(site.id),
            strategyVersion: s.strategyVersion,
            ratedPowerKw: s.ratedPowerKw,
            capacityKwh: s.capacityKwh,
          })
          .returning({ id: bsaStation.id });
        await tx.insert(bsaStationDevice).values(
          linked.map(({ deviceId, d }, sort) => ({
            tenantId: tenantId,
            stationId: station!.id,
            deviceId,
            role: d.role,
            transformerCapacityKva: d.transformerCapacityKva ?? null,
            sort,
          })),
        );
        await tx.insert(bsaTariff).values({
          stationId: station!.id,
          tenantId: tenantId,
          currency: 'CNY',
          demandPricePerKwMonth: toNumeric(s.tariff.demandPricePerKwMonth),
          effectiveFrom: EFFECTIVE_FROM,
        });
        await tx.insert(bsaTariffBand).values(
          s.tariff.bands.map(([start, end, kind, price], seq) => ({
            stationId: station!.id,
            tenantId: tenantId,
            seq,
            startMin: start * 60,
            endMin: end * 60,
            kind,
            price: toNumeric(price),
          })),
        );
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
  }
}
