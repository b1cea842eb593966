import type { ReactNode } from 'react';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Input } from 'antd';
import { beforeEach, describe, expect, expectTypeOf, test } from 'vitest';
import { FilterForm } from '../filter-form/filter-form';
import { ListTable, type ListColumn } from '../table/list-table';
import { ThemeProvider } from '../theme/theme-context';
import { ListPage } from './list-page';
import { cleanFilter, useListQuery, type ListBody } from './use-list-query';

describe('cleanFilter', () => {
  test('trims strings, leaves out blank strings and nulls, keeps every other value', () => {
    const range = { from: '2024-01-01' };
    const cleaned = cleanFilter({
      keyword: '  pump 7 ',
      blank: '   ',
      empty: '',
      cleared: null,
      unset: undefined,
      zero: 0,
      off: false,
      id: 7,
      ids: [1, 2],
      range,
    });
    expect(cleaned).toStrictEqual({ keyword: 'pump 7', zero: 0, off: false, id: 7, ids: [1, 2], range });
    expect(cleaned.range).toBe(range);
  });

  test('an empty form is an empty filter', () => {
    expect(cleanFilter({ keyword: undefined, status: null })).toStrictEqual({});
  });
});

interface Filter {
  keyword?: string;
}
interface Thing {
  id: number;
  name: string;
}
const THINGS: Thing[] = Array.from({ length: 57 }, (_, i) => ({ id: i + 1, name: `Thing ${i + 1}` }));

/** A page call in small: what it was sent, and the things whose name holds the keyword, one page of them. */
function thingsServer() {
  const bodies: ListBody<Filter>[] = [];
  const fetch = async (body: ListBody<Filter>) => {
    bodies.push(body);
    const found = THINGS.filter((x) => !body.keyword || x.name.includes(body.keyword));
    const first = (body.pageOffset - 1) * body.pageSize;
    return { list: found.slice(first, first + body.pageSize), totalCount: found.length };
  };
  return { bodies, fetch, last: () => bodies.at(-1) };
}

const columns: ListColumn<Thing>[] = [{ key: 'name', dataIndex: 'name', title: 'Name' }];

function ThingsPage({ fetch }: { fetch: (body: ListBody<Filter>) => Promise<{ list: Thing[]; totalCount: number }> }) {
  const list = useListQuery({ queryKey: ['things', 'page'], fetch });
  expectTypeOf(list.filter).toEqualTypeOf<Filter>();
  expectTypeOf(list.table.dataSource).toEqualTypeOf<Thing[]>();
  return (
    <ListPage title="Things" testId="things-list" extra={<span data-testid="things-extra">extra</span>}>
      <FilterForm<Filter> fields={[{ name: 'keyword', label: 'Keyword', node: <Input data-testid="keyword" /> }]} onQuery={list.query} />
      <ListTable<Thing> cacheKey="things" rowKey="id" columns={columns} {...list.table} />
    </ListPage>
  );
}

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });
const renderPage = (fetch: ReturnType<typeof thingsServer>['fetch'], client = newClient()) =>
  render(
    <QueryClientProvider client={client}>
      <ThemeProvider>
        <ThingsPage fetch={fetch} />
      </ThemeProvider>
    </QueryClientProvider>,
  );
const rowNames = () => [...document.querySelectorAll('tbody tr.ant-table-row')].map((tr) => tr.textContent);
const pageItem = (n: number) => document.querySelector<HTMLElement>(`.ant-pagination-item-${n}`)!;

beforeEach(() => localStorage.clear());

describe('useListQuery on a list page', { timeout: 15_000 }, () => {
  test('the frame: title, test id and extra', async () => {
    const server = thingsServer();
    renderPage(server.fetch);
    const card = screen.getByTestId('things-list');
    expect(card.querySelector('.page-title')!.textContent).toBe('Things');
    expect(card.contains(screen.getByTestId('things-extra'))).toBe(true);
    await waitFor(() => expect(rowNames()).toHaveLength(20));
  });

  test('sends the cleaned filter with the paging fields; a new query goes back to page 1', async () => {
    const server = thingsServer();
    renderPage(server.fetch);
    await waitFor(() => expect(rowNames()).toHaveLength(20));
    expect(server.bodies).toStrictEqual([{ pageSize: 20, pageOffset: 1 }]);
    expect(screen.getByText('Total 57 items')).toBeTruthy();

    await userEvent.click(pageItem(3));
    await waitFor(() => expect(rowNames()).toEqual(THINGS.slice(40).map((x) => x.name)));
    expect(server.last()).toStrictEqual({ pageSize: 20, pageOffset: 3 });

    await userEvent.type(screen.getByTestId('keyword'), '  Thing 1 ');
    await userEvent.click(screen.getByTestId('filter-query'));
    await waitFor(() => expect(server.last()).toStrictEqual({ keyword: 'Thing 1', pageSize: 20, pageOffset: 1 }));
    // Thing 1, Thing 10..19
    await waitFor(() => expect(rowNames()).toHaveLength(11));
    expect(pageItem(1).className).toContain('ant-pagination-item-active');
    expect(screen.getByText('Total 11 items')).toBeTruthy();

    // a blank keyword is no keyword
    await userEvent.clear(screen.getByTestId('keyword'));
    await userEvent.type(screen.getByTestId('keyword'), '   ');
    await userEvent.click(screen.getByTestId('filter-query'));
    await waitFor(() => expect(server.last()).toStrictEqual({ pageSize: 20, pageOffset: 1 }));
  });

  test("the key sits under the domain's key: invalidating it fetches the shown page again", async () => {
    const server = thingsServer();
    const client = newClient();
    renderPage(server.fetch, client);
    await waitFor(() => expect(server.bodies).toHaveLength(1));
    expect(
      client
        .getQueryCache()
        .findAll({ queryKey: ['things'] })
        .map((q) => q.queryKey),
    ).toStrictEqual([['things', 'page', { pageSize: 20, pageOffset: 1 }]]);
    await act(() => client.invalidateQueries({ queryKey: ['things'] }));
    expect(server.bodies).toStrictEqual([
      { pageSize: 20, pageOffset: 1 },
      { pageSize: 20, pageOffset: 1 },
    ]);
  });
});

describe('useListQuery options', () => {
  test('initialFilter is the first request; toFilter turns the form values into the filter', async () => {
    const bodies: unknown[] = [];
    const client = newClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(
      () =>
        useListQuery({
          queryKey: ['days', 'page'],
          fetch: async (body) => {
            bodies.push(body);
            return { list: [], totalCount: 0 };
          },
          initialFilter: { day: 'mon' },
          toFilter: (v: { choice: string }) => ({ day: v.choice.toLowerCase() }),
        }),
      { wrapper },
    );
    await waitFor(() => expect(bodies).toStrictEqual([{ day: 'mon', pageSize: 20, pageOffset: 1 }]));
    act(() => result.current.query({ choice: 'TUE' }));
    await waitFor(() => expect(bodies.at(-1)).toStrictEqual({ day: 'tue', pageSize: 20, pageOffset: 1 }));
    expect(result.current.filter).toStrictEqual({ day: 'tue' });
  });
});
