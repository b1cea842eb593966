/**
 * The platform's areas, groups, pages and buttons: one source for the permission catalogue (area
 * `p-<area>` level 0, group `p-<area>.<group>` level 1, page `p-<area>-<page>` level 2, buttons with
 * their own `b-...` codes level 3), for each tenant's default three-level navigation (area, group,
 * page), and for the types `PermissionCode` and `PagePath` (catalogue-types.ts) that contracts and
 * the web use, so a code or a page path that is not here fails the type check. A group code has a dot,
 * so it can never collide with a page code. Zod-free: the web imports it as
 * `@energy/contracts/catalogue-codes`; the server seeds the catalogue from it at every start.
 */
export interface ButtonDef {
  readonly code: string;
  readonly name: string;
}
export interface PageDef {
  readonly key: string;
  readonly name: string;
  readonly path: string;
  readonly buttons?: readonly ButtonDef[];
}
export interface GroupDef {
  readonly key: string;
  readonly name: string;
  readonly pages: readonly PageDef[];
}
export interface AreaDef {
  readonly key: string;
  readonly name: string;
  readonly path: string;
  /** Module origin code of its pages. */
  readonly origin: string;
  readonly groups: readonly GroupDef[];
}

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
  readonly appId: number;
  readonly children: readonly { readonly code: string; readonly name: string }[];
}

export const INTEGRATED_PERMISSIONS = [
  { code: 'ia-carbon', name: 'Carbon management', appId: 101, children: [{ code: 'ia-carbon-report', name: 'Carbon report' }] },
  { code: 'ia-work-order', name: 'Work orders', appId: 102, children: [{ code: 'ia-work-order-list', name: 'Work order list' }] },
] as const satisfies readonly IntegratedAppDef[];

/** Create, edit and delete buttons, their codes kept as literal types. */
const crud = <P extends string>(prefix: P, what: string) =>
  [
    { code: `b-${prefix}-create`, name: `Create ${what}` },
    { code: `b-${prefix}-edit`, name: `Edit ${what}` },
    { code: `b-${prefix}-delete`, name: `Delete ${what}` },
  ] as const;

