import type { alarm } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/sql.js';
import { deviceAlarmDestination, serverAlarmDestination, type PushPublisher } from '../../realtime/push.js';
import type { AlarmRecipients } from './recipients.js';
import type { DeviceInfo, RuleEntry } from './rule-index.js';
import { SCENES, ruleAlarmContent } from './scenes.js';

type ServerAlarmScene = alarm.ServerAlarmScene;

/** An alarm being raised or raised: its id once the database has it. */
export interface AlarmRef {
  id: number | null;
}

/** What a new alarm row holds. */
export interface NewAlarm {
  tenantId: string;
  source: 'rule' | 'server';
  sceneType: ServerAlarmScene | null;
  targetId: number | null;
  level: number;
  ruleId: number | null;
  ruleName: string;
  deviceId: number | null;
  deviceCode: string | null;
  deviceName: string | null;
  deviceTypeName: string | null;
  ouId: number | null;
  propertyId: number | null;
  propertyKey: string | null;
  propertyName: string | null;
  unit: string | null;
  condition: alarm.AlarmCondition | null;
  threshold: number | null;
  triggerValue: number | null;
  content: string;
  alarmTime: number;
}

export type Action = { kind: 'raise'; ref: AlarmRef; alarm: NewAlarm } | { kind: 'recover'; ref: AlarmRef; at: number; remark: string };

export interface ServerAlarmInput {
  tenantId: string;
  scene: ServerAlarmScene;
  /** What the scene concerns: a device id (offline, delay), a strategy or station id (delivery). */
  targetId: number;
  /** Whose staff see it and get the push (the device's or station's OU); null: only staff who see every OU. */
  ouId: number | null;
  /** What the push calls it (a device, strategy or station name). */
  name: string;
  /** The scene's level (scenes.ts) unless given. */
  level?: number;
  content: string;
  /** The device concerned, when the target is one. */
  deviceId?: number | null;
  deviceCode?: string | null;
}

export const iso = (ms: number) => new Date(ms).toISOString();

/** A rule's alarm: what the rule and the device are now, and the reading that raised it. */
export function ruleAlarm(rule: RuleEntry, device: DeviceInfo, value: number, ts: number): NewAlarm {
  return {
    tenantId: rule.tenantId,
    source: 'rule',
    sceneType: null,
    targetId: null,
    level: rule.level,
    ruleId: rule.id,
    ruleName: rule.name,
    deviceId: device.id,
    deviceCode: device.code,
    deviceName: device.name,
    deviceTypeName: device.typeName,
    ouId: device.ouId,
    propertyId: rule.propertyId,
    propertyKey: rule.propertyKey,
    propertyName: rule.propertyName,
    unit: rule.unit,
    condition: rule.condition,
    threshold: rule.threshold,
    triggerValue: value,
    content: ruleAlarmContent({ ...rule, value }),
    alarmTime: ts,
  };
}

export function serverAlarm(input: ServerAlarmInput): NewAlarm {
  return {
    tenantId: input.tenantId,
    source: 'server',
    sceneType: input.scene,
    targetId: input.targetId,
    level: input.level ?? SCENES[input.scene].level,
    ruleId: null,
    ruleName: SCENES[input.scene].name,
    deviceId: input.deviceId ?? null,
    deviceCode: input.deviceCode ?? null,
    deviceName: input.name,
    deviceTypeName: null,
    ouId: input.ouId,
    propertyId: null,
    propertyKey: null,
    propertyName: null,
    unit: null,
    condition: null,
    threshold: null,
    triggerValue: null,
    content: input.content,
    alarmTime: Date.now(),
  };
}

/** A server alarm about a device (offline, data delayed). */
export function deviceSceneAlarm(scene: ServerAlarmScene, device: DeviceInfo, at: number, content: string): NewAlarm {
  return {
    ...serverAlarm({
      tenantId: device.tenantId,
      scene,
      targetId: device.id,
      ouId: device.ouId,
      name: device.name,
      content,
      deviceId: device.id,
      deviceCode: device.code,
    }),
    deviceTypeName: device.typeName,
    alarmTime: at,
  };
}

/** Writes raises and recoveries (owner connection) with a push row per recipient, then publishes the pushes. */
export class AlarmWriter {
  log: Pick<FastifyBaseLogger, 'error'> = { error: () => {} };

  constructor(
    private readonly db: Db,
    private readonly recipients: AlarmRecipients,
    private readonly push: PushPublisher,
  ) {}

