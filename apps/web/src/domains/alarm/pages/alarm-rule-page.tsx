import { App as AntApp, Input, Select, Switch, Tag } from 'antd';
import { alarm } from '@energy/contracts/refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCurrentUser, useHasPermission } from '../../../shared/current-staff';
import { api } from '../../../shared/api/client';
import { EntityListPage } from '../../../shared/entity-list/entity-list-page';
import { formatDateTime } from '../../../shared/format';
import type { ListBody } from '../../../shared/list-page/use-list-query';
import { DeviceTypePicker } from '../../../shared/pickers/device-type-picker';
import type { ListColumn } from '../../../shared/table/list-table';
import { conditionText } from '../alarm-filter';
import { LevelTag } from '../components/level-tag';
import { RuleFormDialog } from '../components/rule-form-dialog';
import { ALARM_LEVELS } from '../levels';
import { alarmKeys, type AlarmRuleRow } from '../queries';
import '../texts';
import { TitleInZone, useTenantZone } from '../../../shared/time-zone';

interface Filter {
  name?: string;
  deviceTypeId?: number;
  level?: number;
  enabled?: boolean;
}

/** The device alarm rules: filters, the list, and (with their buttons) create, edit, enable/disable and delete. */
export default function AlarmRulePage() {
  const { t } = useTranslation();
  const zone = useTenantZone();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const canEdit = useHasPermission('b-alarm-rule-edit');
  // a channel staff reads its linked tenants' rules; each tenant changes its own
  const channel = useCurrentUser().data?.staff.sideType === 2;
  const foreign = (r: AlarmRuleRow) => !r.own;
  const all = t('alarm.all');
  const setStatus = useMutation({
    mutationFn: (r: AlarmRuleRow) => api(alarm.alarmRuleStatus, { id: r.id, enabled: !r.enabled }),
    onSuccess: async (row) => {
      void message.success(t(row.enabled ? 'alarm.rules.enabledDone' : 'alarm.rules.disabledDone', { name: row.name }));
      await queryClient.invalidateQueries({ queryKey: alarmKeys.all });
    },
  });
  const enabledCell = (v: boolean, r: AlarmRuleRow) =>
    canEdit && !foreign(r) ? (
      <Switch
        size="small"
        checked={v}
        loading={setStatus.isPending && setStatus.variables?.id === r.id}
        onChange={() => setStatus.mutate(r)}
        data-testid="alarm-rule-status"
      />
    ) : (
      <Tag color={v ? 'green' : undefined}>{t(v ? 'alarm.rules.enabled' : 'alarm.rules.disabled')}</Tag>
    );

  const columns: ListColumn<AlarmRuleRow>[] = [
    { key: 'name', title: t('alarm.rules.name'), dataIndex: 'name', width: 180, showForce: true },
    { key: 'type', title: t('alarm.deviceType'), dataIndex: 'deviceTypeName', width: 150 },
    { key: 'property', title: t('alarm.property'), dataIndex: 'propertyName', width: 150 },
    {
      key: 'condition',
      title: t('alarm.rules.condition'),
      dataIndex: 'condition',
      width: 190,
      render: (_, r) => `${conditionText(r.condition, r.threshold, r.unit)} · ${r.durationSeconds} s`,
    },
    { key: 'level', title: t('alarm.level'), dataIndex: 'level', width: 90, render: (v: number) => <LevelTag level={v} /> },
    { key: 'ou', title: t('alarm.ou'), dataIndex: 'ouName', width: 150, render: (v: string | null) => v ?? t('alarm.allOus') },
    ...(channel
      ? [{ key: 'tenant', title: t('alarm.tenant'), dataIndex: 'tenantName', width: 170 } satisfies ListColumn<AlarmRuleRow>]
      : []),
    {
      key: 'devices',
      title: t('alarm.rules.devices'),
      dataIndex: 'deviceIds',
      width: 150,
      render: (v: number[]) => (v.length === 0 ? t('alarm.rules.allDevices') : v.length),
    },
    { key: 'enabled', title: t('alarm.rules.enabled'), dataIndex: 'enabled', width: 110, render: enabledCell },
    { key: 'active', title: t('alarm.rules.activeCount'), dataIndex: 'activeCount', width: 110, align: 'right' },
    {
      key: 'updated',
      title: t('alarm.rules.updatedAt'),
      dataIndex: 'updatedAt',
      width: 160,
      render: (v: string) => formatDateTime(v, zone),
    },
  ];

  return (
    <EntityListPage<AlarmRuleRow, Filter>
      title={<TitleInZone title={t('alarm.rules.title')} zone={zone} />}
      testId="alarm-rule-list"
      cacheKey="alarm.rules"
      queryKey={alarmKeys.rules}
      fetch={(body: ListBody<Filter>) => api(alarm.alarmRulePage, body)}
      filters={[
        { name: 'name', label: t('alarm.rules.name'), node: <Input allowClear maxLength={64} placeholder={t('alarm.namePlaceholder')} /> },
        { name: 'deviceTypeId', label: t('alarm.deviceType'), node: <DeviceTypePicker allowClear placeholder={all} /> },
        {
          name: 'level',
          label: t('alarm.level'),
          node: <Select allowClear placeholder={all} options={ALARM_LEVELS.map((l) => ({ value: l, label: <LevelTag level={l} /> }))} />,
        },
        {
          name: 'enabled',
          label: t('alarm.rules.enabled'),
          node: (
            <Select
              allowClear
              placeholder={all}
              options={[true, false].map((v) => ({ value: v, label: t(v ? 'alarm.rules.enabled' : 'alarm.rules.disabled') }))}
            />
          ),
        },
      ]}
      columns={columns}
      actionsWidth={140}
      actions={[
        {
          key: 'edit',
          permission: 'b-alarm-rule-edit',
          label: t('alarm.rules.edit'),
          testId: 'alarm-rule-edit',
          hidden: foreign,
          onClick: (r, c) => c.edit(r),
        },
        {
          key: 'delete',
          permission: 'b-alarm-rule-delete',
          label: t('alarm.rules.delete'),
          testId: 'alarm-rule-delete',
          hidden: foreign,
          danger: true,
          confirm: {
            title: (r) => t('alarm.rules.deleteConfirm', { name: r.name }),
            okText: t('alarm.rules.delete'),
            testId: 'alarm-rule-delete-confirm',
            run: (r) => api(alarm.alarmRuleDelete, { id: r.id }),
            done: (r) => t('alarm.rules.deleted', { name: r.name }),
          },
        },
      ]}
      create={{ permission: 'b-alarm-rule-create', label: t('alarm.rules.create'), testId: 'alarm-rule-create' }}
      dialog={(row, close) => <RuleFormDialog editing={row} onClose={close} />}
    />
  );
}
