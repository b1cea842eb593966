import { Card, Col, DatePicker, Empty, Flex, Row, Select, Space, Statistic, Tabs, Tooltip } from 'antd';
import { pv } from '@energy/contracts/refs';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../../shared/page-title';
import { dayIn } from '../../../shared/zoned-time';
import { usePvList } from '../queries';
import { EnergyCard, PerformanceCard, PowerCard } from './outline-charts';
import { AttentionList, DeviceTreeCard } from './outline-devices';
import { AlarmsPanel, IndicatorsCard, StringsTable } from './outline-lists';
import { energyText, useOutline, type OutlineSummary } from './outline-queries';
import './outline-texts';

const money = (v: number) => v.toLocaleString(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const fixed = (v: number | null, digits: number) => (v === null ? '—' : v.toFixed(digits));

/** The big figures of a station: power now, energy, equivalent hours, PR, CO2 avoided, income. */
function FigureCards({ s }: { s: OutlineSummary }) {
  const { t } = useTranslation();
  const f = (k: string) => t(`pvOutline.figures.${k}`);
  // a past day's figures stand as they were at its end: its energy is "of the day", not "today"
  const past = s.day !== dayIn(Date.now(), s.timeZone);
  const energy = (k: 'today' | 'month' | 'year' | 'total') => {
    const e = energyText(s.energyWh[k]);
    const title = k === 'today' && past ? t('pvOutline.figures.onDay', { day: s.day }) : f(k);
    return <Statistic title={title} value={e.value} suffix={e.unit} data-testid={`pv-outline-energy-${k}`} />;
  };
  const cards = [
    <Statistic key="power" title={f('power')} value={fixed(s.powerKw, 1)} suffix="kW" data-testid="pv-outline-power-now" />,
    energy('today'),
    energy('month'),
    energy('year'),
    energy('total'),
    <Statistic key="hours" title={f('hours')} value={s.equivalentHours.today.toFixed(2)} suffix="h" />,
    <Statistic
      key="pr"
      title={f('pr')}
      value={s.pr.today === null ? '—' : (s.pr.today * 100).toFixed(1)}
      suffix={s.pr.today === null ? '' : '%'}
    />,
    <Statistic
      key="prm"
      title={f('prMonth')}
      value={s.pr.month === null ? '—' : (s.pr.month * 100).toFixed(1)}
      suffix={s.pr.month === null ? '' : '%'}
    />,
    <Statistic key="irr" title={f('irradiation')} value={fixed(s.irradiationKwhM2.today, 2)} suffix="kWh/m²" />,
    <Tooltip key="co2" title={t('pvOutline.figures.co2Hint', { f: s.emissionFactorKgPerKwh })}>
      <Statistic
        title={f('co2')}
        value={(s.co2AvoidedKg.total / 1000).toLocaleString(undefined, { maximumFractionDigits: 2 })}
        suffix="t"
        data-testid="pv-outline-co2"
      />
    </Tooltip>,
    <Statistic key="it" title={f('incomeToday')} value={money(s.income.today)} suffix={s.income.currency ?? ''} />,
    <Tooltip
      key="im"
      title={s.income.unpricedWh > 0 ? t('pvOutline.figures.unpriced', { kwh: energyText(s.income.unpricedWh).value }) : undefined}
    >
      <Statistic
        title={f('incomeMonth')}
        value={money(s.income.month)}
        suffix={`${s.income.currency ?? ''}${s.income.unpricedWh > 0 ? ' *' : ''}`}
        data-testid="pv-outline-income-month"
      />
    </Tooltip>,
  ];
  return (
    <Row gutter={[12, 12]} data-testid="pv-outline-figures">
      {cards.map((c, i) => (
        <Col key={i} xs={12} md={8} xl={4}>
          <Card size="small" style={{ height: '100%' }}>
            {c}
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** PV › Monitoring › Station outline: one station's figures, charts, devices, strings, alarms and the staff's attention list. */
export default function OutlinePage() {
  const { t } = useTranslation();
  const stations = usePvList();
  const [params, setParams] = useSearchParams();
  const set = (patch: Record<string, string>) => setParams({ ...Object.fromEntries(params), ...patch }, { replace: true });
  const pvId = Number(params.get('pv')) || stations.data?.[0]?.id || null;
  const asked = params.get('day');
  const summary = useOutline(pv.pvOutlineSummary, pvId ? { pvId, ...(asked ? { day: asked } : {}) } : null);
  const s = summary.data?.pvId === pvId ? summary.data : undefined;
  const day = s?.day ?? asked ?? dayjs().format('YYYY-MM-DD');
  const zone = s?.timeZone ?? 'Asia/Shanghai';
  return (
    <Flex vertical gap={16} data-testid="pv-outline">
      <Card
        title={<PageTitle>{t('pvOutline.title')}</PageTitle>}
        extra={
          <Space wrap>
            <Select
              style={{ minWidth: 260 }}
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('pvOutline.pickStation')}
              loading={stations.isPending}
              value={pvId ?? undefined}
              options={(stations.data ?? []).map((x) => ({ value: x.id, label: `${x.name} (${x.code})` }))}
              onChange={(v) => set({ pv: String(v) })}
              data-testid="pv-outline-station"
            />
            <DatePicker
              allowClear
              value={asked ? dayjs(asked) : null}
              placeholder={day}
              disabledDate={(d) => d.isAfter(dayjs(), 'day')}
              onChange={(d) => set({ day: d ? d.format('YYYY-MM-DD') : '' })}
              data-testid="pv-outline-day"
            />
          </Space>
        }
      >
        {!pvId ? (
          <Empty description={stations.isPending ? undefined : t('pvOutline.noStation')} />
        ) : s ? (
          <FigureCards s={s} />
        ) : (
          <Card loading />
        )}
      </Card>
      {pvId && (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={16}>
            <Flex vertical gap={16}>
              <PowerCard pvId={pvId} day={day} />
              <EnergyCard pvId={pvId} day={day} />
              <PerformanceCard pvId={pvId} day={day} />
              <Card>
                <Tabs
                  items={[
                    { key: 'strings', label: t('pvOutline.strings.title'), children: <StringsTable pvId={pvId} timeZone={zone} /> },
                    { key: 'alarms', label: t('pvOutline.alarms.title'), children: <AlarmsPanel pvId={pvId} timeZone={zone} /> },
                    { key: 'attention', label: t('pvOutline.attention.title'), children: <AttentionList pvId={pvId} /> },
                  ]}
                />
              </Card>
            </Flex>
          </Col>
          <Col xs={24} xl={8}>
            <Flex vertical gap={16}>
              <IndicatorsCard pvId={pvId} />
              <DeviceTreeCard pvId={pvId} timeZone={zone} />
            </Flex>
          </Col>
        </Row>
      )}
    </Flex>
  );
}
