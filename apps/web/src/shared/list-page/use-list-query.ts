import { useState } from 'react';
import { hashKey, keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { usePaging } from '../table/use-paging';

/** The server's paging fields, 1-based like usePaging's. */
export interface PageParams {
  pageSize: number;
  pageOffset: number;
}

/** What a list page sends to its page call: the filter and the paging fields. */
export type ListBody<F> = F & PageParams;

/** What every page call answers. */
export interface ListAnswer {
  list: unknown[];
  totalCount: number;
}

/**
 * A filter form's values as a page call's filter: strings trimmed, and blank strings and nulls (an emptied
 * Input or Select) left out; every other value is kept as it is.
 */
export function cleanFilter<T extends object>(values: T): T {
  const kept = Object.entries(values).flatMap(([key, value]: [string, unknown]) => {
    const v = typeof value === 'string' ? value.trim() : value;
    return v === '' || v === null || v === undefined ? [] : [[key, v] as const];
  });
  return Object.fromEntries(kept) as T;
}

export interface ListQueryOptions<F extends object, R extends ListAnswer, V> {
  /** The page query's key prefix, under the domain's `all` key (so invalidating `all` refetches the list). */
  queryKey: QueryKey;
  /** The page call; the key is `[...queryKey, body]`. */
  fetch: (body: ListBody<F>) => Promise<R>;
  /** The filter before the first query (default `{}`). */
  initialFilter?: F;
  /** The filter form's values as the call's filter (default `cleanFilter`). */
  toFilter?: (values: V) => F;
}

/**
 * A list page's state: the filter, the paging and the page query (previous rows kept while the next
 * page loads). `query(values)` is FilterForm's `onQuery`: it sets the filter and goes back to page 1, and
 * when that asks for the page already shown (Query pressed again with the same filter) it fetches it
 * again, so rows added since show without a reload; `table` is spread into ListTable (`loading`,
 * `dataSource`, `paging`).
 */
export function useListQuery<F extends object, R extends ListAnswer, V = F>({
  queryKey,
  fetch,
  initialFilter,
  toFilter = cleanFilter as unknown as (values: V) => F,
}: ListQueryOptions<F, R, V>) {
  const [filter, setFilter] = useState<F>(() => initialFilter ?? ({} as F));
  const paging = usePaging();
  const body: ListBody<F> = { ...filter, pageSize: paging.pageSize, pageOffset: paging.pageOffset };
  const key = [...queryKey, body];
  const page = useQuery({ queryKey: key, queryFn: () => fetch(body), placeholderData: keepPreviousData });
  return {
    filter,
    query: (values: V) => {
      const next = toFilter(values);
      const nextKey = [...queryKey, { ...next, pageSize: paging.pageSize, pageOffset: 1 }];
      setFilter(next);
      paging.reset();
      // the same key: no new query would start, so the shown page is fetched again
      if (hashKey(nextKey) === hashKey(key)) void page.refetch();
    },
    page,
    table: {
      loading: page.isFetching,
      dataSource: (page.data?.list ?? []) as R['list'],
      paging: paging.paging(page.data?.totalCount),
    },
  };
}
