import { useMemo } from 'react';
import { Alert, Card, Checkbox, DatePicker, Empty, Flex, Segmented, Select, Space, Statistic, theme as antdTheme } from 'antd';
import type { TableColumnsType } from 'antd';
import { pv } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api } from '../../../shared/api/client';
import { Authorized } from '../../../shared/authorized';
import { ChartTableCards } from '../../../shared/chart/chart-table-cards';
import { ExportButton } from '../../../shared/excel/export-buttons';
import { PageTitle } from '../../../shared/page-title';
import { pvKeys, usePvList } from '../queries';
import { buildReportChartOption } from '../report/report-chart-option';
import '../data-texts';

type Answer = RefOutput<typeof pv.reportList>;
type Period = Answer['periods'][number];
type Resolution = Answer['resolution'];
type Kind = keyof NonNullable<Period['bands']>;
const KINDS: readonly Kind[] = ['sharp', 'peak', 'flat', 'valley', 'deepValley'];

const kwh = (wh: number) => (wh / 1000).toLocaleString(undefined, { minimumFractionDigits: 3, maximumFractionDigits: 3 });
/** Money on the page to the cent (computed in ten-thousandths; the export keeps them): docs/pv.md. */
const money = (v: number | undefined) => (v ?? 0).toLocaleString(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The range of a report: a month by day, a year by month, or years by year (the station's local days). */
function rangeOf(resolution: Resolution, at: string, until: string) {
  if (resolution === 'day')
    return {
      from: `${at.slice(0, 7)}-01`,
      to: dayjs(`${at.slice(0, 7)}-01`)
        .endOf('month')
        .format('YYYY-MM-DD'),
    };
  if (resolution === 'month') return { from: `${at.slice(0, 4)}-01-01`, to: `${at.slice(0, 4)}-12-31` };
  return { from: `${at.slice(0, 4)}-01-01`, to: `${until.slice(0, 4)}-12-31` };
}

/** A PV station's daily, monthly or yearly report: energy, equivalent hours, income and time-of-use bands. */
export default function ReportPage() {
  const { t } = useTranslation();
  const { token } = antdTheme.useToken();
  const stations = usePvList();
  const [params, setParams] = useSearchParams();
  const set = (patch: Record<string, string>) => setParams({ ...Object.fromEntries(params), ...patch }, { replace: true });
  const pvId = Number(params.get('pv')) || stations.data?.[0]?.id || null;
  const resolution = (['day', 'month', 'year'].includes(params.get('by') ?? '') ? params.get('by') : 'day') as Resolution;
  const at = params.get('at') ?? dayjs().format('YYYY-MM-DD');
  const until = params.get('until') ?? at;
  const showIncome = params.get('income') === '1';
  const showTimePeriod = params.get('bands') === '1';
  const range = rangeOf(resolution, at, until);
  const input = pvId ? { pvId, resolution, ...range, showIncome, showTimePeriod } : null;
  const report = useQuery({
    queryKey: pvKeys.of(pv.reportList, input ?? undefined),
    queryFn: () => api(pv.reportList, input!),
    enabled: input !== null,
  });
  const data = report.data;
  const currency = data?.currency ?? '';
  const p = (k: string, o?: Record<string, unknown>) => t(`pvData.report.${k}`, o);
  const option = useMemo(
    () =>
      buildReportChartOption(
        data ?? { periods: [] },
        {
          self: t('pvData.report.self'),
          onGrid: t('pvData.report.onGrid'),
          line: showIncome ? t('pvData.report.income', { currency: data?.currency ?? '' }) : t('pvData.report.hours'),
          energy: 'kWh',
        },
        { self: token.colorPrimary, onGrid: token.colorSuccess, line: token.colorWarning },
        showIncome,
      ),
    [data, token, t, showIncome],
  );

  const columns: TableColumnsType<Period> = [
    { title: p('period'), dataIndex: 'label', fixed: 'left', width: 110 },
    { title: p('generation'), key: 'g', align: 'right', render: (_, r) => kwh(r.generationWh) },
    { title: p('onGrid'), key: 'o', align: 'right', render: (_, r) => kwh(r.onGridWh) },
    { title: p('self'), key: 's', align: 'right', render: (_, r) => kwh(r.selfWh) },
    { title: p('hours'), dataIndex: 'equivalentHours', align: 'right', render: (v: number) => v.toFixed(2) },
    ...(showIncome
      ? [
          {
            title: p('selfIncome', { currency }),
            key: 'si',
            align: 'right' as const,
            render: (_: unknown, r: Period) => money(r.income?.selfConsumption),
          },
          {
            title: p('feedIn', { currency }),
            key: 'fi',
            align: 'right' as const,
            render: (_: unknown, r: Period) => money(r.income?.feedIn),
          },
          {
            title: p('subsidy', { currency }),
            key: 'su',
            align: 'right' as const,
            render: (_: unknown, r: Period) => money(r.income?.subsidy),
          },
          {
            title: p('income', { currency }),
            key: 'in',
            align: 'right' as const,
            render: (_: unknown, r: Period) => money(r.income?.total),
          },
        ]
      : []),
    ...(showTimePeriod
      ? KINDS.map((k) => ({
          title: p(`kinds.${k}`),
          key: k,
          children: [
            {
              title: p('generation'),
              key: `${k}-g`,
              align: 'right' as const,
              render: (_: unknown, r: Period) => kwh(r.bands?.[k].generationWh ?? 0),
            },
            { title: p('self'), key: `${k}-s`, align: 'right' as const, render: (_: unknown, r: Period) => kwh(r.bands?.[k].selfWh ?? 0) },
          ],
        }))
      : []),
  ];

  return (
    <Flex vertical gap={16} data-testid="pv-report">
      <Card
        title={<PageTitle>{p('title')}</PageTitle>}
        extra={
          input && (
            <Authorized code="b-pv-report-export">
              <ExportButton exportRef={pv.reportExcel} filter={input} name="pv-report" testId="report-export" />
            </Authorized>
          )
        }
      >
        <Space wrap>
          <Select
            style={{ minWidth: 260 }}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('pvData.pickStation')}
            loading={stations.isPending}
            value={pvId ?? undefined}
            options={(stations.data ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.code})` }))}
            onChange={(v) => set({ pv: String(v) })}
            data-testid="report-station"
          />
          <Segmented
            value={resolution}
            options={(['day', 'month', 'year'] as const).map((v) => ({ value: v, label: p(`resolution.${v}`) }))}
            onChange={(v) => set({ by: String(v) })}
            data-testid="report-resolution"
          />
          {resolution === 'year' ? (
            <DatePicker.RangePicker
              picker="year"
              allowClear={false}
              value={[dayjs(at), dayjs(until)]}
              onChange={(v) => v?.[0] && v[1] && set({ at: v[0].format('YYYY-01-01'), until: v[1].format('YYYY-12-31') })}
            />
          ) : (
            <DatePicker
              picker={resolution === 'day' ? 'month' : 'year'}
              allowClear={false}
              value={dayjs(at)}
              onChange={(d) => d && set({ at: d.format('YYYY-MM-DD') })}
              data-testid="report-at"
            />
          )}
          <Checkbox checked={showIncome} onChange={(e) => set({ income: e.target.checked ? '1' : '0' })} data-testid="report-income">
            {p('showIncome')}
          </Checkbox>
          <Checkbox checked={showTimePeriod} onChange={(e) => set({ bands: e.target.checked ? '1' : '0' })} data-testid="report-bands">
            {p('showTimePeriod')}
          </Checkbox>
        </Space>
      </Card>
      {!pvId ? (
        <Card>
          <Empty description={stations.isPending ? undefined : t('pvData.noStation')} />
        </Card>
      ) : (
        <>
          {data?.total.income && data.total.income.unpricedWh > 0 && (
            <Alert type="warning" showIcon message={`${p('unpriced')}: ${kwh(data.total.income.unpricedWh)} kWh`} />
          )}
          <Card loading={report.isPending}>
            <Flex gap={32} wrap data-testid="report-totals">
              <Statistic title={p('generation')} value={kwh(data?.total.generationWh ?? 0)} />
              <Statistic title={p('onGrid')} value={kwh(data?.total.onGridWh ?? 0)} />
              <Statistic title={p('self')} value={kwh(data?.total.selfWh ?? 0)} />
              <Statistic
                title={p('hours')}
                value={(data?.total.equivalentHours ?? 0).toFixed(2)}
                suffix={data ? p('capacity', { kwp: data.capacityKwp.toLocaleString() }) : undefined}
              />
              {showIncome && <Statistic title={p('income', { currency })} value={money(data?.total.income?.total)} />}
            </Flex>
          </Card>
          <ChartTableCards<Period>
            option={option}
            empty={!data || data.periods.length === 0}
            fetching={report.isFetching}
            pending={report.isPending}
            chartTestId="report-chart"
            rowKey="label"
            bordered
            scroll={{ x: 'max-content' }}
            columns={columns}
            dataSource={data?.periods ?? []}
            pagination={false}
            data-testid="report-table"
          />
        </>
      )}
    </Flex>
  );
}
