import { crud, type AreaDef } from '../catalogue-defs.js';

/** Device alarms: its groups, pages and buttons (catalogue-data.ts puts the areas together). */
export const alarmArea = {
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
          buttons: [
            ...crud('alarm-line-loss', 'line-loss rule', '线损规则'),
            { code: 'b-alarm-line-loss-export', name: 'Export line-loss rules and logs', nameZh: '导出线损规则和日志' },
          ],
        },
      ],
    },
  ],
} as const satisfies AreaDef;
