import type { ReactNode } from 'react';
import { Empty, Flex, Select, Tabs } from 'antd';
import { bsaMonitor } from '@energy/contracts/refs';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../../shared/api/client';
import { PageTitle } from '../../../shared/page-title';
import { BATTERY_PATH, BMS_PATH, ENVIRONMENT_PATH, STATION_PATH } from '../paths';
import { monitorKeys } from '../queries';
import '../texts';

const TABS = [
  { key: STATION_PATH, label: 'realtime' },
  { key: BMS_PATH, label: 'bms' },
  { key: ENVIRONMENT_PATH, label: 'environment' },
  { key: BATTERY_PATH, label: 'battery' },
] as const;

/**
 * A station's monitoring pages: the station picker (customers' OUs and their stations, `?bsaId=` in the URL,
 * the first station by default) and the tabs between real time, BMS, environment and battery health.
 */
export function MonitorFrame({ children }: { children: (bsaId: number) => ReactNode }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const tree = useQuery({ queryKey: monitorKeys.of(bsaMonitor.tenantCustomerTree), queryFn: () => api(bsaMonitor.tenantCustomerTree) });
  const options = (tree.data ?? []).flatMap((c) =>
    c.ous.map((o) => ({
      label: `${c.name} / ${o.name}`,
      options: o.stations.map((s) => ({ value: s.id, label: `${s.code} ${s.name}` })),
    })),
  );
  const first = options.flatMap((g) => g.options)[0]?.value;
  const picked = Number(params.get('bsaId')) || first;
  const current = TABS.find((x) => x.key === location.pathname)?.key ?? STATION_PATH;
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <PageTitle>{t('bsaMonitor.stationTitle')}</PageTitle>
        <Select
          style={{ minWidth: 320 }}
          placeholder={t('bsaMonitor.pickStation')}
          value={picked}
          options={options}
          loading={tree.isLoading}
          onChange={(v: number) => setParams({ bsaId: String(v) })}
          data-testid="monitor-station"
        />
      </Flex>
      <Tabs
        activeKey={current}
        items={TABS.map((x) => ({ key: x.key, label: t(`bsaMonitor.tabs.${x.label}`) }))}
        onChange={(key) => navigate(`${key}${picked ? `?bsaId=${picked}` : ''}`)}
      />
      {picked ? children(picked) : tree.isLoading ? null : <Empty description={t('bsaMonitor.noStation')} />}
    </Flex>
  );
}
