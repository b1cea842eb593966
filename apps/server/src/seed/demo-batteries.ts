import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/sql.js';
import { buildLevel, type BuildSpec } from '../domains/bsa/bsa-build-levels.js';
import { buildConfig } from '../domains/bsa/bsa-config-content.js';
import { DEMO_STATIONS } from './demo-stations.js';
import { DEMO_TENANTS } from './demo-tenants.js';

/**
 * The demo stations' batteries (docs/bsa.md, "Demo"): each demo tenant gets LFP data-point and device
 * templates (rack of 12 packs, pack of 24 cells, 280 Ah cells), and each demo station a stack ST-01
 * bound to its PCS, built from the templates in bulk: 2 racks x 12 packs x 24 cells = 576 cells of
 * 3.2 V x 280 Ah = 516 kWh, the stations' 500 kWh. Cells carry plausible latest values, one of them
 * low (2.950 V) so a fault shows. Made once: a station that has a stack is left alone.
 */

type Level = 'rack' | 'pack' | 'cell';
const range = (from: number, to: number, state: 'normal' | 'warning' | 'fault') => ({ from, to, state });
const point = (key: string, name: string, unit: string, min: number, max: number, ranges: ReturnType<typeof range>[] = []) => ({
  key,
  name,
  unit,
  min,
  max,
  ranges,
});
const TEMPERATURE = [range(-20, 0, 'warning'), range(0, 45, 'normal'), range(45, 60, 'warning'), range(60, 120, 'fault')];

const TEMPLATES: Record<
  Level,
  { points: string; device: string; childCount: number | null; voltage: number; list: ReturnType<typeof point>[] }
> = {
  rack: {
    points: 'LFP rack points',
    device: 'LFP rack, 12 packs',
    childCount: 12,
    voltage: 921.6,
    list: [
      point('voltage', 'Rack voltage', 'V', 0, 1200, [range(0, 800, 'fault'), range(800, 1050, 'normal'), range(1050, 1200, 'fault')]),
      point('current', 'Rack current', 'A', -400, 400),
      point('soc', 'SOC', '%', 0, 100, [range(0, 5, 'warning'), range(5, 100, 'normal')]),
      point('soh', 'SOH', '%', 0, 100, [range(0, 80, 'warning'), range(80, 100, 'normal')]),
      point('temperatureMax', 'Highest temperature', '°C', -40, 120, TEMPERATURE),
      point('temperatureMin', 'Lowest temperature', '°C', -40, 120, TEMPERATURE),
    ],
  },
  pack: {
    points: 'LFP pack points',
    device: 'LFP pack, 24 cells',
    childCount: 24,
    voltage: 76.8,
    list: [
      point('voltage', 'Pack voltage', 'V', 0, 100),
      point('temperatureMax', 'Highest temperature', '°C', -40, 120, TEMPERATURE),
      point('temperatureMin', 'Lowest temperature', '°C', -40, 120, TEMPERATURE),
      point('cellVoltageMax', 'Highest cell voltage', 'V', 0, 5),
      point('cellVoltageMin', 'Lowest cell voltage', 'V', 0, 5),
    ],
  },
  cell: {
    points: 'LFP cell points',
    device: 'LFP cell 280 Ah',
    childCount: null,
    voltage: 3.2,
    list: [
      point('voltage', 'Cell voltage', 'V', 0, 5, [range(0, 3.0, 'fault'), range(3.0, 3.65, 'normal'), range(3.65, 5, 'fault')]),
      point('temperature', 'Temperature', '°C', -40, 120, TEMPERATURE),
      point('soc', 'SOC', '%', 0, 100),
    ],
  },
};
const RACKS = 2;

