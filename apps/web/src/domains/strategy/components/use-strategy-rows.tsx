import { App as AntApp, Button, Input, Select } from 'antd';
import { strategy } from '@energy/contracts/refs';
import { STRATEGY_VERSION_NAMES } from '@energy/contracts/strategy-rules';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Authorized } from '../../../app/shell/permission';
import { api } from '../../../shared/api/client';
import { confirmDelete } from '../../../shared/confirm-delete';
import type { FilterField } from '../../../shared/filter-form/filter-form';
import { formatDateTime } from '../../../shared/format';
import type { ListColumn } from '../../../shared/table/list-table';
import { strategyCopyPath, strategyEditPath, strategyViewPath, templateCopyPath, templateEditPath, templateViewPath } from '../paths';
import { strategyKeys, type StrategyRow } from '../queries';
import '../texts';

/** Which list: station strategies or templates. It names the paths, the b-bsa-<scope>-* codes and the `<scope>-*` test ids. */
export type StrategyScope = 'strategy' | 'template';

const SCOPES = {
  strategy: { view: strategyViewPath, edit: strategyEditPath, copy: strategyCopyPath, deleteConfirm: 'strategy.deleteConfirm' },
  template: { view: templateViewPath, edit: templateEditPath, copy: templateCopyPath, deleteConfirm: 'strategy.deleteTemplateConfirm' },
} as const;

/**
 * What the strategy and template lists share: enable/disable and delete (after a confirm) of a row, the
 * view / edit / copy buttons, the name / version / updated columns and the name / version / status filters.
 */
export function useStrategyRows(scope: StrategyScope) {
  const { t } = useTranslation();
  const { modal, message } = AntApp.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const paths = SCOPES[scope];
  const refresh = () => queryClient.invalidateQueries({ queryKey: strategyKeys.all });

  const setStatus = async (r: StrategyRow, status: 'enabled' | 'disabled') => {
    await api(strategy.strategyUpdateStatus, { id: r.id, status });
    void message.success(t(status === 'enabled' ? 'strategy.enabled' : 'strategy.disabled', { name: r.name }));
    await refresh();
  };
  /** Enables a disabled row, disables an enabled one (a refusal shows the API client's message). */
  const toggle = (r: StrategyRow) => void setStatus(r, r.status === 'enabled' ? 'disabled' : 'enabled').catch(() => undefined);
  const remove = (r: StrategyRow) =>
    confirmDelete(modal, {
      title: t(paths.deleteConfirm, { name: r.name }),
      okText: t('strategy.delete'),
      cancelText: t('common.cancel'),
      testId: `${scope}-delete-confirm`,
      onConfirm: async () => {
        await api(strategy.strategyUpdateStatus, { id: r.id, status: 'deleted' });
        void message.success(t('strategy.deleted', { name: r.name }));
        await refresh();
      },
    });

  /** View, edit and copy of a row: a fragment, so the actions' Space spaces each button. */
  const navButtons = (r: StrategyRow) => (
    <>
      <Button type="link" size="small" onClick={() => void navigate(paths.view(r.id))} data-testid={`${scope}-view`}>
        {t('strategy.view')}
      </Button>
      <Authorized code={`b-bsa-${scope}-edit`}>
        <Button type="link" size="small" onClick={() => void navigate(paths.edit(r.id))} data-testid={`${scope}-edit`}>
          {t('strategy.edit')}
        </Button>
      </Authorized>
      <Authorized code={`b-bsa-${scope}-create`}>
        <Button type="link" size="small" onClick={() => void navigate(paths.copy(r.id))} data-testid={`${scope}-copy`}>
          {t('strategy.copy')}
        </Button>
      </Authorized>
    </>
  );

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
      render: (v: string) => formatDateTime(v),
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

  return { navigate, toggle, remove, navButtons, columns, filters };
}
