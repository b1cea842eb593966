import { useState } from 'react';
import { App as AntApp, Button, Card, Descriptions, Empty, Flex, Result, Space, Table, Tag } from 'antd';
import { ArrowLeftOutlined, CheckOutlined, PlusOutlined } from '@ant-design/icons';
import { alarm } from '@energy/contracts/refs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Authorized } from '../../../shared/authorized';
import { api } from '../../../shared/api/client';
import { PageSpinner } from '../../../shared/page-spinner';
import { PageTitle } from '../../../shared/page-title';
import { TimesIn, useTenantZone } from '../../../shared/time-zone';
import { conditionText, valueAgainstThreshold, withUnit } from '../alarm-filter';
import { AlarmChart } from '../components/alarm-chart';
import { LevelTag } from '../components/level-tag';
import { ReadTag, StateTag } from '../components/state-tags';
import { WorkOrderDialog } from '../components/work-order-dialog';
import { ALARM_RECORD_PATH } from '../paths';
import { formatAlarmTime } from '../push-format';
import { alarmKeys, type AlarmRow, type WorkOrder } from '../queries';
import '../texts';

/** The related properties' last readings at or before the alarm time. */
function ValuesAtAlarm({ id }: { id: number }) {
  const { t } = useTranslation();
  const zone = useTenantZone();
  const values = useQuery({ queryKey: alarmKeys.values(id), queryFn: () => api(alarm.alarmRelatedPropertyValues, { id }) });
  type Row = NonNullable<typeof values.data>[number];
  return (
    <Card title={t('alarm.detailPage.valuesTitle')} data-testid="alarm-values">
      <Table<Row>
        rowKey="id"
        size="small"
        pagination={false}
        loading={values.isPending}
        dataSource={values.data ?? []}
        columns={[
          {
            title: t('alarm.property'),
            dataIndex: 'name',
            render: (v: string, r) => (
              <Space size={6}>
                {v}
                {r.triggering && <Tag color="red">{t('alarm.detailPage.triggering')}</Tag>}
              </Space>
            ),
          },
          {
            title: t('alarm.detailPage.value'),
            dataIndex: 'value',
            width: 160,
            align: 'right',
            render: (v: number | null, r) => (v === null ? '-' : withUnit(v, r.unit)),
          },
          {
            title: t('alarm.detailPage.readingTime'),
            dataIndex: 'ts',
            width: 180,
            render: (v: string | null) => (v ? formatAlarmTime(v, zone) : '-'),
          },
        ]}
      />
    </Card>
  );
}

/** The alarm's work orders, oldest first, and the dialog that raises one. */
function WorkOrders({ id }: { id: number }) {
  const { t } = useTranslation();
  const zone = useTenantZone();
  const [creating, setCreating] = useState(false);
  const orders = useQuery({ queryKey: alarmKeys.workOrders(id), queryFn: () => api(alarm.alarmWorkOrderList, { id }) });
  return (
    <Card
      title={t('alarm.detailPage.workOrders')}
      data-testid="alarm-work-orders"
      extra={
        <Button icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="work-order-create">
          {t('alarm.detailPage.newWorkOrder')}
        </Button>
      }
    >
      <Table<WorkOrder>
        rowKey="id"
        size="small"
        pagination={false}
        loading={orders.isPending}
        dataSource={orders.data ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('alarm.detailPage.noWorkOrders')} /> }}
        columns={[
          { title: t('alarm.detailPage.workOrderTitle'), dataIndex: 'title', width: 200 },
          { title: t('alarm.detailPage.workOrderContent'), dataIndex: 'content' },
          { title: t('alarm.detailPage.assignee'), dataIndex: 'assignee', width: 140, render: (v: string | null) => v ?? '-' },
          { title: t('alarm.detailPage.createdBy'), dataIndex: 'createdBy', width: 140 },
          { title: t('alarm.detailPage.createdAt'), dataIndex: 'createdAt', width: 180, render: (v: string) => formatAlarmTime(v, zone) },
        ]}
      />
      {creating && <WorkOrderDialog alarmId={id} open onClose={() => setCreating(false)} />}
    </Card>
  );
}

