import { useState, type ReactNode } from 'react';
import { App as AntApp, Button, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { EndpointRef } from '@energy/contracts/refs-types';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../confirm-delete';
import { ExportButton, TemplateButton } from '../excel/export-buttons';
import { ImportButton } from '../excel/import-button';
import { FilterForm, type FilterField } from '../filter-form/filter-form';
import { ListPage } from '../list-page/list-page';
import { useListQuery, type ListBody } from '../list-page/use-list-query';
import { ListTable, type ListColumn, type ListTableProps } from '../table/list-table';
import { useGranted, type PermissionCode } from './permissions';
import type { EntityListContext, RowAction } from './row-actions';
import { RowActions } from './row-actions';
import './texts';

export type { EntityListContext, RowAction } from './row-actions';

/** The Excel buttons of a list: each shown only with its permission code. */
export interface EntityExcel {
  /** The entity name in file names and the running import's storage key. */
  name: string;
  exportRef?: EndpointRef;
  importRef?: EndpointRef;
  templateRef?: EndpointRef;
  exportPermission?: PermissionCode;
  /** The export button's test id (default `excel-export`). */
  exportTestId?: string;
  /** The most rows one export holds: the export warns when the filter finds more. */
  exportMaxRows?: number;
  /** The job calls (default `jobs.jobDetail`, `jobs.jobProblems`). */
  jobRef?: EndpointRef;
  problemsRef?: EndpointRef;
  /** Import and template. */
  importPermission?: PermissionCode;
}

export interface EntityListProps<T extends object, F extends object, V> {
  title: ReactNode;
  /** The card's `data-testid`. */
  testId: string;
  /** The table's saved column settings (`energy.table.<cacheKey>`). */
  cacheKey: string;
  rowKey?: ListTableProps<T>['rowKey'];
  /** The page call: `queryKey` is the domain's page prefix (the body is appended), `fetch` the call. */
  queryKey: QueryKey;
  fetch: (body: ListBody<F>) => Promise<{ list: T[]; totalCount: number }>;
  toFilter?: (values: V) => F;
  initialFilter?: F;
  /** Refreshed after a change (default: the domain, the query key's first element). */
  invalidate?: QueryKey[];
  filters: FilterField[];
  columns: ListColumn<T>[];
  /** The action column: shown only when the staff holds one of the actions' codes (or one needs none). */
  actions?: RowAction<T, F>[];
  actionsWidth?: number;
  /** The create button (right above the table), opening `dialog` without a row unless `onClick` is given. */
  create?: { permission?: PermissionCode; label: ReactNode; testId: string; onClick?: (ctx: EntityListContext<T, F>) => void };
  /** The create / edit dialog, rendered while open: `row` is the edited row (none: create). */
  dialog?: (row: T | undefined, close: () => void) => ReactNode;
  excel?: EntityExcel;
  /** More buttons left of the Excel and create buttons. */
  toolbar?: (ctx: EntityListContext<T, F>) => ReactNode;
  /** More ListTable props (a row selection). */
  table?: Partial<Omit<ListTableProps<T>, 'columns' | 'cacheKey' | 'toolbar'>>;
  /** Dialogs of the page's own. */
  children?: ReactNode;
}

/**
 * A list page from its configuration: ListPage, FilterForm and ListTable fed by useListQuery; the row
 * actions each with its permission code; the create / edit dialog; the delete confirm; the Excel buttons.
 */
export function EntityListPage<T extends object, F extends object = Record<string, unknown>, V = F>(props: EntityListProps<T, F, V>) {
  const { t } = useTranslation();
  const { modal, message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const granted = useGranted();
  const list = useListQuery<F, { list: T[]; totalCount: number }, V>({
    queryKey: props.queryKey,
    fetch: props.fetch,
    toFilter: props.toFilter,
    initialFilter: props.initialFilter,
  });
  const [dialog, setDialog] = useState<{ row?: T } | null>(null);

  const ctx: EntityListContext<T, F> = {
    filter: list.filter,
    totalCount: list.page.data?.totalCount ?? 0,
    refresh: async () => {
      const keys = props.invalidate ?? [props.queryKey.slice(0, 1)];
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    edit: (row) => setDialog({ row }),
  };

  const run = (action: RowAction<T, F>, row: T) => {
    const step = action.confirm;
    if (!step) return void action.onClick?.(row, ctx);
    confirmDelete(modal, {
      title: step.title(row),
      content: typeof step.content === 'function' ? step.content(row) : step.content,
      okText: step.okText ?? t('entityList.delete'),
      cancelText: t('common.cancel'),
      testId: step.testId,
      onConfirm: async () => {
        await step.run(row);
        if (step.done) void message.success(step.done(row));
        await ctx.refresh();
      },
    });
  };

  const actions = (props.actions ?? []).filter((a) => granted(a.permission));
  const columns: ListColumn<T>[] = actions.length
    ? [
        ...props.columns,
        {
          key: 'actions',
          title: t('entityList.actions'),
          width: props.actionsWidth ?? 160,
          fixed: 'right',
          showForce: true,
          showComplete: true,
          render: (_, row) => <RowActions actions={actions} row={row} ctx={ctx} run={run} />,
        },
      ]
    : props.columns;

  const { create, excel } = props;
  const toolbar = (
    <Space>
      {props.toolbar?.(ctx)}
      {excel?.templateRef && granted(excel.importPermission) && <TemplateButton templateRef={excel.templateRef} name={excel.name} />}
      {excel?.importRef && granted(excel.importPermission) && (
        <ImportButton
          importRef={excel.importRef}
          list={props.cacheKey}
          name={excel.name}
          onImported={ctx.refresh}
          jobRef={excel.jobRef}
          problemsRef={excel.problemsRef}
        />
      )}
      {excel?.exportRef && granted(excel.exportPermission) && (
        <ExportButton
          exportRef={excel.exportRef}
          filter={list.filter}
          name={excel.name}
          testId={excel.exportTestId}
          maxRows={excel.exportMaxRows}
          totalCount={ctx.totalCount}
        />
      )}
      {create && granted(create.permission) && (
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => (create.onClick ? create.onClick(ctx) : ctx.edit())}
          data-testid={create.testId}
        >
          {create.label}
        </Button>
      )}
    </Space>
  );

  return (
    <ListPage title={props.title} testId={props.testId}>
      <FilterForm<V & object> fields={props.filters} onQuery={list.query} />
      <ListTable<T>
        cacheKey={props.cacheKey}
        rowKey={props.rowKey ?? 'id'}
        columns={columns}
        {...list.table}
        {...props.table}
        toolbar={toolbar}
      />
      {dialog && props.dialog?.(dialog.row, () => setDialog(null))}
      {props.children}
    </ListPage>
  );
}
