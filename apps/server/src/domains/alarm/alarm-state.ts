import type { alarm } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/sql.js';
import { ruleAlarm, type Action, type AlarmRef } from './alarm-writer.js';
import type { DeviceInfo, RuleEntry } from './rule-index.js';
import { holds } from './scenes.js';

type ServerAlarmScene = alarm.ServerAlarmScene;

/** A rule's condition on one device: since when it holds (reading time), the last reading seen, its active alarm. */
interface ConditionState {
  since: number | null;
  lastTs: number;
  alarm: AlarmRef | null;
}

const ruleKey = (ruleId: number, deviceId: number) => `${ruleId}:${deviceId}`;
/** Targets are ids of one kind per scene (devices; strategies or stations), unique across tenants. */
const sceneKey = (scene: ServerAlarmScene, targetId: number) => `${scene}:${targetId}`;

/**
 * What the evaluator remembers between readings: each (rule, device)'s run and active alarm, and the
 * active server alarms by scene and target; and the raise / recover decisions made on them.
 */
export class AlarmState {
  private runs = new Map<string, ConditionState>();
  private serverActive = new Map<string, AlarmRef>();

  /** The active alarms, read back at start: the conditions they stand for hold since their raise. */
  async restore(db: Db) {
    this.runs.clear();
    this.serverActive.clear();
    const rows = await rowsOf<{
      id: number;
      source: 'rule' | 'server';
      scene_type: ServerAlarmScene | null;
      target_id: number | null;
      rule_id: number | null;
      device_id: number | null;
      alarm_time: number;
    }>(
      db,
      sql`select id, source, scene_type, target_id, rule_id, device_id, (extract(epoch from alarm_time) * 1000)::float8 as alarm_time
          from alarm_log where state = 0`,
    );
    for (const r of rows) {
      const ref: AlarmRef = { id: Number(r.id) };
      if (r.source === 'rule' && r.rule_id !== null && r.device_id !== null) {
        const at = Number(r.alarm_time);
        this.runs.set(ruleKey(Number(r.rule_id), Number(r.device_id)), { since: at, lastTs: at, alarm: ref });
      } else if (r.source === 'server' && r.scene_type && r.target_id !== null) {
        this.serverActive.set(sceneKey(r.scene_type, Number(r.target_id)), ref);
      }
    }
  }

  /** Forgets the runs of a rule (changed or deleted). */
  forgetRule(ruleId: number) {
    for (const key of [...this.runs.keys()]) if (key.startsWith(`${ruleId}:`)) this.runs.delete(key);
  }

  /** Forgets the runs of rules no longer enabled (their alarms were recovered with them). */
  keepRules(live: Set<number>) {
    for (const key of [...this.runs.keys()]) if (!live.has(Number(key.split(':')[0]))) this.runs.delete(key);
  }

  /** Alarms recovered outside the evaluator: a new one needs its condition to hold anew. */
  forgetAlarms(ids: Set<number>) {
    for (const [key, st] of this.runs) if (st.alarm?.id != null && ids.has(st.alarm.id)) this.runs.delete(key);
    for (const [key, ref] of this.serverActive) if (ref.id != null && ids.has(ref.id)) this.serverActive.delete(key);
  }

  /** A write failed and nothing was written: forget what it raised, so the next reading tries again. */
  forgetUnwritten(actions: Action[]) {
    for (const a of actions) if (a.kind === 'raise') a.ref.id = null;
    for (const [key, st] of this.runs) if (st.alarm && st.alarm.id === null) this.runs.delete(key);
    for (const [key, ref] of this.serverActive) if (ref.id === null) this.serverActive.delete(key);
  }

  /**
   * A reading of the rule's property from the device: continues, starts or ends the run; answers the
   * raise or recovery it calls for, if any.
   */
  onReading(rule: RuleEntry, device: DeviceInfo, ts: number, value: number): Action | null {
    const key = ruleKey(rule.id, device.id);
    let st = this.runs.get(key);
    const covered = (rule.ouId === null || rule.ouId === device.ouId) && (!rule.deviceIds || rule.deviceIds.has(device.id));
    if (!covered) {
      this.runs.delete(key);
      return st?.alarm ? { kind: 'recover', ref: st.alarm, at: ts, remark: 'the device is no longer covered by the rule' } : null;
    }
    if (st && ts <= st.lastTs) return null; // late or repeated: the condition moved on already
    if (!st) this.runs.set(key, (st = { since: null, lastTs: ts, alarm: null }));
    st.lastTs = ts;
    if (holds(rule.condition, value, rule.threshold)) {
      st.since ??= ts;
      if (st.alarm || ts - st.since < rule.durationSeconds * 1000) return null;
      st.alarm = { id: null };
      return { kind: 'raise', ref: st.alarm, alarm: ruleAlarm(rule, device, value, ts) };
    }
    st.since = null;
    const active = st.alarm;
    st.alarm = null;
    return active ? { kind: 'recover', ref: active, at: ts, remark: 'the condition cleared' } : null;
  }

  hasServerAlarms() {
    return this.serverActive.size > 0;
  }

  /** Marks the scene's alarm of the target as being raised; null when one is active already. */
  startServerAlarm(scene: ServerAlarmScene, targetId: number): AlarmRef | null {
    const key = sceneKey(scene, targetId);
    if (this.serverActive.has(key)) return null;
    const ref: AlarmRef = { id: null };
    this.serverActive.set(key, ref);
    return ref;
  }

  /** Ends the scene's active alarm of the target; answers it (null when none was active). */
  endServerAlarm(scene: ServerAlarmScene, targetId: number): AlarmRef | null {
    const key = sceneKey(scene, targetId);
    const ref = this.serverActive.get(key);
    if (!ref) return null;
    this.serverActive.delete(key);
    return ref;
  }
}
