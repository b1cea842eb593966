import { useMemo } from 'react';
import { Alert, Card, DatePicker, Empty, Flex, Segmented, Select, Space, Statistic, Table, theme as antdTheme } from 'antd';
import type { TableColumnsType } from 'antd';
import { lineLoss } from '@energy/contracts/refs';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../../shared/authorized';
import { ThemedChart } from '../../../shared/chart/themed-chart';
import { ExportButton } from '../../../shared/excel/export-buttons';
import { useTenantZone } from '../../../shared/time-zone';
import { dayStartIn } from '../../../shared/zoned-time';
import { buildLossChartOption } from '../chart-option';
import { kwh, ratePercent } from '../format';
import { useConfigs, useLossData, type LossPeriod } from '../queries';
import '../texts';

export interface FiguresView {
  configId: number | null;
  /** YYYY-MM: the month by day, or (by month) the year of this month. */
  month: string;
  by: 'day' | 'month';
}

/**
 * The loss of a configuration per local day of a month or per month of a year: totals, a chart of input,
 * outputs, loss and rate, the table, and the export of exactly that (the server's export call).
 */
export function LossFigures({ view, onChange }: { view: FiguresView; onChange: (patch: Partial<FiguresView>) => void }) {
  const { t } = useTranslation();
  const { token } = antdTheme.useToken();
  const zone = useTenantZone();
  const configs = useConfigs();
  // the asked configuration while it is there (a deleted one, or one of another tenant's link, falls back to the first)
  const list = configs.data ?? [];
  const configId = list.some((c) => c.id === view.configId) ? view.configId : (list[0]?.id ?? null);
  const { month, by } = view;
  const range = useMemo(() => {
    const start = by === 'month' ? `${month.slice(0, 4)}-01-01` : `${month}-01`;
    const next = by === 'month' ? `${Number(month.slice(0, 4)) + 1}-01-01` : dayjs(`${month}-01`).add(1, 'month').format('YYYY-MM-DD');
    return { from: dayStartIn(start, zone), to: dayStartIn(next, zone) };
  }, [month, by, zone]);
  const data = useLossData(configId ? { configId, ...range, timeLevel: by } : null);
  const answer = data.data;
  const none = t('lineLoss.noInput');
  const option = useMemo(
    () =>
      buildLossChartOption(
        answer ?? { periods: [] },
        { input: t('lineLoss.inputEnergy'), output: t('lineLoss.outputEnergy'), loss: t('lineLoss.loss'), rate: t('lineLoss.ratePercent') },
        { input: token.colorPrimary, output: token.colorSuccess, loss: token.colorWarning, rate: token.colorError },
      ),
    [answer, token, t],
  );
  const columns: TableColumnsType<LossPeriod> = [
    { title: t('lineLoss.period'), dataIndex: 'label', width: 120 },
    { title: t('lineLoss.inputEnergy'), key: 'input', align: 'right', render: (_, r) => kwh(r.inputWh) },
    { title: t('lineLoss.outputEnergy'), key: 'output', align: 'right', render: (_, r) => kwh(r.outputWh) },
    { title: t('lineLoss.loss'), key: 'loss', align: 'right', render: (_, r) => kwh(r.lossWh) },
    { title: t('lineLoss.rate'), key: 'rate', align: 'right', render: (_, r) => ratePercent(r.rate, none) },
  ];
  const exportFilter = configId ? { configId, exportDate: by === 'month' ? month.slice(0, 4) : month, timeLevel: by } : null;

  return (
    <Card
      title={t('lineLoss.figures')}
      data-testid="line-loss-figures"
      extra={
        exportFilter && (
          <Authorized code="b-circuit-line-loss-export">
            <ExportButton exportRef={lineLoss.lineLossExport} filter={exportFilter} name="line-loss" testId="line-loss-export" />
          </Authorized>
        )
      }
    >
      <Flex vertical gap={16}>
        <Space wrap>
          <Select
            style={{ minWidth: 280 }}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('lineLoss.config')}
            loading={configs.isPending}
            options={(configs.data ?? []).map((c) => ({ value: c.id, label: `${c.name} · ${c.ouName}` }))}
            value={configId ?? undefined}
            onChange={(v) => onChange({ configId: v })}
            data-testid="line-loss-config"
          />
          <DatePicker
            picker={by === 'month' ? 'year' : 'month'}
            allowClear={false}
            value={dayjs(`${month}-01`)}
            onChange={(d) => d && onChange({ month: d.format('YYYY-MM') })}
            data-testid="line-loss-month"
          />
          <Segmented
            value={by}
            options={[
              { value: 'day', label: t('lineLoss.day') },
              { value: 'month', label: t('lineLoss.month') },
            ]}
            onChange={(v) => onChange({ by: v as FiguresView['by'] })}
            data-testid="line-loss-by"
          />
        </Space>
        {!configId ? (
          <Empty description={t('lineLoss.pick')} />
        ) : (
          <>
            {answer && answer.total.lossWh < 0 && <Alert type="warning" showIcon message={t('lineLoss.negative')} />}
            <Flex gap={32} wrap data-testid="line-loss-totals">
              <Statistic title={t('lineLoss.inputEnergy')} value={kwh(answer?.total.inputWh ?? 0)} loading={data.isPending} />
              <Statistic title={t('lineLoss.outputEnergy')} value={kwh(answer?.total.outputWh ?? 0)} loading={data.isPending} />
              <Statistic title={t('lineLoss.loss')} value={kwh(answer?.total.lossWh ?? 0)} loading={data.isPending} />
              <Statistic title={t('lineLoss.rate')} value={ratePercent(answer?.total.rate ?? null, none)} loading={data.isPending} />
            </Flex>
            <ThemedChart
              option={option}
              empty={!answer || answer.periods.length === 0}
              loading={data.isFetching}
              height={340}
              data-testid="line-loss-chart"
            />
            <Table<LossPeriod>
              rowKey="label"
              size="small"
              bordered
              loading={data.isPending}
              columns={columns}
              dataSource={answer?.periods ?? []}
              pagination={false}
              data-testid="line-loss-table"
              summary={() =>
                answer && (
                  <Table.Summary.Row data-testid="line-loss-total-row">
                    <Table.Summary.Cell index={0}>{t('lineLoss.total')}</Table.Summary.Cell>
                    <Table.Summary.Cell index={1} align="right">
                      {kwh(answer.total.inputWh)}
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={2} align="right">
                      {kwh(answer.total.outputWh)}
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={3} align="right">
                      {kwh(answer.total.lossWh)}
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={4} align="right">
                      {ratePercent(answer.total.rate, none)}
                    </Table.Summary.Cell>
                  </Table.Summary.Row>
                )
              }
            />
          </>
        )}
      </Flex>
    </Card>
  );
}
