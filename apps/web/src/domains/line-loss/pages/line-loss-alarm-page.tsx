import { App as AntApp, Select, Switch, Tabs, Tag, Input } from 'antd';
import { lineLoss } from '@energy/contracts/refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api } from '../../../shared/api/client';
import { useHasPermission } from '../../../shared/current-staff';
import { EntityListPage } from '../../../shared/entity-list/entity-list-page';
import { formatDateTime } from '../../../shared/format';
import type { ListBody } from '../../../shared/list-page/use-list-query';
import type { ListColumn } from '../../../shared/table/list-table';
import { TitleInZone, useTenantZone } from '../../../shared/time-zone';
import { ChoiceFilter } from '../components/choice-filter';
import { LevelText } from '../components/level';
import { RuleDialog } from '../components/rule-dialog';
import { ratePercent } from '../format';
import { lineLossKeys, useConfigs, type LogRow, type RuleRow } from '../queries';
import '../texts';

interface RuleFilter {
  name?: string;
  configId?: number;
  enabled?: boolean;
  state?: RuleRow['state'];
}
interface LogFilter {
  configId?: number;
  kind?: LogRow['kind'];
}

/** Line-loss alarms: the rules (create, edit, enable / disable, delete) and what they did (raised, recovered), each list with its export. */
export default function LineLossAlarmPage() {
  const { t } = useTranslation();
  const zone = useTenantZone();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'logs' ? 'logs' : 'rules';
  return (
    <Tabs
      activeKey={tab}
      onChange={(k) => setParams({ tab: k }, { replace: true })}
      data-testid="line-loss-alarm"
      items={[
        { key: 'rules', label: t('lineLoss.rules.tab'), children: <Rules zone={zone} /> },
        { key: 'logs', label: t('lineLoss.logs.tab'), children: <Logs zone={zone} /> },
      ]}
    />
  );
}

function ConfigFilter(props: { value?: number; onChange?: (v: number | undefined) => void }) {
  const { t } = useTranslation();
  const configs = useConfigs();
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('lineLoss.all')}
      loading={configs.isPending}
      options={(configs.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
      {...props}
    />
  );
}

function Rules({ zone }: { zone: string }) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const canEdit = useHasPermission('b-alarm-line-loss-edit');
  const none = t('lineLoss.noInput');
  const setStatus = useMutation({
    mutationFn: (r: RuleRow) => api(lineLoss.ruleStatus, { id: r.id, enabled: !r.enabled }),
    onSuccess: async (row) => {
      void message.success(t(row.enabled ? 'lineLoss.rules.enabledDone' : 'lineLoss.rules.disabledDone', { name: row.name }));
      await queryClient.invalidateQueries({ queryKey: lineLossKeys.all });
    },
  });
  const enabledCell = (v: boolean, r: RuleRow) =>
    canEdit ? (
      <Switch
        size="small"
        checked={v}
        loading={setStatus.isPending && setStatus.variables?.id === r.id}
        onChange={() => setStatus.mutate(r)}
        data-testid={`line-loss-rule-status-${r.id}`}
      />
    ) : (
      <Tag color={v ? 'green' : undefined}>{t(v ? 'lineLoss.rules.enabled' : 'lineLoss.rules.disabled')}</Tag>
    );
  const columns: ListColumn<RuleRow>[] = [
    { key: 'name', title: t('lineLoss.rules.name'), dataIndex: 'name', width: 180, showForce: true },
    { key: 'config', title: t('lineLoss.rules.config'), dataIndex: 'configName', width: 200 },
    {
      key: 'condition',
      title: t('lineLoss.rules.condition'),
      dataIndex: 'thresholdPercent',
      width: 260,
      render: (_, r) =>
        t('lineLoss.rules.conditionText', {
          threshold: r.thresholdPercent,
          periods: r.periods,
          unit: t(r.timeLevel === 'day' ? 'lineLoss.rules.days' : 'lineLoss.rules.months'),
        }),
    },
    { key: 'level', title: t('lineLoss.rules.level'), dataIndex: 'level', width: 90, render: (v: number) => <LevelText level={v} /> },
    { key: 'enabled', title: t('lineLoss.rules.enabled'), dataIndex: 'enabled', width: 100, render: enabledCell },
    {
      key: 'state',
      title: t('lineLoss.rules.state'),
      dataIndex: 'state',
      width: 100,
      render: (v: RuleRow['state']) => <Tag color={v === 'firing' ? 'red' : 'green'}>{t(`lineLoss.rules.states.${v}`)}</Tag>,
    },
    {
      key: 'last',
      title: t('lineLoss.rules.lastRate'),
      dataIndex: 'lastPeriod',
      width: 170,
      render: (_, r) => (r.lastPeriod ? `${r.lastPeriod} · ${ratePercent(r.lastRate, none)}` : '—'),
    },
    { key: 'updated', title: t('lineLoss.updatedAt'), dataIndex: 'updatedAt', width: 160, render: (v: number) => formatDateTime(v, zone) },
  ];
  return (
    <EntityListPage<RuleRow, RuleFilter>
      title={<TitleInZone title={t('lineLoss.rules.title')} zone={zone} />}
      testId="line-loss-rule-list"
      cacheKey="line-loss.rules"
      queryKey={lineLossKeys.rulePage}
      fetch={(body: ListBody<RuleFilter>) => api(lineLoss.rulePage, body)}
      filters={[
        { name: 'name', label: t('lineLoss.rules.name'), node: <Input allowClear maxLength={128} /> },
        { name: 'configId', label: t('lineLoss.rules.config'), node: <ConfigFilter /> },
        {
          name: 'enabled',
          label: t('lineLoss.rules.enabled'),
          node: <ChoiceFilter values={[true, false]} label={(v) => t(v ? 'lineLoss.rules.enabled' : 'lineLoss.rules.disabled')} />,
        },
        {
          name: 'state',
          label: t('lineLoss.rules.state'),
          node: <ChoiceFilter values={['normal', 'firing'] as const} label={(v) => t(`lineLoss.rules.states.${v}`)} />,
        },
      ]}
      columns={columns}
      actionsWidth={140}
      actions={[
        {
          key: 'edit',
          permission: 'b-alarm-line-loss-edit',
          label: t('lineLoss.rules.edit'),
          testId: (r) => `line-loss-rule-edit-${r.id}`,
          onClick: (r, ctx) => ctx.edit(r),
        },
        {
          key: 'delete',
          permission: 'b-alarm-line-loss-delete',
          label: t('lineLoss.delete'),
          danger: true,
          testId: (r) => `line-loss-rule-delete-${r.id}`,
          confirm: {
            title: (r) => t('lineLoss.rules.deleteConfirm', { name: r.name }),
            okText: t('lineLoss.delete'),
            testId: 'line-loss-rule-delete-confirm',
            run: (r) => api(lineLoss.ruleDelete, { id: r.id }),
            done: (r) => t('lineLoss.deleted', { name: r.name }),
          },
        },
      ]}
      create={{ permission: 'b-alarm-line-loss-create', label: t('lineLoss.rules.create'), testId: 'line-loss-rule-create' }}
      dialog={(row, close) => <RuleDialog row={row} onClose={close} />}
      excel={{
        name: 'line-loss-rules',
        exportRef: lineLoss.ruleExport,
        exportPermission: 'b-alarm-line-loss-export',
        exportTestId: 'line-loss-rule-export',
      }}
    />
  );
}

