import { useState, type ReactNode } from 'react';
import { Flex, Table } from 'antd';
import type { TableProps } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { ColumnSettingsButton, columnTitle } from './column-settings-button';
import {
  clearSettings,
  loadSettings,
  mergeSettings,
  moveColumn,
  resizeColumn,
  saveSettings,
  setDisplay,
  visibleColumns,
  type ColumnSetting,
} from './column-settings';
import { ResizableHeaderCell, type ResizeCellProps } from './resizable-header-cell';
import { PAGE_SIZE_OPTIONS, type PagingProps } from './use-paging';
import './texts';

/** A list table column: antd's column plus its settings (spec 000 §3). */
export type ListColumn<T> = ColumnType<T> & {
  key: string;
  /** Always displayed: its checkbox in the settings is disabled. */
  showForce?: boolean;
  /** The cell shows its whole text, wrapped, instead of an ellipsis with the text as tooltip. */
  showComplete?: boolean;
  /** Displayed until the user hides it (default true). */
  display?: boolean;
};

export type ListTableProps<T> = Omit<TableProps<T>, 'columns' | 'pagination'> & {
  /** Names the saved settings (localStorage `energy.table.<cacheKey>`); one per table. */
  cacheKey: string;
  columns: ListColumn<T>[];
  /** From `usePaging().paging(totalCount)`; omit for an unpaged table. */
  paging?: PagingProps;
  /** Buttons shown above the table, left of the column settings button. */
  toolbar?: ReactNode;
};

/**
 * A list page's table: columns the user can show, hide, reorder and resize (saved per `cacheKey`),
 * and the spec's pagination. Everything else is antd's Table.
 */
export function ListTable<T extends object>({ cacheKey, columns, paging, toolbar, components, scroll, size, ...table }: ListTableProps<T>) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState<ColumnSetting[] | null>(() => loadSettings(cacheKey));
  // not memoized: the pages build `columns` on every render, so a memo keyed on it would never hit
  const settings = mergeSettings(columns, saved);

  const change = (next: ColumnSetting[], persist = true) => {
    setSaved(next);
    if (persist) saveSettings(cacheKey, next);
  };

  const visible = visibleColumns(columns, settings);
  // The last unfixed column takes the room the others leave (antd would otherwise stretch every
  // column, and a dragged edge would not follow the mouse); every other column is exactly its width.
  const flexibleKey = visible.filter((c) => !c.fixed).at(-1)?.key;
  const shown = visible.map(({ showForce: _f, showComplete, display: _d, ...column }): ColumnType<T> => {
    const header: ResizeCellProps = {
      width: column.width,
      onResizeWidth: (width) => change(resizeColumn(settings, column.key, width), false),
      onResizeEnd: (width) => change(resizeColumn(settings, column.key, width)),
      resizeLabel: t('table.resize', { title: columnTitle(column).text }),
    };
    return {
      ...column,
      width: column.key === flexibleKey ? undefined : column.width,
      ellipsis: showComplete ? false : (column.ellipsis ?? true),
      onHeaderCell: (c) => ({ ...column.onHeaderCell?.(c), ...header }) as ReturnType<NonNullable<ColumnType<T>['onHeaderCell']>>,
    };
  });
  const totalWidth = visible.reduce((sum, c) => sum + c.width, 0);

  return (
    <div>
      <Flex justify="flex-end" align="center" gap={8} wrap style={{ marginBottom: 12 }}>
        {toolbar}
        <ColumnSettingsButton
          columns={columns}
          settings={settings}
          onDisplay={(key, display) => change(setDisplay(settings, columns, key, display))}
          onMove={(key, step) => change(moveColumn(settings, key, step))}
          onReset={() => {
            clearSettings(cacheKey);
            setSaved(null);
          }}
        />
      </Flex>
      <Table<T>
        size={size ?? 'middle'}
        {...table}
        columns={shown}
        scroll={{ x: totalWidth, ...scroll }}
        components={{ ...components, header: { ...components?.header, cell: ResizableHeaderCell } }}
        pagination={paging ? { showSizeChanger: true, pageSizeOptions: PAGE_SIZE_OPTIONS, ...paging } : false}
      />
    </div>
  );
}
