import { useMemo } from 'react';
import { Alert, Card, DatePicker, Descriptions, Empty, Flex, Select, Space, Statistic, Typography } from 'antd';
import { bsa, bsaForecast } from '@energy/contracts/refs';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { ThemedChart } from '../../../shared/chart/themed-chart';
import { useHasPermission } from '../../../shared/current-staff';
import { PageTitle } from '../../../shared/page-title';
import { forecastOption } from '../components/chart-options';
import { AlarmCountCard, WatchCard } from '../components/station-watch';
import { forecastKeys, kwh, money10k, useStationParam } from '../queries';
import '../texts';

/**
 * Tomorrow's (or a past day's) load and PV forecast of a storage station with its prices and the revenue its
 * strategy would earn on it (docs/bsa.md, "Forecasts and station money (issue 22)"); the station's alarms and
 * the staff's watched stations beside it for staff holding the overview page.
 */
export default function ForecastPage() {
  const { t } = useTranslation();
  const { stations, bsaId, params, set } = useStationParam();
  const overview = useHasPermission('p-bsa-overview');
  const date = params.get('date') ?? dayjs().add(1, 'day').format('YYYY-MM-DD');
  const input = { bsaId: bsaId ?? 0, date };
  const power = useQuery({
    queryKey: forecastKeys.of(bsaForecast.predictPower, input),
    queryFn: () => api(bsaForecast.predictPower, input),
    enabled: bsaId !== null,
  });
  const revenue = useQuery({
    queryKey: forecastKeys.of(bsaForecast.predictRevenue, input),
    queryFn: () => api(bsaForecast.predictRevenue, input, { quiet: true }),
    enabled: bsaId !== null,
  });
  const prices = useQuery({
    queryKey: forecastKeys.of(bsa.bsaDataPrices, input),
    queryFn: () => api(bsa.bsaDataPrices, input, { quiet: true }),
    enabled: bsaId !== null,
  });
  const labels = useMemo(
    () => ({
      load: t('bsaForecast.forecast.load'),
      pv: t('bsaForecast.forecast.pv'),
      battery: t('bsaForecast.forecast.battery'),
      price: `${t('bsaForecast.forecast.price')}${prices.data ? ` (${prices.data.currency}/kWh)` : ''}`,
    }),
    [t, prices.data],
  );
  const option = useMemo(
    () => (power.data ? forecastOption(power.data, revenue.data, prices.data?.steps, labels) : {}),
    [power.data, revenue.data, prices.data, labels],
  );
  const method = power.data?.method;
  const noHistory = !!power.data && power.data.steps.every((s) => s.loadKw === null);
  const r = revenue.data;

  return (
    <Flex vertical gap={16} data-testid="bsa-forecast">
      <Card title={<PageTitle>{t('bsaForecast.forecast.title')}</PageTitle>}>
        <Space wrap>
          <Select
            style={{ minWidth: 280 }}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('bsaForecast.pickStation')}
            loading={stations.isPending}
            options={(stations.data ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.code})` }))}
            value={bsaId ?? undefined}
            onChange={(v) => set({ bsa: String(v) })}
            data-testid="bsa-forecast-station"
          />
          <DatePicker
            allowClear={false}
            value={dayjs(date)}
            disabledDate={(d) => d.isAfter(dayjs().add(1, 'day'), 'day')}
            onChange={(d) => d && set({ date: d.format('YYYY-MM-DD') })}
            data-testid="bsa-forecast-date"
          />
        </Space>
      </Card>
      {bsaId === null ? (
        <Card>
          <Empty description={stations.isPending ? undefined : t('bsaForecast.noStations')} />
        </Card>
      ) : (
        <>
          <Card title={t('bsaForecast.forecast.chart', { date })} loading={power.isPending}>
            {noHistory && <Alert type="info" showIcon title={t('bsaForecast.forecast.noHistory')} style={{ marginBottom: 8 }} />}
            <ThemedChart
              option={option}
              empty={!power.data || noHistory}
              loading={power.isFetching}
              height={340}
              data-testid="bsa-forecast-chart"
            />
            {method && (
              <Flex vertical gap={4} data-testid="bsa-forecast-method">
                <Typography.Text type="secondary">
                  {t('bsaForecast.forecast.method', {
                    weight: method.weightRecent.toFixed(1),
                    rest: (1 - method.weightRecent).toFixed(1),
                    days: method.recentDays,
                    weeks: method.weekdayWeeks,
                    validation: method.validationDays,
                    history: method.historyDays,
                  })}
                </Typography.Text>
                <Typography.Text type="secondary">
                  {method.validationMaeKw === null
                    ? t('bsaForecast.forecast.noError')
                    : t('bsaForecast.forecast.error', {
                        mae: method.validationMaeKw.toFixed(1),
                        naive: method.naiveMaeKw?.toFixed(1) ?? '–',
                      })}
                </Typography.Text>
              </Flex>
            )}
          </Card>
          <Card title={t('bsaForecast.forecast.revenue')} loading={revenue.isPending} data-testid="bsa-forecast-revenue">
            {revenue.isError && (
              <Alert type="warning" showIcon title={t('bsaForecast.forecast.noRevenue')} description={revenue.error.message} />
            )}
            {r && (
              <Flex vertical gap={12}>
                <Descriptions size="small" column={1}>
                  <Descriptions.Item label={t('bsaForecast.forecast.strategy')}>
                    {`${r.strategy.name} (${t(`bsaForecast.forecast.sources.${r.strategy.source}`)})`}
                  </Descriptions.Item>
                </Descriptions>
                <Flex gap={32} wrap>
                  <Statistic title={t('bsaForecast.forecast.revenue')} value={`${money10k(r.revenue10k)} ${r.currency}`} />
                  <Statistic title={t('bsaForecast.forecast.charge')} value={kwh(r.chargeWh)} />
                  <Statistic title={t('bsaForecast.forecast.discharge')} value={kwh(r.dischargeWh)} />
                  <Statistic title={t('bsaForecast.forecast.chargeCost')} value={`${money10k(r.chargeCost10k)} ${r.currency}`} />
                  <Statistic
                    title={t('bsaForecast.forecast.dischargeRevenue')}
                    value={`${money10k(r.dischargeRevenue10k)} ${r.currency}`}
                  />
                </Flex>
              </Flex>
            )}
          </Card>
          {overview && (
            <Flex gap={16} wrap>
              <div style={{ flex: '1 1 420px' }}>
                <AlarmCountCard bsaId={bsaId} />
              </div>
              <div style={{ flex: '1 1 320px' }}>
                <WatchCard bsaId={bsaId} />
              </div>
            </Flex>
          )}
        </>
      )}
    </Flex>
  );
}
