import { Card, DatePicker, Empty, Flex, Select, Space, Tabs } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../../shared/page-title';
import { TitleInZone, useTenantZone } from '../../../shared/time-zone';
import { dayIn } from '../../../shared/zoned-time';
import { usePvList } from '../queries';
import { ConfigTab } from './config-tab';
import { IndexTab } from './index-tab';
import { InvertersTab } from './inverters-tab';
import { LossTab } from './loss-tab';
import { OutlineTab } from './outline-tab';
import { PowerTab } from './power-tab';
import './texts';

const TABS = ['index', 'inverters', 'power', 'losses', 'outline', 'config'] as const;
type Tab = (typeof TABS)[number];

/** What every tab reads: the station and the local days of the period (both included). */
export interface PeriodProps {
  pvId: number;
  from: string;
  to: string;
}

/**
 * PV › Analysis › Performance: PR and temperature-corrected PR, equivalent hours and specific yield per
 * period for the station, an area or an inverter; the inverters' efficiency and ranking; power and
 * irradiance curves and inverters compared; the loss waterfall; all stations over the period; and the
 * stations' performance config (docs/pv-analytics.md, "Performance").
 */
export default function PerformancePage() {
  const { t } = useTranslation();
  const zone = useTenantZone();
  const stations = usePvList();
  const [params, setParams] = useSearchParams();
  const set = (patch: Record<string, string>) => setParams({ ...Object.fromEntries(params), ...patch }, { replace: true });
  const pvId = Number(params.get('pv')) || stations.data?.[0]?.id || null;
  const yesterday = dayIn(Date.now(), zone, -1);
  const from = params.get('from') ?? dayIn(Date.now(), zone, -30);
  const to = params.get('to') ?? yesterday;
  const tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'index';
  const p = (k: string) => t(`pvPerf.${k}`);
  const needsStation = tab !== 'outline' && tab !== 'config';

  return (
    <Flex vertical gap={16} data-testid="pv-performance">
      <Card title={<PageTitle>{<TitleInZone title={p('title')} zone={zone} />}</PageTitle>}>
        <Space wrap>
          <Select
            style={{ minWidth: 260 }}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={p('pickStation')}
            loading={stations.isPending}
            value={pvId ?? undefined}
            options={(stations.data ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.code})` }))}
            onChange={(v) => set({ pv: String(v) })}
            data-testid="performance-station"
          />
          <DatePicker.RangePicker
            allowClear={false}
            value={[dayjs(from), dayjs(to)]}
            onChange={(v) => v?.[0] && v[1] && set({ from: v[0].format('YYYY-MM-DD'), to: v[1].format('YYYY-MM-DD') })}
            data-testid="performance-range"
          />
        </Space>
        <Tabs
          activeKey={tab}
          onChange={(k) => set({ tab: k })}
          items={TABS.map((k) => ({ key: k, label: <span data-testid={`performance-tab-${k}`}>{t(`pvPerf.tabs.${k}`)}</span> }))}
        />
      </Card>
      {needsStation && !pvId ? (
        <Card>
          <Empty description={stations.isPending ? undefined : p('noStation')} />
        </Card>
      ) : tab === 'index' ? (
        <IndexTab pvId={pvId!} from={from} to={to} />
      ) : tab === 'inverters' ? (
        <InvertersTab pvId={pvId!} from={from} to={to} />
      ) : tab === 'power' ? (
        <PowerTab pvId={pvId!} from={from} to={to} />
      ) : tab === 'losses' ? (
        <LossTab pvId={pvId!} from={from} to={to} />
      ) : tab === 'outline' ? (
        <OutlineTab from={from} to={to} />
      ) : (
        <ConfigTab />
      )}
    </Flex>
  );
}
