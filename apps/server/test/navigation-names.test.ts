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
});