/** The tenant's demo templates (made when missing), by level: the device template's id. */
async function templatesOf(tx: Db, tenantId: string): Promise<Record<Level, number>> {
  const ids = {} as Record<Level, number>;
  for (const level of ['rack', 'pack', 'cell'] as const) {
    const t = TEMPLATES[level];
    await tx.execute(
      sql`insert into bsa_point_template (tenant_id, level, name) values (${tenantId}, ${level}, ${t.points}) on conflict do nothing`,
    );
    const [pt] = await rowsOf<{ id: number }>(
      tx,
      sql`select id from bsa_point_template where tenant_id = ${tenantId} and level = ${level} and name = ${t.points}`,
    );
    await tx.execute(sql`insert into bsa_point_template_version (tenant_id, template_id, version, note, points)
      values (${tenantId}, ${pt!.id}, 1, 'Demo', ${JSON.stringify(t.list)}::jsonb) on conflict do nothing`);
    const [v] = await rowsOf<{ id: number }>(
      tx,
      sql`select id from bsa_point_template_version where template_id = ${pt!.id} and version = 1`,
    );
    await tx.execute(sql`insert into bsa_device_template (tenant_id, level, name, child_count, nominal_voltage_v, capacity_ah, point_version_id)
      values (${tenantId}, ${level}, ${t.device}, ${t.childCount}, ${t.voltage}, 280, ${v!.id}) on conflict do nothing`);
    const [d] = await rowsOf<{ id: number }>(
      tx,
      sql`select id from bsa_device_template where tenant_id = ${tenantId} and level = ${level} and name = ${t.device}`,
    );
    ids[level] = d!.id;
  }
  return ids;
}

export async function seedDemoBatteries(db: Db) {
  for (const s of DEMO_STATIONS) {
    const tenantId = DEMO_TENANTS[s.tenant];
    await db.transaction(async (tx) => {
      const [station] = await rowsOf<{ id: number; code: string; pcs: number | null; stacks: number }>(
        tx,
        sql`select s.id, s.code,
                   (select l.device_id from bsa_station_device l where l.station_id = s.id and l.role = 'pcs' order by l.sort limit 1) as pcs,
                   (select count(*)::int from bsa_stack k where k.station_id = s.id) as stacks
            from bsa_station s where s.tenant_id = ${tenantId} and s.code = ${s.code}`,
      );
      if (!station || station.stacks > 0) return;
      const templates = await templatesOf(tx, tenantId);
      const [stack] = await rowsOf<{ id: number }>(
        tx,
        sql`insert into bsa_stack (tenant_id, station_id, code, name, pcs_device_id)
            values (${tenantId}, ${station.id}, 'ST-01', 'Battery stack 1', ${station.pcs}) returning id`,
      );
      const spec: BuildSpec = {
        tenantId,
        stationId: station.id,
        stationCode: station.code,
        stackId: stack!.id,
        racks: RACKS,
        packsPerRack: TEMPLATES.rack.childCount!,
        cellsPerPack: TEMPLATES.pack.childCount!,
        rackTemplateId: templates.rack,
        packTemplateId: templates.pack,
        cellTemplateId: templates.cell,
      };
      await tx.execute(sql`insert into bsa_build_run (tenant_id, station_id, stack_id, job_id, racks, rack_template_id, pack_template_id, cell_template_id)
        values (${tenantId}, ${station.id}, ${stack!.id}, gen_random_uuid(), ${RACKS}, ${templates.rack}, ${templates.pack}, ${templates.cell})`);
      for (const level of ['rack', 'pack', 'cell'] as const) await buildLevel[level](tx, spec);
      // latest values: 3.280..3.329 V, 24.0..29.9 °C, SOC 61.0..64.9 %, spread by the cell's id; one low cell;
      // Suzhou's rack 1 runs 11 °C warmer (a blocked air duct: the monitoring's hot rack, docs/bsa.md issue 22)
      await tx.execute(sql`update bsa_cell c set
          voltage_v = case when c.code = ${`${station.code}-R02-P01-C01`} then 2.95 else 3.28 + ((c.id * 37) % 50) / 1000.0 end,
          temperature_c = 24 + ((c.id * 13) % 60) / 10.0
            + case when c.code like ${`${station.code}-R01-%`} and ${station.code} = 'SZ-01-BSA-01' then 11 else 0 end,
          soc_pct = 61 + ((c.id * 7) % 40) / 10.0,
          reported_at = now()
        where c.station_id = ${station.id}`);
      // packs and racks report what their cells make (as the simulated FCS does), so the BMS tabs show values at once
      await tx.execute(sql`update bsa_pack p set latest = jsonb_build_object(
            'voltage', round(x.v::numeric, 2), 'temperatureMax', x.tmax, 'temperatureMin', x.tmin,
            'cellVoltageMax', x.vmax, 'cellVoltageMin', x.vmin), reported_at = now()
          from (select pack_id, sum(voltage_v) as v, max(temperature_c) as tmax, min(temperature_c) as tmin,
                       max(voltage_v) as vmax, min(voltage_v) as vmin
                from bsa_cell where station_id = ${station.id} group by pack_id) x
          where p.id = x.pack_id`);
      await tx.execute(sql`update bsa_rack r set latest = jsonb_build_object(
            'voltage', round(x.v::numeric, 2), 'current', 0, 'soc', round(x.soc::numeric, 1), 'soh', 98.5,
            'temperatureMax', x.tmax, 'temperatureMin', x.tmin), reported_at = now()
          from (select p.rack_id, sum(c.voltage_v) as v, avg(c.soc_pct) as soc, max(c.temperature_c) as tmax, min(c.temperature_c) as tmin
                from bsa_cell c join bsa_pack p on p.id = c.pack_id where c.station_id = ${station.id} group by p.rack_id) x
          where r.id = x.rack_id`);
    });
  }
  await seedDemoConfigs(db);
}

