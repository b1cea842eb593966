import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { i18n } from '../i18n';
import { ListTable, type ListColumn } from './list-table';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS, usePaging } from './use-paging';

interface Row {
  id: number;
}
const columns: ListColumn<Row>[] = [{ key: 'id', dataIndex: 'id', title: 'Id' }];

/** A list page in small: the request it would send, and the table fed with the answer's totalCount. */
function PagedList({ total }: { total: number }) {
  const { pageSize, pageOffset, reset, paging } = usePaging();
  const first = (pageOffset - 1) * pageSize;
  const rows = Array.from({ length: Math.max(0, Math.min(pageSize, total - first)) }, (_, i) => ({ id: first + i + 1 }));
  return (
    <>
      <output data-testid="request">{`pageSize=${pageSize} pageOffset=${pageOffset}`}</output>
      <button onClick={reset}>New query</button>
      <ListTable<Row> cacheKey="paged" rowKey="id" columns={columns} dataSource={rows} paging={paging(total)} />
    </>
  );
}

const request = () => screen.getByTestId('request').textContent;
const pageItem = (n: number) => document.querySelector<HTMLElement>(`.ant-pagination-item-${n}`)!;

async function chooseSize(label: string) {
  fireEvent.mouseDown(document.querySelector('.ant-pagination-options .ant-select')!);
  await userEvent.click(await screen.findByTitle(label));
}

beforeEach(() => localStorage.clear());

describe('paging', { timeout: 15_000 }, () => {
  test('spec constants: default page size 20, options 10, 20, 30, 50, 100', () => {
    expect(DEFAULT_PAGE_SIZE).toBe(20);
    expect(PAGE_SIZE_OPTIONS).toEqual([10, 20, 30, 50, 100]);
  });

  test("first request is page 1 of 20; the table says 'Total 57 items' over 3 pages", () => {
    render(<PagedList total={57} />);
    expect(request()).toBe('pageSize=20 pageOffset=1');
    expect(screen.getByText('Total 57 items')).toBeTruthy();
    expect([1, 2, 3].map((n) => pageItem(n)?.textContent)).toEqual(['1', '2', '3']);
    expect(pageItem(4)).toBeNull();
    expect(document.querySelectorAll('tbody tr.ant-table-row')).toHaveLength(20);
  });

  test('the size changer offers the five sizes and shows 20', async () => {
    render(<PagedList total={57} />);
    expect(document.querySelector('.ant-pagination-options')!.textContent).toContain('20 / page');
    fireEvent.mouseDown(document.querySelector('.ant-pagination-options .ant-select')!);
    await screen.findByTitle('100 / page');
    const offered = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.getAttribute('title'));
    expect(offered).toEqual(['10 / page', '20 / page', '30 / page', '50 / page', '100 / page']);
  });

  test('a page click asks for that page; a new page size goes back to page 1', async () => {
    render(<PagedList total={157} />);
    await userEvent.click(pageItem(3));
    expect(request()).toBe('pageSize=20 pageOffset=3');
    await chooseSize('50 / page');
    await waitFor(() => expect(request()).toBe('pageSize=50 pageOffset=1'));
    expect(pageItem(1).className).toContain('ant-pagination-item-active');
  });

  test('reset() goes back to page 1 and keeps the page size', async () => {
    render(<PagedList total={157} />);
    await chooseSize('10 / page');
    await userEvent.click(pageItem(2));
    expect(request()).toBe('pageSize=10 pageOffset=2');
    await userEvent.click(screen.getByText('New query'));
    expect(request()).toBe('pageSize=10 pageOffset=1');
  });

  test('an unpaged table has no pagination', () => {
    render(<ListTable<Row> cacheKey="unpaged" rowKey="id" columns={columns} dataSource={[{ id: 1 }]} />);
    expect(document.querySelector('.ant-pagination')).toBeNull();
  });
});

describe('texts in Chinese', () => {
  afterEach(() => void i18n.changeLanguage('en-US'));
  test("'Total {n} items' and the settings button in zh-CN", async () => {
    await i18n.changeLanguage('zh-CN');
    render(<PagedList total={57} />);
    expect(screen.getByText('共 57 条')).toBeTruthy();
    expect(screen.getByLabelText('列设置')).toBe(screen.getByTestId('column-settings'));
  });
});
