import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, signIn, type Session, type TestApp } from './helpers.js';

interface Org {
  mcid: string;
  name: string;
  code: string;
  current: boolean;
  children: Org[];
}

describe.each(DB_KINDS)('organisation, OUs, locations and platform data on %s', (kind) => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;
  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await signIn(t, 'alice');
    bob = await signIn(t, 'bob');
  });
  afterAll(() => t?.close());

  it('returns the customer tree with hierarchical codes, and the subtree from the current staff', async () => {
    const tree: Org[] = (await alice.post('/api/v2/customer-user/organization-with-code', {})).body.data;
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({ name: 'Sunrise Manufacturing Group', code: '001', current: true });
    expect(tree[0]!.children.map((c) => [c.name, c.code])).toEqual([
      ['Sunrise Suzhou Plant', '001.001'],
      ['Sunrise Wuxi Plant', '001.002'],
    ]);
    expect(tree[0]!.children[0]!.children[0]).toMatchObject({ name: 'Suzhou Workshop A', code: '001.001.001' });

    const fromBob: Org[] = (await bob.post('/api/v2/customer-user/organization-with-code-with-current', {})).body.data;
    expect(fromBob.map((c) => c.name)).toEqual(['Sunrise Suzhou Plant']);
    expect(fromBob[0]!.current).toBe(true);
    expect(fromBob[0]!.children.map((c) => c.name)).toEqual(['Suzhou Workshop A']);
  });

  it("lists all organisations flat with the tenant's level names, and one customer's detail", async () => {
    const all = (await alice.post('/api/v2/customer-user/org/all', {})).body.data as { name: string; levelName: string; mcid: string }[];
    expect(all.map((o) => [o.name, o.levelName])).toEqual([
      ['Sunrise Manufacturing Group', 'headquarters'],
      ['Sunrise Suzhou Plant', 'plant'],
      ['Suzhou Workshop A', 'workshop'],
      ['Sunrise Wuxi Plant', 'plant'],
    ]);
    const suzhou = all.find((o) => o.name === 'Sunrise Suzhou Plant')!;
    const detail = await alice.post(`/api/v2/customer/${suzhou.mcid}`);
    expect(detail.body.data).toMatchObject({
      name: 'Sunrise Suzhou Plant',
      parentName: 'Sunrise Manufacturing Group',
      levelName: 'plant',
      tenantName: 'Sunrise Manufacturing',
      childCount: 1,
      staffCount: 1,
      ouCount: 1,
    });
    const bad = await alice.post('/api/v2/customer/NOT-A-UUID');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('mcid');
  });

  it("lists the tenant's customer users with their staff in this tenant only", async () => {
    const users = (await alice.post('/api/v2/customer-user/list', {})).body.data as { username: string; staff: { staffCode: string }[] }[];
    expect(users.map((u) => u.username)).toEqual(['alice', 'bob', 'carol']);
    expect(users.find((u) => u.username === 'alice')!.staff.map((s) => s.staffCode)).toEqual(['SR-ALICE']);
    expect(
      (await alice.post('/api/v2/customer-user/list', { keyword: 'bo' })).body.data.map((u: { username: string }) => u.username),
    ).toEqual(['bob']);
  });

  it('lists OUs of a customer, with its sub-customers on request, within what the staff may see', async () => {
    const all = (await alice.post('/api/v2/customer-user/org/all', {})).body.data as { name: string; mcid: string }[];
    const hq = all.find((o) => o.name === 'Sunrise Manufacturing Group')!.mcid;
    expect((await alice.post('/api/v2/ou/list-by-mcid', { mcid: hq })).body.data).toEqual([]);
    const withChildren = await alice.post('/api/v2/ou/list-by-mcid', { mcid: hq, includeChildren: true });
    expect(withChildren.body.data.map((o: { code: string }) => o.code)).toEqual(['SZ-01', 'WX-01']);
    const asBob = await bob.post('/api/v2/ou/list-by-mcid', { mcid: hq, includeChildren: true });
    expect(asBob.body.data.map((o: { code: string }) => o.code)).toEqual(['SZ-01']);
    const types = (await alice.post('/api/v2/ou/type/list', {})).body.data.map((x: { code: string }) => x.code);
    expect(types).toEqual(['site', 'park', 'region']);
  });

  it('answers districts and address suggestions', async () => {
    const provinces = (await alice.post('/api/v2/location/district', {})).body.data;
    expect(provinces.length).toBe(34);
    const suzhou = (await alice.post('/api/v2/location/district', { parentAdcode: '320500' })).body.data.map(
      (d: { name: string }) => d.name,
    );
    expect(suzhou).toContain('Wuzhong');
    const tips = (await alice.post('/api/v2/location/inputTips', { keyword: 'wuzhong' })).body.data;
    expect(tips[0]).toMatchObject({ name: 'Wuzhong', district: 'Jiangsu / Suzhou / Wuzhong', adcode: '320506', source: 'district' });
    const ouTip = (await alice.post('/api/v2/location/inputTips', { keyword: 'Suzhou Plant' })).body.data;
    expect(ouTip[0]).toMatchObject({ source: 'ou', name: '88 Wuzhong Avenue, Suzhou' });
  });

  it('answers GIS settings, FCS versions, integrated apps and tenant statistics', async () => {
    expect((await alice.post('/api/v2/gis/config', {})).body.data).toEqual({
      center: [120.5853, 31.2989],
      zoom: 9,
      mapStyle: 'dark',
      districtAdcode: '320500',
    });
    const versions = (await alice.post('/api/v2/fcs-version/list_software_version', {})).body.data.map(
      (v: { softwareVersion: string }) => v.softwareVersion,
    );
    expect(versions).toEqual(['3.0.0', '2.5.1', '2.4.0']);
    const h1 = (await alice.post('/api/v2/fcs-version/list_software_version', { hardwareVersion: 'FCS-H1' })).body.data;
    expect(h1.map((v: { softwareVersion: string }) => v.softwareVersion)).toEqual(['2.4.0']);
    const apps = (await bob.post('/api/v2/integrated-app/list', {})).body.data;
    expect(apps.map((a: { code: string; permitted: boolean }) => [a.code, a.permitted])).toEqual([
      ['carbon', false],
      ['work-order', false],
      ['trading', false],
      ['video', false],
    ]);
    const perms = (await alice.post('/api/v2/integrated-app/permission', { integratedAppId: 101 })).body.data;
    expect(perms).toEqual([{ integratedAppId: 101, codes: ['ia-carbon', 'ia-carbon-report'] }]);
    const stats = (await alice.post('/api/v2/test-tool/statistics', {})).body.data;
    expect(stats).toMatchObject({ customers: 4, staff: 3, roles: 2, ous: 2, files: 1 });
  });
});
