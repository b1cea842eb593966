import type { alarm } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AlarmConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/sql.js';
import type { ProcessSignals, PushPublisher } from '../../realtime/push.js';
import type { IngestListener } from '../telemetry/ingest/listeners.js';
import type { WriteItem } from '../telemetry/ingest/writer.js';
import { AlarmState } from './alarm-state.js';
import { AlarmWriter, deviceSceneAlarm, serverAlarm, type Action, type NewAlarm, type ServerAlarmInput } from './alarm-writer.js';
import type { AlarmRecipients } from './recipients.js';
import { RuleIndex, selectDevices } from './rule-index.js';

export type { ServerAlarmInput } from './alarm-writer.js';

type ServerAlarmScene = alarm.ServerAlarmScene;

/** Batches waiting for evaluation beyond this are dropped (and logged): the write path never waits. */
const MAX_QUEUED = 1000;
const DEVICE_SCENES: ServerAlarmScene[] = ['DEVICE_OFFLINE', 'GATEWAY_OFFLINE', 'DATA_DELAYED'];

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
/** The signals (ProcessSignals) by which processes keep each other's alarm caches current. */
const SIGNALS = { rules: 'alarm.rules', recovered: 'alarm.recovered', device: 'alarm.device', tenancy: 'alarm.tenancy' } as const;

