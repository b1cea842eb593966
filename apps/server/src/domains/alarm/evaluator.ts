import type { alarm } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AlarmConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/sql.js';
import { deviceAlarmDestination, serverAlarmDestination, type PushPublisher } from '../../realtime/push.js';
import type { IngestListener } from '../telemetry/ingest/listeners.js';
import type { WriteItem } from '../telemetry/ingest/writer.js';
import type { AlarmRecipients } from './recipients.js';
import { SCENES, holds, ruleAlarmContent } from './scenes.js';

type AlarmCondition = alarm.AlarmCondition;
type ServerAlarmScene = alarm.ServerAlarmScene;

/** An enabled rule as the evaluator holds it, with what an alarm copies from it. */
interface RuleEntry {
  id: number;
  tenantId: string;
  name: string;
  deviceTypeName: string;
  propertyId: number;
  propertyKey: string;
  propertyName: string;
  unit: string;
  condition: AlarmCondition;
  threshold: number;
  durationSeconds: number;
  level: number;
  ouId: number | null;
  /** null: every device of the type in the rule's OU scope. */
  deviceIds: Set<number> | null;
}

interface DeviceInfo {
  id: number;
  tenantId: string;
  code: string;
  name: string;
  ouId: number;
  typeName: string;
  isGateway: boolean;
}

/** An alarm being raised or raised: its id once the database has it. */
interface AlarmRef {
  id: number | null;
}

/** A rule's condition on one device: since when it holds (reading time), the last reading seen, its active alarm. */
interface ConditionState {
  since: number | null;
  lastTs: number;
  alarm: AlarmRef | null;
}

/** What a new alarm row holds. */
interface NewAlarm {
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
  condition: AlarmCondition | null;
  threshold: number | null;
  triggerValue: number | null;
  content: string;
  alarmTime: number;
}

type Action = { kind: 'raise'; ref: AlarmRef; alarm: NewAlarm } | { kind: 'recover'; ref: AlarmRef; at: number; remark: string };

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

const RULES_TTL_MS = 60_000;
const DEVICES_TTL_MS = 60_000;
/** Batches waiting for evaluation beyond this are dropped (and logged): the write path never waits. */
const MAX_QUEUED = 1000;
const DEVICE_SCENES: ServerAlarmScene[] = ['DEVICE_OFFLINE', 'GATEWAY_OFFLINE', 'DATA_DELAYED'];

const ruleKey = (ruleId: number, deviceId: number) => `${ruleId}:${deviceId}`;
/** Targets are ids of one kind per scene (devices; strategies or stations), unique across tenants. */
const sceneKey = (scene: ServerAlarmScene, targetId: number) => `${scene}:${targetId}`;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Raises and recovers alarms (docs/alarms.md), on the owner connection, one task at a time:
 * - device alarms, as readings commit (an ingest listener): enabled rules are indexed by property; each
 *   (rule, device) keeps since when its condition holds, so `durationSeconds` counts in reading time
 *   across readings and batches; raised once the condition has held that long, recovered by the first
 *   reading that does not satisfy it. Readings older than `maxReadingAgeMinutes` (backfills) and
 *   readings older than the last one evaluated (late data) are not evaluated.
 * - server alarms: a device or gateway whose status says offline (its Last Will when the connection
 *   drops), back online; an online device silent for `dataDelayMinutes` (a periodic check), data again;
 *   and `raiseServerAlarm` / `recoverServerAlarm` for other domains (delivery failures).
 * Active alarms are read back at start, and partial unique indexes keep one active alarm per rule and
 * device (per scene and target), so a restart neither duplicates nor forgets them. Each raise writes a
 * push row per recipient in the same transaction, then publishes the pushes.
 */
