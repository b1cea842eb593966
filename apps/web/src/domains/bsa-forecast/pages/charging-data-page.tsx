import { useMemo } from 'react';
import { Card, DatePicker, Empty, Flex, Segmented, Select, Space, Statistic, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { bsaForecast } from '@energy/contracts/refs';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { Authorized } from '../../../shared/authorized';
import { ThemedChart } from '../../../shared/chart/themed-chart';
import { ExportButton } from '../../../shared/excel/export-buttons';
import { PageTitle } from '../../../shared/page-title';
import { chargingOption } from '../components/chart-options';
import { forecastKeys, kwh, money10k, useStationParam, type ChargingRow } from '../queries';
import '../texts';

type Resolution = 'day' | 'month';

/** The default range: this month's days, or this year's months (at most 12). */
function defaultRange(resolution: Resolution) {
  const now = dayjs();
  return resolution === 'day'
    ? { from: now.startOf('month').format('YYYY-MM-DD'), to: now.format('YYYY-MM-DD') }
    : { from: now.startOf('year').format('YYYY-MM-DD'), to: now.endOf('year').format('YYYY-MM-DD') };
}

/**
 * A storage station's charged and discharged energy per day or month with the charge cost, discharge revenue
 * and net income at its time-of-use prices (docs/bsa.md, "Forecasts and station money (issue 22)").
 */
export default function ChargingDataPage() {
  const { t } = useTranslation();
  const { stations, bsaId, params, set } = useStationParam();
  const resolution: Resolution = params.get('res') === 'month' ? 'month' : 'day';
  const fallback = defaultRange(resolution);
  const from = params.get('from') ?? fallback.from;
  const to = params.get('to') ?? fallback.to;
  const filter = { bsaId: bsaId ?? 0, timeResolution: resolution, from, to };
  const data = useQuery({
    queryKey: forecastKeys.of(bsaForecast.getChargingData, filter),
    queryFn: () => api(bsaForecast.getChargingData, filter),
    enabled: bsaId !== null,
  });
  const d = data.data;
  const labels = useMemo(
    () => ({
      charge: t('bsaForecast.charging.charge'),
      discharge: t('bsaForecast.charging.discharge'),
      net: t('bsaForecast.charging.net'),
    }),
    [t],
  );
  const option = useMemo(() => (d ? chargingOption(d, labels) : {}), [d, labels]);
  const currency = d ? ` (${d.currency})` : '';
  const columns: TableColumnsType<ChargingRow> = [
    { title: t('bsaForecast.charging.period'), dataIndex: 'period', width: 120 },
    { title: t('bsaForecast.charging.charge'), key: 'charge', align: 'right', render: (_, r) => kwh(r.chargeWh) },
    { title: t('bsaForecast.charging.discharge'), key: 'discharge', align: 'right', render: (_, r) => kwh(r.dischargeWh) },
    {
      title: `${t('bsaForecast.charging.chargeCost')}${currency}`,
      key: 'cost',
      align: 'right',
      render: (_, r) => money10k(r.chargeCost10k),
    },
    {
      title: `${t('bsaForecast.charging.dischargeRevenue')}${currency}`,
      key: 'revenue',
      align: 'right',
      render: (_, r) => money10k(r.dischargeRevenue10k),
    },
    { title: `${t('bsaForecast.charging.net')}${currency}`, key: 'net', align: 'right', render: (_, r) => money10k(r.net10k) },
  ];

  return (
    <Flex vertical gap={16} data-testid="bsa-charging">
      <Card
        title={<PageTitle>{t('bsaForecast.charging.title')}</PageTitle>}
        extra={
          bsaId !== null && (
            <Authorized code="b-bsa-charging-export">
              <ExportButton
                exportRef={bsaForecast.chargingDownloadExcel}
                filter={filter}
                name="bsa-charging-data"
                testId="bsa-charging-export"
              />
            </Authorized>
          )
        }
      >
        <Space wrap>
          <Select
            style={{ minWidth: 280 }}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('bsaForecast.pickStation')}
            loading={stations.isPending}
            options={(stations.data ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.code})` }))}
            value={bsaId ?? undefined}
            onChange={(v) => set({ bsa: String(v) })}
            data-testid="bsa-charging-station"
          />
          <Segmented<Resolution>
            value={resolution}
            options={[
              { value: 'day', label: t('bsaForecast.charging.day') },
              { value: 'month', label: t('bsaForecast.charging.month') },
            ]}
            onChange={(v) => set({ res: v, ...defaultRange(v) })}
            data-testid="bsa-charging-resolution"
          />
          {resolution === 'day' ? (
            <DatePicker.RangePicker
              allowClear={false}
              value={[dayjs(from), dayjs(to)]}
              disabledDate={(day, info) => !!info.from && Math.abs(day.diff(info.from, 'day')) > 91}
              onChange={(v) => v?.[0] && v[1] && set({ from: v[0].format('YYYY-MM-DD'), to: v[1].format('YYYY-MM-DD') })}
            />
          ) : (
            <DatePicker.RangePicker
              picker="month"
              allowClear={false}
              value={[dayjs(from), dayjs(to)]}
              disabledDate={(day, info) => !!info.from && Math.abs(day.diff(info.from, 'month')) > 11}
              onChange={(v) =>
                v?.[0] && v[1] && set({ from: v[0].startOf('month').format('YYYY-MM-DD'), to: v[1].endOf('month').format('YYYY-MM-DD') })
              }
            />
          )}
        </Space>
      </Card>
      {bsaId === null ? (
        <Card>
          <Empty description={stations.isPending ? undefined : t('bsaForecast.noStations')} />
        </Card>
      ) : (
        <>
          <Card loading={data.isPending}>
            {d && (
              <Flex gap={32} wrap data-testid="bsa-charging-totals">
                <Statistic title={t('bsaForecast.charging.charge')} value={kwh(d.totals.chargeWh)} />
                <Statistic title={t('bsaForecast.charging.discharge')} value={kwh(d.totals.dischargeWh)} />
                <Statistic title={`${t('bsaForecast.charging.chargeCost')}${currency}`} value={money10k(d.totals.chargeCost10k)} />
                <Statistic
                  title={`${t('bsaForecast.charging.dischargeRevenue')}${currency}`}
                  value={money10k(d.totals.dischargeRevenue10k)}
                />
                <Statistic title={`${t('bsaForecast.charging.net')}${currency}`} value={money10k(d.totals.net10k)} />
              </Flex>
            )}
          </Card>
          <Card>
            <ThemedChart option={option} empty={!d} loading={data.isFetching} height={320} data-testid="bsa-charging-chart" />
            {d && <Typography.Text type="secondary">{t('bsaForecast.charging.method', { zone: d.timeZone })}</Typography.Text>}
          </Card>
          <Card>
            <Table<ChargingRow>
              rowKey="period"
              size="small"
              bordered
              scroll={{ x: 'max-content' }}
              loading={data.isPending}
              columns={columns}
              dataSource={d?.rows ?? []}
              pagination={false}
              data-testid="bsa-charging-table"
            />
          </Card>
        </>
      )}
    </Flex>
  );
}
