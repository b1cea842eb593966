import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { ListTable, type ListColumn } from './list-table';

interface Row {
  id: number;
  name: string;
  code: string;
  remark: string;
  note: string;
}

const LONG = 'A remark long enough to need more than one line in a narrow column';
const rows: Row[] = [{ id: 1, name: 'Pump 1', code: 'P-001', remark: LONG, note: 'Note text of the pump' }];
const columns: ListColumn<Row>[] = [
  { key: 'name', dataIndex: 'name', title: 'Name', width: 160, showForce: true },
  { key: 'code', dataIndex: 'code', title: 'Code', width: 120 },
  { key: 'remark', dataIndex: 'remark', title: 'Remark', showComplete: true },
  { key: 'note', dataIndex: 'note', title: 'Note' },
  { key: 'spare', dataIndex: 'note', title: 'Spare', display: false },
];
const STORAGE_KEY = 'energy.table.test-devices';

// Plain DOM queries: role queries over a whole antd table are slow in jsdom.
const headers = () => [...document.querySelectorAll('thead th')].map((th) => th.textContent);
const saved = () => JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Record<string, unknown>[] | null;

function renderTable() {
  return render(<ListTable<Row> cacheKey="test-devices" rowKey="id" columns={columns} dataSource={rows} />);
}

async function openSettings() {
  await userEvent.click(screen.getByTestId('column-settings'));
  return screen.findByTestId('column-setting-name');
}

beforeEach(() => localStorage.clear());