/** Who, what and when of one alarm. */
function AlarmFields({ row }: { row: AlarmRow }) {
  const { t } = useTranslation();
  const zone = useTenantZone();
  const dash = (v: string | null | undefined) => v || '-';
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, md: 2, xl: 3 }}
      items={[
        {
          key: 'device',
          label: t('alarm.device'),
          children: row.deviceName ? `${row.deviceName}${row.deviceCode ? ` (${row.deviceCode})` : ''}` : '-',
        },
        { key: 'type', label: t('alarm.deviceType'), children: dash(row.deviceTypeName) },
        { key: 'ou', label: t('alarm.ou'), children: dash(row.ouName) },
        { key: 'property', label: t('alarm.property'), children: dash(row.propertyName) },
        {
          key: 'condition',
          label: t('alarm.detailPage.condition'),
          children: row.condition && row.threshold !== null ? conditionText(row.condition, row.threshold, row.unit) : '-',
        },
        { key: 'value', label: t('alarm.valueThreshold'), children: valueAgainstThreshold(row) },
        {
          key: 'source',
          label: t('alarm.source'),
          children: t(`alarm.sources.${row.source}`) + (row.sceneType ? ` · ${t(`alarmBell.scenes.${row.sceneType}`)}` : ''),
        },
        { key: 'alarmTime', label: t('alarm.alarmTime'), children: formatAlarmTime(row.alarmTime, zone) },
        { key: 'recoverTime', label: t('alarm.recoverTime'), children: row.recoverTime ? formatAlarmTime(row.recoverTime, zone) : '-' },
        {
          key: 'recoveredBy',
          label: t('alarm.detailPage.recoveredBy'),
          children: row.recoveredBy
            ? t(row.recoveredBy === 'auto' ? 'alarm.detailPage.recoveredAuto' : 'alarm.detailPage.recoveredManual')
            : '-',
        },
        { key: 'remark', label: t('alarm.detailPage.remark'), children: dash(row.recoverRemark) },
        { key: 'content', label: t('alarm.content'), span: 'filled', children: dash(row.content) },
      ]}
    />
  );
}

/** One alarm: its fields and tags, the readings around it, the values at the alarm time and its work orders. */
export default function AlarmDetailPage() {
  const { t } = useTranslation();
  const zone = useTenantZone();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const id = Number(useParams().alarmId);
  const valid = Number.isInteger(id) && id > 0;
  const detail = useQuery({ queryKey: alarmKeys.detail(id), queryFn: () => api(alarm.alarmLogDetail, { id }), enabled: valid });
  const markRead = useMutation({
    mutationFn: () => api(alarm.alarmLogRead, { id }),
    onSuccess: async () => {
      void message.success(t('alarm.detailPage.markedRead'));
      await queryClient.invalidateQueries({ queryKey: alarmKeys.all });
    },
  });

  if (!valid || detail.isError) {
    return (
      <Result
        status="404"
        title={t('alarm.detailPage.notFound')}
        extra={
          <Link to={ALARM_RECORD_PATH}>
            <Button>{t('alarm.detailPage.back')}</Button>
          </Link>
        }
      />
    );
  }
  const row = detail.data;
  if (!row) return <PageSpinner />;

  return (
    <Flex vertical gap={16} data-testid="alarm-detail">
      <Card>
        <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
          <Space size={12} wrap>
            <Link to={ALARM_RECORD_PATH} aria-label={t('alarm.detailPage.back')}>
              <ArrowLeftOutlined />
            </Link>
            <PageTitle>{row.ruleName}</PageTitle>
            <TimesIn zone={zone} />
            <LevelTag level={row.level} testId="alarm-detail-level" />
            <StateTag state={row.state} />
            <ReadTag read={row.read} />
          </Space>
          {!row.read && (
            <Authorized code="b-alarm-record-read">
              <Button icon={<CheckOutlined />} loading={markRead.isPending} onClick={() => markRead.mutate()} data-testid="alarm-mark-read">
                {t('alarm.detailPage.markRead')}
              </Button>
            </Authorized>
          )}
        </Flex>
        <AlarmFields row={row} />
      </Card>
      <AlarmChart row={row} />
      <ValuesAtAlarm id={id} />
      <WorkOrders id={id} />
    </Flex>
  );
}
