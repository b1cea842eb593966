import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input } from 'antd';
import { describe, expect, test, vi } from 'vitest';
import { COLLAPSED_COUNT, FilterForm, type FieldSpan, type FilterField } from './filter-form';

const field = (name: string, span?: FieldSpan): FilterField => ({ name, label: name.toUpperCase(), span, node: <Input /> });
const fieldsOf = (count: number, span?: FieldSpan) => Array.from({ length: count }, (_, i) => field(`f${i + 1}`, span));

const shownFields = () =>
  [...document.querySelectorAll<HTMLElement>('[data-testid^="filter-field-"]')]
    .filter((el) => el.style.display !== 'none')
    .map((el) => el.dataset.testid!.replace('filter-field-', ''));
const toggle = () => screen.queryByTestId('filter-toggle');

describe('FilterForm collapse', { timeout: 15_000 }, () => {
  test.each([
    [4, 5],
    [6, 3],
    [8, 2],
    [12, 1],
  ] as const)('span %i: collapsed shows %i fields; Expand shows all 7', async (span, kept) => {
    expect(COLLAPSED_COUNT[span]).toBe(kept);
    render(<FilterForm fields={fieldsOf(7, span)} onQuery={() => undefined} />);
    expect(shownFields()).toEqual(fieldsOf(kept).map((f) => f.name));
    expect(toggle()!.textContent).toContain('Expand');
    expect(toggle()!.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle()!);
    expect(shownFields()).toHaveLength(7);
    expect(toggle()!.textContent).toContain('Collapse');
    await userEvent.click(toggle()!);
    expect(shownFields()).toHaveLength(kept);
  });

  test('default span is 6', () => {
    render(<FilterForm fields={fieldsOf(5)} onQuery={() => undefined} />);
    expect(shownFields()).toEqual(['f1', 'f2', 'f3']);
  });

  test('the toggle appears only when some fields do not fit', () => {
    const { unmount } = render(<FilterForm fields={fieldsOf(3, 6)} onQuery={() => undefined} />);
    expect(toggle()).toBeNull();
    expect(shownFields()).toHaveLength(3);
    unmount();
    render(<FilterForm fields={fieldsOf(4, 6)} onQuery={() => undefined} />);
    expect(toggle()).not.toBeNull();
  });

  test('defaultExpanded starts with every field shown', () => {
    render(<FilterForm fields={fieldsOf(5)} onQuery={() => undefined} defaultExpanded />);
    expect(shownFields()).toHaveLength(5);
    expect(toggle()!.textContent).toContain('Collapse');
  });

  test('the buttons read Query, Reset, Clear conditions', () => {
    render(<FilterForm fields={fieldsOf(1)} onQuery={() => undefined} />);
    expect(['filter-query', 'filter-reset', 'filter-clear'].map((id) => screen.getByTestId(id).textContent)).toEqual([
      'Query',
      'Reset',
      'Clear conditions',
    ]);
  });
});

describe('FilterForm query, reset, clear', { timeout: 15_000 }, () => {
  const fields = fieldsOf(5);

  test('Query sends every field, collapsed ones included; the toggle counts collapsed fields that hold a value', async () => {
    const onQuery = vi.fn();
    render(<FilterForm<Record<string, string>> fields={fields} initialValues={{ f5: 'hidden' }} onQuery={onQuery} />);
    expect(screen.getByTestId('filter-hidden-count').textContent).toBe('1');
    expect(toggle()!.getAttribute('title')).toBe('1 hidden condition is set');
    await userEvent.type(screen.getByLabelText('F1'), 'pump');
    await userEvent.click(screen.getByTestId('filter-query'));
    await waitFor(() => expect(onQuery).toHaveBeenCalledTimes(1));
    expect(onQuery.mock.calls[0]![0]).toEqual({ f1: 'pump', f2: undefined, f3: undefined, f4: undefined, f5: 'hidden' });
  });

  test('the hidden-value count follows edits and disappears when expanded', async () => {
    render(<FilterForm fields={fields} onQuery={() => undefined} />);
    expect(screen.queryByTestId('filter-hidden-count')).toBeNull();
    await userEvent.click(toggle()!);
    await userEvent.type(screen.getByLabelText('F4'), 'a');
    await userEvent.type(screen.getByLabelText('F5'), 'b');
    expect(screen.queryByTestId('filter-hidden-count')).toBeNull();
    await userEvent.click(toggle()!);
    await waitFor(() => expect(screen.getByTestId('filter-hidden-count').textContent).toBe('2'));
  });

  test('Reset restores the initial values and queries with them', async () => {
    const onQuery = vi.fn();
    render(<FilterForm<Record<string, string>> fields={fields} initialValues={{ f1: 'site A', f5: 'hidden' }} onQuery={onQuery} />);
    const f1 = screen.getByLabelText('F1') as HTMLInputElement;
    await userEvent.clear(f1);
    await userEvent.type(f1, 'changed');
    await userEvent.type(screen.getByLabelText('F2'), 'x');
    await userEvent.click(screen.getByTestId('filter-reset'));
    await waitFor(() => expect(onQuery).toHaveBeenCalledTimes(1));
    expect(onQuery.mock.calls[0]![0]).toEqual({ f1: 'site A', f2: undefined, f3: undefined, f4: undefined, f5: 'hidden' });
    // resetFields remounts the controls: query them again.
    expect((screen.getByLabelText('F1') as HTMLInputElement).value).toBe('site A');
    expect((screen.getByLabelText('F2') as HTMLInputElement).value).toBe('');
  });

  test('Clear conditions empties every field, initial values too, and queries', async () => {
    const onQuery = vi.fn();
    render(<FilterForm<Record<string, string>> fields={fields} initialValues={{ f1: 'site A', f5: 'hidden' }} onQuery={onQuery} />);
    await userEvent.type(screen.getByLabelText('F2'), 'x');
    await userEvent.click(screen.getByTestId('filter-clear'));
    await waitFor(() => expect(onQuery).toHaveBeenCalledTimes(1));
    const values = onQuery.mock.calls[0]![0] as Record<string, unknown>;
    expect(Object.keys(values).sort()).toEqual(['f1', 'f2', 'f3', 'f4', 'f5']);
    expect(Object.values(values).every((v) => v === undefined)).toBe(true);
    expect((screen.getByLabelText('F1') as HTMLInputElement).value).toBe('');
    expect(screen.queryByTestId('filter-hidden-count')).toBeNull();
  });

  test('a form instance from the page is the one used', async () => {
    let captured: unknown;
    function Page() {
      const [form] = Form.useForm<Record<string, string>>();
      captured = form;
      return <FilterForm form={form} fields={fields} onQuery={() => undefined} initialValues={{ f2: 'b' }} />;
    }
    render(<Page />);
    expect((captured as { getFieldValue: (n: string) => unknown }).getFieldValue('f2')).toBe('b');
  });
});
