import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { device } from '../devices/devices.schema.js';
import type { DeviceEntry } from '../telemetry/ingest/directory.js';
import { FcsAnswerListener } from '../telemetry/ingest/answer-timers.js';
import { bsaRemoteLog } from './bsa-remote.schema.js';

/** The command name: the device gets it on `devices/{username}/commands/remote`. */
export const REMOTE_COMMAND = 'remote';

/** What the device gets (docs/bsa.md, "Remote control"). */
export interface RemoteCommandPayload {
  commandLogId: number;
  requestId: string;
  action: string;
  value: number | null;
  unit: string | null;
  deviceCode: string;
  stationCode: string;
  sentAt: string;
  /** After this instant the device must not execute the command (it answers refused): the platform has logged it as timed out. */
  expiresAt: string;
}

/**
 * Remote commands to a station's PCS or FCS over the ingest's MQTT broker, on the owner connection
 * (answers and timeouts belong to no request); an ingest listener like the strategy delivery:
 * - `send(id)`: once the request that logged the command committed, publishes it (QoS 1) and arms the
 *   timeout; a command that cannot be sent times out at once with the reason.
 * - `ack`: `{commandLogId, accepted, reason?}` on the device's `devices/{username}/ack`, from the very
 *   device the command went to, settles it once (acknowledged, or refused with the device's reason); an
 *   acknowledgement after the timeout still records that the device executed it.
 * Each log row is published once at most: `send` takes only a pending row and is called only by the
 * request that inserted it.
 */
export class BsaRemoteDelivery extends FcsAnswerListener {
  constructor(
    private readonly db: Db,
    private readonly timeoutMs: number,
  ) {
    super(timeoutMs, 'remote command', 'commandLogId');
  }

  protected pending() {
    return this.db.select().from(bsaRemoteLog).where(eq(bsaRemoteLog.status, 'pending'));
  }

  async send(id: number): Promise<void> {
    const [row] = await this.db
      .select({ l: bsaRemoteLog, username: device.mqttUsername })
      .from(bsaRemoteLog)
      .leftJoin(device, eq(device.id, bsaRemoteLog.deviceId))
      .where(and(eq(bsaRemoteLog.id, id), eq(bsaRemoteLog.status, 'pending')));
    if (!row) return; // the request rolled back, or it is settled already
    const { l, username } = row;
    const payload: RemoteCommandPayload = {
      commandLogId: l.id,
      requestId: l.requestId,
      action: l.action,
      value: l.value,
      unit: l.unit,
      deviceCode: l.deviceCode,
      stationCode: l.stationCode,
      sentAt: new Date().toISOString(),
      expiresAt: new Date(l.requestedAt.getTime() + this.timeoutMs).toISOString(),
    };
    this.timers.arm(l.id, l.requestedAt.getTime());
    try {
      if (!username) throw new Error(`${l.deviceCode} has no MQTT credentials`);
      if (!this.commands) throw new Error('MQTT is off');
      await this.commands.publishCommand(username, REMOTE_COMMAND, Buffer.from(JSON.stringify(payload)));
    } catch (error) {
      this.timers.disarm(l.id);
      await this.expire(l.id, `not sent: ${(error as Error).message}`);
    }
  }

  async ack(entry: DeviceEntry, payload: Buffer): Promise<void> {
    let answer: { commandLogId?: unknown; accepted?: unknown; reason?: unknown };
    try {
      answer = JSON.parse(payload.toString('utf8'));
    } catch {
      return; // the strategy delivery logs it
    }
    const id = answer?.commandLogId;
    if (id === undefined) return; // an answer to another command
    if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0 || id > 2_147_483_647 || typeof answer.accepted !== 'boolean') {
      this.log.warn({ deviceId: entry.id }, 'remote command: an answer without commandLogId and accepted ignored');
      return;
    }
    const accepted = answer.accepted;
    const reason = typeof answer.reason === 'string' ? answer.reason.replace(/\u0000/g, '').slice(0, 500) : null;
    await this.db.transaction(async (tx) => {
      const [l] = await tx.select().from(bsaRemoteLog).where(eq(bsaRemoteLog.id, id)).for('update');
      // only the command's own device answers it, and only once
      if (!l || l.deviceId !== entry.id || l.status === 'acknowledged' || l.status === 'refused') return;
      const late = l.status === 'timeout';
      await tx
        .update(bsaRemoteLog)
        .set({
          status: accepted ? 'acknowledged' : 'refused',
          answeredAt: new Date(),
          reason: accepted ? (late ? 'acknowledged after the timeout' : null) : (reason ?? `refused by ${l.deviceCode}`),
        })
        .where(eq(bsaRemoteLog.id, l.id));
    });
    this.timers.disarm(id);
  }

  protected async expire(id: number, reason: string) {
    const [l] = await this.db.select({ deviceCode: bsaRemoteLog.deviceCode }).from(bsaRemoteLog).where(eq(bsaRemoteLog.id, id));
    // the shared timers speak of the FCS; a remote command names its own device
    const said = l ? reason.replace('from the FCS', `from ${l.deviceCode}`) : reason;
    await this.db
      .update(bsaRemoteLog)
      .set({ status: 'timeout', reason: said })
      .where(and(eq(bsaRemoteLog.id, id), eq(bsaRemoteLog.status, 'pending')));
  }
}
