import { useMemo, useState } from 'react';
import { Button, Card, DatePicker, Flex, Segmented, Select, Space, Tooltip, Typography, theme as antdTheme } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { device } from '@energy/contracts/refs';
import type { ResampleInterval } from '@energy/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { ThemedChart } from '../../../shared/chart/themed-chart';
import { useTenantZone } from '../../../shared/time-zone';
import { buildPropertyChartOption, hasData, type PropertyHead, type PropertySeries } from '../property-chart-option';
import { deviceKeys } from '../queries';
import { stateName } from '../state-label';
import {
  dayRange,
  effectiveInterval,
  INTERVALS,
  isIntervalAllowed,
  presetRange,
  RANGE_PRESETS,
  type RangePreset,
  type TimeRange,
} from '../telemetry-range';
import '../texts';

/** Loads one property's buckets: instantaneous and state from resampled/instantaneous, counters from resampled/cumulative. */
async function loadSeries(deviceId: number, property: PropertyHead, range: TimeRange, interval: ResampleInterval) {
  const input = { deviceId, propertyKeys: [property.key], from: range.from, to: range.to, interval };
  if (property.kind === 'cumulative') {
    const answer = await api(device.dataPropertyResampledCumulative, input);
    const found = answer.properties.find((p) => p.key === property.key);
    return { interval, timeZone: answer.timeZone, series: found ? ({ ...found, kind: 'cumulative' } as PropertySeries) : undefined };
  }
  const answer = await api(device.dataPropertyResampledInstantaneous, input);
  const found = answer.properties.find((p) => p.key === property.key);
  return { interval, timeZone: answer.timeZone, series: found ? ({ ...found, kind: property.kind } as PropertySeries) : undefined };
}

/**
 * The history of one property of a device: a property picker, range presets (or a custom range of
 * days) and a resolution picker that disables what the range cannot use; one chart at a time.
 */
export function PropertyChart({
  deviceId,
  timeZone,
  properties,
  selected,
  onSelect,
}: {
  deviceId: number;
  /** The tenant's zone (from the latest-values answer): day presets follow its calendar. */
  timeZone: string;
  properties: PropertyHead[];
  selected: string | undefined;
  onSelect: (key: string) => void;
}) {
  const { t } = useTranslation();
  const tenantZone = useTenantZone();
  const { token } = antdTheme.useToken();
  const [preset, setPreset] = useState<RangePreset>('today');
  // presets are taken at the time they are picked (or refreshed), not at every render
  const [anchor, setAnchor] = useState(() => Date.now());
  const [customDays, setCustomDays] = useState<[Dayjs, Dayjs] | null>(null);
  const range = useMemo<TimeRange>(() => {
    if (preset !== 'custom') return presetRange(preset, anchor, timeZone);
    if (customDays) return dayRange(customDays[0].format('YYYY-MM-DD'), customDays[1].format('YYYY-MM-DD'), timeZone);
    return presetRange('today', anchor, timeZone);
  }, [preset, anchor, customDays, timeZone]);
  const [chosen, setChosen] = useState<ResampleInterval | null>(null);
  const property = properties.find((p) => p.key === selected);
  const shape = property?.kind === 'cumulative' ? 'bars' : 'line';
  const interval = effectiveInterval(range, shape, chosen);

  const query = useQuery({
    queryKey: deviceKeys.series(deviceId, property?.key, property?.kind, range.from, range.to, interval),
    queryFn: () => loadSeries(deviceId, property!, range, interval),
    enabled: !!property,
    placeholderData: keepPreviousData,
  });

  // the drawn data may still be the previous query's (kept while the next loads): draw it with its own interval
  const data = query.data;
  const labels = useMemo(
    () => ({
      avg: t('devices.series.avg'),
      band: t('devices.series.band'),
      min: t('devices.series.min'),
      max: t('devices.series.max'),
      value: t('devices.series.value'),
      increase: t('devices.series.increase'),
      counter: t('devices.series.counter'),
    }),
    [t],
  );
  const option = useMemo(
    () => (data?.series ? buildPropertyChartOption({ ...data, series: data.series, labels, color: token.colorPrimary }) : {}),
    [data, labels, token.colorPrimary],
  );

  const pickPreset = (next: RangePreset) => {
    setPreset(next);
    setChosen(null);
    setAnchor(Date.now());
  };
  const refresh = () => {
    const now = Date.now();
    // a preset moves on to now (a new query); else the same range is fetched again
    if (preset !== 'custom' && presetRange(preset, now, timeZone).to !== range.to) setAnchor(now);
    else void query.refetch();
  };

  return (
    <Card
      data-testid="property-chart"
      title={
        <Select
          data-testid="property-picker"
          style={{ minWidth: 240, maxWidth: '100%' }}
          value={selected}
          onChange={onSelect}
          showSearch={{ optionFilterProp: 'label' }}
          options={properties.map((p) => ({
            value: p.key,
            label: `${p.kind === 'state' ? stateName(p.name) : p.name}${p.unit ? ` (${p.unit})` : ''}`,
          }))}
        />
      }
      extra={
        <Tooltip title={t('devices.detailPage.refresh')}>
          <Button type="text" icon={<ReloadOutlined />} onClick={refresh} aria-label={t('devices.detailPage.refresh')} />
        </Tooltip>
      }
    >
      <Flex wrap gap={12} align="center" style={{ marginBottom: 12 }}>
        <Segmented<RangePreset>
          data-testid="range-presets"
          value={preset}
          onChange={pickPreset}
          options={RANGE_PRESETS.map((p) => ({ value: p, label: t(`devices.range.${p}`) }))}
        />
        {preset === 'custom' && (
          <DatePicker.RangePicker
            data-testid="custom-range"
            value={customDays}
            allowClear={false}
            disabledDate={(d) => d.isAfter(dayjs().endOf('day'))}
            onChange={(v) => {
              if (!v?.[0] || !v[1]) return;
              setCustomDays([v[0], v[1]]);
              setChosen(null);
            }}
          />
        )}
        <Space size={8}>
          <Typography.Text type="secondary">{t('devices.resolution.label')}</Typography.Text>
          <Segmented<ResampleInterval>
            data-testid="resolution"
            value={interval}
            onChange={setChosen}
            options={INTERVALS.map((i) => {
              const allowed = isIntervalAllowed(range, i);
              return {
                value: i,
                disabled: !allowed,
                label: allowed ? (
                  t(`devices.resolution.${i}`)
                ) : (
                  <Tooltip title={t('devices.resolution.tooMany')}>{t(`devices.resolution.${i}`)}</Tooltip>
                ),
              };
            })}
          />
        </Space>
      </Flex>
      <ThemedChart
        data-testid="device-chart"
        option={option}
        loading={query.isFetching}
        empty={!query.isPending && !hasData(data?.series)}
        height={340}
      />
      {/* the page says which zone its times are in (the tenant's); the buckets' zone only if it were another */}
      {data && data.timeZone !== tenantZone && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('devices.detailPage.timeZone', { tz: data.timeZone })}
        </Typography.Text>
      )}
    </Card>
  );
}
