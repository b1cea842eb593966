import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/sql.js';
import { DEMO_STATIONS } from './demo-stations.js';
import { DEMO_TENANTS } from './demo-tenants.js';

/**
 * The demo's remote control (docs/bsa.md, "Remote control"): each demo tenant's command catalogue and three
 * days of commands to its stations, with the realistic failures an operator meets: a PCS in fault refusing
 * a start, an FCS that did not answer in time. Made once: a tenant with an operation log is left alone. The log
 * and the operation log are written in bulk (one insert each from a JSON record set).
 */

const CATALOGUE = [
  { name: 'Start PCS', deviceType: 'pcs', action: 'start' },
  { name: 'Stop PCS', deviceType: 'pcs', action: 'stop' },
  { name: 'Set PCS power', deviceType: 'pcs', action: 'set-power', minValue: -250, maxValue: 250, description: 'kW, discharge positive' },
  {
    name: 'PCS mode',
    deviceType: 'pcs',
    action: 'mode',
    options: [
      { value: 0, label: 'Auto' },
      { value: 1, label: 'Manual' },
    ],
  },
  {
    name: 'FCS mode',
    deviceType: 'fcs',
    action: 'mode',
    options: [
      { value: 0, label: 'Manual' },
      { value: 1, label: 'Strategy' },
      { value: 2, label: 'Remote command' },
    ],
  },
  { name: 'Stop FCS', deviceType: 'fcs', action: 'stop' },
] as const;

const ADMIN = { sunrise: 'SR-ALICE', harbor: 'HB-DAVE' } as const;
const HOUR = 3_600_000;

/** The commands of one station: [hours ago, command, on the FCS?, value, label, status, reason]. */
type Entry = [number, string, boolean, number | null, string | null, 'acknowledged' | 'refused' | 'timeout', string | null];
const history = (fcsCode: string, faulty: boolean): Entry[] => [
  [70, 'Stop PCS', false, null, null, 'acknowledged', null],
  [69.5, 'Start PCS', false, null, null, 'acknowledged', null],
  [46, 'Set PCS power', false, 120, null, 'acknowledged', null],
  [45, 'PCS mode', false, 0, 'Auto', 'acknowledged', null],
  ...(faulty
    ? ([
        [22, 'Start PCS', false, null, null, 'refused', 'PCS in fault: insulation resistance low; clear the fault on site before starting'],
        [20, 'Start PCS', false, null, null, 'acknowledged', null],
      ] as Entry[])
    : ([[21, 'FCS mode', true, 1, 'Strategy', 'timeout', `no answer from ${fcsCode} within 30 s`]] as Entry[])),
  [3, 'FCS mode', true, 1, 'Strategy', 'acknowledged', null],
];

