import { useState } from 'react';
import { Button, Card, DatePicker, Descriptions, Empty, Flex, InputNumber, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { energyConservation } from '@energy/contracts/refs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { Authorized } from '../../../shared/authorized';
import { useHasPermission } from '../../../shared/current-staff';
import { useEditDeleteColumn } from '../../../shared/edit-delete-column';
import { PageTitle } from '../../../shared/page-title';
import { formatInZone, useTenantZone } from '../../../shared/time-zone';
import { ConfigDialog } from '../components/config-dialog';
import { savingKeys, type ConfigInfo, type ConfigRow, type DriverRow } from '../queries';
import '../texts';

type Version = ConfigInfo['history'][number];

/** The circuits' baseline configurations; the selected one's fit, monthly driver values and change log. */
export default function BaselinePage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canEdit = useHasPermission('b-energy-baseline-edit');
  const canDelete = useHasPermission('b-energy-baseline-delete');
  const [dialog, setDialog] = useState<ConfigRow | 'new' | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const pageInput = { pageSize: 100, pageOffset: 1 };
  const configs = useQuery({
    queryKey: savingKeys.of(energyConservation.configPage, pageInput),
    queryFn: () => api(energyConservation.configPage, pageInput),
  });
  const rows = configs.data?.list ?? [];
  const current = rows.find((r) => r.id === selected) ?? rows[0] ?? null;
  const actions = useEditDeleteColumn<ConfigRow>({
    title: '',
    canEdit,
    canDelete,
    editText: t('conservation.config.edit'),
    deleteText: t('conservation.config.delete'),
    onEdit: setDialog,
    confirmTitle: (r) => t('conservation.config.deleteConfirm', { name: r.circuitName }),
    testId: 'config-delete-ok',
    onDelete: async (r) => {
      await api(energyConservation.configDelete, { id: r.id });
      await queryClient.invalidateQueries({ queryKey: savingKeys.all });
    },
  });
  const columns: TableColumnsType<ConfigRow> = [
    { title: t('conservation.circuit'), key: 'circuit', render: (_, r) => `${r.circuitName} (${r.circuitCode})` },
    { title: t('conservation.config.model'), key: 'model', render: (_, r) => t(`conservation.models.${r.current.model}`) },
    {
      title: t('conservation.config.baselineFrom'),
      key: 'period',
      render: (_, r) => `${r.current.baselineFrom} – ${r.current.baselineTo}`,
    },
    { title: t('conservation.config.price'), key: 'price', align: 'right', render: (_, r) => r.current.price },
    { title: t('conservation.config.effectiveFrom'), key: 'from', render: (_, r) => r.current.effectiveFrom },
    { title: t('conservation.config.versions'), dataIndex: 'versions', align: 'right' },
    { title: t('conservation.config.ou'), dataIndex: 'ouName' },
    ...actions,
  ];
  return (
    <Flex vertical gap={16} data-testid="baseline">
      <Card
        title={<PageTitle>{t('conservation.config.title')}</PageTitle>}
        extra={
          <Authorized code="b-energy-baseline-edit">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog('new')} data-testid="config-create">
              {t('conservation.config.create')}
            </Button>
          </Authorized>
        }
      >
        <Table<ConfigRow>
          rowKey="id"
          size="small"
          loading={configs.isPending}
          columns={columns}
          dataSource={rows}
          pagination={false}
          rowSelection={{ type: 'radio', selectedRowKeys: current ? [current.id] : [], onChange: (keys) => setSelected(Number(keys[0])) }}
          scroll={{ x: 'max-content' }}
        />
      </Card>
      {current ? (
        <ConfigDetail row={current} />
      ) : (
        <Card>{!configs.isPending && <Empty description={t('conservation.config.pick')} />}</Card>
      )}
      {dialog && <ConfigDialog row={dialog === 'new' ? null : dialog} onClose={() => setDialog(null)} />}
    </Flex>
  );
}

