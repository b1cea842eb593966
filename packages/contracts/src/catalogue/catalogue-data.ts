/**
 * The platform's areas, groups, pages and buttons: one source for the permission catalogue (area
 * `p-<area>` level 0, group `p-<area>.<group>` level 1, page `p-<area>-<page>` level 2, buttons with
 * their own `b-...` codes level 3), for each tenant's default three-level navigation (area, group,
 * page), and for the types `PermissionCode` and `PagePath` (catalogue-codes.ts) that contracts and
 * the web use, so a code or a page path that is not here fails the type check. A group code has a dot,
 * so it can never collide with a page code. Zod-free: the web imports it as
 * `@energy/contracts/catalogue-codes`; the server seeds the catalogue from it at every start. Each area
 * has its own file under areas/ (shapes and the crud() button helper: catalogue-defs.ts).
 */
import type { AreaDef } from './catalogue-defs.js';
import { bsaArea } from './areas/bsa.js';
import { pvArea } from './areas/pv.js';
import { circuitArea } from './areas/circuit.js';
import { chargingArea } from './areas/charging.js';
import { alarmArea } from './areas/alarm.js';
import { energyArea } from './areas/energy.js';
import { settingsArea } from './areas/settings.js';

export type { AreaDef, ButtonDef, GroupDef, PageDef } from './catalogue-defs.js';

export const MODULE_ORIGINS = [
  { id: 1, code: 'staff', name: 'Staff selection', kind: 'core', pathPrefix: '/select-staff', origin: null },
  { id: 2, code: 'device', name: 'Device and IoT', kind: 'core', pathPrefix: '/device', origin: null },
  { id: 3, code: 'data', name: 'Data platform', kind: 'core', pathPrefix: '/data', origin: null },
  { id: 4, code: 'ids', name: 'IDS energy management', kind: 'core', pathPrefix: '/', origin: null },
  { id: 5, code: 'ac', name: 'Access control', kind: 'core', pathPrefix: '/settings', origin: null },
  { id: 101, code: 'carbon', name: 'Carbon management', kind: 'integrated', pathPrefix: '/carbon', origin: 'https://carbon.example.com' },
  {
    id: 102,
    code: 'work-order',
    name: 'Work orders',
    kind: 'integrated',
    pathPrefix: '/work-order',
    origin: 'https://workorder.example.com',
  },
  { id: 103, code: 'trading', name: 'Energy trading', kind: 'integrated', pathPrefix: '/trading', origin: 'https://trading.example.com' },
  { id: 104, code: 'video', name: 'Video surveillance', kind: 'integrated', pathPrefix: '/video', origin: 'https://video.example.com' },
] as const;

/** Permissions of integrated apps (granted per role like any other code). */
export interface IntegratedAppDef {
  readonly code: string;
  readonly name: string;
  readonly nameZh: string;
  readonly appId: number;
  readonly children: readonly { readonly code: string; readonly name: string; readonly nameZh: string }[];
}

export const INTEGRATED_PERMISSIONS = [
  {
    code: 'ia-carbon',
    name: 'Carbon management',
    nameZh: '碳管理',
    appId: 101,
    children: [{ code: 'ia-carbon-report', name: 'Carbon report', nameZh: '碳报告' }],
  },
  {
    code: 'ia-work-order',
    name: 'Work orders',
    nameZh: '工单',
    appId: 102,
    children: [{ code: 'ia-work-order-list', name: 'Work order list', nameZh: '工单列表' }],
  },
] as const satisfies readonly IntegratedAppDef[];

/** The areas in menu order, one file each under areas/. */
export const AREAS = [
  bsaArea,
  pvArea,
  circuitArea,
  chargingArea,
  alarmArea,
  energyArea,
  settingsArea,
] as const satisfies readonly AreaDef[];
