import { crud, type AreaDef } from '../catalogue-defs.js';

/** EV charging: its groups, pages and buttons (catalogue-data.ts puts the areas together). */
export const chargingArea = {
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
          buttons: [
            ...crud('charging-pile', 'charging pile', '充电桩'),
            { code: 'b-charging-pile-command', name: 'Send commands to charging piles', nameZh: '充电桩远程指令' },
          ],
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
} as const satisfies AreaDef;
