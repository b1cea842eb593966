import { useState } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Form } from 'antd';
import { describe, expect, it } from 'vitest';
import { OrgLevelEditor, orgLevelsError, orgLevelsRule } from './org-level-editor';

function Controlled({ initial, readOnly }: { initial: string[]; readOnly?: boolean }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <OrgLevelEditor value={value} onChange={setValue} readOnly={readOnly} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

const value = () => JSON.parse(screen.getByTestId('value').textContent!) as string[];
const add = () => screen.getByTestId('org-level-add') as HTMLButtonElement;

describe('OrgLevelEditor', () => {
  it('gives new levels the default names: headquarters, subsidiary, 2-level subsidiary, ...', () => {
    render(<Controlled initial={['headquarters']} />);
    for (let i = 0; i < 4; i++) fireEvent.click(add());
    expect(value()).toEqual(['headquarters', 'subsidiary', '2-level subsidiary', '3-level subsidiary', '4-level subsidiary']);
    // the level comes from the position
    expect(screen.getByTestId('org-level-5').textContent).toContain('Level 5');
    expect((screen.getByLabelText('Level 5') as HTMLInputElement).value).toBe('4-level subsidiary');
  });

  it('adds up to 99 levels, then add is disabled and says why', async () => {
    // 97 levels to start with: rendering 99 rows per click in jsdom takes seconds
    const initial = Array.from({ length: 97 }, (_, i) => `level ${i + 1}`);
    render(<Controlled initial={initial} />);
    expect(add().disabled).toBe(false);
    fireEvent.click(add());
    expect(add().disabled).toBe(false);
    fireEvent.click(add());
    expect(value()).toHaveLength(99);
    expect(value().slice(96)).toEqual(['level 97', '97-level subsidiary', '98-level subsidiary']);
    expect(add().disabled).toBe(true);
    fireEvent.click(add());
    expect(value()).toHaveLength(99);
    // the tooltip of the disabled button opens on hover
    fireEvent.mouseEnter(screen.getByTestId('org-level-add-hint'));
    expect(await screen.findByText('A company can set at most 99 levels')).toBeTruthy();
  }, 30_000);

  it('removes down to one level, then remove is disabled', async () => {
    render(<Controlled initial={['a', 'b', 'c']} />);
    // removing a middle level moves the next one up
    fireEvent.click(screen.getByTestId('org-level-remove-2'));
    expect(value()).toEqual(['a', 'c']);
    expect((screen.getByLabelText('Level 2') as HTMLInputElement).value).toBe('c');
    fireEvent.click(screen.getByTestId('org-level-remove-2'));
    expect(value()).toEqual(['a']);
    const last = screen.getByTestId('org-level-remove-1') as HTMLButtonElement;
    expect(last.disabled).toBe(true);
    fireEvent.click(last);
    expect(value()).toEqual(['a']);
    fireEvent.mouseEnter(screen.getByTestId('org-level-remove-hint'));
    expect(await screen.findByText('A company needs at least one level')).toBeTruthy();
  });

  it('edits a name in place', () => {
    render(<Controlled initial={['headquarters', 'subsidiary']} />);
    fireEvent.change(screen.getByLabelText('Level 2'), { target: { value: 'plant' } });
    expect(value()).toEqual(['headquarters', 'plant']);
  });

  it('read-only: the names as text, no inputs or buttons', () => {
    render(<Controlled initial={['headquarters', 'plant']} readOnly />);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByTestId('org-level-2').textContent).toBe('Level 2plant');
  });

  it('the rule refuses empty names with "{title} is required"', () => {
    expect(orgLevelsError(['headquarters', ' '])).toBe('Level 2 is required');
    expect(orgLevelsError([])).toBe('Level 1 is required');
    expect(orgLevelsError(Array.from({ length: 100 }, () => 'x'))).toBe('A company can set at most 99 levels');
    expect(orgLevelsError(['a', 'b'])).toBeNull();
  });

  it('inside an antd Form: cannot be submitted with an empty name, and says which', async () => {
    const submitted: string[][] = [];
    render(
      <Form initialValues={{ levels: ['headquarters', 'subsidiary'] }} onFinish={(v: { levels: string[] }) => submitted.push(v.levels)}>
        <Form.Item name="levels" label="Levels" rules={[orgLevelsRule()]}>
          <OrgLevelEditor />
        </Form.Item>
        <Button htmlType="submit">save</Button>
      </Form>,
    );
    fireEvent.change(screen.getByLabelText('Level 2'), { target: { value: '' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'save' }));
    });
    expect(await screen.findByText('Level 2 is required')).toBeTruthy();
    expect(submitted).toEqual([]);
    // only the empty row is marked
    expect(screen.getByLabelText('Level 2').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Level 2').className).toContain('status-error');
    expect(screen.getByLabelText('Level 1').className).not.toContain('status-error');
    fireEvent.change(screen.getByLabelText('Level 2'), { target: { value: 'plant' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'save' }));
    });
    await waitFor(() => expect(submitted).toEqual([['headquarters', 'plant']]));
  });
});
