import { useState } from 'react';
import {
  Badge,
  Button,
  Card,
  Col,
  DatePicker,
  Empty,
  Flex,
  Input,
  Spin,
  Row,
  Select,
  Space,
  Statistic,
  Typography,
  theme as antdTheme,
} from 'antd';
import { alarm } from '@energy/contracts/refs';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Authorized } from '../../../shared/authorized';
import { useHasPermission } from '../../../shared/current-staff';
import { api } from '../../../shared/api/client';
import { FilterForm, type FilterField } from '../../../shared/filter-form/filter-form';
import { ListPage } from '../../../shared/list-page/list-page';
import { useListQuery, type ListBody } from '../../../shared/list-page/use-list-query';
import { ListTable, type ListColumn } from '../../../shared/table/list-table';
import { specPaging, toSignboardFilter, type SignboardFilter, type SignboardFormValues } from '../alarm-filter';
import { alarmColumns } from '../components/alarm-columns';
import { LevelTag } from '../components/level-tag';
import { RecoverDialog } from '../components/recover-dialog';
import { ALARM_LEVELS } from '../levels';
import { alarmDetailPath } from '../paths';
import { alarmKeys, type AlarmRow } from '../queries';
import '../texts';
import { TitleInZone, useTenantZone } from '../../../shared/time-zone';

/** Counts under the filter: all, active, recovered, and the active ones by level. */
function Counts({ filter }: { filter: SignboardFilter }) {
  const { t } = useTranslation();
  const count = useQuery({ queryKey: [...alarmKeys.signboardCount, filter], queryFn: () => api(alarm.signboardAlarmCount, filter) });
  const c = count.data;
  return (
    <Row gutter={[16, 16]} data-testid="signboard-counts">
      <Col xs={12} md={6} xl={4}>
        <Card size="small">
          <Statistic title={t('alarm.signboard.total')} value={c?.total ?? '-'} loading={count.isPending} data-testid="signboard-total" />
        </Card>
      </Col>
      <Col xs={12} md={6} xl={4}>
        <Card size="small">
          <Statistic
            title={t('alarm.signboard.active')}
            value={c?.active ?? '-'}
            loading={count.isPending}
            data-testid="signboard-active"
          />
        </Card>
      </Col>
      <Col xs={12} md={6} xl={4}>
        <Card size="small">
          <Statistic title={t('alarm.signboard.recovered')} value={c?.recovered ?? '-'} loading={count.isPending} />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card size="small" title={t('alarm.signboard.byLevel')} styles={{ body: { paddingBlock: 10 } }}>
          <Flex gap={16} wrap>
            {ALARM_LEVELS.map((l) => (
              <Space key={l} size={6} data-testid={`signboard-level-${l}`}>
                <LevelTag level={l} />
                <Typography.Text strong>{c?.byLevel.find((x) => x.level === l)?.active ?? 0}</Typography.Text>
              </Space>
            ))}
          </Flex>
        </Card>
      </Col>
    </Row>
  );
}

/** Devices whose name or code holds the search text, alarmed ones first; a click filters the alarm list. */
function Assets({ selected, onSelect }: { selected: number | undefined; onSelect: (id: number | undefined) => void }) {
  const { t } = useTranslation();
  const { token } = antdTheme.useToken();
  const [search, setSearch] = useState('');
  const assets = useQuery({
    queryKey: alarmKeys.signboardAssets(search),
    queryFn: () => api(alarm.signboardAlarmAsset, search ? { name: search } : {}),
  });
  return (
    <Card
      size="small"
      title={t('alarm.signboard.assets')}
      data-testid="signboard-assets"
      extra={
        selected !== undefined && (
          <Button type="link" size="small" onClick={() => onSelect(undefined)} data-testid="signboard-all-assets">
            {t('alarm.signboard.showAll')}
          </Button>
        )
      }
    >
      <Input.Search
        allowClear
        maxLength={128}
        placeholder={t('alarm.signboard.assetSearch')}
        onSearch={(v) => setSearch(v.trim())}
        style={{ marginBottom: 8 }}
      />
      <Spin spinning={assets.isPending}>
        <Flex vertical style={{ maxHeight: 520, overflowY: 'auto', minHeight: 48 }}>
          {(assets.data ?? []).length === 0 && !assets.isPending && (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('alarm.signboard.noAssets')} />
          )}
          {(assets.data ?? []).map((a) => (
            <Flex
              key={a.assetId}
              role="button"
              tabIndex={0}
              align="center"
              gap={8}
              data-testid="signboard-asset"
              data-asset-id={a.assetId}
              aria-pressed={a.assetId === selected}
              onClick={() => onSelect(a.assetId === selected ? undefined : a.assetId)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  onSelect(a.assetId === selected ? undefined : a.assetId);
                }
              }}
              style={{
                cursor: 'pointer',
                padding: '6px 8px',
                borderBottom: `1px solid ${token.colorBorderSecondary}`,
                background: a.assetId === selected ? token.controlItemBgActive : undefined,
              }}
            >
              <Flex vertical style={{ minWidth: 0, flex: 1 }}>
                <Space size={6}>
                  <Badge
                    status={a.online ? 'success' : 'default'}
                    title={t(a.online ? 'alarm.signboard.online' : 'alarm.signboard.offline')}
                  />
                  <Typography.Text ellipsis>{a.assetName}</Typography.Text>
                </Space>
                <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis>
                  {a.assetCode} · {a.assetTypeName} · {a.ouName}
                </Typography.Text>
              </Flex>
              {a.activeCount > 0 && a.highestLevel !== null && (
                <Space size={4}>
                  <LevelTag level={a.highestLevel} />
                  <Typography.Text>{t('alarm.signboard.activeCount', { n: a.activeCount })}</Typography.Text>
                </Space>
              )}
            </Flex>
          ))}
        </Flex>
      </Spin>
    </Card>
  );
}

