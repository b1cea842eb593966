import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Input } from 'antd';
import type { EndpointRef } from '@energy/contracts/refs-types';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { fixture, headerTitles, pageOf, renderPage, tableRows } from '../../test/render-page';
import { api } from '../api/client';
import type { ListBody } from '../list-page/use-list-query';
import { EntityListPage } from './entity-list-page';

// Local fake refs: the entity list and its Excel buttons are built on EndpointRef, not on one entity.
const ref = (method: 'GET' | 'POST', path: string, bodyKind: EndpointRef['bodyKind'] = 'json') =>
  ({ method, path, bodyKind, queryKeys: [] }) as EndpointRef;
const things = {
  page: ref('POST', '/api/v2/thing/page'),
  delete: ref('POST', '/api/v2/thing/delete'),
  export: ref('GET', '/api/v2/thing/export'),
  import: ref('POST', '/api/v2/thing/import', 'multipart'),
  template: ref('GET', '/api/v2/thing/download'),
};
const jobs = { detail: ref('POST', '/api/v2/job/detail'), problems: ref('GET', '/api/v2/job/{id}/problems') };

interface Thing {
  id: number;
  name: string;
}
type Filter = { name?: string };

function ThingsPage() {
  return (
    <EntityListPage<Thing, Filter>
      title="Things"
      testId="thing-list"
      cacheKey="things"
      queryKey={['things', things.page.path]}
      fetch={(body: ListBody<Filter>) => api(things.page, body as never) as Promise<{ list: Thing[]; totalCount: number }>}
      filters={[{ name: 'name', label: 'Name', node: <Input data-testid="thing-name" /> }]}
      columns={[{ key: 'name', title: 'Name', dataIndex: 'name', width: 120 }]}
      actions={[
        { key: 'edit', permission: 'b-device-edit', label: 'Edit', testId: (r) => `thing-edit-${r.id}`, onClick: (r, c) => c.edit(r) },
        {
          key: 'delete',
          permission: 'b-device-delete',
          label: 'Delete',
          danger: true,
          testId: (r) => `thing-delete-${r.id}`,
          disabled: (r) => (r.id === 2 ? 'In use' : false),
          confirm: {
            title: (r) => `Delete ${r.name}?`,
            testId: 'thing-delete-confirm',
            run: (r) => api(things.delete, { id: r.id } as never),
            done: (r) => `${r.name} gone`,
          },
        },
      ]}
      create={{ permission: 'b-device-create', label: 'New thing', testId: 'thing-create' }}
      dialog={(row, close) => (
        <div data-testid="thing-dialog">
          {row ? `editing ${row.name}` : 'creating'}
          <button onClick={close}>close</button>
        </div>
      )}
      excel={{
        name: 'things',
        exportRef: things.export,
        importRef: things.import,
        templateRef: things.template,
        exportPermission: 'b-device-export',
        importPermission: 'b-device-import',
      }}
    />
  );
}

const ROWS: Thing[] = [
  { id: 1, name: 'Pump' },
  { id: 2, name: 'Valve' },
];
const ALL = ['b-device-edit', 'b-device-delete', 'b-device-create', 'b-device-export', 'b-device-import'];
const JOB = {
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'import',
  status: 'running' as const,
  processed: 0,
  total: 4,
  imported: 0,
  problems: [] as { row: number; column: string; message: string }[],
  problemCount: 0,
  message: null,
  createdAt: '2026-03-01T00:00:00.000Z',
  finishedAt: null,
};
const basics = () => [fixture(things.page, pageOf(ROWS) as never), fixture(things.delete, null as never)];

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => vi.restoreAllMocks());

