import { useMemo, useState, type ReactNode } from 'react';
import { Card, Col, Empty, Flex, List, Row, Select, Space, Statistic, Tag, Typography, theme as antdTheme } from 'antd';
import { pv } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';
import type { EndpointRef, RefInput } from '@energy/contracts/refs-types';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { dayPowerOption } from '../charts/day-power-option';
import { ThemedChart } from '../../../shared/chart/themed-chart';
import { formatInZone } from '../../../shared/zoned-time';
import { pvKeys } from '../queries';
import { alarmWeekOption, dispersionBarsOption, dispersionCurveOption, moduleCurveOption, stringHeatmapOption } from './board-charts';

type Info = RefOutput<typeof pv.noticeboardInfo>;
type DeviceInfo = RefOutput<typeof pv.noticeboardDeviceInfo>;

/** Figures and alarms refresh every minute, curves every five: a wall display's whole day stays a bounded set of queries. */
const FIGURES_MS = 60_000;
const CURVES_MS = 300_000;

/** One panel's call, polled. */
function usePanel<R extends EndpointRef>(ref: R, input: RefInput<R>, every: number, enabled = true) {
  return useQuery({
    queryKey: pvKeys.of(ref, input),
    queryFn: () => api(ref, input),
    refetchInterval: every,
    refetchIntervalInBackground: true,
    enabled,
  });
}

const mwh = (wh: number) => wh / 1_000_000;
const kwh = (wh: number) => wh / 1000;

/** A big figure, legible across a room. */
function Figure({
  title,
  value,
  precision,
  suffix,
  testId,
}: {
  title: string;
  value: number | null | undefined;
  precision: number;
  suffix?: string;
  testId: string;
}) {
  return (
    <Statistic
      data-testid={testId}
      title={<span style={{ fontSize: 16 }}>{title}</span>}
      // rounded here: antd's Statistic cuts the digits past its precision off
      value={value == null ? '—' : Math.round(value * 10 ** precision) / 10 ** precision}
      precision={value == null ? undefined : precision}
      suffix={value == null ? undefined : suffix}
      valueStyle={{ fontSize: 34, fontWeight: 600 }}
    />
  );
}

function Panel({ title, extra, children, testId }: { title: ReactNode; extra?: ReactNode; children: ReactNode; testId: string }) {
  return (
    <Card title={<span style={{ fontSize: 18 }}>{title}</span>} extra={extra} data-testid={testId} style={{ height: '100%' }}>
      {children}
    </Card>
  );
}

