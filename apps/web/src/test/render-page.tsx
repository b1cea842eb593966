// The page-test helper: renders a page with the app's providers and answers its calls from fixtures.
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import type { CurrentUser } from '@energy/contracts';
import { staff } from '@energy/contracts/refs';
import type { EndpointRef, RefInput, RefOutput } from '@energy/contracts/refs-types';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import { ThemeProvider } from '../shared/theme/theme-context';

/** One call a page made: method, URL (with its query) and JSON body. */
export interface SeenCall {
  method: string;
  url: string;
  body: unknown;
}

/** The answer of one ref: its data, or a function of what the call was sent (query and body merged, path params too). */
export type Fixture<R extends EndpointRef> = RefOutput<R> | ((input: RefInput<R>) => RefOutput<R>);

/** `fixture(ref, answer)`: one entry of `renderPage`'s fixtures, typed by the ref's output. */
export const fixture = <R extends EndpointRef>(ref: R, answer: Fixture<R>) => ({ ref: ref as EndpointRef, answer: answer as unknown });
export type FixtureEntry = ReturnType<typeof fixture>;

/** A paged answer of these rows (one page). */
export const pageOf = <T,>(list: T[]) => ({ list, totalCount: list.length, pageSize: 20, pageOffset: 1 });

/** The signed-in staff of page tests: staff 1 of tenant T1, role 1. */
export const TEST_USER: CurrentUser = {
  customer: { mcid: 'C1', name: 'Test customer', logoUrl: null },
  customerUser: {
    muid: 'U1',
    username: 'tester',
    name: 'Tester',
    headPic: null,
    headPicUrl: null,
    gender: null,
    phone: null,
    email: null,
    navigationPreference: 1,
    hasOperationPassword: true,
    platformAdmin: false,
    passwordChangeRequired: false,
  },
  staff: {
    id: 1,
    staffCode: 'S0001',
    status: 0,
    iconUrl: null,
    platformName: 'Energy',
    platformTitleType: 1,
    platformSloganName: '',
    roleId: 1,
    roleName: 'Admin',
    sideType: 1,
  },
  tenant: { mcid: 'T1', name: 'Tenant 1', timeZone: 'Asia/Shanghai' },
};

/** A ref's path as a pattern: `{id}` matches one segment and names it. */
function matcher(ref: EndpointRef) {
  const names: string[] = [];
  const source = ref.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const re = new RegExp(`^${source}$`);
  return (method: string, path: string) => {
    if (method !== ref.method) return null;
    const m = re.exec(path);
    return m ? Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1]!)])) : null;
  };
}

const envelope = (data: unknown, status = 200, code = 0, msg = 'success') =>
  new Response(JSON.stringify({ code, data, msg }), { status, headers: { 'content-type': 'application/json' } });

export interface RenderPageOptions {
  /** The staff's permission codes (pages and buttons); the permission call answers them. */
  permissions: string[];
  fixtures?: FixtureEntry[];
  /** The URL the router starts at and the route pattern the page is mounted on (default '/'). */
  path?: string;
  route?: string;
  user?: CurrentUser;
}

/**
 * Renders `page` as the app would (query client, theme, antd App, router, i18n from the test setup) for a
 * signed-in staff holding `permissions`, with `fetch` answering each call from the fixture of its ref
 * (method and path, `{param}`s matched). A call without a fixture answers 404 with 'no fixture for ...'
 * and is listed in `unanswered`. Restore with `vi.restoreAllMocks()` after each test.
 */
export function renderPage(page: ReactNode, options: RenderPageOptions) {
  const calls: SeenCall[] = [];
  const entries = [
    fixture(staff.staffPermission, options.permissions),
    fixture(staff.customerUserCurrent, options.user ?? TEST_USER),
    ...(options.fixtures ?? []),
  ].map((f) => ({ ...f, match: matcher(f.ref) }));
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
    calls.push({ method, url, body });
    const [path, query] = url.split('?') as [string, string | undefined];
    // the last fixture of a ref wins, so a test can override the defaults
    for (const entry of [...entries].reverse()) {
      const params = entry.match(method, path);
      if (!params) continue;
      const merged = {
        ...Object.fromEntries(new URLSearchParams(query)),
        ...(body && typeof body === 'object' && !(body instanceof FormData) ? body : {}),
        ...params,
      };
      const data = typeof entry.answer === 'function' ? (entry.answer as (i: unknown) => unknown)(merged) : entry.answer;
      return envelope(data);
    }
    return envelope(null, 404, 40400, `no fixture for ${method} ${path}`);
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const path = options.path ?? '/';
  const view = render(
    <QueryClientProvider client={client}>
      <ThemeProvider>
        <AntApp>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path={options.route ?? path.split('?')[0]} element={page} />
            </Routes>
          </MemoryRouter>
        </AntApp>
      </ThemeProvider>
    </QueryClientProvider>,
  );
  const to = (ref: EndpointRef) => {
    const match = matcher(ref);
    return calls.filter((c) => match(c.method, c.url.split('?')[0]!) !== null);
  };
  const unanswered = () => calls.filter((c) => !entries.some((e) => e.match(c.method, c.url.split('?')[0]!)));
  return { ...view, client, calls, to, unanswered };
}

/** The rows the page's table shows (antd rows with data, not the placeholder). */
export const tableRows = () => [...document.querySelectorAll<HTMLElement>('tbody tr.ant-table-row')];

/** The header titles of the page's table, in order. */
export const headerTitles = () =>
  [...document.querySelectorAll<HTMLElement>('thead th.ant-table-cell')].map((th) => th.textContent?.trim() ?? '').filter(Boolean);
