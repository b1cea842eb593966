import { Flex, Statistic, Table } from 'antd';
import { pv } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../../shared/api/client';
import { PV_INVERTER_PATH, PV_MODULE_PATH, PV_STRING_PATH } from '../paths';
import { pvKeys, type PvStationDetail } from '../queries';
import '../texts';

type Inverter = RefOutput<typeof pv.pvInverterList>[number];

/** A station's equipment at a glance: counts and DC capacity, and its inverters with their strings; the lists edit them. */
export function EquipmentTab({ station }: { station: PvStationDetail }) {
  const { t } = useTranslation();
  const pvId = station.id;
  const inverters = useQuery({ queryKey: pvKeys.of(pv.pvInverterList, { pvId }), queryFn: () => api(pv.pvInverterList, { pvId }) });
  const strings = useQuery({ queryKey: pvKeys.of(pv.pvStringList, { pvId }), queryFn: () => api(pv.pvStringList, { pvId }) });
  const modules = useQuery({ queryKey: pvKeys.of(pv.pvModuleList, { pvId }), queryFn: () => api(pv.pvModuleList, { pvId }) });
  // kWp summed in Wp (integers), so 0.1 + 0.2 noise never shows
  const stringKwp = (strings.data ?? []).reduce((wp, s) => wp + Math.round(s.capacityKwp * 1000), 0) / 1000;
  const e = (k: string) => t(`pv.equipment.${k}`);
  return (
    <Flex vertical gap={16} data-testid="pv-equipment">
      <Flex gap={48} wrap>
        <Statistic title={<Link to={PV_INVERTER_PATH}>{e('inverters')}</Link>} value={inverters.data?.length ?? '-'} />
        <Statistic title={<Link to={PV_STRING_PATH}>{e('strings')}</Link>} value={strings.data?.length ?? '-'} />
        <Statistic title={<Link to={PV_MODULE_PATH}>{e('modules')}</Link>} value={(modules.data ?? []).reduce((n, m) => n + m.count, 0)} />
        <Statistic title={e('capacityKwp')} value={stringKwp} />
      </Flex>
      <Table<Inverter>
        rowKey="id"
        size="small"
        loading={inverters.isPending}
        dataSource={inverters.data}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        columns={[
          { key: 'code', title: t('pv.code'), dataIndex: 'code' },
          { key: 'name', title: t('pv.name'), dataIndex: 'name' },
          { key: 'area', title: e('area'), dataIndex: 'areaName', render: (v: string | null) => v ?? '-' },
          { key: 'ratedAcKw', title: e('ratedAcKw'), dataIndex: 'ratedAcKw', align: 'right' },
          { key: 'strings', title: e('stringCount'), dataIndex: 'stringCount', align: 'right' },
          { key: 'device', title: e('device'), dataIndex: 'deviceCode', render: (v: string | null) => v ?? '-' },
        ]}
      />
    </Flex>
  );
}
