import { useState } from 'react';
import { App as AntApp, Button, Input, Select, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { strategy } from '@energy/contracts/refs';
import { STRATEGY_VERSION_NAMES } from '@energy/contracts/strategy-rules';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Authorized } from '../../../app/shell/permission';
import { useHasPermission } from '../../../app/shell/shell-data';
import { api } from '../../../shared/api/client';
import { confirmDelete } from '../../../shared/confirm-delete';
import { FilterForm } from '../../../shared/filter-form/filter-form';
import { formatDateTime } from '../../../shared/format';
import { ListPage } from '../../../shared/list-page/list-page';
import { useListQuery, type ListBody } from '../../../shared/list-page/use-list-query';
import { ListTable, type ListColumn } from '../../../shared/table/list-table';
import { BindCustomersDialog } from '../components/bind-customers-dialog';
import { TEMPLATE_CREATE_PATH, templateCopyPath, templateEditPath, templateViewPath } from '../paths';
import { strategyKeys, type StrategyRow } from '../queries';
import '../texts';

interface Filter {
  name?: string;
  version?: number;
  status?: 'enabled' | 'disabled';
}

/**
 * `/bsa/strategy/template`: strategy templates (no station), each bound to the customers it is offered
 * to. Actions view, edit, copy, customers, enable/disable and delete with the b-bsa-template-* codes.
 * Rows: `data-row-key` = id; action test ids `template-<action>`.
 */
export default function TemplateListPage() {
  const { t } = useTranslation();
  const { modal, message } = AntApp.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const list = useListQuery({
    queryKey: strategyKeys.templates,
    fetch: (body: ListBody<Filter>) => api(strategy.strategyPage, { ...body, kind: 'template' }),
  });
  const [binding, setBinding] = useState<{ id: number; name: string } | null>(null);
  const canEdit = useHasPermission('b-bsa-template-edit');
  const refresh = () => queryClient.invalidateQueries({ queryKey: strategyKeys.all });

  const setStatus = async (r: StrategyRow, status: 'enabled' | 'disabled') => {
    await api(strategy.strategyUpdateStatus, { id: r.id, status });
    void message.success(t(status === 'enabled' ? 'strategy.enabled' : 'strategy.disabled', { name: r.name }));
    await refresh();
  };
  const remove = (r: StrategyRow) =>
    confirmDelete(modal, {
      title: t('strategy.deleteTemplateConfirm', { name: r.name }),
      okText: t('strategy.delete'),
      cancelText: t('common.cancel'),
      testId: 'template-delete-confirm',
      onConfirm: async () => {
        await api(strategy.strategyUpdateStatus, { id: r.id, status: 'deleted' });
        void message.success(t('strategy.deleted', { name: r.name }));
        await refresh();
      },
    });

  const columns: ListColumn<StrategyRow>[] = [
    {
      key: 'name',
      title: t('strategy.name'),
      dataIndex: 'name',
      width: 220,
      showForce: true,
      render: (v: string, r) => (
        <Link to={templateViewPath(r.id)} data-testid="template-link">
          {v}
        </Link>
      ),
    },
    { key: 'version', title: t('strategy.version'), dataIndex: 'versionName', width: 90 },
    {
      key: 'status',
      title: t('strategy.status'),
      dataIndex: 'status',
      width: 100,
      render: (v: StrategyRow['status']) => (
        <Tag color={v === 'enabled' ? 'green' : 'default'} data-testid="template-status" data-status={v}>
          {t(`strategy.statuses.${v}`)}
        </Tag>
      ),
    },
    { key: 'bound', title: t('strategy.boundCustomers'), dataIndex: 'boundCustomers', width: 110 },
    { key: 'updatedBy', title: t('strategy.updatedBy'), width: 120, render: (_, r) => r.updatedBy.name },
    { key: 'updated', title: t('strategy.updated'), dataIndex: 'updatedAt', width: 160, render: (v: string) => formatDateTime(v) },
    {
      key: 'actions',
      title: t('strategy.actions'),
      width: 340,
      fixed: 'right',
      showForce: true,
      showComplete: true,
      render: (_, r) => (
        <Space size={0} wrap={false}>
          <Button type="link" size="small" onClick={() => void navigate(templateViewPath(r.id))} data-testid="template-view">
            {t('strategy.view')}
          </Button>
          <Authorized code="b-bsa-template-edit">
            <Button type="link" size="small" onClick={() => void navigate(templateEditPath(r.id))} data-testid="template-edit">
              {t('strategy.edit')}
            </Button>
          </Authorized>
          <Authorized code="b-bsa-template-create">
            <Button type="link" size="small" onClick={() => void navigate(templateCopyPath(r.id))} data-testid="template-copy">
              {t('strategy.copy')}
            </Button>
          </Authorized>
          {canEdit && (
            <>
              <Button type="link" size="small" onClick={() => setBinding({ id: r.id, name: r.name })} data-testid="template-bind">
                {t('strategy.bind')}
              </Button>
              <Button
                type="link"
                size="small"
                onClick={() => void setStatus(r, r.status === 'enabled' ? 'disabled' : 'enabled').catch(() => undefined)}
                data-testid="template-toggle"
              >
                {r.status === 'enabled' ? t('strategy.disable') : t('strategy.enable')}
              </Button>
            </>
          )}
          <Authorized code="b-bsa-template-delete">
            <Button type="link" size="small" danger onClick={() => remove(r)} data-testid="template-delete">
              {t('strategy.delete')}
            </Button>
          </Authorized>
        </Space>
      ),
    },
  ];

  return (
    <ListPage title={t('strategy.templateTitle')} testId="template-list">
      <FilterForm<Filter>
        fields={[
          {
            name: 'name',
            label: t('strategy.name'),
            node: <Input allowClear maxLength={64} placeholder={t('strategy.namePlaceholder')} />,
          },
          {
            name: 'version',
            label: t('strategy.version'),
            node: (
              <Select
                allowClear
                placeholder={t('strategy.all')}
                options={Object.entries(STRATEGY_VERSION_NAMES).map(([v, name]) => ({ value: Number(v), label: name }))}
              />
            ),
          },
          {
            name: 'status',
            label: t('strategy.status'),
            node: (
              <Select
                allowClear
                placeholder={t('strategy.all')}
                options={(['enabled', 'disabled'] as const).map((s) => ({ value: s, label: t(`strategy.statuses.${s}`) }))}
              />
            ),
          },
        ]}
        onQuery={list.query}
      />
      <ListTable<StrategyRow>
        cacheKey="strategy.templates"
        rowKey="id"
        columns={columns}
        {...list.table}
        toolbar={
          <Authorized code="b-bsa-template-create">
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => void navigate(TEMPLATE_CREATE_PATH)}
              data-testid="template-create"
            >
              {t('strategy.createTemplate')}
            </Button>
          </Authorized>
        }
      />
      <BindCustomersDialog template={binding} onClose={() => setBinding(null)} />
    </ListPage>
  );
}
