import { useState } from 'react';
import { Badge, Button, Card, Descriptions, Flex, Result, Space, Table, Tag, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Authorized } from '../../../shared/authorized';
import { formatDateTime } from '../../../shared/format';
import { PageSpinner } from '../../../shared/page-spinner';
import { PageTitle } from '../../../shared/page-title';
import { useTenantZone } from '../../../shared/time-zone';
import { DailyEnergyChart, kwh } from '../components/daily-energy-chart';
import { GunTag } from '../components/gun-detail';
import { PileCommandDialog } from '../components/pile-dialogs';
import { CHARGING_PILE_PATH } from '../paths';
import { chargingKeys, useRefreshOnChargingPush, usePile, type PileRow } from '../queries';
import { STATUS_COLOR } from '../status-colors';
import { SessionList } from './session-list-page';
import '../texts';

type Gun = PileRow['guns'][number];

/**
 * One pile: its data, each gun's live state with the session under way (read again on every charging push, as
 * the pile list is), the commands, its energy per day of the last 30 days and its recent sessions.
 */
export default function PileDetailPage() {
  const { t } = useTranslation();
  const zone = useTenantZone();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const detail = usePile(id, valid);
  const [commanding, setCommanding] = useState(false);
  useRefreshOnChargingPush(chargingKeys.pile(valid ? id : 0));
  if (!valid || detail.isError)
    return (
      <Result
        status="404"
        title={t('charging.detail.notFound')}
        extra={
          <Link to={CHARGING_PILE_PATH}>
            <Button>{t('charging.detail.back')}</Button>
          </Link>
        }
      />
    );
  const p = detail.data;
  if (!p) return <PageSpinner />;
  const dash = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '-' : v);
  const time = (v: string | null) => (v ? formatDateTime(v, zone) : '-');

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card data-testid="charging-pile-detail">
        <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
          <Space size={12} wrap>
            <Link to={CHARGING_PILE_PATH} aria-label={t('charging.detail.back')}>
              <ArrowLeftOutlined />
            </Link>
            <PageTitle>{p.name}</PageTitle>
            <Tag>{p.code}</Tag>
            <span data-testid="pile-online" data-online={p.online}>
              <Badge status={p.online ? 'success' : 'default'} text={p.online ? t('charging.pile.online') : t('charging.pile.offline')} />
            </span>
            <Tag color={STATUS_COLOR[p.status]}>{t(`charging.status_.${p.status}`)}</Tag>
          </Space>
          <Authorized code="b-charging-pile-command">
            <Button type="primary" onClick={() => setCommanding(true)} data-testid="pile-command">
              {t('charging.command.open')}
            </Button>
          </Authorized>
        </Flex>
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2, xl: 3 }}
          items={[
            { key: 'station', label: t('charging.station'), children: p.stationName },
            { key: 'vendor', label: t('charging.pile.vendor'), children: p.vendor },
            { key: 'model', label: t('charging.pile.model'), children: p.model },
            { key: 'serial', label: t('charging.pile.serial'), children: dash(p.serialNumber) },
            { key: 'power', label: t('charging.pile.ratedPower'), children: p.ratedPowerKw },
            { key: 'current', label: t('charging.pile.currentType'), children: p.currentType },
            { key: 'identity', label: t('charging.pile.identity'), children: p.ocppIdentity },
            { key: 'firmware', label: t('charging.pile.firmware'), children: dash(p.firmwareVersion) },
            { key: 'lastSeen', label: t('charging.detail.lastHeartbeat'), children: time(p.lastSeenAt) },
            { key: 'credentials', label: t('charging.detail.credentialsIssued'), children: time(p.credentialsIssuedAt) },
          ]}
        />
      </Card>
      <Card title={t('charging.detail.guns')} data-testid="pile-guns">
        <Table<Gun>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={p.guns}
          scroll={{ x: 900 }}
          columns={[
            { key: 'number', title: t('charging.session.gun'), dataIndex: 'number', width: 70 },
            { key: 'type', title: t('charging.pile.gunType'), dataIndex: 'type', width: 100 },
            { key: 'power', title: t('charging.pile.gunPower'), dataIndex: 'ratedPowerKw', width: 120 },
            {
              key: 'state',
              title: t('charging.pile.state'),
              dataIndex: 'status',
              width: 150,
              // the tag opens the gun's detail (the pile list's popover)
              render: (_, g) => <GunTag gun={g} pileCode={p.code} zone={zone} />,
            },
            {
              key: 'error',
              title: t('charging.pile.errorCode'),
              dataIndex: 'errorCode',
              width: 130,
              render: (v: string | null) => (v && v !== 'NoError' ? <Typography.Text type="danger">{v}</Typography.Text> : '-'),
            },
            { key: 'since', title: t('charging.pile.statusSince'), dataIndex: 'statusAt', width: 160, render: time },
            {
              key: 'session',
              title: t('charging.pile.sessionNow'),
              dataIndex: 'session',
              width: 260,
              render: (_, g) =>
                g.session ? (
                  <span data-testid="gun-session-summary">
                    #{g.session.transactionId} · {g.session.idTag} · {formatDateTime(g.session.startedAt, zone)}
                  </span>
                ) : (
                  '-'
                ),
            },
            {
              key: 'energy',
              title: t('charging.pile.energySoFar'),
              dataIndex: 'session',
              width: 130,
              render: (_, g) => (g.session ? <span data-testid="gun-energy-so-far">{kwh(g.session.energyWh)}</span> : '-'),
            },
            {
              key: 'powerNow',
              title: t('charging.pile.powerNow'),
              dataIndex: 'session',
              width: 120,
              render: (_, g) => (g.session?.powerW == null ? '-' : (g.session.powerW / 1000).toFixed(1)),
            },
          ]}
        />
      </Card>
      <Card title={t('charging.daily.title')}>
        <DailyEnergyChart target={{ pileId: p.id }} />
      </Card>
      <Authorized code="p-charging-session">
        <SessionList title={t('charging.detail.sessions')} testId="pile-sessions" pileId={p.id} />
      </Authorized>
      {commanding && <PileCommandDialog pile={p} onClose={() => setCommanding(false)} />}
    </Space>
  );
}
