import { createHash, randomBytes } from 'node:crypto';
import { bsaSecond as contract } from '@energy/contracts';
import { and, eq, inArray, lt, notInArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { device } from '../devices/devices.schema.js';
import type { DeviceEntry } from '../telemetry/ingest/directory.js';
import type { DeviceCommands, IngestListener } from '../telemetry/ingest/listeners.js';
import { bsaFcsVersion, bsaFirmwareDistribution, bsaFirmwareTarget, type FirmwareState } from './bsa-second.schema.js';

/** The command name: the FCS gets it on `devices/{username}/commands/firmware`. */
export const FIRMWARE_COMMAND = 'firmware';
export const DOWNLOAD_PATH = '/api/v2/bsa-second-edition/firmware/download';

/** What the FCS gets (docs/bsa.md, "Second edition and firmware (issue 22)"). */
export interface FirmwareCommand {
  targetId: number;
  softwareVersion: string;
  fileName: string;
  size: number;
  sha256: string;
  /** Where to download the package, with `Authorization: Bearer <token>` (never a token in the URL). */
  url: string;
  token: string;
  urlExpiresAt: string;
  sentAt: string;
}

const ACTIVE: FirmwareState[] = ['initiated', 'downloading', 'downloaded', 'verified'];
const RANK: Record<FirmwareState, number> = { queued: 0, initiated: 1, downloading: 2, downloaded: 3, verified: 4, updated: 5, failed: 5 };
const VERSION = /^[A-Za-z0-9][A-Za-z0-9._+-]{0,31}$/;

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Firmware updates over the ingest's MQTT broker, on the owner connection (reports and timeouts belong
 * to no request):
 * - `send(targetId, baseUrl)`: once the request that made the target committed, gives it a download token
 *   (only its hash is stored), marks it initiated and publishes the command; a command that cannot be sent
 *   fails the target at once with the reason.
 * - reports on the FCS's `devices/{username}/ack` (the answer topic it already publishes on), as
 *   `{"firmware": {targetId?, state?, reason?, softwareVersion?, hardwareVersion?}}`: a state of its own
 *   target moves it forward (or fails it); versions are stored as what the FCS runs.
 * - a target under way that reports nothing for `stepTimeoutMs` fails with 'timed out'.
 */
export class BsaSecondDelivery implements IngestListener {
  private commands: DeviceCommands | null = null;
  private log: Pick<FastifyBaseLogger, 'warn' | 'error'> = { warn: () => {}, error: () => {} };
  private readonly timers = new Map<number, NodeJS.Timeout>();

  constructor(
    private readonly db: Db,
    readonly stepTimeoutMs: number,
    private readonly tokenTtlMs: number,
  ) {}

  async start(log: FastifyBaseLogger, commands: DeviceCommands) {
    this.log = log;
    this.commands = commands;
    // the sending request ended with a previous process: its targets cannot get their URL any more (a minute's
    // grace for a request of another server process that is committing right now)
    await this.db
      .update(bsaFirmwareTarget)
      .set({ state: 'failed', reason: 'not sent: the server restarted before sending', finishedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(bsaFirmwareTarget.state, 'queued'), lt(bsaFirmwareTarget.createdAt, sql`now() - interval '1 minute'`)));
    const active = await this.db
      .select({ id: bsaFirmwareTarget.id, updatedAt: bsaFirmwareTarget.updatedAt })
      .from(bsaFirmwareTarget)
      .where(inArray(bsaFirmwareTarget.state, ACTIVE));
    for (const t of active) this.arm(t.id, t.updatedAt.getTime());
  }

  async stop() {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.commands = null;
  }

  committed(): void {}

  private arm(id: number, since: number) {
    clearTimeout(this.timers.get(id));
    const timer = setTimeout(
      () => {
        this.timers.delete(id);
        this.fail(id, `timed out: no report from the FCS within ${Math.round(this.stepTimeoutMs / 1000)} s`).catch((err) =>
          this.log.error({ err, targetId: id }, 'firmware update: timeout not recorded'),
        );
      },
      Math.max(0, since + this.stepTimeoutMs - Date.now()),
    );
    timer.unref?.();
    this.timers.set(id, timer);
  }

  private disarm(id: number) {
    clearTimeout(this.timers.get(id));
    this.timers.delete(id);
  }

  private async fail(id: number, reason: string) {
    await this.db
      .update(bsaFirmwareTarget)
      .set({ state: 'failed', reason, tokenHash: null, finishedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(bsaFirmwareTarget.id, id), notInArray(bsaFirmwareTarget.state, ['updated', 'failed'])));
  }

