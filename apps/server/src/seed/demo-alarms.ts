import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { AlarmWriter, ruleAlarm, type Action } from '../domains/alarm/alarm-writer.js';
import { AlarmRecipients } from '../domains/alarm/recipients.js';
import { ruleEntries, selectDevices, type RuleEntry } from '../domains/alarm/rule-index.js';
import type { Services } from '../domains/index.js';
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

/** One alarm of the demo's past: which rule tripped on which device, how long ago, for how long, and at what value. */
interface PastAlarm {
  tenant: keyof typeof DEMO_TENANTS;
  rule: string;
  device: string;
  hoursAgo: number;
  /** Minutes until a reading cleared the condition. */
  lasted: number;
  value: number;
  /** The reading that cleared it. */
  cleared: number;
}

/** A few days of a real site's alarms: the rules above tripping now and then, each recovered by a later reading. */
const PAST: PastAlarm[] = [
  { tenant: 'sunrise', rule: 'Storage SOC low', device: 'SZ-01-PCS-01', hoursAgo: 131, lasted: 25, value: 8.6, cleared: 10.4 },
  { tenant: 'sunrise', rule: 'Grid import peak', device: 'SZ-01-GM-01', hoursAgo: 102, lasted: 12, value: 1286, cleared: 1174 },
  { tenant: 'sunrise', rule: 'Gateway CPU high', device: 'SZ-01-GW-01', hoursAgo: 77, lasted: 4, value: 63, cleared: 31 },
  { tenant: 'sunrise', rule: 'Battery rack hot', device: 'SZ-01-RACK-01', hoursAgo: 53, lasted: 18, value: 28.7, cleared: 27.6 },
  { tenant: 'sunrise', rule: 'Storage SOC low', device: 'SZ-01-PCS-01', hoursAgo: 27, lasted: 31, value: 9.2, cleared: 11.8 },
  { tenant: 'sunrise', rule: 'Grid import peak', device: 'SZ-01-GM-01', hoursAgo: 8, lasted: 7, value: 1241, cleared: 1150 },
  { tenant: 'harbor', rule: 'Charging pile at full power', device: 'SH-01-CP-01', hoursAgo: 97, lasted: 9, value: 117, cleared: 96 },
  { tenant: 'harbor', rule: 'Production feeder overload', device: 'SH-01-FM-01', hoursAgo: 74, lasted: 15, value: 792, cleared: 731 },
  { tenant: 'harbor', rule: 'Storage SOC low', device: 'SH-01-PCS-01', hoursAgo: 26, lasted: 22, value: 9.4, cleared: 12.1 },
];

/** Conditions that hold as the demo starts: raised by the rules engine from these readings, active until a reading clears them. */
const ACTIVE: { tenant: keyof typeof DEMO_TENANTS; rule: string; device: string; value: number }[] = [
  { tenant: 'sunrise', rule: 'Battery rack hot', device: 'SZ-01-RACK-02', value: 29.1 },
  { tenant: 'harbor', rule: 'Charging pile at full power', device: 'SH-01-CP-01', value: 116 },
];

/** Alarms older than this are read by the staff they were pushed to; newer ones wait in the bell. */
const READ_AFTER_HOURS = 48;

/** The demo rules as the rules engine holds them (rule-index.ts). */
async function demoRules(db: Db): Promise<Map<string, RuleEntry>> {
  const tenants = Object.values(DEMO_TENANTS);
  const entries = await ruleEntries(db, sql`r.tenant_id = any(${sql.param(tenants)}::uuid[])`);
  return new Map(entries.map((entry) => [`${entry.tenantId}/${entry.name}`, entry] as const));
}

/**
 * The demo's alarm history (first start, after the rules): a few days of alarms raised and recovered,
 * written by the rules engine's writer (alarm-writer.ts) with a push row for every staff who sees the
 * device, the older ones read; then the conditions that hold now, handed to the rules engine as readings
 * so it raises them and knows them (a later reading that clears one recovers it).
 */
export async function seedDemoAlarmHistory(db: Db, services: Services, now = Date.now()) {
  const rules = await demoRules(db);
  const codes = [...new Set([...PAST, ...ACTIVE].map((a) => a.device))];
  const devices = new Map((await selectDevices(db, sql`d.code = any(${sql.param(codes)}::text[])`)).map((d) => [d.code, d]));
  const find = (a: { tenant: keyof typeof DEMO_TENANTS; rule: string; device: string }) => {
    const rule = rules.get(`${DEMO_TENANTS[a.tenant]}/${a.rule}`);
    const device = devices.get(a.device);
    if (!rule || !device || device.tenantId !== rule.tenantId) throw new Error(`demo alarms: no rule ${a.rule} or device ${a.device}`);
    return { rule, device };
  };

  const minute = 60_000;
  const steps = PAST.map((a) => {
    const { rule, device } = find(a);
    const at = Math.floor((now - a.hoursAgo * 3_600_000) / minute) * minute;
    return { at, recoverAt: at + a.lasted * minute, alarm: ruleAlarm(rule, device, a.value, at) };
  });
  const actions: Action[] = [];
  const refs = steps.map(() => ({ id: null as number | null }));
  // in time order, as the engine would have written them: each raise, and later its recovery
  const events = steps.flatMap((s, i) => [
    { at: s.at, action: { kind: 'raise', ref: refs[i]!, alarm: s.alarm } as Action },
    { at: s.recoverAt, action: { kind: 'recover', ref: refs[i]!, at: s.recoverAt, remark: 'the condition cleared' } as Action },
  ]);
  events.sort((a, b) => a.at - b.at);
  for (const e of events) actions.push(e.action);
  const writer = new AlarmWriter(db, new AlarmRecipients(services.catalogue), services.push);
  await writer.write(actions);
  await db.execute(sql`update alarm_push p set read_at = l.recover_time from alarm_log l
                       where l.id = p.alarm_id and l.id = any(${sql.param(refs.map((r) => r.id!))}::int[])
                         and l.alarm_time < ${new Date(now - READ_AFTER_HOURS * 3_600_000).toISOString()}::timestamptz`);

  // the conditions of now: held for the rule's duration, through the rules engine
  const evaluator = services.alarmEvaluator;
  evaluator.rulesChanged();
  const points = ACTIVE.flatMap((a) => {
    const { rule, device } = find(a);
    const since = now - rule.durationSeconds * 1000 - minute;
    return [since, now].map((ts) => ({ deviceId: device.id, propertyId: rule.propertyId, ts, value: a.value, cumulative: false }));
  });
  evaluator.committed([{ devices: [], points, rejections: [], seen: [] }]);
  await evaluator.settled();
}
