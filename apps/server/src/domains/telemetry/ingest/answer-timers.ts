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