/** The board of one station. */
export function BoardBody({ pvId, day }: { pvId: number; day?: string }) {
  const { t } = useTranslation();
  const { token } = antdTheme.useToken();
  const info = usePanel(pv.noticeboardInfo, { pvId }, FIGURES_MS);
  const indicator = usePanel(pv.noticeboardIndicator, { pvId, day }, FIGURES_MS);
  const weather = usePanel(pv.noticeboardModuleData, { pvId, day }, FIGURES_MS);
  const dispersion = usePanel(pv.noticeboardDispersionDevices, { pvId, day }, CURVES_MS);
  const devices = usePanel(pv.noticeboardDeviceInfo, { pvId }, FIGURES_MS);
  const week = usePanel(pv.noticeboardAlarmWeek, { pvId }, FIGURES_MS);
  const counts = usePanel(pv.noticeboardAlarmCount, { pvId }, FIGURES_MS);
  const alarms = usePanel(pv.noticeboardAlarmPage, { pvId, pageSize: 8, pageOffset: 1, activeOnly: true }, FIGURES_MS);
  const [picked, setPicked] = useState<number | null>(null);
  const zone = info.data?.timeZone ?? 'UTC';
  const ranked = dispersion.data?.devices ?? [];
  // the heat map shows the picked inverter, else the one with the widest spread
  const worst = [...ranked].filter((d) => d.strings > 0).sort((a, b) => (b.rate ?? -1) - (a.rate ?? -1))[0];
  const inverterId = picked ?? worst?.inverterId;
  const strings = usePanel(pv.noticeboardStringCurve, { pvId, day, inverterId }, CURVES_MS, inverterId != null);
  const curve = usePanel(pv.noticeboardDispersionCurve, { pvId, day, inverterId }, CURVES_MS, inverterId != null);
  const picked$ = ranked.find((d) => d.inverterId === inverterId);
  const classColor = (name: string | null) =>
    name === 'good'
      ? token.colorSuccess
      : name === 'fair'
        ? token.colorInfo
        : name === 'poor'
          ? token.colorWarning
          : name
            ? token.colorError
            : token.colorTextQuaternary;
  const levelColors = [token.colorError, token.colorWarning, token.colorInfo, token.colorSuccess, token.colorTextTertiary];
  const levels = t('pvBoard.levels', { returnObjects: true }) as string[];

  const powerOption = useMemo(
    () =>
      dayPowerOption(
        (info.data?.curve ?? []).map((p) => ({ ts: p.ts, powerKw: p.powerKw, irradianceWm2: p.irradiance })),
        (ts) => formatInZone(ts, zone).slice(11, 16),
        { power: t('pvBoard.power'), irradiance: t('pvBoard.irradiance') },
        { power: token.colorPrimary, irradiance: token.colorWarning },
        14,
      ),
    [info.data, zone, t, token],
  );
  const moduleOption = useMemo(
    () =>
      moduleCurveOption(
        weather.data?.curve ?? [],
        zone,
        { irradiance: t('pvBoard.irradiance'), tempModule: t('pvBoard.tempModule') },
        { irradiance: token.colorWarning, tempModule: token.colorError },
      ),
    [weather.data, zone, t, token],
  );
  const heatOption = useMemo(
    () =>
      stringHeatmapOption(
        strings.data?.strings ?? [],
        zone,
        [token.colorBgContainer, token.colorPrimary, token.colorWarning],
        t('pvBoard.stringsUnit'),
      ),
    [strings.data, zone, t, token],
  );
  // the bars show the inverters with a rate (those with monitored strings and a qualifying bucket)
  const rated = useMemo(() => ranked.filter((d) => d.rate != null), [ranked]);
  const barsOption = useMemo(() => dispersionBarsOption(rated, classColor, t('pvBoard.dispersion')), [rated, t, token]);
  const curveOption = useMemo(
    () => dispersionCurveOption(curve.data?.points ?? [], zone, t('pvBoard.dispersion'), token.colorPrimary),
    [curve.data, zone, t, token],
  );
  const weekOption = useMemo(() => alarmWeekOption(week.data?.days ?? [], levels, levelColors), [week.data, levels.join(), token]);

  const d = info.data;
  const updated = Math.max(info.dataUpdatedAt, indicator.dataUpdatedAt);
  return (
    <Flex vertical gap={16}>
      <StationHeader info={d} updated={updated} zone={zone} />
      <Row gutter={[16, 16]} data-testid="board-figures">
        <Col xs={12} md={8} xl={4}>
          <Figure testId="fig-power" title={t('pvBoard.figures.power')} value={d?.powerKw} precision={1} suffix="kW" />
        </Col>
        <Col xs={12} md={8} xl={4}>
          <Figure testId="fig-today" title={t('pvBoard.figures.today')} value={d ? kwh(d.todayWh) : null} precision={1} suffix="kWh" />
        </Col>
        <Col xs={12} md={8} xl={4}>
          <Figure testId="fig-month" title={t('pvBoard.figures.month')} value={d ? mwh(d.monthWh) : null} precision={2} suffix="MWh" />
        </Col>
        <Col xs={12} md={8} xl={4}>
          <Figure testId="fig-total" title={t('pvBoard.figures.total')} value={d ? mwh(d.totalWh) : null} precision={1} suffix="MWh" />
        </Col>
        <Col xs={12} md={8} xl={4}>
          <Figure
            testId="fig-pr"
            title={t('pvBoard.figures.pr')}
            value={indicator.data?.pr == null ? null : indicator.data.pr * 100}
            precision={1}
            suffix="%"
          />
        </Col>
        <Col xs={12} md={8} xl={4}>
          <Figure testId="fig-hours" title={t('pvBoard.figures.hours')} value={indicator.data?.equivalentHours} precision={2} suffix="h" />
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Panel testId="board-power" title={t('pvBoard.power')}>
            <ThemedChart option={powerOption} empty={!d?.curve.length} loading={info.isFetching && !d} height={300} />
          </Panel>
        </Col>
        <Col xs={24} xl={8}>
          <WeatherPanel weather={weather.data} option={moduleOption} />
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Panel
            testId="board-strings"
            title={t('pvBoard.strings')}
            extra={
              <Select
                size="small"
                style={{ minWidth: 160 }}
                value={inverterId}
                aria-label={t('pvBoard.inverter')}
                options={ranked.filter((r) => r.strings > 0).map((r) => ({ value: r.inverterId, label: `${r.code} ${r.name}` }))}
                onChange={(v: number) => setPicked(v)}
              />
            }
          >
            {strings.data && !strings.data.strings.length ? (
              <Empty description={t('pvBoard.noStrings')} />
            ) : (
              <ThemedChart
                option={heatOption}
                empty={!strings.data}
                height={Math.max(260, 28 * (strings.data?.strings.length ?? 0) + 100)}
              />
            )}
          </Panel>
        </Col>
        <Col xs={24} xl={10}>
          <Panel testId="board-dispersion" title={t('pvBoard.dispersion')}>
            <ThemedChart option={barsOption} empty={!rated.length} height={180} />
            {picked$ && (
              <Space wrap style={{ margin: '8px 0' }} data-testid="board-faults">
                <Typography.Text strong>{picked$.code}</Typography.Text>
                {picked$.deadStrings.length > 0 && <Tag color="error">{t('pvBoard.dead', { codes: picked$.deadStrings.join(', ') })}</Tag>}
                {picked$.weakStrings.length > 0 && (
                  <Tag color="warning">{t('pvBoard.weak', { codes: picked$.weakStrings.join(', ') })}</Tag>
                )}
              </Space>
            )}
            <ThemedChart option={curveOption} empty={!curve.data?.points.some((p) => p.rate != null)} height={160} />
          </Panel>
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <DevicesPanel counts={devices.data} />
        </Col>
        <Col xs={24} lg={8}>
          <Panel
            testId="board-alarm-week"
            title={t('pvBoard.alarmWeek')}
            extra={
              counts.data && (
                <Tag color={counts.data.active ? 'error' : 'success'}>{t('pvBoard.activeAlarms', { count: counts.data.active })}</Tag>
              )
            }
          >
            <ThemedChart option={weekOption} empty={!week.data} height={240} />
          </Panel>
        </Col>
        <Col xs={24} lg={8}>
          <Panel
            testId="board-alarms"
            title={t('pvBoard.alarms')}
            extra={
              counts.data && (
                <Typography.Text type="secondary">{t('pvBoard.raisedToday', { count: counts.data.raisedToday })}</Typography.Text>
              )
            }
          >
            <List
              size="small"
              dataSource={alarms.data?.list ?? []}
              locale={{ emptyText: t('pvBoard.noAlarms') }}
              renderItem={(a) => (
                <List.Item>
                  <Space direction="vertical" size={0} style={{ width: '100%' }}>
                    <Space wrap>
                      <Tag color={levelColors[a.level]}>{levels[a.level]}</Tag>
                      <Typography.Text strong>{a.deviceCode ?? ''}</Typography.Text>
                      {a.state === 1 && <Tag>{t('pvBoard.recovered')}</Tag>}
                    </Space>
                    <Typography.Text>{a.content}</Typography.Text>
                    <Typography.Text type="secondary">{formatInZone(a.alarmTime, zone)}</Typography.Text>
                  </Space>
                </List.Item>
              )}
            />
          </Panel>
        </Col>
      </Row>
    </Flex>
  );
}

