import { crud, type AreaDef } from '../catalogue-defs.js';

/** Energy storage: its groups, pages and buttons (catalogue-data.ts puts the areas together). */
export const bsaArea = {
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
          buttons: [
            ...crud('bsa-station', 'station', '电站'),
            { code: 'b-bsa-station-export', name: 'Export stations', nameZh: '导出电站' },
          ],
        },
        {
          key: 'battery-template',
          name: 'Battery templates',
          nameZh: '电池模板',
          path: '/bsa/asset/battery-template',
          buttons: crud('bsa-battery-template', 'template', '模板'),
        },
        {
          key: 'remote',
          name: 'Remote control',
          nameZh: '远程控制',
          path: '/bsa/asset/remote-control',
          buttons: [
            ...crud('bsa-remote-command', 'remote command', '远程指令'),
            { code: 'b-bsa-remote-send', name: 'Send command', nameZh: '发送指令' },
            { code: 'b-bsa-remote-operation-export', name: 'Export operation log', nameZh: '导出操作记录' },
          ],
        },
        {
          key: 'remote-log',
          name: 'Command log',
          nameZh: '指令记录',
          path: '/bsa/asset/remote-control-log',
          buttons: [{ code: 'b-bsa-remote-log-export', name: 'Export command log', nameZh: '导出指令记录' }],
        },
      ],
    },
  ],
} as const satisfies AreaDef;