export const AREAS = [
  {
    key: 'bsa',
    name: 'Energy Storage',
    path: '/bsa',
    origin: 'ids',
    groups: [
      {
        key: 'monitor',
        name: 'Monitoring',
        pages: [
          { key: 'overview', name: 'Station overview', path: '/bsa/monitor/overview' },
          { key: 'curve', name: 'Operating curves', path: '/bsa/monitor/curve' },
        ],
      },
      {
        key: 'strategy',
        name: 'Strategies',
        pages: [
          {
            key: 'strategy',
            name: 'Strategies',
            path: '/bsa/strategy/list',
            buttons: [...crud('bsa-strategy', 'strategy'), { code: 'b-bsa-strategy-deliver', name: 'Deliver strategy' }],
          },
          { key: 'template', name: 'Strategy templates', path: '/bsa/strategy/template', buttons: crud('bsa-template', 'template') },
          { key: 'deliver-log', name: 'Delivery log', path: '/bsa/strategy/deliver-log' },
        ],
      },
      {
        key: 'asset',
        name: 'Stations',
        pages: [
          { key: 'station', name: 'Storage stations', path: '/bsa/asset/station', buttons: crud('bsa-station', 'station') },
          {
            key: 'remote',
            name: 'Remote control',
            path: '/bsa/asset/remote-control',
            buttons: [{ code: 'b-bsa-remote-send', name: 'Send command' }],
          },
        ],
      },
    ],
  },
  {
    key: 'pv',
    name: 'PV',
    path: '/pv',
    origin: 'ids',
    groups: [
      {
        key: 'monitor',
        name: 'Monitoring',
        pages: [
          { key: 'noticeboard', name: 'Noticeboard', path: '/pv/monitor/noticeboard' },
          { key: 'outline', name: 'Station outline', path: '/pv/monitor/outline' },
        ],
      },
      {
        key: 'analysis',
        name: 'Analysis',
        pages: [
          { key: 'performance', name: 'Performance', path: '/pv/analysis/performance' },
          {
            key: 'dispersion',
            name: 'String dispersion',
            path: '/pv/analysis/dispersion',
            buttons: [{ code: 'b-pv-dispersion-config', name: 'Set thresholds' }],
          },
          { key: 'report', name: 'Reports', path: '/pv/analysis/report', buttons: [{ code: 'b-pv-report-export', name: 'Export report' }] },
        ],
      },
      {
        key: 'asset',
        name: 'Assets',
        pages: [
          { key: 'station', name: 'PV stations', path: '/pv/asset/station', buttons: crud('pv-station', 'PV station') },
          { key: 'inverter', name: 'Inverters', path: '/pv/asset/inverter', buttons: crud('pv-inverter', 'inverter') },
          { key: 'string', name: 'Strings', path: '/pv/asset/string', buttons: crud('pv-string', 'string') },
        ],
      },
    ],
  },
  {
    key: 'circuit',
    name: 'Circuits',
    path: '/circuit',
    origin: 'ids',
    groups: [
      {
        key: 'monitor',
        name: 'Monitoring',
        pages: [
          { key: 'tree', name: 'Circuit monitoring', path: '/circuit/monitor/tree' },
          {
            key: 'statistics',
            name: 'Data statistics',
            path: '/circuit/monitor/statistics',
            buttons: [{ code: 'b-circuit-statistics-export', name: 'Export data' }],
          },
        ],
      },
      {
        key: 'analysis',
        name: 'Analysis',
        pages: [
          { key: 'peak-valley', name: 'Peak and valley', path: '/circuit/analysis/peak-valley' },
          {
            key: 'line-loss',
            name: 'Line loss',
            path: '/circuit/analysis/line-loss',
            buttons: crud('circuit-line-loss', 'line-loss config'),
          },
        ],
      },
      {
        key: 'metering',
        name: 'Metering',
        pages: [
          {
            key: 'meter-reading',
            name: 'Meter reading',
            path: '/circuit/metering/meter-reading',
            buttons: [{ code: 'b-circuit-meter-reading-export', name: 'Export readings' }],
          },
          {
            key: 'price',
            name: 'Electricity prices',
            path: '/circuit/metering/price',
            buttons: [{ code: 'b-circuit-price-edit', name: 'Edit prices' }],
          },
          { key: 'manage', name: 'Circuits', path: '/circuit/metering/manage', buttons: crud('circuit', 'circuit') },
        ],
      },
    ],
  },
  {
    key: 'charging',
    name: 'Charging',
    path: '/charging',
    origin: 'ids',
    groups: [
      {
        key: 'asset',
        name: 'Charging assets',
        pages: [
          {
            key: 'station',
            name: 'Charging stations',
            path: '/charging/asset/station',
            buttons: crud('charging-station', 'charging station'),
          },
          { key: 'pile', name: 'Charging piles', path: '/charging/asset/pile', buttons: crud('charging-pile', 'charging pile') },
        ],
      },
      {
        key: 'operation',
        name: 'Operation',
        pages: [
          { key: 'session', name: 'Charging sessions', path: '/charging/operation/session' },
          {
            key: 'cost',
            name: 'Charging prices',
            path: '/charging/operation/cost',
            buttons: [{ code: 'b-charging-cost-edit', name: 'Edit charging prices' }],
          },
        ],
      },
    ],
  },
  {
    key: 'alarm',
    name: 'Alarms',
    path: '/device/alarm',
    origin: 'device',
    groups: [
      {
        key: 'device',
        name: 'Device alarms',
        pages: [
          {
            key: 'record',
            name: 'Alarm records',
            path: '/device/alarm/record',
            buttons: [
              { code: 'b-alarm-record-read', name: 'Mark as read' },
              { code: 'b-alarm-record-export', name: 'Export alarms' },
            ],
          },
          {
            key: 'work-order',
            name: 'Work orders',
            path: '/device/alarm/work-order',
            buttons: [{ code: 'b-alarm-work-order-export', name: 'Export work orders' }],
          },
          { key: 'rule', name: 'Alarm rules', path: '/device/alarm/rule', buttons: crud('alarm-rule', 'alarm rule') },
        ],
      },
      {
        key: 'fault',
        name: 'Faults',
        pages: [
          {
            key: 'signboard',
            name: 'Fault signboard',
            path: '/device/alarm/signboard',
            buttons: [{ code: 'b-alarm-fault-recover', name: 'Recover fault' }],
          },
          {
            key: 'line-loss',
            name: 'Line-loss alarms',
            path: '/device/alarm/line-loss',
            buttons: crud('alarm-line-loss', 'line-loss rule'),
          },
        ],
      },
    ],
  },
  {
    key: 'energy',
    name: 'Energy & Income',
    path: '/energy',
    origin: 'ids',
    groups: [
      {
        key: 'conservation',
        name: 'Energy conservation',
        pages: [
          { key: 'saving', name: 'Energy saving', path: '/energy/conservation/saving' },
          {
            key: 'baseline',
            name: 'Baseline configuration',
            path: '/energy/conservation/baseline',
            buttons: crud('energy-baseline', 'baseline'),
          },
        ],
      },
      {
        key: 'income',
        name: 'Income',
        pages: [
          {
            key: 'income',
            name: 'Project income',
            path: '/energy/income/project',
            buttons: [{ code: 'b-income-start-time-edit', name: 'Set start of calculation' }],
          },
          { key: 'overview', name: 'Income overview', path: '/energy/income/overview' },
        ],
      },
    ],
  },
  {
    key: 'settings',
    name: 'Settings',
    path: '/settings',
    origin: 'ac',
    groups: [
      {
        key: 'org',
        name: 'Organisation',
        pages: [
          {
            key: 'staff',
            name: 'Staff',
            path: '/settings/org/staff',
            buttons: [...crud('staff', 'staff'), { code: 'b-staff-status', name: 'Enable, disable, freeze staff' }],
          },
          { key: 'role', name: 'Roles', path: '/settings/org/role', buttons: crud('role', 'role') },
          { key: 'customer', name: 'Organisation', path: '/settings/org/customer', buttons: crud('customer', 'organisation') },
          { key: 'ou', name: 'Operating units', path: '/settings/org/ou', buttons: crud('ou', 'operating unit') },
        ],
      },
      {
        key: 'platform',
        name: 'Platform',
        pages: [
          {
            key: 'platform',
            name: 'Platform settings',
            path: '/settings/platform/basic',
            buttons: [{ code: 'b-platform-edit', name: 'Edit platform settings' }],
          },
          {
            key: 'audit',
            name: 'Audit log',
            path: '/settings/platform/audit',
            buttons: [{ code: 'b-audit-export', name: 'Export audit log' }],
          },
        ],
      },
      {
        key: 'asset',
        name: 'Devices',
        pages: [
          {
            key: 'device',
            name: 'Devices',
            path: '/settings/asset/device',
            buttons: [
              ...crud('device', 'device'),
              { code: 'b-device-credentials', name: 'Issue device MQTT credentials' },
              { code: 'b-device-import', name: 'Import devices' },
              { code: 'b-device-export', name: 'Export devices' },
            ],
          },
          { key: 'device-type', name: 'Device types', path: '/settings/asset/device-type' },
          {
            key: 'dispatch',
            name: 'Dispatch structure',
            path: '/settings/asset/dispatch',
            buttons: [...crud('dispatch', 'dispatch structure'), { code: 'b-dispatch-publish', name: 'Publish structure' }],
          },
        ],
      },
    ],
  },
] as const satisfies readonly AreaDef[];