export class AlarmEvaluator implements IngestListener {
  private rules = new Map<number, RuleEntry[]>();
  private rulesAt = 0;
  private rulesDirty = true;
  private states = new Map<string, ConditionState>();
  /** Active server alarms by scene key. */
  private serverActive = new Map<string, AlarmRef>();
  private devices = new Map<number, { info: DeviceInfo | null; at: number }>();
  private queue: Promise<unknown> = Promise.resolve();
  private queued = 0;
  private droppedLoggedAt = 0;
  private running = false;
  private startedAt = Date.now();
  private timer: NodeJS.Timeout | null = null;
  private log: Pick<FastifyBaseLogger, 'error' | 'warn'> = { error: () => {}, warn: () => {} };

  constructor(
    private readonly db: Db,
    private readonly config: AlarmConfig,
    private readonly recipients: AlarmRecipients,
    private readonly push: PushPublisher,
  ) {}

  // --- lifecycle (the ingest's)

  async start(log: FastifyBaseLogger) {
    this.log = log;
    this.startedAt = Date.now();
    this.rulesDirty = true;
    await this.restore();
    this.running = true;
    const every = Math.max(1, this.config.checkIntervalSeconds) * 1000;
    this.timer = setInterval(() => void this.checkDataDelays().catch(() => {}), every);
    this.timer.unref();
  }

  async stop() {
    // the broker's close publishes every device's Last Will: those are not offline alarms
    this.running = false;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.settled();
  }

  /** Resolves once everything queued so far has been evaluated (tests, shutdown). */
  async settled(): Promise<void> {
    for (let q = this.queue; ; q = this.queue) {
      await q;
      if (q === this.queue) return;
    }
  }

  /** Runs `task` after the queued ones; its errors are logged (and rethrown to a caller that awaits). */
  private enqueue<T>(what: string, task: () => Promise<T>): Promise<T> {
    this.queued++;
    const run = this.queue.then(task).finally(() => this.queued--);
    this.queue = run.catch((error) => this.log.error({ err: error }, `alarms: ${what} failed`));
    return run;
  }

  // --- what changes outside (told by the services)

  /** The rules changed (created, edited, enabled, disabled, deleted): re-read them, forget the rule's conditions. */
  rulesChanged(ruleId?: number) {
    void this.enqueue('a rule change', async () => {
      this.rulesDirty = true;
      if (ruleId !== undefined) for (const key of [...this.states.keys()]) if (key.startsWith(`${ruleId}:`)) this.states.delete(key);
    }).catch(() => {});
  }

  /** Alarms were recovered outside (by hand, or with their rule): a new one needs its condition to hold anew. */
  alarmsRecovered(ids: number[]) {
    if (!ids.length) return;
    const gone = new Set(ids);
    void this.enqueue('a recovery', async () => {
      for (const [key, st] of this.states) if (st.alarm?.id != null && gone.has(st.alarm.id)) this.states.delete(key);
      for (const [key, ref] of this.serverActive) if (ref.id != null && gone.has(ref.id)) this.serverActive.delete(key);
    }).catch(() => {});
  }

  /** A device changed (OU, name, type) or was deleted. */
  deviceChanged(deviceId: number) {
    this.devices.delete(deviceId);
  }

  // --- the ingest's side

  committed(items: readonly WriteItem[]): void {
    if (!this.running) return;
    if (this.queued >= MAX_QUEUED) {
      if (Date.now() - this.droppedLoggedAt > 60_000) {
        this.droppedLoggedAt = Date.now();
        this.log.warn({ queued: this.queued }, 'alarms: evaluation is behind; committed telemetry dropped from evaluation');
      }
      return;
    }
    void this.enqueue('evaluation', () => this.evaluate(items)).catch(() => {});
  }

