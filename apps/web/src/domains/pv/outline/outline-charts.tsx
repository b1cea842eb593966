import { useMemo, useState } from 'react';
import { Card, Segmented, Typography, theme as antdTheme } from 'antd';
import { pv } from '@energy/contracts/refs';
import { useTranslation } from 'react-i18next';
import { ThemedChart } from '../../../shared/chart/themed-chart';
import { formatInZone } from '../../../shared/zoned-time';
import { dayPowerOption } from '../charts/day-power-option';
import { buildEnergyOption } from './outline-chart-options';
import { useOutline, type OutlinePeriod } from './outline-queries';
import './outline-texts';

const PERIODS: readonly OutlinePeriod[] = ['day', 'month', 'year', 'total'];

/** A day's power curve (15 min averages) and irradiance. */
export function PowerCard({ pvId, day }: { pvId: number; day: string }) {
  const { t } = useTranslation();
  const { token } = antdTheme.useToken();
  const q = useOutline(pv.pvOutlinePower, { pvId, day });
  const d = q.data;
  const option = useMemo(
    () =>
      dayPowerOption(
        d?.points ?? [],
        (ts) => formatInZone(ts, d?.timeZone ?? 'UTC').slice(11, 16),
        { power: t('pvOutline.power.power'), irradiance: t('pvOutline.power.irradiance') },
        { power: token.colorPrimary, irradiance: token.colorWarning },
      ),
    [d, t, token],
  );
  return (
    <Card
      title={t('pvOutline.power.title')}
      extra={
        d?.peakKw != null && <Typography.Text type="secondary">{t('pvOutline.power.peak', { kw: d.peakKw.toFixed(1) })}</Typography.Text>
      }
    >
      <ThemedChart
        option={option}
        empty={!d || d.points.every((p) => p.powerKw === null)}
        loading={q.isFetching}
        height={280}
        data-testid="pv-outline-power"
      />
    </Card>
  );
}

/** Energy by hour, day, month or year, with the equivalent hours. */
export function EnergyCard({ pvId, day }: { pvId: number; day: string }) {
  const { t } = useTranslation();
  const { token } = antdTheme.useToken();
  const [period, setPeriod] = useState<OutlinePeriod>('month');
  const q = useOutline(pv.pvOutlineDataStatistics, { pvId, period, day });
  const d = q.data;
  const option = useMemo(
    () =>
      buildEnergyOption(
        (d?.points ?? []).map((p) => ({ label: p.label, energyWh: p.energyWh, line: p.equivalentHours })),
        { energy: t('pvOutline.energy.energy'), line: t('pvOutline.energy.hours') },
        { energy: token.colorPrimary, line: token.colorSuccess },
      ),
    [d, t, token],
  );
  return (
    <Card
      title={t('pvOutline.energy.title')}
      extra={
        <Segmented
          size="small"
          value={period}
          options={PERIODS.map((v) => ({ value: v, label: t(`pvOutline.energy.period.${v}`) }))}
          onChange={(v) => setPeriod(v as OutlinePeriod)}
          data-testid="pv-outline-energy-period"
        />
      }
    >
      <ThemedChart
        option={option}
        empty={!d || d.points.length === 0}
        loading={q.isFetching}
        height={280}
        data-testid="pv-outline-energy"
      />
    </Card>
  );
}

/** Each day of the month: energy and PR. */
export function PerformanceCard({ pvId, day }: { pvId: number; day: string }) {
  const { t } = useTranslation();
  const { token } = antdTheme.useToken();
  const q = useOutline(pv.pvOutlinePerformance, { pvId, month: day.slice(0, 7) });
  const d = q.data;
  const option = useMemo(
    () =>
      buildEnergyOption(
        (d?.days ?? []).map((x) => ({ label: x.day.slice(5), energyWh: x.energyWh, line: x.pr })),
        { energy: t('pvOutline.energy.energy'), line: t('pvOutline.performance.pr') },
        { energy: token.colorInfo, line: token.colorError },
      ),
    [d, t, token],
  );
  return (
    <Card title={t('pvOutline.performance.title')}>
      <ThemedChart
        option={option}
        empty={!d || d.days.length === 0}
        loading={q.isFetching}
        height={240}
        data-testid="pv-outline-performance"
      />
    </Card>
  );
}
