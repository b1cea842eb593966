import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { circuit } from '../domains/circuit/circuit.schema.js';
import { lineLossConfig, lineLossOutput, lineLossRule } from '../domains/line-loss/line-loss.schema.js';
import type { DemoSite } from './demo-circuit-sites.js';

const DAY_MS = 86_400_000;

/**
 * The demo's line-loss configurations (docs/line-loss.md, "Demo"): each incoming line against its
 * feeders, and one rule per site: above 5 % for 2 days (level 1) on the line with the site's fault, else
 * above 4.5 % for 3 days (level 2), which the plain losses never reach. Made once, after the network.
 * Answers when the site's fault started (its configuration's creation less the fault's days), if any.
 */
export async function seedDemoLineLoss(db: Db, site: DemoSite): Promise<number | undefined> {
  const tenantId = site.tenantId;
  const code = (s: string) => `${site.ouCode}-${s}`;
  const name = (line: number) => `${site.ouCode} incoming line ${line} against its feeders`;
  const existing = await db
    .select({ id: lineLossConfig.id, name: lineLossConfig.name, createdAt: lineLossConfig.createdAt })
    .from(lineLossConfig)
    .where(and(eq(lineLossConfig.tenantId, tenantId), inArray(lineLossConfig.name, [name(1), name(2)])));
  const faultFrom = (createdAt: Date) => (site.fault ? createdAt.getTime() - site.fault.daysAgo * DAY_MS : undefined);
  if (existing.length) {
    const faulty = existing.find((c) => c.name === name(site.fault?.line ?? 1)) ?? existing[0]!;
    return faultFrom(faulty.createdAt);
  }
  const circuits = await db
    .select({ id: circuit.id, code: circuit.code, ouId: circuit.ouId, parentId: circuit.parentId })
    .from(circuit)
    .where(eq(circuit.tenantId, tenantId));
  const byCode = new Map(circuits.map((c) => [c.code, c]));
  const createdAt = new Date();
  await db.transaction(async (tx) => {
    for (const line of [1, 2]) {
      const incoming = byCode.get(code(`IN-${line}`));
      const busbar = byCode.get(code(`BB-${line}`));
      if (!incoming || !busbar) return;
      const feeders = circuits.filter((c) => c.parentId === busbar.id).sort((a, b) => (a.code < b.code ? -1 : 1));
      const [config] = await tx
        .insert(lineLossConfig)
        .values({
          tenantId,
          ouId: incoming.ouId,
          name: name(line),
          kind: 'circuit',
          inputCircuitId: incoming.id,
          remark: 'The incoming meter against the sum of the feeder meters on its busbar',
          createdAt,
        })
        .returning({ id: lineLossConfig.id });
      await tx.insert(lineLossOutput).values(feeders.map((f) => ({ tenantId, configId: config!.id, circuitId: f.id })));
      const faulty = site.fault?.line === line;
      if (faulty || (!site.fault && line === 1))
        await tx.insert(lineLossRule).values({
          tenantId,
          configId: config!.id,
          name: faulty ? `Line ${line} loss above 5 % for 2 days` : `Line ${line} loss above 4.5 % for 3 days`,
          thresholdPpm: faulty ? 50_000 : 45_000,
          periods: faulty ? 2 : 3,
          timeLevel: 'day',
          level: faulty ? 1 : 2,
        });
    }
  });
  return faultFrom(createdAt);
}
