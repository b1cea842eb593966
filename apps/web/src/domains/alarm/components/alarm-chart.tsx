import { useMemo, useState } from 'react';
import { Button, Card, Flex, Select, Typography, theme as antdTheme } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { alarm } from '@energy/contracts/refs';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../../shared/authorized';
import { api } from '../../../shared/api/client';
import { downloadFile } from '../../../shared/api/download';
import { ThemedChart } from '../../../shared/chart/themed-chart';
import { useTenantZone } from '../../../shared/time-zone';
import { buildAlarmChartOption, hasPoints, seriesName, type AlarmChartSeries } from '../alarm-chart-option';
import { alarmKeys, type AlarmRow } from '../queries';
import '../texts';

/** At most this many properties are drawn at once (one call each). */
const MAX_CHARTED = 4;

/**
 * The readings of the alarm's related properties around the alarm time (the rule's property by
 * default; pick up to four), with the alarm, its recovery, the active period and the threshold marked.
 */
export function AlarmChart({ row }: { row: AlarmRow }) {
  const { t } = useTranslation();
  const { token } = antdTheme.useToken();
  const zone = useTenantZone();
  const related = useQuery({ queryKey: alarmKeys.related(row.id), queryFn: () => api(alarm.alarmRelatedProperties, { id: row.id }) });
  const properties = useMemo(() => related.data ?? [], [related.data]);
  const [picked, setPicked] = useState<number[] | null>(null);
  const chosen = picked ?? (properties[0] ? [properties[0].id] : []);
  const points = useQueries({
    queries: chosen.map((propertyId) => ({
      queryKey: alarmKeys.points(row.id, propertyId),
      queryFn: () => api(alarm.alarmPointList, { id: row.id, dataPropertyId: propertyId }),
    })),
  });
  const [exporting, setExporting] = useState(false);

  const loaded = points.flatMap((q) => (q.data ? [q.data] : []));
  const span = loaded[0];
  const dataKey = points.map((q) => q.dataUpdatedAt).join();
  const option = useMemo(() => {
    if (!span) return {};
    const series: AlarmChartSeries[] = loaded.map((d) => ({ property: d.property, points: d.points }));
    return buildAlarmChartOption({
      series,
      from: span.from,
      to: span.to,
      alarmTime: span.alarmTime,
      recoverTime: span.recoverTime,
      threshold: row.threshold,
      labels: {
        alarm: t('alarm.detailPage.alarmMark'),
        recovered: t('alarm.detailPage.recoverMark'),
        active: t('alarm.detailPage.activeArea'),
        threshold: t('alarm.detailPage.threshold'),
      },
      colors: { alarm: token.colorError, recovered: token.colorSuccess },
      timeZone: zone,
    });
    // `loaded` is a new list every render: the option is keyed by when each query's data changed
  }, [dataKey, row.threshold, t, token.colorError, token.colorSuccess, zone]);

  const exportReadings = async () => {
    setExporting(true);
    try {
      await downloadFile(alarm.alarmPointExport, { id: row.id }, `alarm-${row.id}-readings.csv`);
    } finally {
      setExporting(false);
    }
  };

  const fetching = related.isFetching || points.some((q) => q.isFetching);
  return (
    <Card
      data-testid="alarm-chart-card"
      title={t('alarm.detailPage.chartTitle')}
      extra={
        <Authorized code="b-alarm-record-export">
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportReadings()} data-testid="alarm-readings-export">
            {t('alarm.detailPage.exportReadings')}
          </Button>
        </Authorized>
      }
    >
      {properties.length === 0 && !related.isPending ? (
        <Typography.Text type="secondary">{t('alarm.detailPage.noProperties')}</Typography.Text>
      ) : (
        <>
          <Flex gap={12} align="center" wrap style={{ marginBottom: 12 }}>
            <Typography.Text type="secondary">{t('alarm.detailPage.chartProperties')}</Typography.Text>
            <Select
              mode="multiple"
              data-testid="alarm-chart-properties"
              style={{ minWidth: 280, maxWidth: '100%' }}
              value={chosen}
              maxCount={MAX_CHARTED}
              onChange={(ids: number[]) => setPicked(ids)}
              options={properties.map((p) => ({ value: p.id, label: seriesName(p) }))}
              showSearch={{ optionFilterProp: 'label' }}
            />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('alarm.detailPage.chartHint')}
            </Typography.Text>
          </Flex>
          <ThemedChart
            data-testid="alarm-chart"
            option={option}
            loading={fetching}
            empty={!fetching && !hasPoints(loaded.map((d) => ({ property: d.property, points: d.points })))}
            height={340}
          />
        </>
      )}
    </Card>
  );
}
