import { useState } from 'react';
import { Button, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { strategy } from '@energy/contracts/refs';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../../app/shell/permission';
import { useHasPermission } from '../../../app/shell/shell-data';
import { api } from '../../../shared/api/client';
import { FilterForm } from '../../../shared/filter-form/filter-form';
import { ListPage } from '../../../shared/list-page/list-page';
import { useListQuery, type ListBody } from '../../../shared/list-page/use-list-query';
import { ListTable, type ListColumn } from '../../../shared/table/list-table';
import { BindCustomersDialog } from '../components/bind-customers-dialog';
import { useStrategyRows } from '../components/use-strategy-rows';
import { TEMPLATE_CREATE_PATH } from '../paths';
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
  const { navigate, toggle, remove, navButtons, columns: shared, filters } = useStrategyRows('template');
  const list = useListQuery({
    queryKey: strategyKeys.templates,
    fetch: (body: ListBody<Filter>) => api(strategy.strategyPage, { ...body, kind: 'template' }),
  });
  const [binding, setBinding] = useState<{ id: number; name: string } | null>(null);
  const canEdit = useHasPermission('b-bsa-template-edit');

  const columns: ListColumn<StrategyRow>[] = [
    shared.name(220),
    shared.version(90),
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
    shared.updatedBy,
    shared.updated,
    {
      key: 'actions',
      title: t('strategy.actions'),
      width: 340,
      fixed: 'right',
      showForce: true,
      showComplete: true,
      render: (_, r) => (
        <Space size={0} wrap={false}>
          {navButtons(r)}
          {canEdit && (
            <>
              <Button type="link" size="small" onClick={() => setBinding({ id: r.id, name: r.name })} data-testid="template-bind">
                {t('strategy.bind')}
              </Button>
              <Button type="link" size="small" onClick={() => toggle(r)} data-testid="template-toggle">
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
      <FilterForm<Filter> fields={[filters.name, filters.version, filters.status]} onQuery={list.query} />
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