  /**
   * Writes the actions in order, in one transaction, then publishes the pushes. A raise that meets an
   * active alarm of the same rule and device (scene and target) adopts it instead (its ref gets that id).
   * Answers the raised alarms that are new; throws, having written nothing, when the transaction fails.
   */
  async write(actions: Action[]): Promise<NewAlarm[]> {
    if (!actions.length) return [];
    const recipients = new Map<NewAlarm, number[]>();
    for (const a of actions)
      if (a.kind === 'raise') recipients.set(a.alarm, await this.recipients.of(this.db, a.alarm.tenantId, a.alarm.ouId));
    const raised: { alarm: NewAlarm; id: number; staff: number[] }[] = [];
    const recovered: number[] = [];
    await this.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      for (const a of actions) {
        if (a.kind === 'raise') {
          const id = await this.insert(tx, a.alarm);
          if (id !== null) {
            a.ref.id = id;
            const staff = recipients.get(a.alarm)!;
            if (staff.length)
              // each push row belongs to its staff's tenant: a channel staff's to its own (provider) tenant
              await tx.execute(sql`insert into alarm_push (tenant_id, staff_id, alarm_id)
                                   select st.tenant_id, st.id, ${id}::int from staff st where st.id = any(${sql.param(staff)}::int[])
                                   on conflict do nothing`);
            raised.push({ alarm: a.alarm, id, staff });
          } else a.ref.id = await this.activeId(tx, a.alarm);
        } else if (a.ref.id !== null) {
          await tx.execute(sql`update alarm_log set state = 1, recover_time = ${iso(a.at)}::timestamptz, recovered_by = 'auto',
                                 recover_remark = ${a.remark} where id = ${a.ref.id} and state = 0`);
          recovered.push(a.ref.id);
        }
      }
    });
    for (const r of raised) this.publish(r.alarm, r.id, r.staff);
    await this.publishRecovered(recovered);
    return raised.map((r) => r.alarm);
  }

  /**
   * Pushes the recovery of alarms (committed already) to the staff their raise was pushed to, each with
   * its own read state: the same body as the raise plus `recoverTime`, so a bell or a page open follows
   * at once. A failure is logged: the lists show the recovery at their next read.
   */
  async publishRecovered(ids: readonly number[]) {
    if (!ids.length) return;
    try {
      const rows = await rowsOf<{
        id: number;
        source: 'rule' | 'server';
        scene_type: ServerAlarmScene | null;
        target_id: number | null;
        level: number;
        rule_name: string;
        device_id: number | null;
        device_name: string | null;
        alarm_time: Date | string;
        recover_time: Date | string;
        staff_id: number;
        read_at: Date | string | null;
      }>(
        this.db,
        sql`select a.id, a.source, a.scene_type, a.target_id, a.level, a.rule_name, a.device_id, a.device_name, a.alarm_time,
                   a.recover_time, p.staff_id, p.read_at
            from alarm_log a join alarm_push p on p.alarm_id = a.id
            where a.id = any(${sql.param([...ids])}::int[]) and a.state = 1 and a.recover_time is not null`,
      );
      for (const r of rows) {
        const alarmTime = new Date(r.alarm_time).toISOString();
        const recoverTime = new Date(r.recover_time).toISOString();
        const readState = r.read_at !== null;
        const staff = Number(r.staff_id);
        if (r.source === 'rule') {
          const body: alarm.DeviceAlarmPush = {
            alarmId: Number(r.id),
            deviceId: r.device_id === null ? null : Number(r.device_id),
            deviceName: r.device_name ?? '',
            alarmTime,
            ruleName: r.rule_name,
            level: Number(r.level),
            readState,
            recoverTime,
          };
          this.push.publish(deviceAlarmDestination(staff), body);
        } else {
          const body: alarm.ServerAlarmPush = {
            recordId: Number(r.id),
            name: r.device_name ?? '',
            alarmTime,
            ruleName: r.rule_name,
            alarmLevel: Number(r.level),
            sceneType: r.scene_type!,
            targetId: r.target_id === null ? null : Number(r.target_id),
            readState,
            recoverTime,
          };
          this.push.publish(serverAlarmDestination(staff), body);
        }
      }
    } catch (error) {
      this.log.error({ err: error, alarmIds: ids }, 'alarms: a recovery push could not be published (the lists still show it)');
    }
  }

  private async insert(tx: Db, a: NewAlarm): Promise<number | null> {
    const [row] = await rowsOf<{ id: number }>(
      tx,
      sql`insert into alarm_log (tenant_id, source, scene_type, target_id, level, rule_id, rule_name, device_id, device_code, device_name,
                                 device_type_name, ou_id, property_id, property_key, property_name, unit, condition, threshold,
                                 trigger_value, content, alarm_time)
          values (${a.tenantId}, ${a.source}, ${a.sceneType}, ${a.targetId}, ${a.level}, ${a.ruleId}, ${a.ruleName}, ${a.deviceId},
                  ${a.deviceCode}, ${a.deviceName}, ${a.deviceTypeName}, ${a.ouId}, ${a.propertyId}, ${a.propertyKey}, ${a.propertyName},
                  ${a.unit}, ${a.condition}, ${a.threshold}, ${a.triggerValue}, ${a.content}, ${iso(a.alarmTime)}::timestamptz)
          on conflict do nothing
          returning id`,
    );
    return row ? Number(row.id) : null;
  }

  /** The active alarm a raise ran into (the database already had it). */
  private async activeId(tx: Db, a: NewAlarm): Promise<number | null> {
    const [row] = await rowsOf<{ id: number }>(
      tx,
      a.source === 'rule'
        ? sql`select id from alarm_log where state = 0 and source = 'rule' and rule_id = ${a.ruleId} and device_id = ${a.deviceId}`
        : sql`select id from alarm_log where state = 0 and source = 'server' and tenant_id = ${a.tenantId}
                and scene_type = ${a.sceneType} and target_id = ${a.targetId}`,
    );
    return row ? Number(row.id) : null;
  }

  private publish(a: NewAlarm, id: number, staff: number[]) {
    try {
      if (a.source === 'rule') {
        const body: alarm.DeviceAlarmPush = {
          alarmId: id,
          deviceId: a.deviceId,
          deviceName: a.deviceName ?? '',
          alarmTime: iso(a.alarmTime),
          ruleName: a.ruleName,
          level: a.level,
          readState: false,
          recoverTime: null,
        };
        for (const s of staff) this.push.publish(deviceAlarmDestination(s), body);
      } else {
        const body: alarm.ServerAlarmPush = {
          recordId: id,
          name: a.deviceName ?? '',
          alarmTime: iso(a.alarmTime),
          ruleName: a.ruleName,
          alarmLevel: a.level,
          sceneType: a.sceneType!,
          targetId: a.targetId,
          readState: false,
          recoverTime: null,
        };
        for (const s of staff) this.push.publish(serverAlarmDestination(s), body);
      }
    } catch (error) {
      this.log.error({ err: error, alarmId: id }, 'alarms: a push could not be published (the bell still lists it)');
    }
  }
}
