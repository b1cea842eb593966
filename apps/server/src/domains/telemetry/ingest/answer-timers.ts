import type { FastifyBaseLogger } from 'fastify';
import type { DeviceCommands, IngestListener } from './listeners.js';

/**
 * The timeouts of commands that wait for a device's answer (strategy deliveries, storage configuration
 * publishes): one timer per pending row, armed with what is left of its time (so the rows found pending
 * at start get the rest of theirs). A row that times out is passed to `expire` with the reason; a failure
 * to record it goes to `failed`, since no request waits for it.
 */
export class AnswerTimers {
  private readonly timers = new Map<number, NodeJS.Timeout>();

  constructor(
    private readonly timeoutMs: number,
    private readonly expire: (id: number, reason: string) => Promise<void>,
    private readonly failed: (error: unknown, id: number) => void,
  ) {}

  /** (Re)arms the row's timer: it fires `timeoutMs` after `requestedAt` (epoch ms), at once if that has passed. */
  arm(id: number, requestedAt: number) {
    this.disarm(id);
    const left = Math.max(0, requestedAt + this.timeoutMs - Date.now());
    const timer = setTimeout(() => {
      this.timers.delete(id);
      this.expire(id, `no answer from the FCS within ${Math.round(this.timeoutMs / 1000)} s`).catch((err) => this.failed(err, id));
    }, left);
    timer.unref?.();
    this.timers.set(id, timer);
  }

  /** The row was answered (or failed otherwise): its timer goes. */
  disarm(id: number) {
    clearTimeout(this.timers.get(id));
    this.timers.delete(id);
  }

  /** At stop: every timer goes. */
  clear() {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}

/**
 * An ingest listener that sends FCS commands and waits for their answers: it keeps the broker's
 * command sender and log from `start` to `stop`, and re-arms the timers of the rows still pending at
 * start. `what` and `idField` name it in the log ("strategy delivery", deliveryId).
 */
export abstract class FcsAnswerListener implements IngestListener {
  protected commands: DeviceCommands | null = null;
  protected log: Pick<FastifyBaseLogger, 'warn' | 'error'> = { warn: () => {}, error: () => {} };
  protected readonly timers: AnswerTimers;

  constructor(timeoutMs: number, what: string, idField: string) {
    this.timers = new AnswerTimers(
      timeoutMs,
      (id, reason) => this.expire(id, reason),
      (err, id) => this.log.error({ err, [idField]: id }, `${what}: timeout not recorded`),
    );
  }

  /** The rows waiting for an answer, at start. */
  protected abstract pending(): Promise<{ id: number; requestedAt: Date }[]>;
  /** Records that a row got no answer (or could not be sent), with the reason. */
  protected abstract expire(id: number, reason: string): Promise<void>;

  async start(log: FastifyBaseLogger, commands: DeviceCommands) {
    this.log = log;
    this.commands = commands;
    for (const row of await this.pending()) this.timers.arm(row.id, row.requestedAt.getTime());
  }

  async stop() {
    this.timers.clear();
    this.commands = null;
  }

  committed(): void {}
}
