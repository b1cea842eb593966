import { useState } from 'react';
import { Badge, Input, Select, Space, Typography } from 'antd';
import { charging } from '@energy/contracts/refs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../../shared/api/client';
import { EntityListPage } from '../../../shared/entity-list/entity-list-page';
import { formatDateTime } from '../../../shared/format';
import type { ListBody } from '../../../shared/list-page/use-list-query';
import type { ListColumn } from '../../../shared/table/list-table';
import { TitleInZone, useTenantZone } from '../../../shared/time-zone';
import { GunTag } from '../components/gun-detail';
import { OcppCredentialsDialog, PileCommandDialog, PileFormDialog, type IssuedOcpp } from '../components/pile-dialogs';
import { chargingPileDetailPath } from '../paths';
import { chargingKeys, useRefreshOnChargingPush, useStations, type PileRow } from '../queries';
import '../texts';

type Filter = { stationId?: number; name?: string };
/** The staff's piles with their guns' live states, OCPP credentials and commands. */
export default function PileListPage() {
  const { t } = useTranslation();
  const zone = useTenantZone();
  const stations = useStations();
  const [issued, setIssued] = useState<{ name: string; credentials: IssuedOcpp } | null>(null);
  const [commanding, setCommanding] = useState<PileRow | null>(null);
  useRefreshOnChargingPush(chargingKeys.piles);
  const columns: ListColumn<PileRow>[] = [
    {
      key: 'code',
      title: t('charging.code'),
      dataIndex: 'code',
      width: 130,
      showForce: true,
      render: (v: string, r) => (
        <Link to={chargingPileDetailPath(r.id)} data-testid="pile-detail-link">
          {v}
        </Link>
      ),
    },
    {
      key: 'name',
      title: t('charging.name'),
      dataIndex: 'name',
      width: 160,
      display: false,
      render: (v: string, r) => <Link to={chargingPileDetailPath(r.id)}>{v}</Link>,
    },
    { key: 'station', title: t('charging.station'), dataIndex: 'stationName', width: 160 },
    {
      key: 'online',
      title: `${t('charging.pile.state')} / ${t('charging.pile.lastSeen')}`,
      dataIndex: 'online',
      width: 230,
      render: (_, r) => (
        <Space size={8} data-testid="pile-online" data-online={r.online}>
          <Badge status={r.online ? 'success' : 'default'} text={r.online ? t('charging.pile.online') : t('charging.pile.offline')} />
          <Typography.Text type="secondary">{r.lastSeenAt ? formatDateTime(r.lastSeenAt, zone) : '-'}</Typography.Text>
        </Space>
      ),
    },
    {
      key: 'guns',
      title: t('charging.pile.gunsState'),
      dataIndex: 'guns',
      width: 260,
      render: (_, r) => (
        <Space size={4} wrap>
          {r.guns.map((g) => (
            <GunTag key={g.id} gun={g} pileCode={r.code} zone={zone} />
          ))}
        </Space>
      ),
    },
    { key: 'power', title: t('charging.pile.ratedPower'), dataIndex: 'ratedPowerKw', width: 120, display: false },
    { key: 'current', title: t('charging.pile.currentType'), dataIndex: 'currentType', width: 90, display: false },
    {
      key: 'vendor',
      title: `${t('charging.pile.vendor')} / ${t('charging.pile.model')}`,
      dataIndex: 'vendor',
      width: 160,
      display: false,
      render: (_, r) => `${r.vendor} ${r.model}`,
    },
    { key: 'identity', title: t('charging.pile.identity'), dataIndex: 'ocppIdentity', width: 150, display: false },
    {
      key: 'firmware',
      title: t('charging.pile.firmware'),
      dataIndex: 'firmwareVersion',
      width: 110,
      display: false,
      render: (v: string | null) => v ?? '-',
    },
  ];
  return (
    <EntityListPage<PileRow, Filter>
      title={<TitleInZone title={t('charging.pilesTitle')} zone={zone} />}
      testId="charging-pile-list"
      cacheKey="charging.piles"
      queryKey={chargingKeys.piles}
      fetch={(body: ListBody<Filter>) => api(charging.pilePage, body)}
      filters={[
        {
          name: 'stationId',
          label: t('charging.station'),
          node: (
            <Select
              allowClear
              placeholder={t('charging.all')}
              loading={stations.isPending}
              options={(stations.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
            />
          ),
        },
        { name: 'name', label: t('charging.name'), node: <Input allowClear maxLength={128} placeholder={t('charging.namePlaceholder')} /> },
      ]}
      columns={columns}
      actionsWidth={260}
      actions={[
        {
          key: 'command',
          permission: 'b-charging-pile-command',
          label: t('charging.command.open'),
          testId: 'pile-command',
          onClick: (r) => setCommanding(r),
        },
        {
          key: 'edit',
          permission: 'b-charging-pile-edit',
          label: t('charging.edit'),
          testId: 'pile-edit',
          onClick: (r, ctx) => ctx.edit(r),
        },
        {
          key: 'credentials',
          permission: 'b-charging-pile-edit',
          label: t('charging.credentials.issue'),
          testId: 'pile-credentials',
          onClick: async (r, ctx) => {
            setIssued({ name: r.code, credentials: await api(charging.pileCredentialsIssue, { id: r.id }) });
            await ctx.refresh();
          },
        },
        {
          key: 'delete',
          permission: 'b-charging-pile-delete',
          label: t('charging.delete'),
          testId: 'pile-delete',
          danger: true,
          confirm: {
            title: (r) => t('charging.deletePile', { name: `${r.code} ${r.name}` }),
            okText: t('charging.delete'),
            testId: 'pile-delete-confirm',
            run: (r) => api(charging.pileDelete, { id: r.id }),
            done: (r) => t('charging.deleted', { name: r.code }),
          },
        },
      ]}
      create={{ permission: 'b-charging-pile-create', label: t('charging.pile.create'), testId: 'pile-create' }}
      dialog={(row, close) => <PileFormDialog editing={row} onClose={close} />}
    >
      <OcppCredentialsDialog name={issued?.name ?? ''} issued={issued?.credentials ?? null} onClose={() => setIssued(null)} />
      {commanding && <PileCommandDialog pile={commanding} onClose={() => setCommanding(null)} />}
    </EntityListPage>
  );
}
