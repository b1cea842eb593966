/**
 * The performance monitor a host page can enable (window.__ENERGY_SETTINGS__.performanceMonitor):
 * page-load timing, largest contentful paint and long tasks, logged to the console and kept in
 * window.__ENERGY_PERF__ for whoever wants to collect them.
 */
interface PerfEntry {
  kind: string;
  name: string;
  ms: number;
}

declare global {
  interface Window {
    __ENERGY_PERF__?: PerfEntry[];
  }
}

export function startPerformanceMonitor() {
  const entries: PerfEntry[] = (window.__ENERGY_PERF__ = []);
  const record = (kind: string, name: string, ms: number) => {
    const entry = { kind, name, ms: Math.round(ms) };
    entries.push(entry);
    console.info(`[perf] ${kind} ${name}: ${entry.ms} ms`);
  };
  const observe = (type: string, onEntry: (e: PerformanceEntry) => void) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({ type, buffered: true });
    } catch {
      // the browser does not know this entry type
    }
  };
  observe('navigation', (e) => record('navigation', 'page load', (e as PerformanceNavigationTiming).loadEventEnd || e.duration));
  observe('largest-contentful-paint', (e) => record('lcp', 'largest contentful paint', e.startTime));
  observe('longtask', (e) => record('longtask', e.name, e.duration));
}