/** The fault signboard: counts, the assets with their alarms, and the alarm list with manual recovery. */
export default function AlarmSignboardPage() {
  const { t } = useTranslation();
  const zone = useTenantZone();
  const seesRecords = useHasPermission('p-alarm-record');
  const canRecover = useHasPermission('b-alarm-fault-recover');
  const list = useListQuery({
    queryKey: alarmKeys.signboardPage,
    fetch: (body: ListBody<SignboardFilter>) => api(alarm.signboardAlarmPage, specPaging(body)),
    toFilter: toSignboardFilter,
  });
  const [formValues, setFormValues] = useState<SignboardFormValues>({});
  const [recovering, setRecovering] = useState<AlarmRow | null>(null);
  const assetId = list.filter.assetId;

  const fields: FilterField[] = [
    {
      name: 'deviceName',
      label: t('alarm.deviceName'),
      node: <Input allowClear maxLength={128} placeholder={t('alarm.namePlaceholder')} />,
    },
    {
      name: 'deviceCode',
      label: t('alarm.deviceCode'),
      node: <Input allowClear maxLength={64} placeholder={t('alarm.codePlaceholder')} />,
    },
    {
      name: 'abnormalDiagnosis',
      label: t('alarm.signboard.diagnosis'),
      node: <Input allowClear maxLength={128} placeholder={t('alarm.signboard.diagnosisPlaceholder')} />,
    },
    {
      name: 'level',
      label: t('alarm.level'),
      node: (
        <Select allowClear placeholder={t('alarm.all')} options={ALARM_LEVELS.map((l) => ({ value: l, label: <LevelTag level={l} /> }))} />
      ),
    },
    {
      name: 'state',
      label: t('alarm.state'),
      node: <Select allowClear placeholder={t('alarm.all')} options={[0, 1].map((s) => ({ value: s, label: t(`alarm.states.${s}`) }))} />,
    },
    { name: 'range', label: t('alarm.timeRange'), span: 8, node: <DatePicker.RangePicker style={{ width: '100%' }} /> },
  ];

  const columns: ListColumn<AlarmRow>[] = alarmColumns(t, {
    zone,
    device: { key: 'asset', title: t('alarm.signboard.asset') },
    renderRule: (v, r) => (seesRecords ? <Link to={alarmDetailPath(r.id)}>{v}</Link> : v),
  });
  if (canRecover)
    columns.push({
      key: 'actions',
      title: t('alarm.actions'),
      width: 100,
      fixed: 'right',
      showForce: true,
      render: (_, r) =>
        r.state === 0 ? (
          <Authorized code="b-alarm-fault-recover">
            <Button type="link" size="small" onClick={() => setRecovering(r)} data-testid="alarm-recover">
              {t('alarm.signboard.recover')}
            </Button>
          </Authorized>
        ) : null,
    });

  return (
    <Flex vertical gap={16} data-testid="alarm-signboard">
      <Counts filter={list.filter} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={7}>
          <Assets selected={assetId} onSelect={(id) => list.query({ ...formValues, assetId: id })} />
        </Col>
        <Col xs={24} xl={17}>
          <ListPage title={<TitleInZone title={t('alarm.signboard.title')} zone={zone} />} testId="signboard-alarms">
            <FilterForm<SignboardFormValues>
              fields={fields}
              onQuery={(v) => {
                setFormValues(v);
                list.query({ ...v, assetId });
              }}
            />
            <ListTable<AlarmRow> cacheKey="alarm.signboard" rowKey="id" columns={columns} {...list.table} />
          </ListPage>
        </Col>
      </Row>
      {recovering && <RecoverDialog row={recovering} onClose={() => setRecovering(null)} />}
    </Flex>
  );
}