  private async evaluate(items: readonly WriteItem[]) {
    await this.loadRules();
    const now = Date.now();
    const oldest = now - this.config.maxReadingAgeMinutes * 60_000;
    const points = items.flatMap((i) => i.points).filter((p) => p.ts >= oldest);
    const relevant = points.filter((p) => this.rules.has(p.propertyId));
    const seen = items.flatMap((i) => i.seen);
    const offline = seen.filter((s) => !s.online);
    const actions: Action[] = [];
    // server scenes that end: back online, data again (no device lookup needed)
    if (this.serverActive.size) {
      for (const s of seen) {
        if (!s.online) continue;
        for (const scene of ['DEVICE_OFFLINE', 'GATEWAY_OFFLINE'] as const) {
          const ref = this.serverActive.get(sceneKey(scene, s.deviceId));
          if (!ref) continue;
          this.serverActive.delete(sceneKey(scene, s.deviceId));
          actions.push({ kind: 'recover', ref, at: now, remark: 'back online' });
        }
      }
      for (const deviceId of new Set(points.map((p) => p.deviceId))) {
        const ref = this.serverActive.get(sceneKey('DATA_DELAYED', deviceId));
        if (!ref) continue;
        this.serverActive.delete(sceneKey('DATA_DELAYED', deviceId));
        actions.push({ kind: 'recover', ref, at: now, remark: 'data arrived' });
      }
    }
    if (!relevant.length && !offline.length) {
      await this.apply(actions);
      return;
    }
    const devices = await this.deviceInfos([...new Set([...relevant.map((p) => p.deviceId), ...offline.map((s) => s.deviceId)])]);

    relevant.sort((a, b) => a.ts - b.ts);
    for (const point of relevant) {
      const device = devices.get(point.deviceId);
      if (!device) continue;
      for (const rule of this.rules.get(point.propertyId)!) {
        if (rule.tenantId !== device.tenantId) continue;
        const key = ruleKey(rule.id, device.id);
        let st = this.states.get(key);
        const covered = (rule.ouId === null || rule.ouId === device.ouId) && (!rule.deviceIds || rule.deviceIds.has(device.id));
        if (!covered) {
          if (st?.alarm)
            actions.push({ kind: 'recover', ref: st.alarm, at: point.ts, remark: 'the device is no longer covered by the rule' });
          this.states.delete(key);
          continue;
        }
        if (st && point.ts <= st.lastTs) continue; // late or repeated: the condition moved on already
        if (!st) this.states.set(key, (st = { since: null, lastTs: point.ts, alarm: null }));
        st.lastTs = point.ts;
        if (holds(rule.condition, point.value, rule.threshold)) {
          st.since ??= point.ts;
          if (!st.alarm && point.ts - st.since >= rule.durationSeconds * 1000) {
            st.alarm = { id: null };
            actions.push({ kind: 'raise', ref: st.alarm, alarm: this.ruleAlarm(rule, device, point.value, point.ts) });
          }
        } else {
          st.since = null;
          if (st.alarm) actions.push({ kind: 'recover', ref: st.alarm, at: point.ts, remark: 'the condition cleared' });
          st.alarm = null;
        }
      }
    }

    // a status that says offline (or the Last Will of a dropped connection)
    for (const s of offline) {
      const device = devices.get(s.deviceId);
      if (!device) continue;
      const scene: ServerAlarmScene = device.isGateway ? 'GATEWAY_OFFLINE' : 'DEVICE_OFFLINE';
      const key = sceneKey(scene, device.id);
      if (this.serverActive.has(key)) continue;
      const ref: AlarmRef = { id: null };
      this.serverActive.set(key, ref);
      actions.push({
        kind: 'raise',
        ref,
        alarm: this.deviceSceneAlarm(scene, device, now, `${device.name} (${device.code}) went offline`),
      });
    }
    await this.apply(actions);
  }