describe('EntityListPage', { timeout: 90_000 }, () => {
  test('columns, rows, the action column and the buttons the permissions allow', async () => {
    renderPage(<ThingsPage />, { permissions: ALL, fixtures: basics() });
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    expect(headerTitles()).toEqual(['Name', 'Actions']);
    expect(screen.getByTestId('thing-edit-1')).toBeTruthy();
    for (const id of ['thing-create', 'excel-export', 'excel-import', 'excel-template']) expect(screen.getByTestId(id)).toBeTruthy();
    // a disabled action says why
    expect(screen.getByTestId<HTMLButtonElement>('thing-delete-2').disabled).toBe(true);
  });

  test('without any action code there is no action column and no button', async () => {
    renderPage(<ThingsPage />, { permissions: [], fixtures: basics() });
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    expect(headerTitles()).toEqual(['Name']);
    for (const id of ['thing-edit-1', 'thing-create', 'excel-export', 'excel-import', 'excel-template'])
      expect(screen.queryByTestId(id)).toBeNull();
  });

  test('create and edit open the dialog; delete asks, calls, says so and refetches the list', async () => {
    const s = renderPage(<ThingsPage />, { permissions: ALL, fixtures: basics() });
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    await userEvent.click(screen.getByTestId('thing-create'));
    expect(screen.getByTestId('thing-dialog').textContent).toContain('creating');
    await userEvent.click(screen.getByText('close'));
    await userEvent.click(screen.getByTestId('thing-edit-1'));
    expect(screen.getByTestId('thing-dialog').textContent).toContain('editing Pump');
    await userEvent.click(screen.getByText('close'));

    await userEvent.click(screen.getByTestId('thing-delete-1'));
    expect(await screen.findAllByText('Delete Pump?', {}, { timeout: 5000 })).not.toHaveLength(0);
    await userEvent.click(screen.getByTestId('thing-delete-confirm'));
    await waitFor(() => expect(s.to(things.delete)).toHaveLength(1));
    expect(s.to(things.delete)[0]!.body).toEqual({ id: 1 });
    expect(await screen.findByText('Pump gone', {}, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(s.to(things.page)).toHaveLength(2));
  });

  test("export sends the page's filter with format and lang; the template sends lang", async () => {
    const s = renderPage(<ThingsPage />, {
      permissions: ALL,
      fixtures: [...basics(), fixture(things.export, 'file' as never), fixture(things.template, 'file' as never)],
    });
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    await userEvent.type(screen.getByTestId('thing-name'), ' Pump ');
    await userEvent.click(screen.getByTestId('filter-query'));
    await waitFor(() => expect(s.to(things.page).at(-1)!.body).toEqual({ name: 'Pump', pageSize: 20, pageOffset: 1 }));
    await userEvent.click(screen.getByTestId('excel-export'));
    await userEvent.click(await screen.findByTestId('excel-export-csv', {}, { timeout: 5000 }));
    await waitFor(() => expect(s.to(things.export)).toHaveLength(1));
    expect(s.to(things.export)[0]!.url).toBe('/api/v2/thing/export?name=Pump&format=csv&lang=en-US');
    await userEvent.click(screen.getByTestId('excel-template'));
    await waitFor(() => expect(s.to(things.template)).toHaveLength(1));
    expect(s.to(things.template)[0]!.url).toBe('/api/v2/thing/download?lang=en-US');
  });
});

/** Chooses a file in the import button's file input. */
async function chooseFile(name = 'things.xlsx') {
  const input = screen.getByTestId('excel-import').closest('.ant-upload')!.querySelector<HTMLInputElement>('input[type=file]')!;
  await userEvent.upload(input, new File(['x'], name));
}

function ImportPage() {
  return (
    <EntityListPage<Thing, Filter>
      title="Things"
      testId="thing-list"
      cacheKey="things"
      queryKey={['things', things.page.path]}
      fetch={(body: ListBody<Filter>) => api(things.page, body as never) as Promise<{ list: Thing[]; totalCount: number }>}
      filters={[]}
      columns={[{ key: 'name', title: 'Name', dataIndex: 'name', width: 120 }]}
      excel={{
        name: 'things',
        importRef: things.import,
        importPermission: 'b-device-import',
        jobRef: jobs.detail,
        problemsRef: jobs.problems,
      }}
    />
  );
}

describe('import', { timeout: 90_000 }, () => {
  test('uploads the file, polls the running job every second with its progress, then says how many rows and refreshes the list', async () => {
    let polls = 0;
    const s = renderPage(<ImportPage />, {
      permissions: ['b-device-import'],
      fixtures: [
        ...basics(),
        fixture(things.import, JOB as never),
        fixture(jobs.detail, (() =>
          ++polls < 2 ? { ...JOB, processed: 2 } : { ...JOB, status: 'done', processed: 4, imported: 4 }) as never),
      ],
    });
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    await chooseFile();
    await waitFor(() => expect(s.to(things.import)).toHaveLength(1));
    expect((s.to(things.import)[0]!.body as FormData).get('file')).toBeInstanceOf(File);
    expect(await screen.findByTestId('excel-job-running', {}, { timeout: 5000 })).toBeTruthy();
    expect(sessionStorage.getItem('energy.import.things')).toBe(JOB.id);
    await waitFor(() => expect(screen.getByTestId('excel-job-progress').textContent).toContain('50%'), { timeout: 5000 });
    expect(s.to(jobs.detail)[0]!.body).toEqual({ id: JOB.id });
    expect(await screen.findByTestId('excel-job-done', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('excel-job-done').textContent).toContain('4 rows imported');
    expect(sessionStorage.getItem('energy.import.things')).toBeNull();
    await waitFor(() => expect(s.to(things.page)).toHaveLength(2));
  });

  test('a failed import lists its problems and links the marked workbook', async () => {
    const failed = {
      ...JOB,
      status: 'failed' as const,
      processed: 4,
      problems: [{ row: 3, column: 'Code', message: 'Code is taken' }],
      problemCount: 1,
    };
    const s = renderPage(<ImportPage />, {
      permissions: ['b-device-import'],
      fixtures: [...basics(), fixture(things.import, failed as never), fixture(jobs.problems, 'file' as never)],
    });
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    await chooseFile();
    const box = await screen.findByTestId('excel-job-failed', {}, { timeout: 5000 });
    expect(box.textContent).toContain('1 problems found');
    const problem = within(screen.getByTestId('excel-job-problems')).getAllByRole('row')[1]!;
    expect([...problem.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['3', 'Code', 'Code is taken']);
    await userEvent.click(screen.getByTestId('excel-job-problems-file'));
    await waitFor(() => expect(s.to(jobs.problems)).toHaveLength(1));
    expect(s.to(jobs.problems)[0]!.url).toBe(`/api/v2/job/${JOB.id}/problems?lang=en-US`);
    expect(s.to(jobs.detail)).toHaveLength(0);
  });

  test('a running import kept in sessionStorage shows its progress again when the page opens', async () => {
    sessionStorage.setItem('energy.import.things', JOB.id);
    const s = renderPage(<ImportPage />, {
      permissions: ['b-device-import'],
      fixtures: [...basics(), fixture(jobs.detail, { ...JOB, processed: 1 } as never)],
    });
    await waitFor(() => expect(screen.getByTestId('excel-job-progress').textContent).toContain('25%'), { timeout: 5000 });
    expect(s.to(jobs.detail)[0]!.body).toEqual({ id: JOB.id });
    await act(async () => undefined);
  });
});
