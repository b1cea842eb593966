import type { alarm } from '@energy/contracts';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { StrategyConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { bsaStation } from '../bsa/bsa.schema.js';
import { device } from '../devices/devices.schema.js';
import type { DeviceEntry } from '../telemetry/ingest/directory.js';
import { FcsAnswerListener } from '../telemetry/ingest/answer-timers.js';
import { strategy, strategyDelivery } from './strategy.schema.js';

/** The alarm domain's server-alarm entry points (AlarmService / its evaluator). */
export interface ServerAlarms {
  raiseServerAlarm(input: {
    tenantId: string;
    scene: alarm.ServerAlarmScene;
    targetId: number;
    ouId: number | null;
    name: string;
    content: string;
    deviceId?: number | null;
    deviceCode?: string | null;
  }): Promise<unknown>;
  recoverServerAlarm(input: { tenantId: string; scene: alarm.ServerAlarmScene; targetId: number; remark?: string }): Promise<unknown>;
}

/** The command the FCS gets on `devices/{username}/commands/strategy` (docs/strategies.md). */
export interface StrategyCommandPayload {
  deliveryId: number;
  action: 'deliver' | 'stop';
  bsaId: number;
  strategyId: number | null;
  revision: number | null;
  strategy: unknown;
  sentAt: string;
}

type Delivery = typeof strategyDelivery.$inferSelect;
const SCENE = 'DELIVERY_FAILED' as const;

/**
 * Delivery of strategies to the stations' FCS over the ingest's MQTT broker, on the owner connection
 * (acknowledgements and timeouts belong to no request). An ingest listener: it gets the broker's command
 * channel at start and the devices' acknowledgements (`devices/{username}/ack`).
 *
 * - `send(id)`: after the request that logged the delivery committed, publishes the command and arms the
 *   timeout. A command that cannot be sent (MQTT off, FCS without credentials) times out at once.
 * - `ack`: `{deliveryId, accepted, reason?}` from the delivery's own FCS settles it: accepted makes the
 *   strategy its station's executing one (or, for a stop, none) and recovers the station's
 *   DELIVERY_FAILED alarm; rejected raises it. An answer after the timeout still settles the row (the FCS
 *   does run what it accepted), unless a later delivery to the station was accepted meanwhile.
 * - timeout: no answer within `deliveryTimeoutMs` logs `timeout` and raises DELIVERY_FAILED. Pending
 *   deliveries found at start get what is left of their time.
 */
export class StrategyDelivery extends FcsAnswerListener {
  constructor(
    private readonly db: Db,
    config: StrategyConfig,
    private readonly alarms: ServerAlarms,
  ) {
    super(config.deliveryTimeoutMs, 'strategy delivery', 'deliveryId');
  }

  protected pending() {
    return this.db.select().from(strategyDelivery).where(eq(strategyDelivery.result, 'pending'));
  }

  // --- sending

  /** Publishes a logged delivery to its FCS (called once the request that logged it has committed). */
  async send(id: number): Promise<void> {
    const [row] = await this.db
      .select({ d: strategyDelivery, username: device.mqttUsername })
      .from(strategyDelivery)
      .leftJoin(device, eq(device.id, strategyDelivery.fcsDeviceId))
      .where(and(eq(strategyDelivery.id, id), eq(strategyDelivery.result, 'pending')));
    if (!row) return; // the request rolled back, or it is settled already
    const { d, username } = row;
    const payload: StrategyCommandPayload = {
      deliveryId: d.id,
      action: d.action,
      bsaId: d.bsaId,
      strategyId: d.strategyId,
      revision: d.revision,
      strategy: d.body,
      sentAt: new Date().toISOString(),
    };
    this.timers.arm(d.id, d.requestedAt.getTime());
    try {
      if (!username) throw new Error('the FCS has no MQTT credentials');
      if (!this.commands) throw new Error('MQTT is off');
      await this.commands.publishCommand(username, 'strategy', Buffer.from(JSON.stringify(payload)));
    } catch (error) {
      this.timers.disarm(d.id);
      await this.expire(d.id, `not sent: ${(error as Error).message}`);
    }
  }

  // --- answers

  async ack(entry: DeviceEntry, payload: Buffer): Promise<void> {
    let answer: {
      deliveryId?: unknown;
      publishId?: unknown;
      firmware?: unknown;
      commandLogId?: unknown;
      accepted?: unknown;
      reason?: unknown;
    };
    try {
      answer = JSON.parse(payload.toString('utf8'));
    } catch {
      this.log.warn({ deviceId: entry.id }, 'strategy delivery: an acknowledgement that is not JSON ignored');
      return;
    }
    // an answer to a configuration publish or a remote command is the storage domain's (docs/bsa.md), and a
    // firmware report the second edition's (docs/bsa.md, "Second edition and firmware")
    const other = answer?.publishId !== undefined || answer?.commandLogId !== undefined || answer?.firmware !== undefined;
    if (answer?.deliveryId === undefined && other) return;
    const id = answer?.deliveryId;
    if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0 || id > 2_147_483_647 || typeof answer.accepted !== 'boolean') {
      this.log.warn({ deviceId: entry.id }, 'strategy delivery: an acknowledgement without deliveryId and accepted ignored');
      return;
    }
    const accepted = answer.accepted;
    const reason = typeof answer.reason === 'string' ? answer.reason.replace(/\u0000/g, '').slice(0, 500) : null;
    const settled = await this.db.transaction(async (tx) => {
      const [d] = await tx.select().from(strategyDelivery).where(eq(strategyDelivery.id, id)).for('update');
      // only the delivery's own FCS answers it, and only once
      if (!d || d.fcsDeviceId !== entry.id || d.result === 'accepted' || d.result === 'rejected') return null;
      const late = d.result === 'timeout';
      const [updated] = await tx
        .update(strategyDelivery)
        .set({
          result: accepted ? 'accepted' : 'rejected',
          answeredAt: new Date(),
          reason: accepted ? (late ? 'accepted after the timeout' : null) : (reason ?? 'rejected by the FCS'),
        })
        .where(eq(strategyDelivery.id, d.id))
        .returning();
      if (accepted) {
        // a later delivery to the station already accepted wins
        const [newer] = await tx
          .select({ id: strategyDelivery.id })
          .from(strategyDelivery)
          .where(and(eq(strategyDelivery.bsaId, d.bsaId), eq(strategyDelivery.result, 'accepted'), gt(strategyDelivery.id, d.id)))
          .limit(1);
        if (!newer) await this.execute(tx as unknown as Db, d);
      }
      return updated!;
    });
    this.timers.disarm(id);
    if (!settled) return;
    if (settled.result === 'accepted') {
      await this.alarms
        .recoverServerAlarm({
          tenantId: settled.tenantId,
          scene: SCENE,
          targetId: settled.bsaId,
          remark: `delivery ${settled.id} accepted`,
        })
        .catch((err) => this.log.error({ err }, 'strategy delivery: alarm recovery failed'));
    } else {
      await this.raise(settled, `${this.what(settled)} was rejected by the FCS of ${settled.bsaName}: ${settled.reason}`);
    }
  }

  /** Makes an accepted delivery what its station executes (a stop: nothing). */
  private async execute(tx: Db, d: Delivery) {
    const others = d.action === 'deliver' && d.strategyId !== null ? [ne(strategy.id, d.strategyId)] : [];
    await tx
      .update(strategy)
      .set({ executing: false, executingSince: null, executingRevision: null, executingDeliveryId: null })
      .where(and(eq(strategy.bsaId, d.bsaId), eq(strategy.executing, true), ...others));
    if (d.action === 'deliver' && d.strategyId !== null)
      await tx
        .update(strategy)
        .set({ executing: true, executingSince: new Date(), executingRevision: d.revision, executingDeliveryId: d.id })
        .where(and(eq(strategy.id, d.strategyId), eq(strategy.bsaId, d.bsaId)));
  }

  protected async expire(id: number, reason: string) {
    const [d] = await this.db
      .update(strategyDelivery)
      .set({ result: 'timeout', reason })
      .where(and(eq(strategyDelivery.id, id), eq(strategyDelivery.result, 'pending')))
      .returning();
    if (d) await this.raise(d, `${this.what(d)} to ${d.bsaName} failed: ${reason}`);
  }

  private what(d: Delivery) {
    return d.action === 'stop'
      ? `Stopping strategy "${d.strategyName}"`
      : `Delivery of strategy "${d.strategyName}" (revision ${d.revision})`;
  }

  private async raise(d: Delivery, content: string) {
    try {
      const [where] = await this.db
        .select({ ouId: bsaStation.ouId, fcsCode: device.code })
        .from(bsaStation)
        .leftJoin(device, eq(device.id, sql`${d.fcsDeviceId}::int`))
        .where(eq(bsaStation.id, d.bsaId));
      await this.alarms.raiseServerAlarm({
        tenantId: d.tenantId,
        scene: SCENE,
        targetId: d.bsaId,
        ouId: where?.ouId ?? null,
        name: d.bsaName,
        content,
        deviceId: d.fcsDeviceId,
        deviceCode: where?.fcsCode ?? null,
      });
    } catch (err) {
      this.log.error({ err, deliveryId: d.id }, 'strategy delivery: DELIVERY_FAILED alarm not raised');
    }
  }
}