function StationHeader({ info, updated, zone }: { info: Info | undefined; updated: number; zone: string }) {
  const { t } = useTranslation();
  if (!info) return null;
  return (
    <Flex justify="space-between" align="baseline" wrap gap={8} data-testid="board-station-info">
      <Space size="large" wrap>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {info.name}
        </Typography.Title>
        <Typography.Text style={{ fontSize: 18 }}>{t('pvBoard.capacity', { kwp: info.capacityKwp.toLocaleString() })}</Typography.Text>
        {info.gridConnectionDate && (
          <Typography.Text type="secondary">{t('pvBoard.since', { day: info.gridConnectionDate })}</Typography.Text>
        )}
        <Typography.Text type="secondary">
          {t('pvBoard.figures.co2')} {(info.co2AvoidedKg / 1000).toLocaleString(undefined, { maximumFractionDigits: 1 })} t
        </Typography.Text>
      </Space>
      {updated > 0 && <UpdatedAt at={updated} zone={zone} />}
    </Flex>
  );
}

function WeatherPanel({
  weather,
  option,
}: {
  weather: RefOutput<typeof pv.noticeboardModuleData> | undefined;
  option: ReturnType<typeof moduleCurveOption>;
}) {
  const { t } = useTranslation();
  const value = (v: number | null | undefined, unit: string, digits = 1) => (v == null ? '—' : `${v.toFixed(digits)} ${unit}`);
  return (
    <Panel
      testId="board-weather"
      title={weather?.weatherStation ? `${t('pvBoard.module')} ${weather.weatherStation.code}` : t('pvBoard.module')}
    >
      {weather && !weather.weatherStation ? (
        <Empty description={t('pvBoard.noWeather')} />
      ) : (
        <>
          <Row gutter={[8, 8]}>
            {(
              [
                ['irradiance', value(weather?.irradiance, 'W/m²', 0)],
                ['tempModule', value(weather?.tempModule, '°C')],
                ['tempAmbient', value(weather?.tempAmbient, '°C')],
                ['wind', value(weather?.wind, 'm/s')],
                ['humidity', value(weather?.humidity, '%', 0)],
              ] as const
            ).map(([key, text]) => (
              <Col span={key === 'irradiance' || key === 'tempModule' ? 12 : 8} key={key}>
                <Typography.Text type="secondary">{t(`pvBoard.${key}`)}</Typography.Text>
                <div style={{ fontSize: key === 'irradiance' || key === 'tempModule' ? 26 : 18, fontWeight: 600 }}>{text}</div>
              </Col>
            ))}
          </Row>
          <ThemedChart option={option} empty={!weather?.curve.length} height={200} />
        </>
      )}
    </Panel>
  );
}

