import { count, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { customerUser } from '../domains/auth/auth.schema.js';
import { hashPassword } from '../domains/auth/passwords.js';
import type { Services } from '../domains/index.js';
import { gisConfig } from '../domains/integration/integration.schema.js';
import { navigation } from '../domains/navigation/navigation.schema.js';
import { ou, ouType } from '../domains/ou/ou.schema.js';
import { role, staff, staffOu } from '../domains/staff/staff.schema.js';
import { channelLink, customer, tenant } from '../domains/tenancy/tenancy.schema.js';
import { AREAS, MODULE_ORIGINS, areaCode, catalogueRows, pageCode } from './catalogue-data.js';
import { iconPng } from './png.js';

export const DEMO_PASSWORD = 'demo1234';

/** The fixed demo: tests and first-time visitors rely on it. */
export const DEMO_USERS = [
  { username: 'alice', name: 'Alice Chen', description: 'Sunrise admin and Harbor operator: two tenants, a staff switcher' },
  { username: 'bob', name: 'Bob Li', description: 'Sunrise operator: menu pages, no buttons' },
  { username: 'carol', name: 'Carol Wang', description: 'disabled in Sunrise, frozen in Harbor: no usable staff' },
  { username: 'sam', name: 'Sam Zhou', description: 'GridCare Services channel admin, operating for Sunrise and Harbor' },
  { username: 'admin', name: 'Platform Admin', description: 'platform administrator (no tenant staff)' },
] as const;

export const DEMO_TENANTS = {
  sunrise: 'a1b2c3d4-0001-4000-8000-000000000001',
  harbor: 'a1b2c3d4-0002-4000-8000-000000000002',
  gridcare: 'a1b2c3d4-0003-4000-8000-000000000003',
} as const;

export async function isSeeded(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(tenant);
  return (row?.n ?? 0) > 0;
}

const uuid = (tenantNo: number, n: number) => `c0ffee00-000${tenantNo}-4000-8000-${String(n).padStart(12, '0')}`;
const originId = (code: string) => MODULE_ORIGINS.find((o) => o.code === code)!.id;

interface TenantSpec {
  id: string;
  no: number;
  name: string;
  sideType: 1 | 2;
  platformName: string;
  platformTitleType: 1 | 2 | 3;
  slogan: string;
  colors: [[number, number, number], [number, number, number]];
  orgLevels: string[];
  customers: { key: string; name: string; parent?: string }[];
  ous: {
    key: string;
    code: string;
    name: string;
    customer: string;
    type: string;
    adcode: string;
    address: string;
    lng: number;
    lat: number;
  }[];
  gis: { lng: number; lat: number; zoom: number; adcode: string };
}

const TENANTS: TenantSpec[] = [
  {
    id: DEMO_TENANTS.sunrise,
    no: 1,
    name: 'Sunrise Manufacturing',
    sideType: 1,
    platformName: 'Sunrise Energy Cloud',
    platformTitleType: 3,
    slogan: 'Industrial Internet Platform',
    colors: [
      [18, 52, 86],
      [250, 173, 20],
    ],
    orgLevels: ['headquarters', 'plant', 'workshop'],
    customers: [
      { key: 'hq', name: 'Sunrise Manufacturing Group' },
      { key: 'suzhou', name: 'Sunrise Suzhou Plant', parent: 'hq' },
      { key: 'suzhou-a', name: 'Suzhou Workshop A', parent: 'suzhou' },
      { key: 'wuxi', name: 'Sunrise Wuxi Plant', parent: 'hq' },
    ],
    ous: [
      {
        key: 'sz',
        code: 'SZ-01',
        name: 'Suzhou Plant Site',
        customer: 'suzhou',
        type: 'site',
        adcode: '320506',
        address: '88 Wuzhong Avenue, Suzhou',
        lng: 120.632,
        lat: 31.262,
      },
      {
        key: 'wx',
        code: 'WX-01',
        name: 'Wuxi Plant Site',
        customer: 'wuxi',
        type: 'site',
        adcode: '320214',
        address: '12 Xinwu Road, Wuxi',
        lng: 120.353,
        lat: 31.49,
      },
    ],
    gis: { lng: 120.5853, lat: 31.2989, zoom: 9, adcode: '320500' },
  },
  {
    id: DEMO_TENANTS.harbor,
    no: 2,
    name: 'Harbor Logistics',
    sideType: 1,
    platformName: 'Harbor Energy Hub',
    platformTitleType: 1,
    slogan: 'Smart energy for smart logistics',
    colors: [
      [12, 74, 96],
      [64, 196, 255],
    ],
    orgLevels: ['headquarters', 'park'],
    customers: [
      { key: 'hq', name: 'Harbor Logistics HQ' },
      { key: 'shanghai', name: 'Harbor Shanghai Park', parent: 'hq' },
      { key: 'ningbo', name: 'Harbor Ningbo Warehouse', parent: 'hq' },
    ],
    ous: [
      {
        key: 'sh',
        code: 'SH-01',
        name: 'Shanghai Logistics Park',
        customer: 'shanghai',
        type: 'park',
        adcode: '310115',
        address: '500 Pudong Logistics Road, Shanghai',
        lng: 121.544,
        lat: 31.221,
      },
      {
        key: 'nb',
        code: 'NB-01',
        name: 'Ningbo Port Warehouse',
        customer: 'ningbo',
        type: 'park',
        adcode: '330206',
        address: '7 Beilun Port Road, Ningbo',
        lng: 121.844,
        lat: 29.899,
      },
    ],
    gis: { lng: 121.4737, lat: 31.2304, zoom: 8, adcode: '310000' },
  },
  {
    id: DEMO_TENANTS.gridcare,
    no: 3,
    name: 'GridCare Services',
    sideType: 2,
    platformName: 'GridCare Operations',
    platformTitleType: 2,
    slogan: 'Energy assets, operated',
    colors: [
      [30, 60, 40],
      [82, 196, 26],
    ],
    orgLevels: ['headquarters'],
    customers: [{ key: 'hq', name: 'GridCare Services Ltd' }],
    ous: [],
    gis: { lng: 120.9, lat: 31.2, zoom: 7, adcode: '320000' },
  },
];

/** Creates the demo tenants, users and staff on an empty database (owner connection). */
export async function seedDemo(db: Db, services: Services) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const users: Record<string, string> = {};
  DEMO_USERS.forEach((u, i) => (users[u.username] = `d0d0d0d0-0000-4000-8000-${String(i + 1).padStart(12, '0')}`));
  await db.insert(customerUser).values(
    DEMO_USERS.map((u) => ({
      muid: users[u.username]!,
      username: u.username,
      passwordHash,
      name: u.name,
      platformAdmin: u.username === 'admin',
      email: `${u.username}@example.com`,
    })),
  );

  const allCodes = catalogueRows().map((r) => r.code);
  const menuCodes = catalogueRows()
    .filter((r) => r.type === 'p' && r.integratedAppId == null)
    .map((r) => r.code);
  const ids: Record<string, { customers: Record<string, string>; ous: Record<string, number>; admin: number; operator: number }> = {};

  for (const t of TENANTS) {
    await db.insert(tenant).values({
      id: t.id,
      name: t.name,
      sideType: t.sideType,
      platformName: t.platformName,
      platformTitleType: t.platformTitleType,
      platformSloganName: t.slogan,
      orgLevels: t.orgLevels,
      homeModuleOriginId: originId('ids'),
      homePath: '/',
    });
    const iconKey = await services.files.storeSystemFile(t.id, 'platform-icon.png', 'image/png', iconPng(64, t.colors[0], t.colors[1]));
    await db.update(tenant).set({ iconKey, logoKey: iconKey }).where(eq(tenant.id, t.id));

    const customers: Record<string, string> = {};
    const codes: Record<string, string> = {};
    const childCount: Record<string, number> = {};
    t.customers.forEach((c, i) => {
      customers[c.key] = uuid(t.no, i + 1);
      const parentCode = c.parent ? codes[c.parent] : '';
      const siblings = (childCount[c.parent ?? ''] = (childCount[c.parent ?? ''] ?? 0) + 1);
      codes[c.key] = parentCode ? `${parentCode}.${String(siblings).padStart(3, '0')}` : String(siblings).padStart(3, '0');
    });
    await db.insert(customer).values(
      t.customers.map((c) => ({
        mcid: customers[c.key]!,
        tenantId: t.id,
        parentMcid: c.parent ? customers[c.parent]! : null,
        name: c.name,
        code: codes[c.key]!,
        level: codes[c.key]!.split('.').length,
      })),
    );

    const types = await db
      .insert(ouType)
      .values([
        { tenantId: t.id, code: 'site', name: 'Industrial site' },
        { tenantId: t.id, code: 'park', name: 'Logistics park' },
        { tenantId: t.id, code: 'region', name: 'Region' },
      ])
      .returning();
    const ous: Record<string, number> = {};
    for (const o of t.ous) {
      const [row] = await db
        .insert(ou)
        .values({
          tenantId: t.id,
          customerMcid: customers[o.customer]!,
          typeId: types.find((x) => x.code === o.type)!.id,
          code: o.code,
          name: o.name,
          districtAdcode: o.adcode,
          address: o.address,
          lng: o.lng,
          lat: o.lat,
        })
        .returning({ id: ou.id });
      ous[o.key] = row!.id;
    }

    const [admin] = await db
      .insert(role)
      .values({
        tenantId: t.id,
        name: 'Tenant administrator',
        description: 'Every page and button, and every OU; grows with the platform (auto-sync).',
        permissionCodes: allCodes,
        autoSyncCodes: AREAS.map(areaCode),
        allOus: true,
      })
      .returning({ id: role.id });
    const [operator] = await db
      .insert(role)
      .values({
        tenantId: t.id,
        name: 'Operator',
        description: 'Every menu page, read-only: no buttons. Sees its own OUs.',
        permissionCodes: menuCodes,
      })
      .returning({ id: role.id });
    ids[t.name] = { customers, ous, admin: admin!.id, operator: operator!.id };

    await seedNavigation(db, t.id);
    await db
      .insert(gisConfig)
      .values({ tenantId: t.id, centerLng: t.gis.lng, centerLat: t.gis.lat, zoom: t.gis.zoom, districtAdcode: t.gis.adcode });
  }

  await db.insert(channelLink).values([
    { tenantId: DEMO_TENANTS.gridcare, customerTenantId: DEMO_TENANTS.sunrise },
    { tenantId: DEMO_TENANTS.gridcare, customerTenantId: DEMO_TENANTS.harbor },
  ]);

  const sunrise = ids['Sunrise Manufacturing']!;
  const harbor = ids['Harbor Logistics']!;
  const gridcare = ids['GridCare Services']!;
  const addStaff = async (s: {
    tenantId: string;
    customer: string;
    muid: string;
    code: string;
    status: 0 | 1 | 2;
    roleId: number;
    ous: number[];
  }) => {
    const [row] = await db
      .insert(staff)
      .values({ tenantId: s.tenantId, customerMcid: s.customer, muid: s.muid, staffCode: s.code, status: s.status, roleId: s.roleId })
      .returning({ id: staff.id });
    if (s.ous.length) await db.insert(staffOu).values(s.ous.map((ouId) => ({ tenantId: s.tenantId, staffId: row!.id, ouId })));
    return row!.id;
  };
  const aliceSunrise = await addStaff({
    tenantId: DEMO_TENANTS.sunrise,
    customer: sunrise.customers.hq!,
    muid: users.alice!,
    code: 'SR-ALICE',
    status: 0,
    roleId: sunrise.admin,
    ous: [sunrise.ous.sz!, sunrise.ous.wx!],
  });
  await addStaff({
    tenantId: DEMO_TENANTS.harbor,
    customer: harbor.customers.shanghai!,
    muid: users.alice!,
    code: 'HB-ALICE',
    status: 0,
    roleId: harbor.operator,
    ous: [harbor.ous.sh!],
  });
  await addStaff({
    tenantId: DEMO_TENANTS.sunrise,
    customer: sunrise.customers.suzhou!,
    muid: users.bob!,
    code: 'SR-BOB',
    status: 0,
    roleId: sunrise.operator,
    ous: [sunrise.ous.sz!],
  });
  await addStaff({
    tenantId: DEMO_TENANTS.sunrise,
    customer: sunrise.customers.wuxi!,
    muid: users.carol!,
    code: 'SR-CAROL',
    status: 1,
    roleId: sunrise.operator,
    ous: [sunrise.ous.wx!],
  });
  await addStaff({
    tenantId: DEMO_TENANTS.harbor,
    customer: harbor.customers.ningbo!,
    muid: users.carol!,
    code: 'HB-CAROL',
    status: 2,
    roleId: harbor.operator,
    ous: [harbor.ous.nb!],
  });
  await addStaff({
    tenantId: DEMO_TENANTS.gridcare,
    customer: gridcare.customers.hq!,
    muid: users.sam!,
    code: 'GC-SAM',
    status: 0,
    roleId: gridcare.admin,
    ous: [],
  });
  await db.update(customerUser).set({ lastStaffId: aliceSunrise }).where(eq(customerUser.muid, users.alice!));
}

