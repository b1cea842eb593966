import { useMemo, useState } from 'react';
import { Alert, Button, Card, Col, DatePicker, Flex, Row, Statistic, Typography } from 'antd';
import { ExperimentOutlined } from '@ant-design/icons';
import { strategy } from '@energy/contracts/refs';
import { formToWire, type StrategyForm } from '@energy/contracts/strategy-rules';
import { useMutation } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { ThemedChart } from '../../../shared/chart/themed-chart';
import { buildBacktestChartOption } from '../backtest-chart-option';
import type { BacktestAnswer } from '../queries';

/** A money amount with its currency (ISO 4217) in the UI language. */
function formatMoney(value: number, currency: string, language: string) {
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency, maximumFractionDigits: 2 }).format(value);
  } catch {
    return `${value.toFixed(2)} ${currency}`;
  }
}

/**
 * The backtest preview: runs the form as it is (unsaved) on a chosen past day of the station's own load
 * and prices (`energy-storage-strategy/backtest`), then shows grid power before and after, battery power
 * and SOC in one themed chart, and the figures. ECharts loads with the chart (ThemedChart's lazy chunk).
 */
export function BacktestPanel({ form, valid, bsaId }: { form: StrategyForm; valid: boolean; bsaId: number | null }) {
  const { t, i18n } = useTranslation();
  const [day, setDay] = useState<Dayjs>(() => dayjs().subtract(1, 'day'));
  const run = useMutation({
    mutationFn: () => api(strategy.strategyBacktest, { bsaId: bsaId!, date: day.format('YYYY-MM-DD'), strategy: formToWire(form) }),
  });
  const answer: BacktestAnswer | undefined = run.data;
  const option = useMemo(
    () =>
      answer
        ? buildBacktestChartOption(answer, {
            gridBefore: t('strategy.backtest.gridBefore'),
            gridAfter: t('strategy.backtest.gridAfter'),
            battery: t('strategy.backtest.battery'),
            soc: t('strategy.backtest.soc'),
            power: t('strategy.backtest.power'),
          })
        : {},
    [answer, t],
  );
  const money = (v: number) => formatMoney(v, answer?.currency ?? 'CNY', i18n.language);
  const kw = (v: number) => `${v.toFixed(1)} kW`;
  const kwh = (v: number) => `${v.toFixed(1)} kWh`;

  return (
    <Card size="small" title={t('strategy.backtest.title')} data-testid="backtest-panel" style={{ marginTop: 16 }}>
      {bsaId === null ? (
        <Typography.Text type="secondary">{t('strategy.backtest.noStation')}</Typography.Text>
      ) : (
        <>
          <Typography.Paragraph type="secondary">{t('strategy.backtest.hint')}</Typography.Paragraph>
          <Flex gap={8} align="center" wrap style={{ marginBottom: 12 }}>
            <span>{t('strategy.backtest.date')}</span>
            <DatePicker
              value={day}
              allowClear={false}
              disabledDate={(d) => !d.isBefore(dayjs(), 'day')}
              onChange={(d) => d && setDay(d)}
              data-testid="backtest-date"
            />
            <Button
              type="primary"
              icon={<ExperimentOutlined />}
              disabled={!valid}
              loading={run.isPending}
              onClick={() => run.mutate()}
              data-testid="backtest-run"
            >
              {t('strategy.backtest.run')}
            </Button>
            {!valid && <Typography.Text type="secondary">{t('strategy.backtest.needValid')}</Typography.Text>}
          </Flex>
          {answer && (
            <div data-testid="backtest-result" data-date={answer.date}>
              {answer.points.length === 0 && (
                <Alert type="info" showIcon title={t('strategy.backtest.noData')} style={{ marginBottom: 12 }} />
              )}
              <Row gutter={[16, 8]} style={{ marginBottom: 12 }}>
                {(
                  [
                    ['peak-before', 'peakBefore', kw(answer.figures.peakDemandBeforeKw)],
                    ['peak-after', 'peakAfter', kw(answer.figures.peakDemandAfterKw)],
                    ['charged', 'charged', kwh(answer.figures.chargedKwh)],
                    ['discharged', 'discharged', kwh(answer.figures.dischargedKwh)],
                    ['cost-before', 'costBefore', money(answer.figures.costBefore)],
                    ['cost-after', 'costAfter', money(answer.figures.costAfter)],
                    ['saving', 'saving', money(answer.figures.saving)],
                  ] as const
                ).map(([id, label, value]) => (
                  <Col key={id} xs={12} md={6} xl={3}>
                    <Statistic title={t(`strategy.backtest.${label}`)} value={value} data-testid={`backtest-${id}`} />
                  </Col>
                ))}
              </Row>
              <ThemedChart option={option} empty={answer.points.length === 0} height={320} data-testid="backtest-chart" />
            </div>
          )}
        </>
      )}
    </Card>
  );
}