  /** Sends a queued target's command (called once the request that made it has committed). */
  async send(id: number, baseUrl: string): Promise<void> {
    const [row] = await this.db
      .select({ t: bsaFirmwareTarget, d: bsaFirmwareDistribution, username: device.mqttUsername })
      .from(bsaFirmwareTarget)
      .innerJoin(bsaFirmwareDistribution, eq(bsaFirmwareDistribution.id, bsaFirmwareTarget.distributionId))
      .leftJoin(device, eq(device.id, bsaFirmwareTarget.fcsDeviceId))
      .where(and(eq(bsaFirmwareTarget.id, id), eq(bsaFirmwareTarget.state, 'queued')));
    if (!row) return; // the request rolled back
    const token = randomBytes(32).toString('base64url');
    const expires = new Date(Date.now() + this.tokenTtlMs);
    const now = new Date();
    await this.db
      .update(bsaFirmwareTarget)
      .set({ state: 'initiated', tokenHash: tokenHash(token), tokenExpiresAt: expires, updatedAt: now })
      .where(eq(bsaFirmwareTarget.id, id));
    const command: FirmwareCommand = {
      targetId: id,
      softwareVersion: row.d.softwareVersion,
      fileName: row.d.fileName,
      size: row.d.size,
      sha256: row.d.sha256,
      url: `${baseUrl}${DOWNLOAD_PATH}`,
      token,
      urlExpiresAt: expires.toISOString(),
      sentAt: now.toISOString(),
    };
    this.arm(id, now.getTime());
    try {
      if (!row.username) throw new Error('the FCS has no MQTT credentials');
      if (!this.commands) throw new Error('MQTT is off');
      await this.commands.publishCommand(row.username, FIRMWARE_COMMAND, Buffer.from(JSON.stringify(command)));
    } catch (error) {
      this.disarm(id);
      await this.fail(id, `not sent: ${(error as Error).message}`);
    }
  }

  async ack(entry: DeviceEntry, payload: Buffer): Promise<void> {
    let message: { firmware?: unknown };
    try {
      message = JSON.parse(payload.toString('utf8'));
    } catch {
      return; // the strategy delivery logs it
    }
    const report = message?.firmware;
    if (report === undefined) return; // an answer to another command
    if (!report || typeof report !== 'object') {
      this.log.warn({ deviceId: entry.id }, 'firmware report: not an object, ignored');
      return;
    }
    const r = report as { targetId?: unknown; state?: unknown; reason?: unknown; softwareVersion?: unknown; hardwareVersion?: unknown };
    const software = typeof r.softwareVersion === 'string' && VERSION.test(r.softwareVersion) ? r.softwareVersion : undefined;
    const hardware = typeof r.hardwareVersion === 'string' && VERSION.test(r.hardwareVersion) ? r.hardwareVersion : undefined;
    if (r.targetId !== undefined) await this.stateReport(entry, r.targetId, r.state, r.reason, software);
    if (software !== undefined || hardware !== undefined) await this.versionReport(entry, software, hardware);
  }

  private async stateReport(entry: DeviceEntry, targetId: unknown, stateIn: unknown, reasonIn: unknown, software: string | undefined) {
    const state = (contract.FIRMWARE_REPORTED_STATES as readonly string[]).includes(stateIn as string) ? (stateIn as FirmwareState) : null;
    if (typeof targetId !== 'number' || !Number.isInteger(targetId) || targetId <= 0 || targetId > 2_147_483_647 || !state) {
      this.log.warn({ deviceId: entry.id }, 'firmware report: without a targetId and a known state, ignored');
      return;
    }
    const reason = typeof reasonIn === 'string' ? reasonIn.replace(/\u0000/g, '').slice(0, 500) : null;
    const settled = await this.db.transaction(async (tx) => {
      const [t] = await tx.select().from(bsaFirmwareTarget).where(eq(bsaFirmwareTarget.id, targetId)).for('update');
      // only the target's own FCS reports on it; states only move forward
      if (!t || t.fcsDeviceId !== entry.id || t.state === 'updated') return null;
      const late = t.state === 'failed';
      // after a timeout only the end is taken: the FCS did install it (or says why not)
      if (late && state !== 'updated') return null;
      if (!late && state !== 'failed' && RANK[state] <= RANK[t.state]) return null;
      const final = state === 'updated' || state === 'failed';
      const now = new Date();
      await tx
        .update(bsaFirmwareTarget)
        .set({
          state,
          reason: state === 'failed' ? (reason ?? 'failed on the FCS') : late ? `updated after it had failed (${t.reason})` : null,
          updatedAt: now,
          ...(final ? { finishedAt: now, tokenHash: null } : {}),
        })
        .where(eq(bsaFirmwareTarget.id, t.id));
      return { final };
    });
    if (!settled) return;
    if (settled.final) this.disarm(targetId);
    else this.arm(targetId, Date.now());
    if (state === 'updated' && software === undefined) {
      // the version the package installs, when the FCS's report does not name it
      const [d] = await this.db
        .select({ v: bsaFirmwareDistribution.softwareVersion })
        .from(bsaFirmwareTarget)
        .innerJoin(bsaFirmwareDistribution, eq(bsaFirmwareDistribution.id, bsaFirmwareTarget.distributionId))
        .where(eq(bsaFirmwareTarget.id, targetId));
      if (d) await this.versionReport(entry, d.v, undefined);
    }
  }

  /** What the FCS runs now; a version it does not name is kept. */
  private async versionReport(entry: DeviceEntry, software: string | undefined, hardware: string | undefined) {
    await this.db
      .insert(bsaFcsVersion)
      .values({ deviceId: entry.id, tenantId: entry.tenantId, softwareVersion: software ?? null, hardwareVersion: hardware ?? null })
      .onConflictDoUpdate({
        target: bsaFcsVersion.deviceId,
        set: {
          softwareVersion: software === undefined ? sql`${bsaFcsVersion.softwareVersion}` : software,
          hardwareVersion: hardware === undefined ? sql`${bsaFcsVersion.hardwareVersion}` : hardware,
          reportedAt: new Date(),
        },
      });
  }
}
