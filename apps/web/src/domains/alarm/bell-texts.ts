import { registerTexts } from '../../shared/i18n';

/**
 * Texts of the alarm bell and its notifications (`t('alarmBell.<key>')`), loaded with the header. The
 * spec's wording where it quotes one: 'no alarm pushes yet', 'confirm read' becoming 'read', 'view all
 * alarm records', items '[device] at [time] occurred [rule]'.
 */
const en = {
  bell: 'Alarm pushes',
  unreadTitle: '{{n}} unread alarms in the last 30 days',
  newPushes: 'New alarm pushes',
  levels: { highest: 'Highest', high: 'High', middle: 'Middle', low: 'Low', lowest: 'Lowest' },
  item: '{{device}} at {{time}} occurred {{rule}}',
  view: 'view',
  confirmRead: 'confirm read',
  read: 'read',
  recovered: 'recovered',
  empty: 'no alarm pushes yet',
  viewAll: 'view all alarm records',
  noMore: 'No more pushes',
  deviceAlarm: 'Device alarm',
  serverAlarm: 'Server alarm',
  scenes: {
    DEVICE_OFFLINE: 'Device offline',
    GATEWAY_OFFLINE: 'Gateway offline',
    DATA_DELAYED: 'Data delayed',
    DELIVERY_FAILED: 'Delivery failed',
    CONNECTOR_FAULTED: 'Charging connector faulted',
    LINE_LOSS_HIGH: 'Line loss high',
    PV_STRING_DEAD: 'PV string dead',
    PV_DISPERSION_HIGH: 'PV string dispersion high',
  },
};

const zh: typeof en = {
  bell: '告警推送',
  unreadTitle: '近 30 天有 {{n}} 条未读告警',
  newPushes: '有新的告警推送',
  levels: { highest: '最高', high: '高', middle: '中', low: '低', lowest: '最低' },
  item: '{{device}} 于 {{time}} 发生 {{rule}}',
  view: '查看',
  confirmRead: '确认已读',
  read: '已读',
  recovered: '已恢复',
  empty: '暂无告警推送',
  viewAll: '查看全部告警记录',
  noMore: '没有更多推送了',
  deviceAlarm: '设备告警',
  serverAlarm: '服务告警',
  scenes: {
    DEVICE_OFFLINE: '设备离线',
    GATEWAY_OFFLINE: '网关离线',
    DATA_DELAYED: '数据延迟',
    DELIVERY_FAILED: '下发失败',
    CONNECTOR_FAULTED: '充电枪故障',
    LINE_LOSS_HIGH: '线损率超限',
    PV_STRING_DEAD: '组串无电流',
    PV_DISPERSION_HIGH: '组串离散率超限',
  },
};

registerTexts('alarmBell', { 'en-US': en, 'zh-CN': zh });
