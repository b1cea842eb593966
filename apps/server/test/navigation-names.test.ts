import { sql } from 'drizzle-orm';
import { AREAS } from '@energy/contracts/catalogue-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/sql.js';
import { DEMO_TENANTS } from '../src/seed/demo.js';
import { seedPlatform } from '../src/seed/platform.js';
import { createTestApp, DB_KINDS, signIn, switchToTenant, type TestApp } from './helpers.js';

interface Node {
  key: string;
  name: string;
  nameZh: string | null;
  children: Node[];
}
const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
const LIST = '/api/v2/platform-public/navigation/list';

describe.each(DB_KINDS)('navigation names in English and Chinese on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  it("answers both names of every node of both demo tenants' navigation", async () => {
    const alice = await signIn(t, 'alice');
    for (const tenant of ['Sunrise Manufacturing', 'Harbor Logistics']) {
      await switchToTenant(alice, tenant);
      const tree = (await alice.post(LIST)).body.data as Node[];
      expect(tree.map((n) => [n.name, n.nameZh])).toEqual(AREAS.map((a) => [a.name, a.nameZh]));
      expect(tree.map((n) => n.nameZh)).toEqual(['储能', '光伏', '配电回路', '充电', '告警', '能效收益', '设置']);
      const nodes = flat(tree);
      expect(nodes.length).toBeGreaterThan(60);
      // every node, the outside links included, has a Chinese name without Latin letters
      for (const n of nodes) expect(n.nameZh, n.key).toMatch(/^[^A-Za-z]+$/);
      const byKey = new Map(nodes.map((n) => [n.key, n]));
      expect(byKey.get('p-settings-staff')).toMatchObject({ name: 'Staff', nameZh: '员工管理' });
      expect(byKey.get('settings-apps')).toMatchObject({ name: 'Integrated apps', nameZh: '集成应用' });
      expect(byKey.get('ia-carbon-report')).toMatchObject({ name: 'Carbon report', nameZh: '碳排放报告' });
      expect(byKey.get('help')).toMatchObject({ name: 'Help center', nameZh: '帮助中心' });
      // the filtered menu carries them too
      const menu = flat((await alice.post('/api/v2/app/menu')).body.data as Node[]);
      expect(menu.find((n) => n.key === 'alarm')?.nameZh).toBe('告警');
    }
  });

  it('seedPlatform fills missing Chinese names from the catalogue and keeps a tenant’s own', async () => {
    const db = t.database.system;
    const sunrise = DEMO_TENANTS.sunrise;
    const harbor = DEMO_TENANTS.harbor;
    // a data folder from before the column: no Chinese names; one tenant named its area itself; a custom node
    await db.execute(sql`update navigation set name_zh = null where tenant_id = ${sunrise}`);
    await db.execute(sql`update navigation set name_zh = '我的储能' where tenant_id = ${harbor} and key = 'bsa'`);
    await db.execute(sql`update navigation set name_zh = null where tenant_id = ${harbor} and key = 'pv'`);
    await db.execute(
      sql`insert into navigation (tenant_id, level, name, path, key) values (${sunrise}, 1, 'Custom area', '/custom', 'custom-area')`,
    );
    await seedPlatform(db);
    const zh = async (tenant: string, key: string) =>
      (await rowsOf<{ name_zh: string | null }>(db, sql`select name_zh from navigation where tenant_id = ${tenant} and key = ${key}`))[0]
        ?.name_zh;
    expect(await zh(sunrise, 'bsa')).toBe('储能');
    expect(await zh(sunrise, 'pv-asset')).toBe('资产');
    expect(await zh(sunrise, 'p-circuit-manage')).toBe('回路管理');
    expect(await zh(sunrise, 'help')).toBe('帮助中心');
    expect(await zh(sunrise, 'custom-area')).toBeNull();
    expect(await zh(harbor, 'bsa')).toBe('我的储能');
    expect(await zh(harbor, 'pv')).toBe('光伏');
    const missing = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from navigation where name_zh is null and key <> 'custom-area'`,
    );
    expect(missing[0]!.n).toBe(0);
  });

  it('seedPlatform brings existing tenants the pages a newer catalogue has, once, under their group, keeping their own names', async () => {
    const db = t.database.system;
    const sunrise = DEMO_TENANTS.sunrise;
    const count = async () =>
      (await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from navigation where tenant_id = ${sunrise}`))[0]!.n;
    const before = await count();
    // a data folder from an older build: its catalogue had neither the work-order page nor the PV asset group
    await db.execute(sql`delete from navigation where tenant_id = ${sunrise} and (key = 'p-alarm-work-order' or parent_id in
      (select id from navigation where tenant_id = ${sunrise} and key = 'pv-asset') or key = 'pv-asset')`);
    await db.execute(sql`update navigation set name = 'Our alarms' where tenant_id = ${sunrise} and key = 'alarm'`);
    expect(await count()).toBeLessThan(before);
    await seedPlatform(db);
    await seedPlatform(db); // twice: nothing twice
    expect(await count()).toBe(before);
    const node = async (key: string) =>
      (
        await rowsOf<{ id: number; parent_id: number | null; name: string; level: number }>(
          db,
          sql`select id, parent_id, name, level from navigation where tenant_id = ${sunrise} and key = ${key}`,
        )
      )[0];
    const group = await node('pv-asset');
    const pv = await node('pv');
    expect(group).toMatchObject({ level: 2, parent_id: pv!.id });
    const pages = await rowsOf<{ key: string }>(db, sql`select key from navigation where parent_id = ${group!.id}`);
    expect(pages.length).toBeGreaterThan(0);
    expect((await node('p-alarm-work-order'))?.level).toBe(3);
    expect((await node('alarm'))?.name).toBe('Our alarms');
  });
});
