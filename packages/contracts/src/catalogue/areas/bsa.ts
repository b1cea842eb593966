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
        // issue 22 (docs/bsa.md "Monitoring (issue 22)"): one page reads every figure of a station, its tabs
        // (real time, BMS, environment, battery health) are routes below its path
        {
          key: 'station-monitor',
          name: 'Station monitoring',
          nameZh: '电站监控',
          path: '/bsa/monitor/station',
          buttons: [{ code: 'b-bsa-monitor-export', name: 'Export station data', nameZh: '导出电站数据' }],
        },
      ],
    },
    {
      // issue 22 (docs/bsa.md, "Forecasts and station money"): tomorrow's forecast and the station's money
      key: 'operation',
      name: 'Operation',
      nameZh: '运营分析',
      pages: [
        { key: 'forecast', name: 'Forecast', nameZh: '负荷预测', path: '/bsa/operation/forecast' },
        {
          key: 'charging-data',
          name: 'Charging data',
          nameZh: '充放电数据',
          path: '/bsa/operation/charging-data',
          buttons: [{ code: 'b-bsa-charging-export', name: 'Export charging data', nameZh: '导出充放电数据' }],
        },
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
        // issue 22, second edition (docs/bsa.md, "Second edition and firmware (issue 22)")
        {
          key: 'second-edition',
          name: 'Second-edition stations',
          nameZh: '二代储能电站',
          path: '/bsa/asset/second-edition',
          buttons: [
            { code: 'b-bsa-second-edition-edit', name: 'Edit second-edition station', nameZh: '编辑二代电站' },
            { code: 'b-bsa-second-edition-status', name: 'Enable, disable or invalidate', nameZh: '启用停用作废' },
            { code: 'b-bsa-second-edition-export', name: 'Export second-edition stations', nameZh: '导出二代电站' },
          ],
        },
        {
          key: 'cabinet',
          name: 'Storage cabinets',
          nameZh: '储能柜',
          path: '/bsa/asset/cabinet',
          buttons: [
            ...crud('bsa-cabinet', 'cabinet', '储能柜'),
            { code: 'b-bsa-cabinet-export', name: 'Export cabinets', nameZh: '导出储能柜' },
          ],
        },
        {
          key: 'firmware',
          name: 'Versions and firmware',
          nameZh: '版本与固件升级',
          path: '/bsa/asset/firmware',
          buttons: [
            { code: 'b-bsa-firmware-distribute', name: 'Distribute firmware', nameZh: '下发固件' },
            { code: 'b-bsa-firmware-export', name: 'Export distribution log', nameZh: '导出升级记录' },
          ],
        },
      ],
    },
  ],
} as const satisfies AreaDef;