/** The fit of the configuration's latest version, its driver values and its change log. */
function ConfigDetail({ row }: { row: ConfigRow }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canEditDrivers = useHasPermission('b-energy-driver-edit');
  const zone = useTenantZone();
  const info = useQuery({
    queryKey: savingKeys.of(energyConservation.configInfo, { id: row.id }),
    queryFn: () => api(energyConservation.configInfo, { id: row.id }),
  });
  const driverInput = { pageSize: 100, pageOffset: 1, circuitId: row.circuitId };
  const drivers = useQuery({
    queryKey: savingKeys.of(energyConservation.driverPage, driverInput),
    queryFn: () => api(energyConservation.driverPage, driverInput),
  });
  const [month, setMonth] = useState<Dayjs>(dayjs().subtract(1, 'month'));
  const [value, setValue] = useState<number | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: savingKeys.all });
  const add = useMutation({
    mutationFn: () => api(energyConservation.driverAdd, { circuitId: row.circuitId, month: month.format('YYYY-MM'), value: value ?? 0 }),
    onSuccess: refresh,
  });
  const remove = useMutation({ mutationFn: (id: number) => api(energyConservation.driverDelete, { id }), onSuccess: refresh });
  const fit = info.data?.fit;
  const driverColumns: TableColumnsType<DriverRow> = [
    { title: t('conservation.month'), dataIndex: 'month' },
    {
      title: `${t('conservation.drivers.value')}${row.current.driverUnit ? ` (${row.current.driverUnit})` : ''}`,
      dataIndex: 'value',
      align: 'right',
    },
    ...(canEditDrivers
      ? [
          {
            title: '',
            key: 'delete',
            render: (_: unknown, r: DriverRow) => (
              <Button size="small" type="link" danger onClick={() => remove.mutate(r.id)}>
                {t('conservation.drivers.delete')}
              </Button>
            ),
          },
        ]
      : []),
  ];
  const logColumns: TableColumnsType<Version> = [
    { title: t('conservation.config.when'), key: 'when', render: (_, v) => formatInZone(v.createdAt, zone) },
    { title: t('conservation.config.action'), key: 'action', render: (_, v) => <Tag>{t(`conservation.config.actions.${v.action}`)}</Tag> },
    { title: t('conservation.config.effectiveFrom'), dataIndex: 'effectiveFrom' },
    { title: t('conservation.config.changes'), key: 'changes', render: (_, v) => v.changes.join(', ') },
    { title: t('conservation.config.price'), dataIndex: 'price', align: 'right' },
    { title: t('conservation.config.who'), dataIndex: 'staffName' },
  ];
  return (
    <>
      <Card title={`${t('conservation.config.fit')} · ${row.circuitName}`} loading={info.isPending} data-testid="config-fit">
        <Descriptions size="small" column={1}>
          <Descriptions.Item label={t('conservation.config.model')}>{t(`conservation.models.${row.current.model}`)}</Descriptions.Item>
          {row.current.model !== 'same-period' && (
            <Descriptions.Item label={t('conservation.config.fit')}>
              {row.current.model === 'audit'
                ? t('conservation.config.auditText', {
                    a: row.current.auditA?.toFixed(3),
                    b: row.current.auditB?.toFixed(3),
                    from: row.current.baselineFrom,
                    to: row.current.baselineTo,
                  })
                : fit
                  ? t('conservation.config.fitText', {
                      a: (fit.a / 1000).toFixed(3),
                      b: (fit.b / 1000).toFixed(3),
                      r2: fit.r2 ?? '–',
                      n: fit.n,
                    })
                  : `${t('conservation.config.noFit')}: ${info.data?.fitProblem ? t(`conservation.problems.${info.data.fitProblem}`) : ''}`}
            </Descriptions.Item>
          )}
        </Descriptions>
      </Card>
      {row.current.model !== 'same-period' && (
        <Card title={t('conservation.drivers.title')} data-testid="drivers">
          <Authorized code="b-energy-driver-edit">
            <Space style={{ marginBottom: 12 }}>
              <DatePicker picker="month" allowClear={false} value={month} onChange={(d) => d && setMonth(d)} />
              <InputNumber
                min={0}
                precision={3}
                value={value}
                onChange={(v) => setValue(v)}
                style={{ width: 160 }}
                data-testid="driver-value"
              />
              <Button type="primary" loading={add.isPending} disabled={value == null} onClick={() => add.mutate()} data-testid="driver-add">
                {t('conservation.drivers.add')}
              </Button>
            </Space>
          </Authorized>
          <Table<DriverRow>
            rowKey="id"
            size="small"
            loading={drivers.isPending}
            columns={driverColumns}
            dataSource={drivers.data?.list ?? []}
            pagination={false}
          />
        </Card>
      )}
      <Card title={t('conservation.config.log')} data-testid="config-log">
        <Table<Version>
          rowKey="id"
          size="small"
          columns={logColumns}
          dataSource={[...(info.data?.history ?? [])].reverse()}
          pagination={false}
          expandable={{
            expandedRowRender: (v) => <Typography.Text type="secondary">{v.remark ?? ''}</Typography.Text>,
            rowExpandable: (v) => !!v.remark,
          }}
        />
      </Card>
    </>
  );
}