/** A tenant's default navigation: every area, group and page of the catalogue, plus two outside links. */
async function seedNavigation(db: Db, tenantId: string) {
  for (const [ai, area] of AREAS.entries()) {
    const [l1] = await db
      .insert(navigation)
      .values({
        tenantId,
        level: 1,
        name: area.name,
        path: area.path,
        key: area.key,
        moduleOriginId: originId(area.origin),
        weighting: (ai + 1) * 10,
      })
      .returning({ id: navigation.id });
    await db.update(navigation).set({ rootId: l1!.id }).where(eq(navigation.id, l1!.id));
    for (const [gi, group] of area.groups.entries()) {
      const [l2] = await db
        .insert(navigation)
        .values({
          tenantId,
          parentId: l1!.id,
          rootId: l1!.id,
          level: 2,
          name: group.name,
          path: `${area.path}/${group.key}`,
          key: `${area.key}-${group.key}`,
          moduleOriginId: originId(area.origin),
          weighting: (gi + 1) * 10,
        })
        .returning({ id: navigation.id });
      await db.insert(navigation).values(
        group.pages.map((page, pi) => ({
          tenantId,
          parentId: l2!.id,
          rootId: l1!.id,
          level: 3,
          name: page.name,
          path: page.path,
          key: pageCode(area, page),
          moduleOriginId: originId(area.origin),
          weighting: (pi + 1) * 10,
          permissionType: 2,
          permissionCode: pageCode(area, page),
        })),
      );
    }
    if (area.key === 'settings') {
      // outside-system links: an integrated app page (needs its permission) and a help page (no permission)
      const [ext] = await db
        .insert(navigation)
        .values({
          tenantId,
          parentId: l1!.id,
          rootId: l1!.id,
          level: 2,
          name: 'Integrated apps',
          path: '/settings/apps',
          key: 'settings-apps',
          weighting: 90,
        })
        .returning({ id: navigation.id });
      await db.insert(navigation).values([
        {
          tenantId,
          parentId: ext!.id,
          rootId: l1!.id,
          level: 3,
          name: 'Carbon report',
          path: '/carbon/report',
          key: 'ia-carbon-report',
          moduleOriginId: 101,
          jumpType: 3,
          openType: 1,
          weighting: 10,
          url: 'https://carbon.example.com/report',
          origin: 'https://carbon.example.com',
          permissionType: 1,
          permissionCode: 'ia-carbon-report',
          integratedAppId: 101,
        },
        {
          tenantId,
          parentId: ext!.id,
          rootId: l1!.id,
          level: 3,
          name: 'Help center',
          path: '/help',
          key: 'help',
          jumpType: 3,
          openType: 1,
          weighting: 20,
          url: 'https://help.example.com',
          permissionType: 2,
        },
      ]);
    }
  }
}
