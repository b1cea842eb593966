import { Fragment, type ReactNode } from 'react';
import { Button, Space, Tooltip } from 'antd';
import type { PermissionCode } from './permissions';

/** What an action's handlers get from the page: the filter, a refresh of the list, the dialog. */
export interface EntityListContext<T, F = object> {
  filter: F;
  /** The rows the filter finds (0 until the first page arrives). */
  totalCount: number;
  /** Invalidates the page's keys (the list and whatever `invalidate` names). */
  refresh: () => Promise<void>;
  /** Opens the page's dialog: for this row, or empty (create) without one. */
  edit: (row?: T) => void;
}

/** A delete-like action: the confirm (480 px, OK is a debounced ConfirmButton), the call, a success message, a refresh. */
export interface ConfirmStep<T> {
  title: (row: T) => ReactNode;
  /** What the dialog says below the title: the same for every row, or the row's own. */
  content?: ReactNode | ((row: T) => ReactNode);
  /** The OK button's text (default 'Delete'). */
  okText?: string;
  /** The OK button's test id. */
  testId: string;
  run: (row: T) => Promise<unknown>;
  /** The success message (default '{name} deleted' is not guessed: without it, none). */
  done?: (row: T) => string;
}

/** One button of a row's action column. */
export interface RowAction<T, F = object> {
  key: string;
  /** The button permission it needs; without one every staff who opens the page has it. */
  permission?: PermissionCode;
  label: ReactNode | ((row: T) => ReactNode);
  testId?: string | ((row: T) => string);
  danger?: boolean;
  /** Not shown for this row. */
  hidden?: (row: T) => boolean;
  /** Disabled for this row; a string is also the tooltip saying why. */
  disabled?: (row: T) => boolean | string | null | undefined;
  onClick?: (row: T, ctx: EntityListContext<T, F>) => unknown;
  /** Asks first, then runs (the delete flow). */
  confirm?: ConfirmStep<T>;
  /** An element of its own instead of a link button (a dropdown, a link). */
  render?: (row: T, ctx: EntityListContext<T, F>) => ReactNode;
}

/** A link button that explains on hover why it is disabled (a disabled button gets no mouse events itself). */
function ActionButton<T, F>({ action, row, onClick }: { action: RowAction<T, F>; row: T; onClick: () => void }) {
  const disabled = action.disabled?.(row);
  const testId = typeof action.testId === 'function' ? action.testId(row) : action.testId;
  const button = (
    <Button type="link" size="small" danger={action.danger} disabled={!!disabled} onClick={onClick} data-testid={testId}>
      {typeof action.label === 'function' ? action.label(row) : action.label}
    </Button>
  );
  return typeof disabled === 'string' ? (
    <Tooltip title={disabled}>
      <span>{button}</span>
    </Tooltip>
  ) : (
    button
  );
}

/** The buttons of one row: those the staff holds, not hidden for the row, in their order. */
export function RowActions<T, F>({
  actions,
  row,
  ctx,
  run,
}: {
  actions: RowAction<T, F>[];
  row: T;
  ctx: EntityListContext<T, F>;
  run: (action: RowAction<T, F>, row: T) => void;
}) {
  return (
    <Space size={0} wrap={false}>
      {actions
        .filter((a) => !a.hidden?.(row))
        .map((a) => (
          <Fragment key={a.key}>
            {a.render ? a.render(row, ctx) : <ActionButton action={a} row={row} onClick={() => run(a, row)} />}
          </Fragment>
        ))}
    </Space>
  );
}
