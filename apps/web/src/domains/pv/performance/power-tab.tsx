import { useMemo, useState } from 'react';
import { Card, DatePicker, Flex, Select, theme as antdTheme } from 'antd';
import { pv } from '@energy/contracts/refs';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { ThemedChart } from '../../../shared/chart/themed-chart';
import { pvKeys } from '../queries';
import { formatInZone } from '../../../shared/zoned-time';
import { dayPowerOption } from '../charts/day-power-option';
import { contrastChartOption } from './chart-options';
import type { PeriodProps } from './performance-page';

/** A day's power, irradiance and module temperature of the station, and several inverters' power compared. */
export function PowerTab({ pvId, to }: PeriodProps) {
  const { t } = useTranslation();
  const { token } = antdTheme.useToken();
  const p = (k: string) => t(`pvPerf.${k}`);
  const [day, setDay] = useState(to);
  const [picked, setPicked] = useState<number[] | null>(null);
  const power = useQuery({
    queryKey: pvKeys.of(pv.performancePower, { pvId, day }),
    queryFn: () => api(pv.performancePower, { pvId, day }),
  });
  const inverters = useQuery({ queryKey: pvKeys.of(pv.pvInverterList, { pvId }), queryFn: () => api(pv.pvInverterList, { pvId }) });
  const ids = picked ?? (inverters.data ?? []).slice(0, 3).map((i) => i.id);
  const contrastInput = { pvId, day, inverterIds: ids };
  const contrast = useQuery({
    queryKey: pvKeys.of(pv.performancePowerContrast, contrastInput),
    queryFn: () => api(pv.performancePowerContrast, contrastInput),
    enabled: ids.length > 0,
  });
  const powerOption = useMemo(
    () =>
      dayPowerOption(
        power.data?.points ?? [],
        (ts) => formatInZone(ts, power.data?.timeZone ?? 'UTC').slice(11, 16),
        { power: p('power'), irradiance: p('irradiance'), temp: p('tempModule') },
        { power: token.colorPrimary, irradiance: token.colorWarning, temp: token.colorError },
      ),
    [power.data, token, t],
  );
  const contrastOption = useMemo(
    () => contrastChartOption(contrast.data?.series ?? [], contrast.data?.timeZone ?? 'UTC', p('power')),
    [contrast.data, t],
  );
  return (
    <Flex vertical gap={16} data-testid="performance-power">
      <Card
        title={
          <DatePicker allowClear={false} value={dayjs(day)} onChange={(d) => d && setDay(d.format('YYYY-MM-DD'))} data-testid="power-day" />
        }
      >
        <ThemedChart
          option={powerOption}
          empty={!power.data?.points.some((x) => x.powerKw !== null || x.irradianceWm2 !== null)}
          loading={power.isFetching}
          height={320}
          data-testid="power-chart"
        />
      </Card>
      <Card
        title={p('contrast')}
        extra={
          <Select
            mode="multiple"
            style={{ minWidth: 320 }}
            maxCount={20}
            placeholder={p('pickInverters')}
            value={ids}
            options={(inverters.data ?? []).map((i) => ({ value: i.id, label: `${i.code} ${i.name}` }))}
            onChange={(v) => setPicked(v)}
            data-testid="contrast-inverters"
          />
        }
      >
        <ThemedChart
          option={contrastOption}
          empty={!contrast.data?.series.length}
          loading={contrast.isFetching}
          height={320}
          data-testid="contrast-chart"
        />
      </Card>
    </Flex>
  );
}
