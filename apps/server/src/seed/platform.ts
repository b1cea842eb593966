import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/sql.js';
import { moduleOrigin, permission } from '../domains/catalogue/catalogue.schema.js';
import { fcsSoftwareVersion } from '../domains/integration/integration.schema.js';
import { seedDeviceTypes } from '../domains/devices/device-types.seed.js';
import { defaultNavigationNamesZh, seedTenantNavigation } from '../domains/navigation/default-navigation.js';
import { district } from '../domains/ou/ou.schema.js';
import { MODULE_ORIGINS, catalogueRows } from '@energy/contracts/catalogue-codes';
import { DISTRICTS } from './districts.js';
import { seedDemoStations } from './demo-stations.js';
import { seedDemoBatteries } from './demo-batteries.js';
import { seedDemoRemote } from './demo-bsa-remote.js';

/**
 * Platform reference data, brought up to date at every start: the permission catalogue (new codes
 * appear under their parents, which auto-synced roles then grant), module origins, districts and
 * FCS software versions, every tenant's standard device types and the Chinese names of its default
 * navigation nodes that have none; the demo's storage stations when
 * they are missing. Idempotent.
 */
export async function seedPlatform(db: Db) {
  await db.transaction(async (tx) => {
    await tx
      .insert(moduleOrigin)
      .values(MODULE_ORIGINS.map((o) => ({ ...o })))
      .onConflictDoUpdate({
        target: moduleOrigin.id,
        set: {
          code: sql`excluded.code`,
          name: sql`excluded.name`,
          kind: sql`excluded.kind`,
          pathPrefix: sql`excluded.path_prefix`,
          origin: sql`excluded.origin`,
        },
      });
    await tx
      .insert(permission)
      .values(catalogueRows())
      .onConflictDoUpdate({
        target: permission.code,
        set: {
          parentCode: sql`excluded.parent_code`,
          type: sql`excluded.type`,
          name: sql`excluded.name`,
          level: sql`excluded.level`,
          sort: sql`excluded.sort`,
          integratedAppId: sql`excluded.integrated_app_id`,
        },
      });
    await tx
      .insert(district)
      .values(DISTRICTS.map(([adcode, name, level, parentAdcode, lng, lat]) => ({ adcode, name, level, parentAdcode, lng, lat })))
      .onConflictDoNothing();
    await tx
      .insert(fcsSoftwareVersion)
      .values([
        {
          id: 1,
          softwareVersion: '2.4.0',
          hardwareVersions: ['FCS-H1', 'FCS-H2'],
          releasedAt: new Date('2025-09-15T00:00:00Z'),
          notes: 'Demand control with PI parameters; charge load protection.',
        },
        {
          id: 2,
          softwareVersion: '2.5.1',
          hardwareVersions: ['FCS-H2'],
          releasedAt: new Date('2026-03-02T00:00:00Z'),
          notes: 'Load-rate control; linear-regression emptying.',
        },
        {
          id: 3,
          softwareVersion: '3.0.0',
          hardwareVersions: ['FCS-H2', 'FCS-H3'],
          releasedAt: new Date('2026-08-20T00:00:00Z'),
          notes: 'Power-following mode (strategy version CF); per-meter charge thresholds.',
        },
      ])
      .onConflictDoNothing();
    // navigation made before nodes had Chinese names gets the catalogue's; a tenant's own stays
    const namesZh = [...defaultNavigationNamesZh()].map(([key, zh]) => sql`(${key}::text, ${zh}::text)`);
    await tx.execute(sql`update navigation n set name_zh = v.zh from (values ${sql.join(namesZh, sql`, `)}) as v(key, zh)
      where n.key = v.key and n.name_zh is null`);
    // pages a newer catalogue has reach the tenants that have a navigation (new tenants get it all at creation)
    const tenants = await rowsOf<{ tenant_id: string }>(tx as unknown as Db, sql`select distinct tenant_id from navigation`);
    for (const t of tenants) await seedTenantNavigation(tx as unknown as Db, t.tenant_id);
  });
  await seedDeviceTypes(db);
  // demo databases made before storage stations existed get theirs (a no-op without the demo tenants)
  await seedDemoStations(db);
  // and their batteries (stack, racks, packs, cells), made before the battery hierarchy existed
  await seedDemoBatteries(db);
  // and their remote command catalogue and log (issue 22)
  await seedDemoRemote(db);
}
