import { App as AntApp, Input, Select } from 'antd';
import { strategy } from '@energy/contracts/refs';
import { STRATEGY_VERSION_NAMES } from '@energy/contracts/strategy-rules';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { api } from '../../../shared/api/client';
import type { EntityListContext, RowAction } from '../../../shared/entity-list/entity-list-page';
import type { FilterField } from '../../../shared/filter-form/filter-form';
import { formatDateTime } from '../../../shared/format';
import { useTenantZone } from '../../../shared/time-zone';
import type { ListColumn } from '../../../shared/table/list-table';
import { strategyCopyPath, strategyEditPath, strategyViewPath, templateCopyPath, templateEditPath, templateViewPath } from '../paths';
import type { StrategyRow } from '../queries';
import '../texts';

/** Which list: station strategies or templates. It names the paths, the b-bsa-<scope>-* codes and the `<scope>-*` test ids. */
export type StrategyScope = 'strategy' | 'template';

const SCOPES = {
  strategy: { view: strategyViewPath, edit: strategyEditPath, copy: strategyCopyPath, deleteConfirm: 'strategy.deleteConfirm' },
  template: { view: templateViewPath, edit: templateEditPath, copy: templateCopyPath, deleteConfirm: 'strategy.deleteTemplateConfirm' },
} as const;

const CODES = {
  strategy: { edit: 'b-bsa-strategy-edit', create: 'b-bsa-strategy-create', delete: 'b-bsa-strategy-delete' },
  template: { edit: 'b-bsa-template-edit', create: 'b-bsa-template-create', delete: 'b-bsa-template-delete' },
} as const;

/**
 * What the strategy and template lists share: the row actions view, edit, copy, enable/disable and delete
 * (after a confirm) with their b-bsa-<scope>-* codes (`extra` goes before delete), the name / version /
 * updated columns and the name / version / status filters.
 */
export function useStrategyRows(scope: StrategyScope) {
  const { t } = useTranslation();
  const zone = useTenantZone();
  const { message } = AntApp.useApp();
  const navigate = useNavigate();
  const paths = SCOPES[scope];
  const codes = CODES[scope];

  /** Enables a disabled row, disables an enabled one (a refusal shows the API client's message). */
  const toggle = async (r: StrategyRow, ctx: EntityListContext<StrategyRow>) => {
    const status = r.status === 'enabled' ? 'disabled' : 'enabled';
    await api(strategy.strategyUpdateStatus, { id: r.id, status });
    void message.success(t(status === 'enabled' ? 'strategy.enabled' : 'strategy.disabled', { name: r.name }));
    await ctx.refresh();
  };
  // a station strategy that executes cannot be disabled or deleted (templates do not execute)
  const busy = (r: StrategyRow) => scope === 'strategy' && r.executing;

  const actions = (extra: RowAction<StrategyRow>[] = []): RowAction<StrategyRow>[] => [
    { key: 'view', label: t('strategy.view'), testId: `${scope}-view`, onClick: (r) => void navigate(paths.view(r.id)) },
    {
      key: 'edit',
      permission: codes.edit,
      label: t('strategy.edit'),
      testId: `${scope}-edit`,
      onClick: (r) => void navigate(paths.edit(r.id)),
    },
    {
      key: 'copy',
      permission: codes.create,
      label: t('strategy.copy'),
      testId: `${scope}-copy`,
      onClick: (r) => void navigate(paths.copy(r.id)),
    },
    ...(scope === 'template' ? extra : []),
    {
      key: 'toggle',
      permission: codes.edit,
      label: (r) => (r.status === 'enabled' ? t('strategy.disable') : t('strategy.enable')),
      testId: `${scope}-toggle`,
      disabled: (r) => (busy(r) && r.status === 'enabled' ? t('strategy.executive') : false),
      onClick: (r, ctx) => void toggle(r, ctx).catch(() => undefined),
    },
    ...(scope === 'strategy' ? extra : []),
    {
      key: 'delete',
      permission: codes.delete,
      label: t('strategy.delete'),
      testId: `${scope}-delete`,
      danger: true,
      disabled: busy,
      confirm: {
        title: (r) => t(paths.deleteConfirm, { name: r.name }),
        okText: t('strategy.delete'),
        testId: `${scope}-delete-confirm`,
        run: (r) => api(strategy.strategyUpdateStatus, { id: r.id, status: 'deleted' }),
        done: (r) => t('strategy.deleted', { name: r.name }),
      },
    },
  ];

  const columns = {
    name: (width: number): ListColumn<StrategyRow> => ({
      key: 'name',
      title: t('strategy.name'),
      dataIndex: 'name',
      width,
      showForce: true,
      render: (v: string, r) => (
        <Link to={paths.view(r.id)} data-testid={`${scope}-link`}>
          {v}
        </Link>
      ),
    }),
    version: (width: number): ListColumn<StrategyRow> => ({
      key: 'version',
      title: t('strategy.version'),
      dataIndex: 'versionName',
      width,
    }),
    updatedBy: {
      key: 'updatedBy',
      title: t('strategy.updatedBy'),
      width: 120,
      render: (_, r) => r.updatedBy.name,
    } as ListColumn<StrategyRow>,
    updated: {
      key: 'updated',
      title: t('strategy.updated'),
      dataIndex: 'updatedAt',
      width: 160,
      render: (v: string) => formatDateTime(v, zone),
    } as ListColumn<StrategyRow>,
  };

  // the strategy list's selects carry test ids, the template list's do not
  const filterTestId = (name: string) => (scope === 'strategy' ? `filter-${name}` : undefined);
  const filters: Record<'name' | 'version' | 'status', FilterField> = {
    name: {
      name: 'name',
      label: t('strategy.name'),
      node: <Input allowClear maxLength={64} placeholder={t('strategy.namePlaceholder')} />,
    },
    version: {
      name: 'version',
      label: t('strategy.version'),
      node: (
        <Select
          allowClear
          placeholder={t('strategy.all')}
          options={Object.entries(STRATEGY_VERSION_NAMES).map(([v, name]) => ({ value: Number(v), label: name }))}
          data-testid={filterTestId('version')}
        />
      ),
    },
    status: {
      name: 'status',
      label: t('strategy.status'),
      node: (
        <Select
          allowClear
          placeholder={t('strategy.all')}
          options={(['enabled', 'disabled'] as const).map((s) => ({ value: s, label: t(`strategy.statuses.${s}`) }))}
          data-testid={filterTestId('status')}
        />
      ),
    },
  };

  return { navigate, actions, columns, filters };
}
