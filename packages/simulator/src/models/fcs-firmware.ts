import { createHash } from 'node:crypto';

/**
 * The FCS's firmware updater (docs/bsa.md, "Second edition and firmware (issue 22)"). The platform sends
 * `commands/firmware` with where to download the package (an HTTP URL with a short-lived token) and its
 * SHA-256; the FCS downloads it, checks the checksum, installs it and reports each state on its ack topic
 * as `{"firmware": {targetId, state, reason?, softwareVersion?}}`. At connect it reports what it runs:
 * `{"firmware": {softwareVersion, hardwareVersion}}`.
 *
 * Faults, fixed by configuration: `corruptDownloads` flips a byte of what it received (a flaky link or a
 * bad flash), so the checksum does not match and the update fails with 'checksum mismatch'.
 */

export interface FirmwareSpec {
  softwareVersion: string;
  hardwareVersion: string;
  corruptDownloads?: boolean;
  /** Time each step takes (downloaded → verified → updated), ms; default 300. */
  stepMs?: number;
}

/** What the platform sends on `commands/firmware`. */
export interface FirmwareCommand {
  targetId: number;
  softwareVersion: string;
  sha256: string;
  url: string;
  /** Sent as `Authorization: Bearer <token>` with the download. */
  token?: string;
  size?: number;
}

export interface FirmwareReport {
  firmware: { targetId?: number; state?: string; reason?: string; softwareVersion?: string; hardwareVersion?: string };
}

/** The default of an FCS the configuration says nothing about. */
export const DEFAULT_FIRMWARE: FirmwareSpec = { softwareVersion: '2.3.1', hardwareVersion: 'FCS-H2' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class FcsFirmware {
  softwareVersion: string;
  readonly hardwareVersion: string;
  private busy = false;

  constructor(private readonly spec: FirmwareSpec = DEFAULT_FIRMWARE) {
    this.softwareVersion = spec.softwareVersion;
    this.hardwareVersion = spec.hardwareVersion;
  }

  /** What it runs, reported at connect. */
  hello(): FirmwareReport {
    return { firmware: { softwareVersion: this.softwareVersion, hardwareVersion: this.hardwareVersion } };
  }

  /** Runs one update to its end, reporting each state through `send`; never throws. */
  async run(payload: Buffer, send: (report: FirmwareReport) => void | Promise<void>): Promise<void> {
    let command: FirmwareCommand;
    try {
      command = JSON.parse(payload.toString('utf8')) as FirmwareCommand;
    } catch {
      return; // no target to answer to
    }
    const targetId = command?.targetId;
    if (typeof targetId !== 'number' || !Number.isInteger(targetId) || targetId <= 0) return;
    const report = (state: string, extra: Omit<FirmwareReport['firmware'], 'targetId' | 'state'> = {}) =>
      send({ firmware: { targetId, state, ...extra } });
    const fail = (reason: string) => report('failed', { reason });
    if (this.busy) return void (await fail('another update is under way on this FCS'));
    if (typeof command.url !== 'string' || typeof command.sha256 !== 'string' || typeof command.softwareVersion !== 'string')
      return void (await fail('the command lacks the package URL, its checksum or its version'));
    this.busy = true;
    const stepMs = this.spec.stepMs ?? 300;
    try {
      await report('downloading');
      let bytes: Buffer;
      try {
        const res = await fetch(command.url, command.token ? { headers: { authorization: `Bearer ${command.token}` } } : {});
        if (!res.ok) return void (await fail(`download failed: HTTP ${res.status}`));
        bytes = Buffer.from(await res.arrayBuffer());
      } catch (error) {
        return void (await fail(`download failed: ${(error as Error).message}`));
      }
      if (this.spec.corruptDownloads && bytes.length) bytes[bytes.length >> 1] = bytes[bytes.length >> 1]! ^ 0xff;
      await report('downloaded');
      await sleep(stepMs);
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      if (sha256 !== command.sha256.toLowerCase()) return void (await fail('checksum mismatch'));
      await report('verified');
      await sleep(stepMs);
      this.softwareVersion = command.softwareVersion;
      await report('updated', { softwareVersion: this.softwareVersion, hardwareVersion: this.hardwareVersion });
    } finally {
      this.busy = false;
    }
  }
}
