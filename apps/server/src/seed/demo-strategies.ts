import { strategy as contract } from '@energy/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/sql.js';
import { bsaStation } from '../domains/bsa/bsa.schema.js';
import { strategy, strategyCustomer } from '../domains/strategy/strategy.schema.js';
import { DEMO_TENANTS } from './demo-tenants.js';
import { DEMO_STATIONS } from './demo-stations.js';

/**
 * Demo strategies (docs/strategies.md): for each demo station the editor's sample strategy of its
 * version, a field strategy for next month on the Wuxi station, and a CF template bound to the customer
 * of the Suzhou station. Written for a tenant that has stations and no strategy yet, so a restart does
 * not add them twice. Nothing is delivered: the stations run their own control until someone delivers
 * a strategy (with the operation password), which the simulated FCS then runs.
 */

const SEED = { createdByCode: 'seed', createdByName: 'Demo data', updatedByCode: 'seed', updatedByName: 'Demo data' };

/** The first and last day of next month, as 'YYYY-MM-DD', from today 'YYYY-MM-DD'. */
function nextMonth(today: string): [string, string] {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m, 1));
  const last = new Date(Date.UTC(y, m + 1, 0));
  return [first.toISOString().slice(0, 10), last.toISOString().slice(0, 10)];
}

export async function seedDemoStrategies(db: Db) {
  // the demo tenants' demo stations only: a real tenant's stations get no demo data
  const demoTenants = new Set<string>(Object.values(DEMO_TENANTS));
  const demoCodes = new Set(DEMO_STATIONS.map((s) => s.code));
  const stations = (await db.select().from(bsaStation)).filter((s) => demoTenants.has(s.tenantId) && demoCodes.has(s.code));
  const tenants = [...new Set(stations.map((s) => s.tenantId))];
  for (const tenantId of tenants) {
    const [has] = await db.select({ id: strategy.id }).from(strategy).where(eq(strategy.tenantId, tenantId)).limit(1);
    if (has) continue;
    const [clock] = await rowsOf<{ today: string }>(
      db,
      sql`select to_char(now() at time zone time_zone, 'YYYY-MM-DD') as today from tenant where id = ${tenantId}`,
    );
    const today = clock!.today;
    await db.transaction(async (tx) => {
      const add = async (form: contract.StrategyForm, bsaId: number | null) => {
        const checked = contract.checkStrategyBody(contract.formToWire(form), { today });
        if (!checked.ok) throw new Error(`demo strategy ${form.name}: ${checked.issues.map((i) => i.message).join('; ')}`);
        const wire = checked.wire;
        const [row] = await tx
          .insert(strategy)
          .values({
            tenantId,
            kind: wire.kind,
            name: wire.name,
            version: wire.version,
            bsaId,
            body: wire,
            executiveFrom: wire.executiveTimes?.[0] ?? null,
            executiveTo: wire.executiveTimes?.[1] ?? null,
            ...SEED,
          })
          .returning({ id: strategy.id });
        return row!.id;
      };
      for (const station of stations.filter((s) => s.tenantId === tenantId)) {
        const form = contract.sampleStrategyForm(station.strategyVersion, 'strategy');
        Object.assign(form, { name: 'Peak-shaving-standard', bsaId: station.id, bsaName: station.name });
        await add(form, station.id);
        if (station.code === 'WX-01-BSA-01') {
          const field = contract.sampleStrategyForm(station.strategyVersion, 'fieldStrategy');
          Object.assign(field, { name: 'Summer-peak-month', bsaId: station.id, bsaName: station.name, executiveTimes: nextMonth(today) });
          await add(field, station.id);
        }
        if (station.code === 'SZ-01-BSA-01') {
          const template = contract.sampleStrategyForm(6, 'template');
          const id = await add(template, null);
          const [bound] = await tx
            .select({ mcid: bsaStation.customerMcid })
            .from(bsaStation)
            .where(and(eq(bsaStation.id, station.id), eq(bsaStation.tenantId, tenantId)));
          await tx.insert(strategyCustomer).values({ tenantId, strategyId: id, customerMcid: bound!.mcid });
        }
      }
    });
  }
}
