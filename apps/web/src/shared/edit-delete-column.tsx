import { App as AntApp, Button, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from './confirm-delete';

/**
 * The Edit / Delete column of a table whose rows are edited in a dialog and deleted after a confirmation
 * naming the row (`[]` without either permission, so the column is spread into the columns).
 */
export function useEditDeleteColumn<R>(opts: {
  title: string;
  canEdit: boolean;
  canDelete: boolean;
  editText: string;
  deleteText: string;
  onEdit: (row: R) => void;
  confirmTitle: (row: R) => ReactNode;
  testId: string;
  onDelete: (row: R) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const { modal } = AntApp.useApp();
  if (!opts.canEdit && !opts.canDelete) return [];
  return [
    {
      title: opts.title,
      key: 'actions',
      render: (_: unknown, r: R) => (
        <Space>
          {opts.canEdit && (
            <Button size="small" type="link" onClick={() => opts.onEdit(r)}>
              {opts.editText}
            </Button>
          )}
          {opts.canDelete && (
            <Button
              size="small"
              type="link"
              danger
              onClick={() =>
                confirmDelete(modal, {
                  title: opts.confirmTitle(r),
                  okText: opts.deleteText,
                  cancelText: t('common.cancel'),
                  testId: opts.testId,
                  onConfirm: () => opts.onDelete(r),
                })
              }
            >
              {opts.deleteText}
            </Button>
          )}
        </Space>
      ),
    },
  ];
}
