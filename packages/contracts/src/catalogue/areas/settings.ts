import { crud, type AreaDef } from '../catalogue-defs.js';

/** Settings: organisation, platform, devices: its groups, pages and buttons (catalogue-data.ts puts the areas together). */
export const settingsArea = {
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
} as const satisfies AreaDef;
