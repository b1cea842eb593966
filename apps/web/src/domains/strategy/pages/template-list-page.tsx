import { useState } from 'react';
import { Tag } from 'antd';
import { strategy } from '@energy/contracts/refs';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { EntityListPage } from '../../../shared/entity-list/entity-list-page';
import type { ListBody } from '../../../shared/list-page/use-list-query';
import type { ListColumn } from '../../../shared/table/list-table';
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
  const { navigate, actions, columns: shared, filters } = useStrategyRows('template');
  const [binding, setBinding] = useState<{ id: number; name: string } | null>(null);
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
  ];

  return (
    <EntityListPage<StrategyRow, Filter>
      title={t('strategy.templateTitle')}
      testId="template-list"
      cacheKey="strategy.templates"
      queryKey={strategyKeys.templates}
      fetch={(body: ListBody<Filter>) => api(strategy.strategyPage, { ...body, kind: 'template' })}
      filters={[filters.name, filters.version, filters.status]}
      columns={columns}
      actionsWidth={340}
      actions={actions([
        {
          key: 'bind',
          permission: 'b-bsa-template-edit',
          label: t('strategy.bind'),
          testId: 'template-bind',
          onClick: (r) => setBinding({ id: r.id, name: r.name }),
        },
      ])}
      create={{
        permission: 'b-bsa-template-create',
        label: t('strategy.createTemplate'),
        testId: 'template-create',
        onClick: () => void navigate(TEMPLATE_CREATE_PATH),
      }}
    >
      <BindCustomersDialog template={binding} onClose={() => setBinding(null)} />
    </EntityListPage>
  );
}
