import { Table, Tag, Typography } from 'antd';
import { device } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';
import { useTranslation } from 'react-i18next';
import { formatValue } from '../format';
import { formatInZone, useTenantZone } from '../../../shared/time-zone';
import { stateColor, stateLabel, stateName } from '../state-label';
import '../texts';

export type LatestValue = RefOutput<typeof device.dataPropertyRecent>['values'][number];

/** A state value as a tag with its meaning ('1 running'). */
export function StateTag({ name, value }: { name: string; value: number }) {
  const label = stateLabel(name, value);
  return <Tag color={stateColor(label, value)}>{label ? `${value} ${label}` : value}</Tag>;
}

/** Every property of a device with its latest value, unit and time; a click picks the charted one. */
export function LatestValues({
  values,
  loading,
  selected,
  onSelect,
}: {
  values: LatestValue[];
  loading: boolean;
  selected: string | undefined;
  onSelect: (key: string) => void;
}) {
  const { t } = useTranslation();
  const zone = useTenantZone();
  return (
    <Table<LatestValue>
      data-testid="latest-values"
      rowKey="key"
      size="small"
      pagination={false}
      loading={loading}
      dataSource={values}
      rowClassName={(r) => (r.key === selected ? 'ant-table-row-selected' : '')}
      onRow={(r) => ({ onClick: () => onSelect(r.key), style: { cursor: 'pointer' } })}
      locale={{ emptyText: t('devices.detailPage.noProperties') }}
      columns={[
        {
          title: t('devices.detailPage.property'),
          key: 'name',
          render: (_, r) => (
            <>
              <div>{r.kind === 'state' ? stateName(r.name) : r.name}</div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {r.key}
              </Typography.Text>
            </>
          ),
        },
        {
          title: t('devices.detailPage.value'),
          key: 'value',
          align: 'right',
          onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
          render: (_, r) =>
            r.value === null ? (
              <Typography.Text type="secondary">{t('devices.detailPage.noValue')}</Typography.Text>
            ) : r.kind === 'state' ? (
              <StateTag name={r.name} value={r.value} />
            ) : (
              <Typography.Text strong data-testid="latest-value">
                {formatValue(r.value, r.unit)}
              </Typography.Text>
            ),
        },
        {
          title: t('devices.detailPage.time'),
          key: 'ts',
          onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
          // today's readings by their time, older ones with their day
          render: (_, r) => {
            if (r.ts === null) return '-';
            const at = formatInZone(r.ts, zone);
            return at.slice(0, 10) === formatInZone(Date.now(), zone).slice(0, 10) ? at.slice(11) : at.slice(5, 16);
          },
        },
      ]}
    />
  );
}
