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
  /** The name in Chinese (zh-CN), shown to zh-CN users. */
  readonly nameZh: string;
}
export interface PageDef {
  readonly key: string;
  readonly name: string;
  readonly nameZh: string;
  readonly path: string;
  readonly buttons?: readonly ButtonDef[];
}
export interface GroupDef {
  readonly key: string;
  readonly name: string;
  readonly nameZh: string;
  readonly pages: readonly PageDef[];
}
export interface AreaDef {
  readonly key: string;
  readonly name: string;
  readonly nameZh: string;
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
const crud = <P extends string>(prefix: P, what: string, whatZh: string) =>
  [
    { code: `b-${prefix}-create`, name: `Create ${what}`, nameZh: `新建${whatZh}` },
    { code: `b-${prefix}-edit`, name: `Edit ${what}`, nameZh: `编辑${whatZh}` },
    { code: `b-${prefix}-delete`, name: `Delete ${what}`, nameZh: `删除${whatZh}` },
  ] as const;

export const AREAS = [
  {
    key: 'bsa',
    name: 'Energy Storage',
    nameZh: '储能',
    path: '/bsa',
    origin: 'ids',
    groups: [
      {
        key: 'monitor',
        name: 'Monitoring',
        nameZh: '监控',
        pages: [
          { key: 'overview', name: 'Station overview', nameZh: '电站总览', path: '/bsa/monitor/overview' },
          { key: 'curve', name: 'Operating curves', nameZh: '运行曲线', path: '/bsa/monitor/curve' },
        ],
      },
      {
        key: 'strategy',
        name: 'Strategies',
        nameZh: '策略管理',
        pages: [
          {
            key: 'strategy',
            name: 'Strategies',
            nameZh: '策略列表',
            path: '/bsa/strategy/list',
            buttons: [
              ...crud('bsa-strategy', 'strategy', '策略'),
              { code: 'b-bsa-strategy-deliver', name: 'Deliver strategy', nameZh: '下发策略' },
            ],
          },
          {
            key: 'template',
            name: 'Strategy templates',
            nameZh: '策略模板',
            path: '/bsa/strategy/template',
            buttons: crud('bsa-template', 'template', '模板'),
          },
          { key: 'deliver-log', name: 'Delivery log', nameZh: '下发记录', path: '/bsa/strategy/deliver-log' },
        ],
      },
      {
        key: 'asset',
        name: 'Stations',
        nameZh: '电站管理',
        pages: [
          {
            key: 'station',
            name: 'Storage stations',
            nameZh: '储能电站',
            path: '/bsa/asset/station',
            buttons: crud('bsa-station', 'station', '电站'),
          },
          {
            key: 'remote',
            name: 'Remote control',
            nameZh: '远程控制',
            path: '/bsa/asset/remote-control',
            buttons: [{ code: 'b-bsa-remote-send', name: 'Send command', nameZh: '发送指令' }],
          },
        ],
      },
    ],
  },
  {
    key: 'pv',
    name: 'PV',
    nameZh: '光伏',
    path: '/pv',
    origin: 'ids',
    groups: [
      {
        key: 'monitor',
        name: 'Monitoring',
        nameZh: '监控',
        pages: [
          { key: 'noticeboard', name: 'Noticeboard', nameZh: '光伏看板', path: '/pv/monitor/noticeboard' },
          { key: 'outline', name: 'Station outline', nameZh: '电站概览', path: '/pv/monitor/outline' },
        ],
      },
      {
        key: 'analysis',
        name: 'Analysis',
        nameZh: '分析',
        pages: [
          { key: 'performance', name: 'Performance', nameZh: '发电性能', path: '/pv/analysis/performance' },
          {
            key: 'dispersion',
            name: 'String dispersion',
            nameZh: '组串离散率',
            path: '/pv/analysis/dispersion',
            buttons: [{ code: 'b-pv-dispersion-config', name: 'Set thresholds', nameZh: '设置阈值' }],
          },
          {
            key: 'report',
            name: 'Reports',
            nameZh: '报表',
            path: '/pv/analysis/report',
            buttons: [{ code: 'b-pv-report-export', name: 'Export report', nameZh: '导出报表' }],
          },
        ],
      },
      {
        key: 'asset',
        name: 'Assets',
        nameZh: '资产',
        pages: [
          {
            key: 'station',
            name: 'PV stations',
            nameZh: '光伏电站',
            path: '/pv/asset/station',
            buttons: crud('pv-station', 'PV station', '光伏电站'),
          },
          {
            key: 'inverter',
            name: 'Inverters',
            nameZh: '逆变器',
            path: '/pv/asset/inverter',
            buttons: crud('pv-inverter', 'inverter', '逆变器'),
          },
          { key: 'string', name: 'Strings', nameZh: '组串', path: '/pv/asset/string', buttons: crud('pv-string', 'string', '组串') },
        ],
      },
    ],
  },
  {
    key: 'circuit',
    name: 'Circuits',
    nameZh: '配电回路',
    path: '/circuit',
    origin: 'ids',
    groups: [
      {
        key: 'monitor',
        name: 'Monitoring',
        nameZh: '监控',
        pages: [
          { key: 'tree', name: 'Circuit monitoring', nameZh: '回路监控', path: '/circuit/monitor/tree' },
          {
            key: 'statistics',
            name: 'Data statistics',
            nameZh: '数据统计',
            path: '/circuit/monitor/statistics',
            buttons: [{ code: 'b-circuit-statistics-export', name: 'Export data', nameZh: '导出数据' }],
          },
        ],
      },
      {
        key: 'analysis',
        name: 'Analysis',
        nameZh: '分析',
        pages: [
          { key: 'peak-valley', name: 'Peak and valley', nameZh: '峰谷分析', path: '/circuit/analysis/peak-valley' },
          {
            key: 'line-loss',
            name: 'Line loss',
            nameZh: '线损分析',
            path: '/circuit/analysis/line-loss',
            buttons: crud('circuit-line-loss', 'line-loss config', '线损配置'),
          },
        ],
      },
      {
        key: 'metering',
        name: 'Metering',
        nameZh: '计量',
        pages: [
          {
            key: 'meter-reading',
            name: 'Meter reading',
            nameZh: '抄表',
            path: '/circuit/metering/meter-reading',
            buttons: [{ code: 'b-circuit-meter-reading-export', name: 'Export readings', nameZh: '导出抄表数据' }],
          },
          {
            key: 'price',
            name: 'Electricity prices',
            nameZh: '电价管理',
            path: '/circuit/metering/price',
            buttons: [{ code: 'b-circuit-price-edit', name: 'Edit prices', nameZh: '编辑电价' }],
          },
          {
            key: 'manage',
            name: 'Circuits',
            nameZh: '回路管理',
            path: '/circuit/metering/manage',
            buttons: crud('circuit', 'circuit', '回路'),
          },
        ],
      },
    ],
  },
  {
    key: 'charging',
    name: 'Charging',
    nameZh: '充电',
    path: '/charging',
    origin: 'ids',
    groups: [
      {
        key: 'asset',
        name: 'Charging assets',
        nameZh: '充电资产',
        pages: [
          {
            key: 'station',
            name: 'Charging stations',
            nameZh: '充电站',
            path: '/charging/asset/station',
            buttons: crud('charging-station', 'charging station', '充电站'),
          },
          {
            key: 'pile',
            name: 'Charging piles',
            nameZh: '充电桩',
            path: '/charging/asset/pile',
            buttons: crud('charging-pile', 'charging pile', '充电桩'),
          },
        ],
      },
      {
        key: 'operation',
        name: 'Operation',
        nameZh: '运营',
        pages: [
          { key: 'session', name: 'Charging sessions', nameZh: '充电记录', path: '/charging/operation/session' },
          {
            key: 'cost',
            name: 'Charging prices',
            nameZh: '充电价格',
            path: '/charging/operation/cost',
            buttons: [{ code: 'b-charging-cost-edit', name: 'Edit charging prices', nameZh: '编辑充电价格' }],
          },
        ],
      },
    ],
  },
  {
    key: 'alarm',
    name: 'Alarms',
    nameZh: '告警',
    path: '/device/alarm',
    origin: 'device',
    groups: [
      {
        key: 'device',
        name: 'Device alarms',
        nameZh: '设备告警',
        pages: [
          {
            key: 'record',
            name: 'Alarm records',
            nameZh: '告警记录',
            path: '/device/alarm/record',
            buttons: [
              { code: 'b-alarm-record-read', name: 'Mark as read', nameZh: '标记已读' },
              { code: 'b-alarm-record-export', name: 'Export alarms', nameZh: '导出告警' },
            ],
          },
          {
            key: 'work-order',
            name: 'Work orders',
            nameZh: '工单',
            path: '/device/alarm/work-order',
            buttons: [{ code: 'b-alarm-work-order-export', name: 'Export work orders', nameZh: '导出工单' }],
          },
          {
            key: 'rule',
            name: 'Alarm rules',
            nameZh: '告警规则',
            path: '/device/alarm/rule',
            buttons: crud('alarm-rule', 'alarm rule', '告警规则'),
          },
        ],
      },
      {
        key: 'fault',
        name: 'Faults',
        nameZh: '故障',
        pages: [
          {
            key: 'signboard',
            name: 'Fault signboard',
            nameZh: '故障看板',
            path: '/device/alarm/signboard',
            buttons: [{ code: 'b-alarm-fault-recover', name: 'Recover fault', nameZh: '恢复故障' }],
          },
          {
            key: 'line-loss',
            name: 'Line-loss alarms',
            nameZh: '线损告警',
            path: '/device/alarm/line-loss',
            buttons: crud('alarm-line-loss', 'line-loss rule', '线损规则'),
          },
        ],
      },
    ],
  },
  {
    key: 'energy',
    name: 'Energy & Income',
    nameZh: '能效收益',
    path: '/energy',
    origin: 'ids',
    groups: [
      {
        key: 'conservation',
        name: 'Energy conservation',
        nameZh: '节能',
        pages: [
          { key: 'saving', name: 'Energy saving', nameZh: '节能分析', path: '/energy/conservation/saving' },
          {
            key: 'baseline',
            name: 'Baseline configuration',
            nameZh: '基线配置',
            path: '/energy/conservation/baseline',
            buttons: crud('energy-baseline', 'baseline', '基线'),
          },
        ],
      },
      {
        key: 'income',
        name: 'Income',
        nameZh: '收益',
        pages: [
          {
            key: 'income',
            name: 'Project income',
            nameZh: '项目收益',
            path: '/energy/income/project',
            buttons: [{ code: 'b-income-start-time-edit', name: 'Set start of calculation', nameZh: '设置收益起算时间' }],
          },
          { key: 'overview', name: 'Income overview', nameZh: '收益总览', path: '/energy/income/overview' },
        ],
      },
    ],
  },
  {
    key: 'settings',
    name: 'Settings',
    nameZh: '设置',
    path: '/settings',
    origin: 'ac',
    groups: [
      {
        key: 'org',
        name: 'Organisation',
        nameZh: '组织管理',
        pages: [
          {
            key: 'staff',
            name: 'Staff',
            nameZh: '员工管理',
            path: '/settings/org/staff',
            buttons: [
              ...crud('staff', 'staff', '员工'),
              { code: 'b-staff-status', name: 'Enable, disable, freeze staff', nameZh: '启用、禁用、冻结员工' },
            ],
          },
          { key: 'role', name: 'Roles', nameZh: '角色管理', path: '/settings/org/role', buttons: crud('role', 'role', '角色') },
          {
            key: 'customer',
            name: 'Organisation',
            nameZh: '组织架构',
            path: '/settings/org/customer',
            buttons: crud('customer', 'organisation', '组织'),
          },
          {
            key: 'ou',
            name: 'Operating units',
            nameZh: '运营单元',
            path: '/settings/org/ou',
            buttons: crud('ou', 'operating unit', '运营单元'),
          },
        ],
      },
      {
        key: 'platform',
        name: 'Platform',
        nameZh: '平台',
        pages: [
          {
            key: 'platform',
            name: 'Platform settings',
            nameZh: '平台设置',
            path: '/settings/platform/basic',
            buttons: [{ code: 'b-platform-edit', name: 'Edit platform settings', nameZh: '编辑平台设置' }],
          },
          {
            key: 'audit',
            name: 'Audit log',
            nameZh: '审计日志',
            path: '/settings/platform/audit',
            buttons: [{ code: 'b-audit-export', name: 'Export audit log', nameZh: '导出审计日志' }],
          },
        ],
      },
      {
        key: 'asset',
        name: 'Devices',
        nameZh: '设备资产',
        pages: [
          {
            key: 'device',
            name: 'Devices',
            nameZh: '设备管理',
            path: '/settings/asset/device',
            buttons: [
              ...crud('device', 'device', '设备'),
              { code: 'b-device-credentials', name: 'Issue device MQTT credentials', nameZh: '签发设备 MQTT 凭证' },
              { code: 'b-device-import', name: 'Import devices', nameZh: '导入设备' },
              { code: 'b-device-export', name: 'Export devices', nameZh: '导出设备' },
            ],
          },
          { key: 'device-type', name: 'Device types', nameZh: '设备类型', path: '/settings/asset/device-type' },
          {
            key: 'dispatch',
            name: 'Dispatch structure',
            nameZh: '调度结构',
            path: '/settings/asset/dispatch',
            buttons: [
              ...crud('dispatch', 'dispatch structure', '调度结构'),
              { code: 'b-dispatch-publish', name: 'Publish structure', nameZh: '发布调度结构' },
            ],
          },
        ],
      },
    ],
  },
] as const satisfies readonly AreaDef[];