export async function seedDemoRemote(db: Db) {
  for (const [key, tenantId] of Object.entries(DEMO_TENANTS) as [keyof typeof DEMO_TENANTS, string][]) {
    if (!(key in ADMIN)) continue;
    await db.transaction(async (tx) => {
      // the operation log is never emptied: a tenant that ever had remote control (even after deleting its catalogue) is left alone
      const [has] = await rowsOf<{ n: number }>(tx, sql`select count(*)::int as n from bsa_remote_operation where tenant_id = ${tenantId}`);
      if (Number(has?.n) > 0) return;
      const [admin] = await rowsOf<{ id: number; code: string; name: string }>(
        tx,
        sql`select s.id, s.staff_code as code, u.name from staff s join customer_user u on u.muid = s.muid
            where s.tenant_id = ${tenantId} and s.staff_code = ${ADMIN[key as keyof typeof ADMIN]}`,
      );
      if (!admin) return;
      const commands = await rowsOf<{ id: number; name: string; action: string; device_type: string }>(
        tx,
        sql`insert into bsa_remote_command (tenant_id, name, device_type, action, min_value, max_value, options, description, updated_by, created_at, updated_at)
            select ${tenantId}, r.name, r."deviceType", r.action, r."minValue", r."maxValue", r.options, r.description, ${admin.name}, now() - interval '4 days', now() - interval '4 days'
            from jsonb_to_recordset(${JSON.stringify(CATALOGUE)}::jsonb)
              as r(name text, "deviceType" text, action text, "minValue" float8, "maxValue" float8, options jsonb, description text)
            returning id, name, action, device_type`,
      );
      const byName = new Map(commands.map((c) => [c.name, c]));
      await tx.execute(sql`insert into bsa_remote_operation (tenant_id, operation, command_id, command_name, detail, operator_code, operator_name, created_at, updated_at)
        select ${tenantId}, 'create', c.id, c.name, upper(c.device_type) || ' ' || c.action, ${admin.code}, ${admin.name}, now() - interval '4 days', now() - interval '4 days'
        from bsa_remote_command c where c.tenant_id = ${tenantId}`);
      const stations = await rowsOf<{
        id: number;
        code: string;
        name: string;
        pcs_id: number;
        pcs_code: string;
        pcs_name: string;
        fcs_id: number;
        fcs_code: string;
        fcs_name: string;
      }>(
        tx,
        sql`select s.id, s.code, s.name, p.id as pcs_id, p.code as pcs_code, p.name as pcs_name, f.id as fcs_id, f.code as fcs_code, f.name as fcs_name
            from bsa_station s
            join lateral (select d.* from bsa_station_device l join device d on d.id = l.device_id where l.station_id = s.id and l.role = 'pcs' order by l.sort limit 1) p on true
            join lateral (select d.* from bsa_station_device l join device d on d.id = l.device_id where l.station_id = s.id and l.role = 'fcs' limit 1) f on true
            where s.tenant_id = ${tenantId} and s.code in (${sql.join(
              DEMO_STATIONS.filter((d) => d.tenant === key).map((d) => sql`${d.code}`),
              sql`, `,
            )})
            order by s.code`,
      );
      const now = Date.now();
      const rows = stations.flatMap((s, i) =>
        history(s.fcs_code, i === 0).map(([hoursAgo, name, onFcs, value, label, status, reason]) => {
          const c = byName.get(name)!;
          const at = now - hoursAgo * HOUR;
          return {
            commandId: c.id,
            commandName: name,
            action: c.action,
            deviceType: onFcs ? 'fcs' : 'pcs',
            stationId: s.id,
            stationCode: s.code,
            stationName: s.name,
            deviceId: onFcs ? s.fcs_id : s.pcs_id,
            deviceCode: onFcs ? s.fcs_code : s.pcs_code,
            deviceName: onFcs ? s.fcs_name : s.pcs_name,
            value,
            unit: c.action === 'set-power' ? 'kW' : null,
            label,
            status,
            reason,
            requestedAt: new Date(at).toISOString(),
            answeredAt: status === 'timeout' ? null : new Date(at + 1200 + (hoursAgo % 3) * 400).toISOString(),
          };
        }),
      );
      if (!rows.length) return;
      await tx.execute(sql`insert into bsa_remote_log (tenant_id, request_id, command_id, command_name, action, device_type, station_id, station_code,
          station_name, device_id, device_code, device_name, value, unit, value_label, status, reason, operator_staff_id, operator_code, operator_name,
          requested_at, answered_at, created_at, updated_at)
        select ${tenantId}, gen_random_uuid(), r."commandId", r."commandName", r.action, r."deviceType", r."stationId", r."stationCode", r."stationName",
          r."deviceId", r."deviceCode", r."deviceName", r.value, r.unit, r.label, r.status, r.reason, ${admin.id}, ${admin.code}, ${admin.name},
          r."requestedAt", r."answeredAt", r."requestedAt", r."requestedAt"
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r("commandId" int, "commandName" text, action text, "deviceType" text,
          "stationId" int, "stationCode" text, "stationName" text, "deviceId" int, "deviceCode" text, "deviceName" text, value float8, unit text,
          label text, status text, reason text, "requestedAt" timestamptz, "answeredAt" timestamptz)`);
      await tx.execute(sql`insert into bsa_remote_operation (tenant_id, operation, command_id, command_name, detail, log_id, station_id, operator_code, operator_name, created_at, updated_at)
        select tenant_id, 'send', command_id, command_name,
          action || coalesce(' ' || value_label, ' ' || value::text || ' ' || unit, '') || ' to ' || device_code || ' of ' || station_code,
          id, station_id, operator_code, operator_name, requested_at, requested_at
        from bsa_remote_log where tenant_id = ${tenantId} order by id`);
    });
  }
}
