/**
 * Which tenants' history is still being written in the background (the demo's 30 days on a first
 * start), and how far it is: what `device/dataProperty/historyFill` answers, so pages that chart
 * telemetry can say their curves are still filling. One fill at a time; in memory (a restart writes
 * the rest of the history again, and says so again).
 */
export class HistoryFill {
  private run: { tenants: ReadonlySet<string>; total: number; done: number } | null = null;

  /** A fill starts for these tenants: `total` readings to write. */
  start(tenantIds: Iterable<string>, total: number) {
    this.run = { tenants: new Set(tenantIds), total: Math.max(total, 1), done: 0 };
  }

  /** Readings written so far. */
  advance(done: number) {
    if (this.run) this.run.done = Math.min(done, this.run.total);
  }

  finish() {
    this.run = null;
  }

  /** The fill as a tenant's staff sees it: only a fill of its own tenant's devices. */
  of(tenantId: string): { filling: boolean; percent: number } {
    if (!this.run || !this.run.tenants.has(tenantId)) return { filling: false, percent: 100 };
    return { filling: true, percent: Math.floor((this.run.done / this.run.total) * 100) };
  }
}
