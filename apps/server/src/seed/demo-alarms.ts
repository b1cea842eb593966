import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { DEMO_TENANTS } from './demo-tenants.js';

/**
 * The demo's alarm rules (docs/alarms.md), tuned on the simulator so the live fleet raises an alarm
 * now and then, not a flood: each fires a few times a day (the storage empties at the end of its
 * discharge windows, the grid import peaks, the pile charges at full power, the gateway's CPU spikes).
 */
interface DemoRule {
  tenant: keyof typeof DEMO_TENANTS;
  name: string;
  description: string;
  type: string;
  property: string;
  condition: 'GT' | 'LT';
  threshold: number;
  durationSeconds: number;
  level: number;
  /** The rule's OU by code; null: every OU of the tenant. */
  ou: string | null;
  /** Only these devices (codes). */
  devices?: string[];
}

const RULES: DemoRule[] = [
  {
    tenant: 'sunrise',
    name: 'Storage SOC low',
    description: 'The storage is almost empty: discharge stops soon.',
    type: 'bsa-pcs',
    property: 'soc',
    condition: 'LT',
    threshold: 10,
    durationSeconds: 60,
    level: 2,
    ou: 'SZ-01',
  },
  {
    tenant: 'sunrise',
    name: 'Grid import peak',
    description: 'The site draws more than 1.2 MW from the grid for 5 minutes.',
    type: 'grid-meter',
    property: 'p',
    condition: 'GT',
    threshold: 1200,
    durationSeconds: 300,
    level: 1,
    ou: 'SZ-01',
  },
  {
    tenant: 'sunrise',
    name: 'Battery rack hot',
    description: 'A cell of the rack is above 28 °C for 5 minutes.',
    type: 'bsa-rack',
    property: 'temp_max',
    condition: 'GT',
    threshold: 28,
    durationSeconds: 300,
    level: 0,
    ou: 'SZ-01',
  },
  {
    tenant: 'sunrise',
    name: 'Gateway CPU high',
    description: 'Any gateway of the tenant above 50 % CPU for a minute.',
    type: 'edge-gateway',
    property: 'cpu',
    condition: 'GT',
    threshold: 50,
    durationSeconds: 60,
    level: 4,
    ou: null,
  },
  {
    tenant: 'harbor',
    name: 'Storage SOC low',
    description: 'The storage is almost empty: discharge stops soon.',
    type: 'bsa-pcs',
    property: 'soc',
    condition: 'LT',
    threshold: 10,
    durationSeconds: 60,
    level: 2,
    ou: 'SH-01',
  },
  {
    tenant: 'harbor',
    name: 'Charging pile at full power',
    description: 'The pile delivers more than 110 kW for 2 minutes.',
    type: 'charging-pile',
    property: 'p',
    condition: 'GT',
    threshold: 110,
    durationSeconds: 120,
    level: 3,
    ou: 'SH-01',
  },
  {
    tenant: 'harbor',
    name: 'Production feeder overload',
    description: 'Feeder 1 above 760 kW for 5 minutes.',
    type: 'feeder-meter',
    property: 'p',
    condition: 'GT',
    threshold: 760,
    durationSeconds: 300,
    level: 1,
    ou: 'SH-01',
    devices: ['SH-01-FM-01'],
  },
];

/** Adds the demo rules to the demo tenants (first start, after the device fleets); a rule whose name is taken is left alone. */
export async function seedDemoAlarmRules(db: Db) {
  for (const r of RULES) {
    const tenantId = DEMO_TENANTS[r.tenant];
    await db.execute(sql`
      insert into alarm_rule (tenant_id, name, description, device_type_id, property_id, condition, threshold, duration_seconds,
                              level, ou_id, device_ids)
      select ${tenantId}, ${r.name}, ${r.description}, t.id, p.id, ${r.condition}, ${r.threshold}, ${r.durationSeconds}, ${r.level},
             (select o.id from ou o where o.tenant_id = ${tenantId} and o.code = ${r.ou}),
             coalesce((select array_agg(d.id order by d.id) from device d
                       where d.tenant_id = ${tenantId} and d.code = any(${sql.param(r.devices ?? [])}::text[])), '{}'::int[])
      from device_type t join data_property p on p.device_type_id = t.id and p.key = ${r.property}
      where t.tenant_id = ${tenantId} and t.key = ${r.type}
      on conflict do nothing`);
  }
}
