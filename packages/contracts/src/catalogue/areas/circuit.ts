import { crud, type AreaDef } from '../catalogue-defs.js';

/** Distribution circuits and metering: its groups, pages and buttons (catalogue-data.ts puts the areas together). */
export const circuitArea = {
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
        {
          key: 'peak-valley',
          name: 'Peak and valley',
          nameZh: '峰谷分析',
          path: '/circuit/analysis/peak-valley',
          buttons: [{ code: 'b-circuit-peak-valley-export', name: 'Export cost', nameZh: '导出电费' }],
        },
        {
          key: 'line-loss',
          name: 'Line loss',
          nameZh: '线损分析',
          path: '/circuit/analysis/line-loss',
          buttons: [
            ...crud('circuit-line-loss', 'line-loss config', '线损配置'),
            { code: 'b-circuit-line-loss-export', name: 'Export line loss', nameZh: '导出线损' },
          ],
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
          buttons: [
            ...crud('circuit', 'circuit', '回路'),
            { code: 'b-circuit-export', name: 'Export circuits', nameZh: '导出回路' },
            { code: 'b-circuit-energy-config', name: 'Change energy config', nameZh: '修改能耗配置' },
            { code: 'b-circuit-energy-import', name: 'Import energy configs', nameZh: '导入能耗配置' },
            { code: 'b-circuit-rerun', name: 'Recompute statistics', nameZh: '重算统计' },
          ],
        },
      ],
    },
  ],
} as const satisfies AreaDef;
