import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import type { ListColumn } from '../../../shared/table/list-table';
import { valueAgainstThreshold } from '../alarm-filter';
import { formatAlarmTime } from '../push-format';
import type { AlarmRow } from '../queries';
import { LevelTag } from './level-tag';
import { StateTag } from './state-tags';

export interface AlarmColumnsOptions {
  /** The device column's key and title (the signboard calls it the asset). */
  device: { key: string; title: string };
  /** The rule cell: the rule name, a link to the detail where the page offers one. */
  renderRule: (ruleName: string, row: AlarmRow) => ReactNode;
  /** Adds the value-against-threshold column after the content. */
  withValue?: boolean;
  /** The zone the times are shown in: the tenant's. */
  zone: string;
}

/**
 * The columns the alarm record and signboard tables share, in order: level, device, rule, content,
 * (value), alarm time, recover time and state. Each page adds its own columns after them.
 */
export function alarmColumns(t: TFunction, { device, renderRule, withValue = false, zone }: AlarmColumnsOptions): ListColumn<AlarmRow>[] {
  return [
    { key: 'level', title: t('alarm.level'), dataIndex: 'level', width: 90, render: (v: number) => <LevelTag level={v} /> },
    {
      key: device.key,
      title: device.title,
      dataIndex: 'deviceName',
      width: 180,
      render: (v: string | null, r) => (v ? `${v}${r.deviceCode ? ` (${r.deviceCode})` : ''}` : '-'),
    },
    { key: 'rule', title: t('alarm.rule'), dataIndex: 'ruleName', width: 180, showForce: true, render: renderRule },
    { key: 'content', title: t('alarm.content'), dataIndex: 'content', width: 240 },
    ...(withValue
      ? [
          {
            key: 'value',
            title: t('alarm.valueThreshold'),
            dataIndex: 'triggerValue',
            width: 170,
            render: (_: unknown, r: AlarmRow) => valueAgainstThreshold(r),
          },
        ]
      : []),
    { key: 'alarmTime', title: t('alarm.alarmTime'), dataIndex: 'alarmTime', width: 170, render: (v: string) => formatAlarmTime(v, zone) },
    {
      key: 'recoverTime',
      title: t('alarm.recoverTime'),
      dataIndex: 'recoverTime',
      width: 170,
      render: (v: string | null) => (v ? formatAlarmTime(v, zone) : '-'),
    },
    { key: 'state', title: t('alarm.state'), dataIndex: 'state', width: 100, render: (v: number) => <StateTag state={v} /> },
  ];
}