  private ruleAlarm(rule: RuleEntry, device: DeviceInfo, value: number, ts: number): NewAlarm {
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

  private deviceSceneAlarm(scene: ServerAlarmScene, device: DeviceInfo, at: number, content: string): NewAlarm {
    return {
      ...this.serverAlarm({
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

  private serverAlarm(input: ServerAlarmInput): NewAlarm {
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

  // --- server alarms for other domains and the periodic check

  /** Raises a server alarm unless one of the scene and target is active; answers the new alarm's id (null when one was active). */
  raiseServerAlarm(input: ServerAlarmInput): Promise<number | null> {
    return this.enqueue('a server alarm', async () => {
      const key = sceneKey(input.scene, input.targetId);
      if (this.serverActive.has(key)) return null;
      const ref: AlarmRef = { id: null };
      this.serverActive.set(key, ref);
      const raised = await this.apply([{ kind: 'raise', ref, alarm: this.serverAlarm(input) }]);
      return raised.length ? ref.id : null;
    });
  }

  /** Recovers the active server alarm of the scene and target; false when none was active. */
  recoverServerAlarm(input: { tenantId: string; scene: ServerAlarmScene; targetId: number; remark?: string }): Promise<boolean> {
    return this.enqueue('a server alarm recovery', async () => {
      const key = sceneKey(input.scene, input.targetId);
      const ref = this.serverActive.get(key);
      if (!ref) return false;
      this.serverActive.delete(key);
      await this.apply([{ kind: 'recover', ref, at: Date.now(), remark: input.remark ?? 'recovered' }]);
      return true;
    });
  }

  /**
   * DATA_DELAYED: online devices that have sent nothing (telemetry or status: last seen) for the delay,
   * counted from this start at the earliest (the fleet needs a moment to reconnect after a restart).
   * Recovers delays of devices now offline or heard from, and the active alarms of deleted devices.
   */
  checkDataDelays(now = Date.now()): Promise<void> {
    return this.enqueue('the data-delay check', async () => {
      const delayMs = this.config.dataDelayMinutes * 60_000;
      const limit = new Date(now - delayMs).toISOString();
      const started = new Date(this.startedAt).toISOString();
      const late = await rowsOf<{
        id: number;
        tenant_id: string;
        code: string;
        name: string;
        ou_id: number;
        type_name: string;
        is_gateway: boolean;
      }>(
        this.db,
        sql`select d.id, d.tenant_id, d.code, d.name, d.ou_id, t.name as type_name, t.is_gateway
            from device d join device_type t on t.id = d.device_type_id
            where d.online and greatest(coalesce(d.last_seen_at, ${started}::timestamptz), ${started}::timestamptz) < ${limit}::timestamptz
            order by d.id`,
      );
      const actions: Action[] = [];
      for (const r of late) {
        const device: DeviceInfo = {
          id: Number(r.id),
          tenantId: r.tenant_id,
          code: r.code,
          name: r.name,
          ouId: Number(r.ou_id),
          typeName: r.type_name,
          isGateway: r.is_gateway,
        };
        const key = sceneKey('DATA_DELAYED', device.id);
        if (this.serverActive.has(key)) continue;
        const ref: AlarmRef = { id: null };
        this.serverActive.set(key, ref);
        actions.push({
          kind: 'raise',
          ref,
          alarm: this.deviceSceneAlarm(
            'DATA_DELAYED',
            device,
            now,
            `${device.name} (${device.code}) is online but has sent no data for over ${this.config.dataDelayMinutes} min`,
          ),
        });
      }
      const back = await rowsOf<{ id: number; target_id: number }>(
        this.db,
        sql`select a.id, a.target_id from alarm_log a join device d on d.id = a.target_id
            where a.state = 0 and a.source = 'server' and a.scene_type = 'DATA_DELAYED'
              and (not d.online or d.last_seen_at >= ${limit}::timestamptz)`,
      );
      for (const r of back) {
        const key = sceneKey('DATA_DELAYED', Number(r.target_id));
        this.serverActive.delete(key);
        actions.push({ kind: 'recover', ref: { id: Number(r.id) }, at: now, remark: 'data arrived, or the device went offline' });
      }
      await this.apply(actions);
      // the active alarms of deleted devices (their device_id was set null)
      const orphans = await rowsOf<{ id: number }>(
        this.db,
        sql`update alarm_log set state = 1, recover_time = now(), recovered_by = 'auto', recover_remark = 'the device was deleted'
            where state = 0 and device_id is null
              and (source = 'rule' or scene_type = any(${sql.param(DEVICE_SCENES)}::text[]))
            returning id`,
      );
      if (orphans.length) this.forget(new Set(orphans.map((o) => Number(o.id))));
    });
  }

  private forget(ids: Set<number>) {
    for (const [key, st] of this.states) if (st.alarm?.id != null && ids.has(st.alarm.id)) this.states.delete(key);
    for (const [key, ref] of this.serverActive) if (ref.id != null && ids.has(ref.id)) this.serverActive.delete(key);
  }

  // --- the database

  /**
   * Writes the raises and recoveries in order, in one transaction, with a push row per recipient, then
   * publishes the pushes. A raise that meets an active alarm of the same rule and device (scene and
   * target) adopts it instead. Answers the raised alarms that are new.
   */
  private async apply(actions: Action[]): Promise<NewAlarm[]> {
    if (!actions.length) return [];
    const recipients = new Map<NewAlarm, number[]>();
    for (const a of actions)
      if (a.kind === 'raise') recipients.set(a.alarm, await this.recipients.of(this.db, a.alarm.tenantId, a.alarm.ouId));
    const raised: { alarm: NewAlarm; id: number; staff: number[] }[] = [];
    try {
      await this.db.transaction(async (tx) => {
        for (const a of actions) {
          if (a.kind === 'raise') {
            const id = await this.insert(tx as unknown as Db, a.alarm);
            if (id !== null) {
              a.ref.id = id;
              const staff = recipients.get(a.alarm)!;
              if (staff.length)
                await tx.execute(sql`insert into alarm_push (tenant_id, staff_id, alarm_id)
                                     select ${a.alarm.tenantId}::uuid, s, ${id}::int from unnest(${sql.param(staff)}::int[]) as s
                                     on conflict do nothing`);
              raised.push({ alarm: a.alarm, id, staff });
            } else a.ref.id = await this.activeId(tx as unknown as Db, a.alarm);
          } else if (a.ref.id !== null) {
            await tx.execute(sql`update alarm_log set state = 1, recover_time = ${iso(a.at)}::timestamptz, recovered_by = 'auto',
                                   recover_remark = ${a.remark} where id = ${a.ref.id} and state = 0`);
          }
        }
      });
    } catch (error) {
      // nothing was written: forget what this batch raised, so the next reading tries again
      for (const a of actions) if (a.kind === 'raise') a.ref.id = null;
      for (const [key, st] of this.states) if (st.alarm && st.alarm.id === null) this.states.delete(key);
      for (const [key, ref] of this.serverActive) if (ref.id === null) this.serverActive.delete(key);
      throw error;
    }
    for (const r of raised) this.publish(r.alarm, r.id, r.staff);
    return raised.map((r) => r.alarm);
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
        };
        for (const s of staff) this.push.publish(serverAlarmDestination(s), body);
      }
    } catch (error) {
      this.log.error({ err: error, alarmId: id }, 'alarms: a push could not be published (the bell still lists it)');
    }
  }

  /** The enabled rules, indexed by property; re-read after a change and at least every minute. */
  private async loadRules() {
    if (!this.rulesDirty && Date.now() - this.rulesAt < RULES_TTL_MS) return;
    this.rulesDirty = false;
    this.rulesAt = Date.now();
    const rows = await rowsOf<{
      id: number;
      tenant_id: string;
      name: string;
      type_name: string;
      property_id: number;
      property_key: string;
      property_name: string;
      unit: string;
      condition: AlarmCondition;
      threshold: number;
      duration_seconds: number;
      level: number;
      ou_id: number | null;
      device_ids: number[];
    }>(
      this.db,
      sql`select r.id, r.tenant_id, r.name, t.name as type_name, r.property_id, p.key as property_key, p.name as property_name, p.unit,
                 r.condition, r.threshold, r.duration_seconds, r.level, r.ou_id, r.device_ids
          from alarm_rule r join device_type t on t.id = r.device_type_id join data_property p on p.id = r.property_id
          where r.enabled order by r.id`,
    );
    const rules = new Map<number, RuleEntry[]>();
    const live = new Set<number>();
    for (const r of rows) {
      const ids = (r.device_ids ?? []).map(Number);
      const entry: RuleEntry = {
        id: Number(r.id),
        tenantId: r.tenant_id,
        name: r.name,
        deviceTypeName: r.type_name,
        propertyId: Number(r.property_id),
        propertyKey: r.property_key,
        propertyName: r.property_name,
        unit: r.unit,
        condition: r.condition,
        threshold: Number(r.threshold),
        durationSeconds: Number(r.duration_seconds),
        level: Number(r.level),
        ouId: r.ou_id === null ? null : Number(r.ou_id),
        deviceIds: ids.length ? new Set(ids) : null,
      };
      live.add(entry.id);
      const list = rules.get(entry.propertyId);
      if (list) list.push(entry);
      else rules.set(entry.propertyId, [entry]);
    }
    this.rules = rules;
    // conditions of rules gone or disabled elsewhere are dropped (their alarms were recovered with them)
    for (const key of [...this.states.keys()]) if (!live.has(Number(key.split(':')[0]))) this.states.delete(key);
  }

  private async deviceInfos(ids: number[]): Promise<Map<number, DeviceInfo>> {
    const out = new Map<number, DeviceInfo>();
    const missing: number[] = [];
    const now = Date.now();
    for (const id of ids) {
      const hit = this.devices.get(id);
      if (hit && now - hit.at < DEVICES_TTL_MS) {
        if (hit.info) out.set(id, hit.info);
      } else missing.push(id);
    }
    if (missing.length) {
      const rows = await rowsOf<{
        id: number;
        tenant_id: string;
        code: string;
        name: string;
        ou_id: number;
        type_name: string;
        is_gateway: boolean;
      }>(
        this.db,
        sql`select d.id, d.tenant_id, d.code, d.name, d.ou_id, t.name as type_name, t.is_gateway
            from device d join device_type t on t.id = d.device_type_id where d.id = any(${sql.param(missing)}::int[])`,
      );
      const found = new Map(rows.map((r) => [Number(r.id), r]));
      for (const id of missing) {
        const r = found.get(id);
        const info: DeviceInfo | null = r
          ? { id, tenantId: r.tenant_id, code: r.code, name: r.name, ouId: Number(r.ou_id), typeName: r.type_name, isGateway: r.is_gateway }
          : null;
        this.devices.set(id, { info, at: now });
        if (info) out.set(id, info);
      }
    }
    return out;
  }

  /** The active alarms, read back at start: the conditions they stand for hold since their raise. */
  private async restore() {
    this.states.clear();
    this.serverActive.clear();
    const rows = await rowsOf<{
      id: number;
      tenant_id: string;
      source: 'rule' | 'server';
      scene_type: ServerAlarmScene | null;
      target_id: number | null;
      rule_id: number | null;
      device_id: number | null;
      alarm_time: number;
    }>(
      this.db,
      sql`select id, tenant_id, source, scene_type, target_id, rule_id, device_id, (extract(epoch from alarm_time) * 1000)::float8 as alarm_time
          from alarm_log where state = 0`,
    );
    for (const r of rows) {
      const ref: AlarmRef = { id: Number(r.id) };
      if (r.source === 'rule' && r.rule_id !== null && r.device_id !== null) {
        const at = Number(r.alarm_time);
        this.states.set(ruleKey(Number(r.rule_id), Number(r.device_id)), { since: at, lastTs: at, alarm: ref });
      } else if (r.source === 'server' && r.scene_type && r.target_id !== null) {
        this.serverActive.set(sceneKey(r.scene_type, Number(r.target_id)), ref);
      }
    }
  }
}
