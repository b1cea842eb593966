import { useMemo } from 'react';
import { Alert, Card, DatePicker, Empty, Flex, Segmented, Space, Statistic, theme as antdTheme } from 'antd';
import type { TableColumnsType } from 'antd';
import { circuit } from '@energy/contracts/refs';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api } from '../../../shared/api/client';
import { Authorized } from '../../../shared/authorized';
import { ChartTableCards } from '../../../shared/chart/chart-table-cards';
import { ExportButton } from '../../../shared/excel/export-buttons';
import { PageTitle } from '../../../shared/page-title';
import { useTenantZone } from '../../../shared/time-zone';
import { dayStartIn } from '../../../shared/zoned-time';
import { bandColor } from '../band-colors';
import { buildCostChartOption } from '../cost-chart-option';
import { BAND_KINDS, circuitKeys, useCircuitTree, type BandKind, type CostList } from '../queries';
import { CircuitPicker } from '../components/circuit-picker';
import '../texts';

type Period = CostList['periods'][number];

const kwh = (wh: number) => (wh / 1000).toLocaleString(undefined, { minimumFractionDigits: 3, maximumFractionDigits: 3 });
/** Money on the page to the cent (computed in ten-thousandths; the export keeps them): docs/prices.md. */
const money = (v: number) => v.toLocaleString(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A month's (or a year's by month) energy and cost of a circuit per band, with its demand charge. */
export default function PeakValleyPage() {
  const { t } = useTranslation();
  const { token } = antdTheme.useToken();
  const zone = useTenantZone();
  const tree = useCircuitTree();
  const [params, setParams] = useSearchParams();
  const circuitId = Number(params.get('circuit')) || tree.data?.[0]?.id || null;
  const month = params.get('month') ?? dayjs().format('YYYY-MM');
  const resolution = params.get('by') === 'month' ? 'month' : 'day';
  const set = (patch: Record<string, string>) => setParams({ ...Object.fromEntries(params), ...patch }, { replace: true });

  // the tenant's local month (or the year of the month, by month)
  const range = useMemo(() => {
    const start = resolution === 'month' ? `${month.slice(0, 4)}-01-01` : `${month}-01`;
    const next =
      resolution === 'month' ? `${Number(month.slice(0, 4)) + 1}-01-01` : dayjs(`${month}-01`).add(1, 'month').format('YYYY-MM-DD');
    return { from: dayStartIn(start, zone), to: dayStartIn(next, zone) };
  }, [month, resolution, zone]);
  const input = circuitId ? { circuitId, ...range, timeResolution: resolution as 'day' | 'month' } : null;
  const cost = useQuery({
    queryKey: circuitKeys.cost(input ?? { circuitId: 0, from: 0, to: 0, timeResolution: 'day' }),
    queryFn: () => api(circuit.costListCall, input!),
    enabled: input !== null,
  });
  const data = cost.data;
  const currency = data?.currency ?? '';
  const kindLabels = Object.fromEntries(BAND_KINDS.map((k) => [k, t(`circuit.kinds.${k}`)])) as Record<BandKind, string>;
  const colors = Object.fromEntries(BAND_KINDS.map((k) => [k, bandColor(token, k)])) as Record<BandKind, string>;
  const option = useMemo(() => {
    const labels = Object.fromEntries(BAND_KINDS.map((k) => [k, t(`circuit.kinds.${k}`)])) as Record<BandKind, string>;
    const fills = Object.fromEntries(BAND_KINDS.map((k) => [k, bandColor(token, k)])) as Record<BandKind, string>;
    return buildCostChartOption(data ?? { periods: [] }, BAND_KINDS, { kind: labels, cost: data?.currency ?? '', energy: 'kWh' }, fills);
  }, [data, token, t]);

  const columns: TableColumnsType<Period> = [
    { title: t('circuit.cost.period'), dataIndex: 'label', fixed: 'left', width: 110 },
    { title: t('circuit.cost.energy'), key: 'wh', align: 'right', render: (_, r) => kwh(r.wh) },
    { title: t('circuit.cost.cost', { currency }), key: 'cost', align: 'right', render: (_, r) => money(r.cost) },
    ...BAND_KINDS.map((k) => ({
      title: kindLabels[k],
      key: k,
      children: [
        { title: 'kWh', key: `${k}-wh`, align: 'right' as const, render: (_: unknown, r: Period) => kwh(r.bands[k].wh) },
        { title: currency, key: `${k}-cost`, align: 'right' as const, render: (_: unknown, r: Period) => money(r.bands[k].cost) },
      ],
    })),
  ];

  return (
    <Flex vertical gap={16} data-testid="peak-valley">
      <Card
        title={<PageTitle>{t('circuit.cost.title')}</PageTitle>}
        extra={
          input && (
            <Authorized code="b-circuit-peak-valley-export">
              <ExportButton exportRef={circuit.costExport} filter={input} name="circuit-cost" testId="cost-export" />
            </Authorized>
          )
        }
      >
        <Space wrap>
          <CircuitPicker
            value={circuitId}
            onChange={(v) => set({ circuit: String(v) })}
            placeholder={t('circuit.cost.circuit')}
            testId="cost-circuit"
          />
          <DatePicker
            picker={resolution === 'month' ? 'year' : 'month'}
            allowClear={false}
            value={dayjs(`${month}-01`)}
            onChange={(d) => d && set({ month: d.format('YYYY-MM') })}
            data-testid="cost-month"
          />
          <Segmented
            value={resolution}
            options={[
              { value: 'day', label: t('circuit.cost.day') },
              { value: 'month', label: t('circuit.cost.monthly') },
            ]}
            onChange={(v) => set({ by: String(v) })}
          />
        </Space>
      </Card>
      {!circuitId ? (
        <Card>
          <Empty description={t('circuit.cost.pick')} />
        </Card>
      ) : (
        <>
          {data && data.currency === null && <Alert type="info" showIcon message={t('circuit.cost.noAccount')} />}
          {data && data.total.unpricedWh > 0 && (
            <Alert type="warning" showIcon message={`${t('circuit.cost.unpriced')}: ${kwh(data.total.unpricedWh)} kWh`} />
          )}
          <Card loading={cost.isPending}>
            <Flex gap={32} wrap data-testid="cost-totals">
              <Statistic title={t('circuit.cost.energy')} value={kwh(data?.total.wh ?? 0)} />
              <Statistic title={t('circuit.cost.energyCost')} value={money(data?.total.cost ?? 0)} suffix={currency} />
              <Statistic title={t('circuit.cost.demandCharge')} value={money(data?.total.demandCharge ?? 0)} suffix={currency} />
              <Statistic title={t('circuit.cost.total')} value={money(data?.total.total ?? 0)} suffix={currency} />
              {BAND_KINDS.map((k) => (
                <Statistic
                  key={k}
                  title={<span style={{ color: colors[k] }}>{kindLabels[k]}</span>}
                  value={money(data?.total.bands[k].cost ?? 0)}
                  suffix={`${currency} · ${kwh(data?.total.bands[k].wh ?? 0)} kWh`}
                  data-testid={`cost-band-${k}`}
                />
              ))}
            </Flex>
          </Card>
          <ChartTableCards<Period>
            option={option}
            empty={!data || data.periods.length === 0}
            fetching={cost.isFetching}
            pending={cost.isPending}
            chartTestId="cost-chart"
            rowKey="label"
            bordered
            scroll={{ x: 'max-content' }}
            columns={columns}
            dataSource={data?.periods ?? []}
            pagination={false}
            data-testid="cost-table"
          >
            {data && data.months.length > 0 && (
              <Flex gap={24} wrap style={{ marginTop: 16 }}>
                {data.months.map((m) => (
                  <Statistic
                    key={m.month}
                    title={`${m.month} · ${t('circuit.cost.maxDemand')} ${(m.maxDemandW / 1000).toFixed(3)} kW`}
                    value={money(m.demandCharge)}
                    suffix={currency}
                  />
                ))}
              </Flex>
            )}
          </ChartTableCards>
        </>
      )}
    </Flex>
  );
}