/**
 * Each demo station with a battery and no configuration yet gets version 1 of its FCS configuration and a
 * publish history with a realistic fault: the first publish two days ago timed out (the FCS was offline),
 * the retry ten minutes later was acknowledged. The demo's simulated FCS starts with that configuration
 * (demo-live.ts) and reports its cells from then on.
 */
async function seedDemoConfigs(db: Db) {
  for (const s of DEMO_STATIONS) {
    const tenantId = DEMO_TENANTS[s.tenant];
    await db.transaction(async (tx) => {
      const [station] = await rowsOf<{ id: number; code: string; fcs_id: number | null; fcs_code: string | null; versions: number }>(
        tx,
        sql`select s.id, s.code, d.id as fcs_id, d.code as fcs_code,
                   (select count(*)::int from bsa_config_version v where v.station_id = s.id) as versions
            from bsa_station s
            left join bsa_station_device l on l.station_id = s.id and l.role = 'fcs'
            left join device d on d.id = l.device_id
            where s.tenant_id = ${tenantId} and s.code = ${s.code}`,
      );
      if (!station || station.versions > 0 || !station.fcs_id) return;
      const config = await buildConfig(tx, tenantId, station);
      if (config.units === 0) return;
      const [version] = await rowsOf<{ id: number }>(
        tx,
        sql`insert into bsa_config_version (tenant_id, station_id, version, checksum, units, points, units_without_points, content, created_by, created_at)
            values (${tenantId}, ${station.id}, 1, ${config.checksum}, ${config.units}, ${config.points}, ${config.unitsWithoutPoints},
                    ${JSON.stringify(config.content)}::jsonb, 'Demo seed', now() - interval '2 days 1 hour') returning id`,
      );
      await tx.execute(sql`insert into bsa_config_publish
          (tenant_id, station_id, config_version_id, version, fcs_device_id, fcs_code, status, reason, requested_by, requested_at, answered_at)
        values (${tenantId}, ${station.id}, ${version!.id}, 1, ${station.fcs_id}, ${station.fcs_code}, 'timeout',
                'no answer from the FCS within 15 s', 'Demo seed', now() - interval '2 days', null),
               (${tenantId}, ${station.id}, ${version!.id}, 1, ${station.fcs_id}, ${station.fcs_code}, 'acknowledged',
                null, 'Demo seed', now() - interval '2 days' + interval '10 minutes', now() - interval '2 days' + interval '10 minutes 2 seconds')`);
    });
  }
}
