import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { circuit } from '../domains/circuit/circuit.schema.js';
import { energySavingConfig, energySavingDriver, energySavingVersion } from '../domains/energy-conservation/energy-conservation.schema.js';
import type { DemoSite } from './demo-circuit-sites.js';

/**
 * The demo's energy conservation (docs/energy-conservation.md, "Demo"): on each demo site one circuit has an
 * `audit` baseline, a line typed in from the energy audit made before a retrofit, in force from the first
 * month whose circuit energy the demo holds whole (the month before the first start; the demo circuits'
 * history starts the day before it, `demoCircuitHistoryDays`), and the site's monthly driver values of
 * every month that has ended since, so the savings pages show that month's saving from the circuit's real
 * energy. Made once per tenant (skipped when it has any configuration); the driver values of months that
 * ended since are added on each start.
 */

interface DemoSaving {
  /** The circuit's code after the OU code. */
  circuit: string;
  driverUnit: string;
  /** The audit's line: a kWh per month + b kWh per driver unit, over its baseline period. */
  auditA: number;
  auditB: number;
  auditFrom: string;
  auditTo: string;
  /** Price of the saved energy per kWh (the account's average), currency. */
  price: number;
  remark: string;
  /** The driver value of a month: production (t) from the working days, or heating/cooling degree days. */
  driver: (month: string) => number;
}

/** Weekdays and Saturdays of a month 'YYYY-MM' (a plant's production log: two shifts on weekdays, one on Saturdays). */
export function workingDays(month: string): { weekdays: number; saturdays: number } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  let weekdays = 0;
  let saturdays = 0;
  for (let d = 1; d <= days; d++) {
    const dow = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
    if (dow >= 1 && dow <= 5) weekdays++;
    else if (dow === 6) saturdays++;
  }
  return { weekdays, saturdays };
}

/** The demo sites' circuits with a baseline, by OU code. */
export const DEMO_SAVINGS: Record<string, DemoSaving> = {
  // Sunrise's compressed air: the 2025 audit before the variable-speed compressor and the leak repair
  // found 38,000 kWh a month of leaks and idling plus 28.5 kWh per tonne produced
  'SZ-01': {
    circuit: 'FD-06',
    driverUnit: 't',
    auditA: 38_000,
    auditB: 28.5,
    auditFrom: '2025-01',
    auditTo: '2025-12',
    price: 0.7215,
    remark: 'Energy audit 2025 (before the VSD compressor and leak repair)',
    // 48 t a weekday, 17 t a Saturday
    driver: (month) => {
      const { weekdays, saturdays } = workingDays(month);
      return weekdays * 48 + saturdays * 17;
    },
  },
  // Harbor's cold store: the 2025/26 audit before the new insulated doors and the condenser cleaning:
  // 60,000 kWh a month + 150 kWh per container moved through the store
  'SH-01': {
    circuit: 'FD-08',
    driverUnit: 'TEU',
    auditA: 60_000,
    auditB: 150,
    auditFrom: '2025-03',
    auditTo: '2026-02',
    price: 0.6833,
    remark: 'Energy audit 2025/26 (before the new doors and condenser cleaning)',
    // 14 TEU a weekday, 9 a Saturday, 5 a Sunday
    driver: (month) => {
      const { weekdays, saturdays } = workingDays(month);
      const [y, m] = month.split('-').map(Number) as [number, number];
      const sundays = new Date(Date.UTC(y, m, 0)).getUTCDate() - weekdays - saturdays;
      return weekdays * 14 + saturdays * 9 + sundays * 5;
    },
  },
};

/** Local month 'YYYY-MM' (the demo sites are in Asia/Shanghai, UTC+8) of an instant, shifted by `delta` months. */
export function demoMonth(now: number, delta = 0): string {
  const local = new Date(now + 8 * 3_600_000);
  const d = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + delta, 1));
  return d.toISOString().slice(0, 7);
}

/**
 * Days of circuit history the first start writes: 30, or more so that it starts the day before the first
 * of the previous local month (so that month's energy is whole): 30 to 62.
 */
export function demoCircuitHistoryDays(now: number): number {
  const previousMonthStart = Date.parse(`${demoMonth(now, -1)}-01T00:00:00+08:00`);
  return Math.max(30, Math.ceil((now - previousMonthStart) / 86_400_000) + 1);
}

/** Seeds the site's energy-saving configuration (once per tenant) and the driver values of the ended months. */
export async function seedDemoEnergyConservation(db: Db, site: DemoSite, now = Date.now()): Promise<void> {
  const plan = DEMO_SAVINGS[site.ouCode];
  if (!plan) return;
  const [c] = await db
    .select({ id: circuit.id, ouId: circuit.ouId })
    .from(circuit)
    .where(and(eq(circuit.tenantId, site.tenantId), eq(circuit.code, `${site.ouCode}-${plan.circuit}`)));
  if (!c) return;
  const configs = await db
    .select({ id: energySavingConfig.id, circuitId: energySavingConfig.circuitId })
    .from(energySavingConfig)
    .where(eq(energySavingConfig.tenantId, site.tenantId));
  const firstMonth = demoMonth(now, -1);
  if (configs.length === 0) {
    const [config] = await db
      .insert(energySavingConfig)
      .values({ tenantId: site.tenantId, ouId: c.ouId, circuitId: c.id })
      .returning({ id: energySavingConfig.id });
    await db.insert(energySavingVersion).values({
      tenantId: site.tenantId,
      ouId: c.ouId,
      circuitId: c.id,
      configId: config!.id,
      action: 'create',
      effectiveFrom: firstMonth,
      model: 'audit',
      baselineFrom: plan.auditFrom,
      baselineTo: plan.auditTo,
      driverUnit: plan.driverUnit,
      auditAWh: Math.round(plan.auditA * 1000),
      auditBWh: Math.round(plan.auditB * 1000),
      price10k: Math.round(plan.price * 10_000),
      remark: plan.remark,
      changes: ['effectiveFrom', 'model', 'baselineFrom', 'baselineTo', 'driverUnit', 'auditA', 'auditB', 'price', 'remark'],
      staffName: 'Demo',
    });
  } else if (!configs.some((x) => x.circuitId === c.id)) return; // the tenant's own configurations: leave them alone
  // the production log: every month that ended since the baseline came in force, kept as entered
  const version = await db
    .select({ effectiveFrom: energySavingVersion.effectiveFrom })
    .from(energySavingVersion)
    .where(and(eq(energySavingVersion.circuitId, c.id), inArray(energySavingVersion.action, ['create'])));
  const from = version[0]?.effectiveFrom ?? firstMonth;
  const months: string[] = [];
  for (let k = -1; demoMonth(now, k) >= from && k > -36; k--) months.push(demoMonth(now, k));
  if (!months.length) return;
  await db
    .insert(energySavingDriver)
    .values(
      months.map((month) => ({ tenantId: site.tenantId, ouId: c.ouId, circuitId: c.id, month, value: plan.driver(month).toFixed(3) })),
    )
    .onConflictDoNothing();
}