function Logs({ zone }: { zone: string }) {
  const { t } = useTranslation();
  const none = t('lineLoss.noInput');
  const columns: ListColumn<LogRow>[] = [
    { key: 'at', title: t('lineLoss.logs.at'), dataIndex: 'createdAt', width: 160, render: (v: number) => formatDateTime(v, zone) },
    { key: 'rule', title: t('lineLoss.logs.rule'), dataIndex: 'ruleName', width: 180, showForce: true },
    { key: 'config', title: t('lineLoss.rules.config'), dataIndex: 'configName', width: 180 },
    {
      key: 'kind',
      title: t('lineLoss.logs.kind'),
      dataIndex: 'kind',
      width: 100,
      render: (v: LogRow['kind']) => <Tag color={v === 'raised' ? 'red' : 'green'}>{t(`lineLoss.logs.kinds.${v}`)}</Tag>,
    },
    { key: 'period', title: t('lineLoss.logs.period'), dataIndex: 'period', width: 110 },
    {
      key: 'rate',
      title: t('lineLoss.logs.rate'),
      dataIndex: 'rate',
      width: 100,
      align: 'right',
      render: (v: number | null) => ratePercent(v, none),
    },
    {
      key: 'threshold',
      title: t('lineLoss.logs.threshold'),
      dataIndex: 'thresholdPercent',
      width: 100,
      align: 'right',
      render: (v: number) => `${v} %`,
    },
    {
      key: 'periods',
      title: t('lineLoss.logs.periods'),
      dataIndex: 'periods',
      width: 260,
      render: (_, r) => r.periods.map((p) => `${p.label} ${ratePercent(p.rate, none)}`).join(', '),
    },
    { key: 'alarm', title: t('lineLoss.logs.alarm'), dataIndex: 'alarmId', width: 90, render: (v: number | null) => v ?? '—' },
    { key: 'remark', title: t('lineLoss.logs.remark'), dataIndex: 'remark', width: 320 },
  ];
  return (
    <EntityListPage<LogRow, LogFilter>
      title={<TitleInZone title={t('lineLoss.logs.tab')} zone={zone} />}
      testId="line-loss-log-list"
      cacheKey="line-loss.logs"
      queryKey={lineLossKeys.logPage}
      fetch={(body: ListBody<LogFilter>) => api(lineLoss.logPage, body)}
      filters={[
        { name: 'configId', label: t('lineLoss.rules.config'), node: <ConfigFilter /> },
        {
          name: 'kind',
          label: t('lineLoss.logs.kind'),
          node: <ChoiceFilter values={['raised', 'recovered'] as const} label={(v) => t(`lineLoss.logs.kinds.${v}`)} />,
        },
      ]}
      columns={columns}
      excel={{
        name: 'line-loss-log',
        exportRef: lineLoss.logExport,
        exportPermission: 'b-alarm-line-loss-export',
        exportTestId: 'line-loss-log-export',
      }}
    />
  );
}
