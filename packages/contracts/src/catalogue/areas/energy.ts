import { crud, type AreaDef } from '../catalogue-defs.js';

/** Energy conservation and income: its groups, pages and buttons (catalogue-data.ts puts the areas together). */
export const energyArea = {
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
        {
          key: 'saving',
          name: 'Energy saving',
          nameZh: '节能分析',
          path: '/energy/conservation/saving',
          buttons: [{ code: 'b-energy-saving-export', name: 'Export energy saving', nameZh: '导出节能数据' }],
        },
        {
          key: 'baseline',
          name: 'Baseline configuration',
          nameZh: '基线配置',
          path: '/energy/conservation/baseline',
          buttons: [
            ...crud('energy-baseline', 'baseline', '基线'),
            { code: 'b-energy-driver-edit', name: 'Edit driver values', nameZh: '编辑驱动变量' },
          ],
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
} as const satisfies AreaDef;