export class AlarmEvaluator implements IngestListener {
  private readonly index: RuleIndex;
  private readonly state = new AlarmState();
  private readonly writer: AlarmWriter;
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
    push: PushPublisher & ProcessSignals,
  ) {
    this.index = new RuleIndex(db);
    this.writer = new AlarmWriter(db, recipients, push);
    this.signals = push;
    // what another server process changed reaches this one's caches at once (docs/alarms.md, "Processes")
    push.onSignal(SIGNALS.rules, (p) => this.forgetRule(p === '' ? undefined : Number(p)));
    push.onSignal(SIGNALS.recovered, (p) => this.forgetAlarms(p.split(',').map(Number).filter(Number.isInteger)));
    push.onSignal(SIGNALS.device, (p) => this.index.deviceChanged(Number(p)));
    push.onSignal(SIGNALS.tenancy, () => this.recipients.forget());
  }

  private readonly signals: ProcessSignals;

  /** A channel link or a tenant's status changed: who alarms are pushed to is read again at the next alarm. */
  tenancyChanged() {
    this.recipients.forget();
    this.signals.signal(SIGNALS.tenancy, '');
  }

  // --- lifecycle (the ingest's)

  async start(log: FastifyBaseLogger) {
    this.log = log;
    this.writer.log = log;
    this.startedAt = Date.now();
    this.index.invalidate();
    await this.state.restore(this.db);
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
    this.forgetRule(ruleId);
    this.signals.signal(SIGNALS.rules, ruleId === undefined ? '' : String(ruleId));
  }

  /**
   * Alarms were recovered outside (by hand, or with their rule), committed: a new one needs its condition
   * to hold anew, and the staff their raise was pushed to get the recovery.
   */
  alarmsRecovered(ids: number[]) {
    if (!ids.length) return;
    this.forgetAlarms(ids);
    this.signals.signal(SIGNALS.recovered, ids.join(','));
    void this.writer.publishRecovered(ids);
  }

  /** A device changed (OU, name, type) or was deleted. */
  deviceChanged(deviceId: number) {
    this.index.deviceChanged(deviceId);
    this.signals.signal(SIGNALS.device, String(deviceId));
  }

  private forgetRule(ruleId: number | undefined) {
    void this.enqueue('a rule change', async () => {
      this.index.invalidate();
      if (ruleId !== undefined) this.state.forgetRule(ruleId);
    }).catch(() => {});
  }

  private forgetAlarms(ids: number[]) {
    if (!ids.length) return;
    const gone = new Set(ids);
    void this.enqueue('a recovery', async () => this.state.forgetAlarms(gone)).catch(() => {});
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
    const relevant = points.filter((p) => this.index.rulesOf(p.propertyId));
    const seen = items.flatMap((i) => i.seen);
    const offline = seen.filter((s) => !s.online);
    const actions: Action[] = [];
    // server scenes that end: back online, data again (no device lookup needed)
    if (this.state.hasServerAlarms()) {
      for (const s of seen) {
        if (!s.online) continue;
        for (const scene of ['DEVICE_OFFLINE', 'GATEWAY_OFFLINE'] as const) {
          const ref = this.state.endServerAlarm(scene, s.deviceId);
          if (ref) actions.push({ kind: 'recover', ref, at: now, remark: 'back online' });
        }
      }
      for (const deviceId of new Set(points.map((p) => p.deviceId))) {
        const ref = this.state.endServerAlarm('DATA_DELAYED', deviceId);
        if (ref) actions.push({ kind: 'recover', ref, at: now, remark: 'data arrived' });
      }
    }
    if (!relevant.length && !offline.length) {
      await this.apply(actions);
      return;
    }
    const devices = await this.index.deviceInfos([...new Set([...relevant.map((p) => p.deviceId), ...offline.map((s) => s.deviceId)])]);

    relevant.sort((a, b) => a.ts - b.ts);
    for (const point of relevant) {
      const device = devices.get(point.deviceId);
      if (!device) continue;
      for (const rule of this.index.rulesOf(point.propertyId)!) {
        if (rule.tenantId !== device.tenantId) continue;
        const action = this.state.onReading(rule, device, point.ts, point.value);
        if (action) actions.push(action);
      }
    }

    // a status that says offline (or the Last Will of a dropped connection)
    for (const s of offline) {
      const device = devices.get(s.deviceId);
      if (!device) continue;
      const scene: ServerAlarmScene = device.isGateway ? 'GATEWAY_OFFLINE' : 'DEVICE_OFFLINE';
      const ref = this.state.startServerAlarm(scene, device.id);
      if (ref)
        actions.push({ kind: 'raise', ref, alarm: deviceSceneAlarm(scene, device, now, `${device.name} (${device.code}) went offline`) });
    }
    await this.apply(actions);
  }

  /** The enabled rules; the runs of rules gone or disabled elsewhere are dropped once they are re-read. */
  private async loadRules() {
    const live = await this.index.load();
    if (live) this.state.keepRules(live);
  }

  /** Writes the actions (alarm-writer.ts); when that fails, forgets what they raised and rethrows. */
  private async apply(actions: Action[]): Promise<NewAlarm[]> {
    try {
      return await this.writer.write(actions);
    } catch (error) {
      this.state.forgetUnwritten(actions);
      throw error;
    }
  }

  // --- server alarms for other domains and the periodic check

  /** Raises a server alarm unless one of the scene and target is active; answers the new alarm's id (null when one was active). */
  raiseServerAlarm(input: ServerAlarmInput): Promise<number | null> {
    return this.enqueue('a server alarm', async () => {
      const ref = this.state.startServerAlarm(input.scene, input.targetId);
      if (!ref) return null;
      const raised = await this.apply([{ kind: 'raise', ref, alarm: serverAlarm(input) }]);
      return raised.length ? ref.id : null;
    });
  }

  /** Recovers the active server alarm of the scene and target; false when none was active. */
  recoverServerAlarm(input: { tenantId: string; scene: ServerAlarmScene; targetId: number; remark?: string }): Promise<boolean> {
    return this.enqueue('a server alarm recovery', async () => {
      const ref = this.state.endServerAlarm(input.scene, input.targetId);
      if (!ref) return false;
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
      const limit = new Date(now - this.config.dataDelayMinutes * 60_000).toISOString();
      const started = new Date(this.startedAt).toISOString();
      const late = await selectDevices(
        this.db,
        sql`d.online and greatest(coalesce(d.last_seen_at, ${started}::timestamptz), ${started}::timestamptz) < ${limit}::timestamptz`,
      );
      const actions: Action[] = [];
      for (const device of late) {
        const ref = this.state.startServerAlarm('DATA_DELAYED', device.id);
        if (!ref) continue;
        const content = `${device.name} (${device.code}) is online but has sent no data for over ${this.config.dataDelayMinutes} min`;
        actions.push({ kind: 'raise', ref, alarm: deviceSceneAlarm('DATA_DELAYED', device, now, content) });
      }
      const back = await rowsOf<{ id: number; target_id: number }>(
        this.db,
        sql`select a.id, a.target_id from alarm_log a join device d on d.id = a.target_id
            where a.state = 0 and a.source = 'server' and a.scene_type = 'DATA_DELAYED'
              and (not d.online or d.last_seen_at >= ${limit}::timestamptz)`,
      );
      for (const r of back) {
        this.state.endServerAlarm('DATA_DELAYED', Number(r.target_id));
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
      if (orphans.length) this.state.forgetAlarms(new Set(orphans.map((o) => Number(o.id))));
    });
  }
}
