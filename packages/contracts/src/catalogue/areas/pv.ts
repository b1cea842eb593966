import { crud, type AreaDef } from '../catalogue-defs.js';

/** Import (with its template) and export buttons of an equipment list. */
const excel = <P extends string>(prefix: P, what: string, whatZh: string) =>
  [
    { code: `b-${prefix}-import`, name: `Import ${what}`, nameZh: `导入${whatZh}` },
    { code: `b-${prefix}-export`, name: `Export ${what}`, nameZh: `导出${whatZh}` },
  ] as const;

/** Photovoltaics: its groups, pages and buttons (catalogue-data.ts puts the areas together). */
export const pvArea = {
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
        {
          key: 'outline',
          name: 'Station outline',
          nameZh: '电站概览',
          path: '/pv/monitor/outline',
          buttons: [{ code: 'b-pv-outline-export', name: 'Export strings', nameZh: '导出组串' }],
        },
      ],
    },
    {
      key: 'analysis',
      name: 'Analysis',
      nameZh: '分析',
      pages: [
        {
          key: 'performance',
          name: 'Performance',
          nameZh: '发电性能',
          path: '/pv/analysis/performance',
          buttons: [
            { code: 'b-pv-performance-config', name: 'Set performance config', nameZh: '设置性能参数' },
            { code: 'b-pv-performance-export', name: 'Export performance', nameZh: '导出发电性能' },
          ],
        },
        {
          key: 'dispersion',
          name: 'String dispersion',
          nameZh: '组串离散率',
          path: '/pv/analysis/dispersion',
          buttons: [
            { code: 'b-pv-dispersion-config', name: 'Set thresholds', nameZh: '设置阈值' },
            { code: 'b-pv-dispersion-export', name: 'Export dispersion', nameZh: '导出离散率' },
          ],
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
          buttons: [
            ...crud('pv-station', 'PV station', '光伏电站'),
            { code: 'b-pv-station-export', name: 'Export PV stations', nameZh: '导出光伏电站' },
          ],
        },
        {
          key: 'inverter',
          name: 'Inverters',
          nameZh: '逆变器',
          path: '/pv/asset/inverter',
          buttons: [...crud('pv-inverter', 'inverter', '逆变器'), ...excel('pv-inverter', 'inverters', '逆变器')],
        },
        {
          key: 'string',
          name: 'Strings',
          nameZh: '组串',
          path: '/pv/asset/string',
          buttons: [...crud('pv-string', 'string', '组串'), ...excel('pv-string', 'strings', '组串')],
        },
        {
          key: 'module',
          name: 'Modules',
          nameZh: '组件',
          path: '/pv/asset/module',
          buttons: [...crud('pv-module', 'module', '组件'), ...excel('pv-module', 'modules', '组件')],
        },
        {
          key: 'meter-reading',
          name: 'Meter readings',
          nameZh: '抄表',
          path: '/pv/asset/meter-reading',
          buttons: [
            { code: 'b-pv-meter-reading-export', name: 'Export readings', nameZh: '导出抄表数据' },
            { code: 'b-pv-meter-reading-recompute', name: 'Recompute readings', nameZh: '重新抄表' },
          ],
        },
      ],
    },
  ],
} as const satisfies AreaDef;
