import { count, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { customerUser } from '../domains/auth/auth.schema.js';
import { hashPassword } from '../domains/auth/passwords.js';
import type { Services } from '../domains/index.js';
import { gisConfig } from '../domains/integration/integration.schema.js';
import { ou, ouType } from '../domains/ou/ou.schema.js';
import { role, staff, staffOu } from '../domains/staff/staff.schema.js';
import { channelLink, customer, tenant } from '../domains/tenancy/tenancy.schema.js';
import { AREAS, areaCode, catalogueRows, originId } from '@energy/contracts/catalogue-codes';
import { seedDeviceTypes } from '../domains/devices/device-types.seed.js';
import { seedDemoAlarmHistory, seedDemoAlarmRules } from './demo-alarms.js';
import { DEMO_TENANTS } from './demo-tenants.js';
import { seedDemoFleet } from './demo-devices.js';
import { seedDemoStations } from './demo-stations.js';
import { seedDemoCharging } from './demo-charging.js';
import { seedDemoBatteries } from './demo-batteries.js';
import { seedDemoBsaSecond } from './demo-bsa-second.js';
import { seedDemoRemote } from './demo-bsa-remote.js';
import { seedDemoPv } from './demo-pv.js';
import { seedTenantNavigation } from '../domains/navigation/default-navigation.js';
import { iconPng } from './png.js';

export const DEMO_PASSWORD = 'demo1234';
/** Every demo user's operation password (asked before a strategy is delivered or a station stopped). */
export const DEMO_OPERATION_PASSWORD = '246810';

/** The fixed demo: tests and first-time visitors rely on it. */
export const DEMO_USERS = [
  { username: 'alice', name: 'Alice Chen', description: 'Sunrise admin and Harbor operator: two tenants, a staff switcher' },
  { username: 'bob', name: 'Bob Li', description: 'Sunrise operator: menu pages, no buttons' },
  { username: 'carol', name: 'Carol Wang', description: 'disabled in Sunrise, frozen in Harbor: no usable staff' },
  { username: 'sam', name: 'Sam Zhou', description: 'GridCare Services channel admin, operating for Sunrise and Harbor' },
  { username: 'dave', name: 'Dave Lin', description: "Harbor admin: another tenant's administrator, who sees none of Sunrise" },
  { username: 'admin', name: 'Platform Admin', description: 'platform administrator (no tenant staff)' },
] as const;

export { DEMO_TENANTS };

export async function isSeeded(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(tenant);
  return (row?.n ?? 0) > 0;
}

const uuid = (tenantNo: number, n: number) => `c0ffee00-000${tenantNo}-4000-8000-${String(n).padStart(12, '0')}`;
interface TenantSpec {
  key: 'sunrise' | 'harbor' | 'gridcare';
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
    key: 'sunrise',
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
    key: 'harbor',
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
    key: 'gridcare',
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

/** Who works where: staff code, customer, status (0 enable, 1 disable, 2 freeze), role and OUs. */
const DEMO_STAFF: {
  tenant: TenantSpec['key'];
  customer: string;
  user: (typeof DEMO_USERS)[number]['username'];
  code: string;
  status: 0 | 1 | 2;
  role: 'admin' | 'operator';
  ous: string[];
}[] = [
  { tenant: 'sunrise', customer: 'hq', user: 'alice', code: 'SR-ALICE', status: 0, role: 'admin', ous: ['sz', 'wx'] },
  { tenant: 'harbor', customer: 'shanghai', user: 'alice', code: 'HB-ALICE', status: 0, role: 'operator', ous: ['sh'] },
  { tenant: 'sunrise', customer: 'suzhou', user: 'bob', code: 'SR-BOB', status: 0, role: 'operator', ous: ['sz'] },
  { tenant: 'sunrise', customer: 'wuxi', user: 'carol', code: 'SR-CAROL', status: 1, role: 'operator', ous: ['wx'] },
  { tenant: 'harbor', customer: 'ningbo', user: 'carol', code: 'HB-CAROL', status: 2, role: 'operator', ous: ['nb'] },
  { tenant: 'gridcare', customer: 'hq', user: 'sam', code: 'GC-SAM', status: 0, role: 'admin', ous: [] },
  { tenant: 'harbor', customer: 'shanghai', user: 'dave', code: 'HB-DAVE', status: 0, role: 'admin', ous: ['sh', 'nb'] },
];

/**
 * Creates the demo tenants, users and staff on an empty database (owner connection). `alarmHistory:
 * false` leaves out the demo's past alarms, for tests that build their alarms from none.
 */
export async function seedDemo(db: Db, services: Services, { alarmHistory = true }: { alarmHistory?: boolean } = {}) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const operationPasswordHash = await hashPassword(DEMO_OPERATION_PASSWORD);
  const users: Record<string, string> = {};
  DEMO_USERS.forEach((u, i) => (users[u.username] = `d0d0d0d0-0000-4000-8000-${String(i + 1).padStart(12, '0')}`));
  await db.insert(customerUser).values(
    DEMO_USERS.map((u) => ({
      muid: users[u.username]!,
      username: u.username,
      passwordHash,
      operationPasswordHash,
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
      // the console's tenant code (docs/platform-console.md): the demo's key
      code: t.key,
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

    await seedTenantNavigation(db, t.id);
    await db
      .insert(gisConfig)
      .values({ tenantId: t.id, centerLng: t.gis.lng, centerLat: t.gis.lat, zoom: t.gis.zoom, districtAdcode: t.gis.adcode });
  }

  await db.insert(channelLink).values([
    { tenantId: DEMO_TENANTS.gridcare, customerTenantId: DEMO_TENANTS.sunrise },
    { tenantId: DEMO_TENANTS.gridcare, customerTenantId: DEMO_TENANTS.harbor },
  ]);

  const staffIds: Record<string, number> = {};
  for (const d of DEMO_STAFF) {
    const t = TENANTS.find((x) => x.key === d.tenant)!;
    const made = ids[t.name]!;
    const [row] = await db
      .insert(staff)
      .values({
        tenantId: t.id,
        customerMcid: made.customers[d.customer]!,
        muid: users[d.user]!,
        staffCode: d.code,
        status: d.status,
        roleId: made[d.role],
      })
      .returning({ id: staff.id });
    staffIds[d.code] = row!.id;
    if (d.ous.length) await db.insert(staffOu).values(d.ous.map((key) => ({ tenantId: t.id, staffId: row!.id, ouId: made.ous[key]! })));
  }
  // the standard device types for the tenants just made, then a device fleet on an OU every demo staff
  // of the tenant sees: Suzhou (alice, bob) and Shanghai (alice)
  await seedDeviceTypes(db);
  for (const [key, ouKey] of [
    ['sunrise', 'sz'],
    ['harbor', 'sh'],
  ] as const) {
    const t = TENANTS.find((x) => x.key === key)!;
    const o = t.ous.find((x) => x.key === ouKey)!;
    await seedDemoFleet(db, { tenantId: t.id, ouId: ids[t.name]!.ous[ouKey]!, ouCode: o.code, lng: o.lng, lat: o.lat, address: o.address });
  }
  // storage stations from those fleets (and a storage-only Wuxi site), each with an FCS and a tariff
  await seedDemoStations(db);
  // EV charging: a station with its piles and prices per demo tenant (docs/charging.md)
  await seedDemoCharging(db);
  await seedDemoBatteries(db);
  // Harbor's station as a second edition: OBS record, cabinets, a firmware history with a timeout (docs/bsa.md)
  await seedDemoBsaSecond(db, services.files);
  // remote control: a command catalogue and three days of commands with a refusal and a timeout (docs/bsa.md)
  await seedDemoRemote(db);
  // PV stations with their equipment, bound to the fleets' PV devices (docs/pv.md)
  await seedDemoPv(db);
  // alarm rules the live fleet trips now and then (docs/alarms.md)
  await seedDemoAlarmRules(db);
  // and a few days of the alarms they raised, two still active (docs/alarms.md)
  if (alarmHistory) await seedDemoAlarmHistory(db, services);
  // alice lands in Sunrise on her first sign-in
  await db.update(customerUser).set({ lastStaffId: staffIds['SR-ALICE'] }).where(eq(customerUser.muid, users.alice!));
}
