import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/sql.js';
import type { FilesService } from '../domains/files/files.service.js';

/**
 * The second edition in the demo (docs/bsa.md, "Second edition and firmware"): Harbor's Shanghai station
 * becomes a second-edition station (its OBS record) with two cabinets holding its PCS and stack, its
 * meter and FCS, and its FCS a firmware history with a fault: version 2.3.1 two days ago timed out (the
 * FCS was offline), the retry ten minutes later updated it. Sunrise's stations stay first edition (the
 * tests build theirs). Made once: a station with an OBS record is left alone. A handful of rows, written
 * inline (no bulk needed).
 */
export async function seedDemoBsaSecond(db: Db, files: Pick<FilesService, 'storeSystemFile'>) {
  const [station] = await rowsOf<{ id: number; tenant_id: string; done: boolean }>(
    db,
    sql`select s.id, s.tenant_id, exists (select 1 from bsa_obs o where o.station_id = s.id) as done
        from bsa_station s where s.code = 'SH-01-BSA-01'`,
  );
  if (!station || station.done) return;
  const devices = await rowsOf<{ device_id: number; role: string; code: string }>(
    db,
    sql`select l.device_id, l.role, d.code from bsa_station_device l join device d on d.id = l.device_id where l.station_id = ${station.id}`,
  );
  const fcs = devices.find((d) => d.role === 'fcs');
  await db.transaction(async (tx) => {
    await tx.execute(sql`insert into bsa_obs (station_id, tenant_id, manufacturer, model, serial_number, chemistry, cooling,
        fire_suppression, ip_rating, commissioned_on, design_cycles, updated_by_name)
      values (${station.id}, ${station.tenant_id}, 'CATL', 'EnerOne 372 kWh', 'EO372-SH-0417', 'LFP', 'liquid',
        'perfluorohexanone', 'IP55', '2025-06-18', 8000, 'Demo seed')`);
    // 2 x 125 kW / 250 kWh = the station's 250 kW / 500 kWh
    const cabinets = await rowsOf<{ id: number; code: string }>(
      tx as unknown as Db,
      sql`insert into bsa_cabinet (tenant_id, station_id, code, name, rated_power_w, capacity_wh, note)
        values (${station.tenant_id}, ${station.id}, 'SH-01-CAB-01', 'Cabinet 1 (PCS side)', 125000, 250000, null),
               (${station.tenant_id}, ${station.id}, 'SH-01-CAB-02', 'Cabinet 2', 125000, 250000, 'Service door faces the road')
        returning id, code`,
    );
    const first = cabinets.find((c) => c.code === 'SH-01-CAB-01')!.id;
    const second = cabinets.find((c) => c.code === 'SH-01-CAB-02')!.id;
    for (const d of devices) {
      const kind = d.role === 'pcs' ? 'pcs' : d.role === 'fcs' ? 'fcs' : 'meter';
      await tx.execute(sql`insert into bsa_cabinet_link (tenant_id, cabinet_id, kind, device_id)
        values (${station.tenant_id}, ${kind === 'meter' ? second : first}, ${kind}, ${d.device_id})`);
    }
    await tx.execute(sql`insert into bsa_cabinet_link (tenant_id, cabinet_id, kind, stack_id)
      select ${station.tenant_id}, ${second}, 'stack', id from bsa_stack where station_id = ${station.id}`);
  });
  if (!fcs) return;
  // a package in the file center, and its roll-out: timed out first, updated on the retry
  const bytes = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('FCS firmware 2.3.1 (demo package)\n'.repeat(64))]);
  const key = await files.storeSystemFile(station.tenant_id, 'fcs-firmware-2.3.1.zip', 'application/zip', bytes);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await db.transaction(async (tx) => {
    const [d] = await rowsOf<{ id: number }>(
      tx as unknown as Db,
      sql`insert into bsa_firmware_distribution (tenant_id, file_key, package_name, size, sha256, software_version, created_by_name, created_at)
        values (${station.tenant_id}, ${key}, 'fcs-firmware-2.3.1.zip', ${bytes.length}, ${sha256}, '2.3.1', 'Demo seed', now() - interval '2 days')
        returning id`,
    );
    await tx.execute(sql`insert into bsa_firmware_target (tenant_id, distribution_id, fcs_device_id, fcs_code, station_code,
        from_version, attempt, state, reason, created_at, updated_at, finished_at)
      values (${station.tenant_id}, ${d!.id}, ${fcs.device_id}, ${fcs.code}, 'SH-01-BSA-01', '2.2.0', 1, 'failed',
              'timed out: no report from the FCS within 120 s', now() - interval '2 days', now() - interval '2 days' + interval '2 minutes',
              now() - interval '2 days' + interval '2 minutes'),
             (${station.tenant_id}, ${d!.id}, ${fcs.device_id}, ${fcs.code}, 'SH-01-BSA-01', '2.2.0', 2, 'updated', null,
              now() - interval '2 days' + interval '10 minutes', now() - interval '2 days' + interval '13 minutes',
              now() - interval '2 days' + interval '13 minutes')`);
    await tx.execute(sql`insert into bsa_fcs_version (device_id, tenant_id, software_version, hardware_version, reported_at)
      values (${fcs.device_id}, ${station.tenant_id}, '2.3.1', 'FCS-H2', now() - interval '2 days' + interval '13 minutes')
      on conflict (device_id) do nothing`);
  });
}
