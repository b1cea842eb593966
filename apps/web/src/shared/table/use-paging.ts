import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import './texts';

/** Spec 000 §9: page sizes offered, and the default. */
export const PAGE_SIZE_OPTIONS = [10, 20, 30, 50, 100];
export const DEFAULT_PAGE_SIZE = 20;

/** What ListTable's `paging` takes: antd pagination fields, fed by the server's paging fields. */
export interface PagingProps {
  current: number;
  pageSize: number;
  total: number;
  onChange: (page: number, pageSize: number) => void;
  showTotal: (total: number) => string;
}

/**
 * The paging state of a list page: `pageSize` and `pageOffset` (1-based) go into the page call,
 * `paging(totalCount)` into ListTable. A new page size starts again at page 1; `reset()` goes back to
 * page 1 (after a new query) and keeps the page size.
 */
export function usePaging(initial?: { pageSize?: number }) {
  const { t } = useTranslation();
  const [state, setState] = useState({ pageSize: initial?.pageSize ?? DEFAULT_PAGE_SIZE, pageOffset: 1 });
  return {
    pageSize: state.pageSize,
    pageOffset: state.pageOffset,
    reset: () => setState((s) => (s.pageOffset === 1 ? s : { ...s, pageOffset: 1 })),
    paging: (totalCount = 0): PagingProps => ({
      current: state.pageOffset,
      pageSize: state.pageSize,
      total: totalCount,
      onChange: (page, pageSize) => setState((s) => ({ pageSize, pageOffset: pageSize === s.pageSize ? page : 1 })),
      showTotal: (n) => t('table.total', { n }),
    }),
  };
}