describe('ListTable column settings', { timeout: 15_000 }, () => {
  test('defaults: displayed columns in page order; the settings button is named', () => {
    renderTable();
    expect(headers()).toEqual(['Name', 'Code', 'Remark', 'Note']);
    expect(screen.getByRole('button', { name: 'Column settings' })).toBe(screen.getByTestId('column-settings'));
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  test('a showForce column cannot be hidden', async () => {
    renderTable();
    const row = await openSettings();
    const checkbox = within(row).getByRole('checkbox');
    expect((checkbox as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(checkbox);
    expect(headers()).toContain('Name');
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
    expect((within(screen.getByTestId('column-setting-code')).getByRole('checkbox') as HTMLInputElement).disabled).toBe(false);
  });

  test('hide, show and reorder are saved as { key, width, display, showIndex } and restored on a fresh render', async () => {
    const first = renderTable();
    await openSettings();
    await userEvent.click(within(screen.getByTestId('column-setting-code')).getByRole('checkbox'));
    expect(headers()).toEqual(['Name', 'Remark', 'Note']);
    await userEvent.click(within(screen.getByTestId('column-setting-spare')).getByRole('checkbox'));
    expect(headers()).toEqual(['Name', 'Remark', 'Note', 'Spare']);
    await userEvent.click(screen.getByLabelText('Move Note up'));
    expect(headers()).toEqual(['Name', 'Note', 'Remark', 'Spare']);
    expect(saved()).toEqual([
      { key: 'name', width: 160, display: true, showIndex: 0 },
      { key: 'code', width: 120, display: false, showIndex: 1 },
      { key: 'note', width: 100, display: true, showIndex: 2 },
      { key: 'remark', width: 100, display: true, showIndex: 3 },
      { key: 'spare', width: 100, display: true, showIndex: 4 },
    ]);
    for (const entry of saved()!) expect(Object.keys(entry).sort()).toEqual(['display', 'key', 'showIndex', 'width']);
    first.unmount();

    renderTable();
    expect(headers()).toEqual(['Name', 'Note', 'Remark', 'Spare']);
  });

  test('the panel lists columns in their set order; the ends cannot move further', async () => {
    renderTable();
    await openSettings();
    await userEvent.click(screen.getByLabelText('Move Name down'));
    const rowsInPanel = screen.getAllByTestId(/^column-setting-/).map((el) => el.dataset.testid);
    expect(rowsInPanel).toEqual([
      'column-setting-code',
      'column-setting-name',
      'column-setting-remark',
      'column-setting-note',
      'column-setting-spare',
    ]);
    expect((screen.getByLabelText('Move Code up') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText('Move Spare down') as HTMLButtonElement).disabled).toBe(true);
  });

  test('Reset forgets the saved settings and shows the defaults', async () => {
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify([
        { key: 'note', width: 300, display: true, showIndex: 0 },
        { key: 'name', width: 160, display: true, showIndex: 1 },
        { key: 'code', width: 120, display: false, showIndex: 2 },
      ]),
    );
    renderTable();
    expect(headers()).toEqual(['Note', 'Name', 'Remark']);
    await openSettings();
    await userEvent.click(screen.getByTestId('column-settings-reset'));
    expect(headers()).toEqual(['Name', 'Code', 'Remark', 'Note']);
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  test.each([
    ['not JSON', '{oops'],
    ['not a list', '{"name":{"display":false}}'],
    ['a malformed entry', '[{"key":"code","display":"no","width":100,"showIndex":0}]'],
  ])('a corrupt saved value (%s) is ignored', (_, raw) => {
    localStorage.setItem(STORAGE_KEY, raw);
    renderTable();
    expect(headers()).toEqual(['Name', 'Code', 'Remark', 'Note']);
  });

  test('saved entries of removed columns are ignored; a column new to the page takes its default place', () => {
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify([
        { key: 'gone', width: 100, display: true, showIndex: 0, title: 'Gone' },
        { key: 'code', width: 120, display: true, showIndex: 1 },
        { key: 'name', width: 160, display: true, showIndex: 2 },
      ]),
    );
    renderTable();
    expect(headers()).toEqual(['Code', 'Name', 'Remark', 'Note']);
  });

  test('showComplete wraps the whole text; other cells use an ellipsis with the text as tooltip', () => {
    renderTable();
    const remark = screen.getByText(LONG).closest('td')!;
    const note = screen.getByText('Note text of the pump').closest('td')!;
    expect(remark.className).not.toContain('ant-table-cell-ellipsis');
    expect(remark.getAttribute('title')).toBeNull();
    expect(note.className).toContain('ant-table-cell-ellipsis');
    expect(note.getAttribute('title')).toBe('Note text of the pump');
  });
});

describe('ListTable resizable columns', { timeout: 15_000 }, () => {
  const handle = (title: string) => {
    const el = screen.getByLabelText(`Resize column ${title}`);
    expect(el.getAttribute('role')).toBe('separator');
    return el;
  };

  test('each column has a labelled resize handle holding its width (default 100)', () => {
    renderTable();
    expect(handle('Name').getAttribute('aria-valuenow')).toBe('160');
    expect(handle('Note').getAttribute('aria-valuenow')).toBe('100');
    expect([handle('Note').getAttribute('aria-valuemin'), handle('Note').getAttribute('aria-valuemax')]).toEqual(['40', '600']);
  });

  test('columns are exactly their widths; the last unfixed one takes the room left; the toolbar sits above', () => {
    render(<ListTable<Row> cacheKey="test-devices" rowKey="id" columns={columns} dataSource={rows} toolbar={<button>Add</button>} />);
    const widths = [...document.querySelectorAll('colgroup col')].map((col) => (col as HTMLElement).style.width);
    expect(widths).toEqual(['160px', '120px', '100px']); // rc-table writes no <col> for a trailing column without width
    const table = document.querySelector('table')!;
    expect(table.style.width).toBe('480px');
    expect(screen.getByText('Add').compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  test('arrow keys change the width by 10 px inside 40..600, and the width is saved', () => {
    renderTable();
    fireEvent.keyDown(handle('Code'), { key: 'ArrowRight' });
    expect(handle('Code').getAttribute('aria-valuenow')).toBe('130');
    expect(saved()!.find((s) => s.key === 'code')!.width).toBe(130);
    fireEvent.keyDown(handle('Code'), { key: 'ArrowLeft' });
    fireEvent.keyDown(handle('Code'), { key: 'ArrowLeft' });
    expect(saved()!.find((s) => s.key === 'code')!.width).toBe(110);
  });

  test.each([
    [595, 'ArrowRight', 600],
    [45, 'ArrowLeft', 40],
  ])('from %i px, %s stops at %i px', (start, key, end) => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify([{ key: 'code', width: start, display: true, showIndex: 1 }]));
    renderTable();
    fireEvent.keyDown(handle('Code'), { key });
    fireEvent.keyDown(handle('Code'), { key });
    expect(handle('Code').getAttribute('aria-valuenow')).toBe(String(end));
    expect(saved()!.find((s) => s.key === 'code')!.width).toBe(end);
  });

  test('dragging the handle resizes and saves when the drag ends', () => {
    renderTable();
    const h = handle('Note');
    fireEvent.mouseDown(h, { clientX: 100, clientY: 5, button: 0 });
    fireEvent.mouseMove(document, { clientX: 180, clientY: 5 });
    expect(h.getAttribute('aria-valuenow')).toBe('180');
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
    fireEvent.mouseUp(document, { clientX: 180, clientY: 5 });
    expect(saved()!.find((s) => s.key === 'note')!.width).toBe(180);
  });
});
