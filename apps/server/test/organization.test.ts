import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANTS } from '../src/seed/demo.js';
import { createTestApp, DB_KINDS, signIn, type Session, type TestApp } from './helpers.js';

interface Node {
  mcid: string;
  parentMcid: string | null;
  name: string;
  code: string;
  level: number;
  levelName: string;
  childCount: number;
  staffCount: number;
  ouCount: number;
  children: Node[];
}

const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

describe.each(DB_KINDS)('organisation administration on %s', (kind) => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;
  let harbor: Session;
  const tree = async (s: Session = alice): Promise<Node[]> => (await s.post('/api/v2/organization/tree', {})).body.data;
  const byName = async (name: string, s: Session = alice) => flatten(await tree(s)).find((n) => n.name === name)!;

  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await signIn(t, 'alice');
    bob = await signIn(t, 'bob');
    harbor = await signIn(t, 'dave');
  });
  afterAll(() => t?.close());

  it('answers the whole tree with level names, codes and what hangs on each node', async () => {
    const res = await alice.post('/api/v2/organization/tree', {});
    expect(res.status).toBe(200);
    const roots: Node[] = res.body.data;
    expect(roots).toHaveLength(1);
    expect(roots[0]).toMatchObject({
      name: 'Sunrise Manufacturing Group',
      code: '001',
      level: 1,
      levelName: 'headquarters',
      parentMcid: null,
      childCount: 2,
      staffCount: 1,
      ouCount: 0,
    });
    expect(flatten(roots).map((n) => [n.name, n.code, n.levelName, n.childCount, n.staffCount, n.ouCount])).toEqual([
      ['Sunrise Manufacturing Group', '001', 'headquarters', 2, 1, 0],
      ['Sunrise Suzhou Plant', '001.001', 'plant', 1, 1, 1],
      ['Suzhou Workshop A', '001.001.001', 'workshop', 0, 0, 0],
      ['Sunrise Wuxi Plant', '001.002', 'plant', 0, 1, 1],
    ]);
    // bob reads it too (the page is his), but changes nothing
    expect((await bob.post('/api/v2/organization/tree', {})).status).toBe(200);
  });

  it('creates organisations with the next code, trimmed unique names, within the levels', async () => {
    const wuxi = await byName('Sunrise Wuxi Plant');
    const made = await alice.post('/api/v2/organization/create', { parentMcid: wuxi.mcid, name: '  Wuxi Workshop B  ' });
    expect(made.status).toBe(200);
    expect(made.body.data.mcid).toMatch(/^[0-9a-f-]{36}$/);
    expect(await byName('Wuxi Workshop B')).toMatchObject({
      mcid: made.body.data.mcid,
      parentMcid: wuxi.mcid,
      code: '001.002.001',
      level: 3,
      levelName: 'workshop',
    });
    const suzhou = await byName('Sunrise Suzhou Plant');
    await alice.post('/api/v2/organization/create', { parentMcid: suzhou.mcid, name: 'Suzhou Workshop B' });
    expect((await byName('Suzhou Workshop B')).code).toBe('001.001.002');

    const dup = await alice.post('/api/v2/organization/create', { parentMcid: wuxi.mcid, name: 'WUXI workshop b' });
    expect(dup.status).toBe(400);
    expect(dup.body).toMatchObject({
      code: ErrorCode.CONFLICT,
      msg: 'An organisation named "WUXI workshop b" already exists under "Sunrise Wuxi Plant"',
    });
    // the same name under another parent is fine
    expect((await alice.post('/api/v2/organization/create', { parentMcid: suzhou.mcid, name: 'Wuxi Workshop B' })).status).toBe(200);

    const workshop = await byName('Suzhou Workshop A');
    const tooDeep = await alice.post('/api/v2/organization/create', { parentMcid: workshop.mcid, name: 'Line 1' });
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body.msg).toBe(
      'body.parentMcid: the tenant has 3 organisation level(s): an organisation under "Suzhou Workshop A" would be at level 4',
    );

    for (const [body, msg] of [
      [{ parentMcid: wuxi.mcid, name: '   ' }, 'name: is required'],
      [{ parentMcid: wuxi.mcid, name: 'x'.repeat(65) }, 'name: must be at most 64 characters'],
      [{ parentMcid: randomUUID(), name: 'Ghost' }, 'body.parentMcid: is not an organisation of this tenant'],
      [{ parentMcid: 'nope', name: 'Ghost' }, 'parentMcid: must be 36 characters of lowercase hex and dashes'],
    ] as const) {
      const r = await alice.post('/api/v2/organization/create', body);
      expect(r.status, msg).toBe(400);
      expect(r.body.msg).toBe(msg);
    }
    expect(flatten(await tree()).map((n) => n.name)).not.toContain('Ghost');
  });

  it('reads and edits the level names: defaults fill unnamed levels, never fewer than in use', async () => {
    expect((await alice.post('/api/v2/organization/levels', {})).body.data).toEqual({ levels: ['headquarters', 'plant', 'workshop'] });
    // a tenant that stored fewer names than its tree uses reads the default names for the rest
    await t.database.system.execute(sql`update tenant set org_levels = '["Group"]'::jsonb where id = ${DEMO_TENANTS.sunrise}`);
    expect((await alice.post('/api/v2/organization/levels', {})).body.data.levels).toEqual(['Group', 'subsidiary', '2-level subsidiary']);

    const set = await alice.post('/api/v2/organization/levels/update', { levels: [' HQ ', 'Plant', 'Workshop', 'Line'] });
    expect(set.status).toBe(200);
    expect(set.body.data).toEqual({ levels: ['HQ', 'Plant', 'Workshop', 'Line'] });
    expect((await alice.post('/api/v2/organization/levels', {})).body.data.levels).toEqual(['HQ', 'Plant', 'Workshop', 'Line']);
    expect((await byName('Suzhou Workshop A')).levelName).toBe('Workshop');

    const fewer = await alice.post('/api/v2/organization/levels/update', { levels: ['HQ', 'Plant'] });
    expect(fewer.status).toBe(400);
    expect(fewer.body.msg).toBe('body.levels: the organisation tree uses 3 levels: at least 3 level names are needed');
    for (const [levels, msg] of [
      [['HQ', '  ', 'Workshop'], 'levels.1: the name of level 2 is required'],
      [[], 'levels: at least 1 level is required'],
      [Array.from({ length: 100 }, (_, i) => `L${i}`), 'levels: at most 99 levels'],
      [['HQ', 'x'.repeat(33), 'W'], 'levels.1: must be at most 32 characters'],
    ] as const) {
      const r = await alice.post('/api/v2/organization/levels/update', { levels });
      expect(r.status, msg).toBe(400);
      expect(r.body.msg).toBe(msg);
    }
    expect((await alice.post('/api/v2/organization/levels', {})).body.data.levels).toEqual(['HQ', 'Plant', 'Workshop', 'Line']);
    // the fourth level now takes organisations
    const workshop = await byName('Suzhou Workshop A');
    expect((await alice.post('/api/v2/organization/create', { parentMcid: workshop.mcid, name: 'Line 1' })).status).toBe(200);
    expect(await byName('Line 1')).toMatchObject({ code: '001.001.001.001', level: 4, levelName: 'Line' });
    const cannotShrink = await alice.post('/api/v2/organization/levels/update', { levels: ['HQ', 'Plant', 'Workshop'] });
    expect(cannotShrink.body.msg).toContain('uses 4 levels');
  });

  it('moves a subtree, recomputing its codes and levels, within the levels', async () => {
    const wuxi = await byName('Sunrise Wuxi Plant');
    const workshopA = await byName('Suzhou Workshop A');
    const moved = await alice.post('/api/v2/organization/move', { mcid: workshopA.mcid, parentMcid: wuxi.mcid });
    expect(moved.status).toBe(200);
    expect(await byName('Suzhou Workshop A')).toMatchObject({ parentMcid: wuxi.mcid, code: '001.002.002', level: 3 });
    expect(await byName('Line 1')).toMatchObject({ code: '001.002.002.001', level: 4 });

    // up one level: the subtree's levels follow
    const root = (await tree())[0]!;
    await alice.post('/api/v2/organization/move', { mcid: workshopA.mcid, parentMcid: root.mcid });
    expect(await byName('Suzhou Workshop A')).toMatchObject({ parentMcid: root.mcid, code: '001.003', level: 2, levelName: 'Plant' });
    expect(await byName('Line 1')).toMatchObject({ code: '001.003.001', level: 3, levelName: 'Workshop' });
    // the flat list and the shell's tree read the same rows
    const all = (await alice.post('/api/v2/customer-user/org/all', {})).body.data as { name: string; code: string }[];
    expect(all.find((o) => o.name === 'Line 1')!.code).toBe('001.003.001');

    // a subtree three levels deep cannot go under a level-2 node of a 4-level tenant
    const suzhou = await byName('Sunrise Suzhou Plant');
    const lineUnder = await alice.post('/api/v2/organization/create', { parentMcid: (await byName('Line 1')).mcid, name: 'Cell 1' });
    expect(lineUnder.status).toBe(200);
    const tooDeep = await alice.post('/api/v2/organization/move', { mcid: workshopA.mcid, parentMcid: suzhou.mcid });
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body.msg).toBe(
      'body.parentMcid: the tenant has 4 organisation level(s): under "Sunrise Suzhou Plant" the organisations of "Suzhou Workshop A" would reach level 5',
    );

    for (const [body, msg] of [
      [{ mcid: root.mcid, parentMcid: wuxi.mcid }, 'body.mcid: the root organisation cannot move'],
      [
        { mcid: workshopA.mcid, parentMcid: workshopA.mcid },
        'body.parentMcid: an organisation cannot move into itself or one of its sub-organisations',
      ],
      [
        { mcid: workshopA.mcid, parentMcid: (await byName('Cell 1')).mcid },
        'body.parentMcid: an organisation cannot move into itself or one of its sub-organisations',
      ],
    ] as const) {
      const r = await alice.post('/api/v2/organization/move', body);
      expect(r.status, msg).toBe(400);
      expect(r.body.msg).toBe(msg);
    }
    // a sibling of the same name is waiting under Suzhou
    const wuxiB = flatten(await tree()).find((n) => n.name === 'Wuxi Workshop B' && n.parentMcid === wuxi.mcid)!;
    const twin = await alice.post('/api/v2/organization/move', { mcid: wuxiB.mcid, parentMcid: suzhou.mcid });
    expect(twin.body.code).toBe(ErrorCode.CONFLICT);
    // nothing moved with the refusals
    expect(await byName('Suzhou Workshop A')).toMatchObject({ code: '001.003', level: 2 });
    expect(await byName('Cell 1')).toMatchObject({ code: '001.003.001.001', level: 4 });
  });

  it('renames within the siblings, and deletes only empty organisations', async () => {
    const wuxi = await byName('Sunrise Wuxi Plant');
    expect((await alice.post('/api/v2/organization/rename', { mcid: wuxi.mcid, name: ' Wuxi Plant ' })).status).toBe(200);
    expect((await byName('Wuxi Plant')).mcid).toBe(wuxi.mcid);
    const dup = await alice.post('/api/v2/organization/rename', { mcid: wuxi.mcid, name: 'sunrise suzhou plant' });
    expect(dup.body).toMatchObject({ code: ErrorCode.CONFLICT });
    expect((await alice.post('/api/v2/organization/rename', { mcid: randomUUID(), name: 'x' })).status).toBe(404);

    const root = (await tree())[0]!;
    const rootDelete = await alice.post('/api/v2/organization/delete', { mcid: root.mcid });
    expect(rootDelete.body.msg).toBe('body.mcid: the root organisation cannot be deleted');
    const suzhou = await byName('Sunrise Suzhou Plant');
    const busy = await alice.post('/api/v2/organization/delete', { mcid: suzhou.mcid });
    expect(busy.status).toBe(400);
    expect(busy.body.code).toBe(ErrorCode.CONFLICT);
    expect(busy.body.msg).toMatch(
      /^"Sunrise Suzhou Plant" still has 2 sub-organisation\(s\), 1 staff, 1 operating unit\(s\), \d+ device\(s\)/,
    );

    const leaf = await byName('Suzhou Workshop B');
    expect((await alice.post('/api/v2/organization/delete', { mcid: leaf.mcid })).status).toBe(200);
    expect(flatten(await tree()).map((n) => n.name)).not.toContain('Suzhou Workshop B');
    expect((await alice.post('/api/v2/organization/delete', { mcid: leaf.mcid })).status).toBe(404);
  });

  it('refuses every change to staff without the buttons', async () => {
    const wuxi = await byName('Wuxi Plant');
    const before = await tree();
    for (const [url, body] of [
      ['/api/v2/organization/create', { parentMcid: wuxi.mcid, name: 'By bob' }],
      ['/api/v2/organization/rename', { mcid: wuxi.mcid, name: 'By bob' }],
      ['/api/v2/organization/move', { mcid: wuxi.mcid, parentMcid: wuxi.mcid }],
      ['/api/v2/organization/delete', { mcid: wuxi.mcid }],
      ['/api/v2/organization/levels/update', { levels: ['a', 'b', 'c', 'd'] }],
    ] as const) {
      const r = await bob.post(url, body);
      expect(r.status, url).toBe(403);
      expect(r.body.code).toBe(ErrorCode.FORBIDDEN);
    }
    expect(await tree()).toEqual(before);
  });

  it("keeps each tenant's tree to itself", async () => {
    const harborTree = await tree(harbor);
    expect(flatten(harborTree).map((n) => n.name)).toEqual(['Harbor Logistics HQ', 'Harbor Shanghai Park', 'Harbor Ningbo Warehouse']);
    expect((await harbor.post('/api/v2/organization/levels', {})).body.data.levels).toEqual(['headquarters', 'park']);
    const before = await tree();
    const wuxi = await byName('Wuxi Plant');
    const harborHq = harborTree[0]!;
    for (const [url, body] of [
      ['/api/v2/organization/rename', { mcid: wuxi.mcid, name: 'Taken' }],
      ['/api/v2/organization/move', { mcid: wuxi.mcid, parentMcid: harborHq.mcid }],
      ['/api/v2/organization/delete', { mcid: wuxi.mcid }],
    ] as const) {
      const r = await harbor.post(url, body);
      expect(r.status, url).toBe(404);
      expect(r.body.code).toBe(ErrorCode.NOT_FOUND);
    }
    const create = await harbor.post('/api/v2/organization/create', { parentMcid: wuxi.mcid, name: 'Intruder' });
    expect(create.body.msg).toBe('body.parentMcid: is not an organisation of this tenant');
    // alice cannot pull a Harbor node into Sunrise either
    const pull = await alice.post('/api/v2/organization/move', { mcid: harborTree[0]!.children[0]!.mcid, parentMcid: wuxi.mcid });
    expect(pull.status).toBe(404);
    expect(await tree()).toEqual(before);
    expect(await tree(harbor)).toEqual(harborTree);
  });

  it('writes every change, refused ones included, to the audit log', async () => {
    const page = await alice.post('/api/v2/platform-public/audit-log/page', { pageSize: 100, call: '/api/v2/organization/' });
    const rows = page.body.data.list as { call: string; outcome: string; code: number; username: string; target: string | null }[];
    const calls = new Set(rows.map((r) => r.call));
    for (const c of ['create', 'rename', 'move', 'delete', 'levels/update']) expect(calls, c).toContain(`POST /api/v2/organization/${c}`);
    expect(rows.some((r) => r.username === 'bob' && r.outcome === 'error' && r.code === ErrorCode.FORBIDDEN)).toBe(true);
    expect(rows.some((r) => r.call.endsWith('/rename') && r.outcome === 'ok' && r.target?.startsWith('mcid='))).toBe(true);
    // queries are not commands
    expect(calls).not.toContain('POST /api/v2/organization/tree');
    // Harbor's log has none of it
    const harborPage = await harbor.post('/api/v2/platform-public/audit-log/page', { pageSize: 100, call: '/api/v2/organization/' });
    expect(harborPage.body.data.list.every((r: { username: string }) => r.username === 'dave')).toBe(true);
  });
});