function DevicesPanel({ counts }: { counts: DeviceInfo | undefined }) {
  const { t } = useTranslation();
  const { token } = antdTheme.useToken();
  const color = {
    online: token.colorSuccess,
    alarm: token.colorWarning,
    fault: token.colorError,
    offline: token.colorTextTertiary,
    'no-device': token.colorTextQuaternary,
  };
  return (
    <Panel testId="board-devices" title={t('pvBoard.devices')}>
      {(['inverters', 'strings', 'meters'] as const).map((kind) => (
        <div key={kind} style={{ marginBottom: 12 }} data-testid={`board-devices-${kind}`}>
          <Typography.Text strong style={{ fontSize: 16 }}>
            {t(`pvBoard.kinds.${kind}`)}
          </Typography.Text>
          <Flex gap={16} wrap>
            {(['online', 'alarm', 'fault', 'offline', 'no-device'] as const).map((s) => (
              <span key={s}>
                <span style={{ fontSize: 24, fontWeight: 600, color: color[s] }}>{counts?.[kind][s] ?? '—'}</span>{' '}
                <Typography.Text type="secondary">{t(`pvBoard.states.${s}`)}</Typography.Text>
              </span>
            ))}
          </Flex>
        </div>
      ))}
    </Panel>
  );
}

/** "Updated 12:04:05" in the station's zone, from the newest answer. */
function UpdatedAt({ at, zone }: { at: number; zone: string }) {
  const { t } = useTranslation();
  return (
    <Typography.Text type="secondary" data-testid="board-updated">
      {t('pvBoard.updated', { time: formatInZone(at, zone).slice(11) })}
    </Typography.Text>
  );
}
