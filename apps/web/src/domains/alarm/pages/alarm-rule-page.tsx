import { useState } from 'react';
import { App as AntApp, Button, Input, Select, Space, Switch, Tag, TreeSelect } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { alarm } from '@energy/contracts/refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../../app/shell/permission';
import { useHasPermission } from '../../../app/shell/shell-data';
import { api } from '../../../shared/api/client';
import { confirmDelete } from '../../../shared/confirm-delete';
import { FilterForm } from '../../../shared/filter-form/filter-form';
import { formatDateTime } from '../../../shared/format';
import { ListPage } from '../../../shared/list-page/list-page';
import { useListQuery, type ListBody } from '../../../shared/list-page/use-list-query';
import { ListTable, type ListColumn } from '../../../shared/table/list-table';
import { typeTreeData } from '../../devices/components/device-form-dialog';
import { useDeviceTypeTree } from '../../devices/queries';
import { conditionText } from '../alarm-filter';
import { LevelTag } from '../components/level-tag';
import { RuleFormDialog } from '../components/rule-form-dialog';
import { ALARM_LEVELS } from '../levels';
import { alarmKeys, type AlarmRuleRow } from '../queries';
import '../texts';

interface Filter {
  name?: string;
  deviceTypeId?: number;
  level?: number;
  enabled?: boolean;
}

/** The device alarm rules: filters, the list, and (with their buttons) create, edit, enable/disable and delete. */
export default function AlarmRulePage() {
  const { t } = useTranslation();
  const { modal, message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const tree = useDeviceTypeTree();
  const list = useListQuery({ queryKey: alarmKeys.rules, fetch: (body: ListBody<Filter>) => api(alarm.alarmRulePage, body) });
  const [dialog, setDialog] = useState<{ editing?: AlarmRuleRow } | null>(null);
  const canEdit = useHasPermission('b-alarm-rule-edit');
  const canDelete = useHasPermission('b-alarm-rule-delete');
  const refresh = () => queryClient.invalidateQueries({ queryKey: alarmKeys.all });

  const setStatus = useMutation({
    mutationFn: (r: AlarmRuleRow) => api(alarm.alarmRuleStatus, { id: r.id, enabled: !r.enabled }),
    onSuccess: async (row) => {
      void message.success(t(row.enabled ? 'alarm.rules.enabledDone' : 'alarm.rules.disabledDone', { name: row.name }));
      await refresh();
    },
  });

  const remove = (r: AlarmRuleRow) =>
    confirmDelete(modal, {
      title: t('alarm.rules.deleteConfirm', { name: r.name }),
      okText: t('alarm.rules.delete'),
      cancelText: t('common.cancel'),
      testId: 'alarm-rule-delete-confirm',
      onConfirm: async () => {
        await api(alarm.alarmRuleDelete, { id: r.id });
        void message.success(t('alarm.rules.deleted', { name: r.name }));
        await refresh();
      },
    });

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
    {
      key: 'devices',
      title: t('alarm.rules.devices'),
      dataIndex: 'deviceIds',
      width: 150,
      render: (v: number[]) => (v.length === 0 ? t('alarm.rules.allDevices') : v.length),
    },
    {
      key: 'enabled',
      title: t('alarm.rules.enabled'),
      dataIndex: 'enabled',
      width: 110,
      render: (v: boolean, r) =>
        canEdit ? (
          <Switch
            size="small"
            checked={v}
            loading={setStatus.isPending && setStatus.variables?.id === r.id}
            onChange={() => setStatus.mutate(r)}
            data-testid="alarm-rule-status"
          />
        ) : (
          <Tag color={v ? 'green' : undefined}>{t(v ? 'alarm.rules.enabled' : 'alarm.rules.disabled')}</Tag>
        ),
    },
    { key: 'active', title: t('alarm.rules.activeCount'), dataIndex: 'activeCount', width: 110, align: 'right' },
    { key: 'updated', title: t('alarm.rules.updatedAt'), dataIndex: 'updatedAt', width: 160, render: (v: string) => formatDateTime(v) },
  ];
  if (canEdit || canDelete)
    columns.push({
      key: 'actions',
      title: t('alarm.actions'),
      width: 140,
      fixed: 'right',
      showForce: true,
      showComplete: true,
      render: (_, r) => (
        <Space size={0}>
          <Authorized code="b-alarm-rule-edit">
            <Button type="link" size="small" onClick={() => setDialog({ editing: r })} data-testid="alarm-rule-edit">
              {t('alarm.rules.edit')}
            </Button>
          </Authorized>
          <Authorized code="b-alarm-rule-delete">
            <Button type="link" size="small" danger onClick={() => remove(r)} data-testid="alarm-rule-delete">
              {t('alarm.rules.delete')}
            </Button>
          </Authorized>
        </Space>
      ),
    });

  return (
    <ListPage title={t('alarm.rules.title')} testId="alarm-rule-list">
      <FilterForm<Filter>
        fields={[
          {
            name: 'name',
            label: t('alarm.rules.name'),
            node: <Input allowClear maxLength={64} placeholder={t('alarm.namePlaceholder')} />,
          },
          {
            name: 'deviceTypeId',
            label: t('alarm.deviceType'),
            node: (
              <TreeSelect
                allowClear
                treeDefaultExpandAll
                placeholder={t('alarm.all')}
                showSearch={{ treeNodeFilterProp: 'title' }}
                treeData={typeTreeData(tree.data ?? [])}
              />
            ),
          },
          {
            name: 'level',
            label: t('alarm.level'),
            node: (
              <Select
                allowClear
                placeholder={t('alarm.all')}
                options={ALARM_LEVELS.map((l) => ({ value: l, label: <LevelTag level={l} /> }))}
              />
            ),
          },
          {
            name: 'enabled',
            label: t('alarm.rules.enabled'),
            node: (
              <Select
                allowClear
                placeholder={t('alarm.all')}
                options={[
                  { value: true, label: t('alarm.rules.enabled') },
                  { value: false, label: t('alarm.rules.disabled') },
                ]}
              />
            ),
          },
        ]}
        onQuery={list.query}
      />
      <ListTable<AlarmRuleRow>
        cacheKey="alarm.rules"
        rowKey="id"
        columns={columns}
        {...list.table}
        toolbar={
          <Authorized code="b-alarm-rule-create">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({})} data-testid="alarm-rule-create">
              {t('alarm.rules.create')}
            </Button>
          </Authorized>
        }
      />
      {dialog && <RuleFormDialog editing={dialog.editing} onClose={() => setDialog(null)} />}
    </ListPage>
  );
}
