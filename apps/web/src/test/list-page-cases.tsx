// Render tests of list pages: the columns, a row, the buttons the permissions allow, none without them.
import type { ReactNode } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { headerTitles, renderPage, tableRows, type FixtureEntry } from './render-page';

export interface ListPageCase {
  name: string;
  page: () => ReactNode;
  /** The page permission (always held). */
  pageCode: string;
  /** The button codes of the page (held in the first render, not in the second). */
  buttonCodes: string[];
  fixtures: FixtureEntry[];
  /** Header titles in order, without the action column. */
  headers: string[];
  /** Text the first row shows. */
  rowText: string[];
  /** Test ids shown with every button code. */
  buttons: string[];
  /** Does the action column stay without button codes (it has an action that needs none)? */
  actionsWithoutCodes?: boolean;
  /** The page has no row actions at all (its buttons are above the table). */
  noActionColumn?: boolean;
  /** Test ids shown without any button code (actions needing none). */
  alwaysButtons?: string[];
}

/** One describe per page: with all its button codes, and with none. */
export function describeListPages(cases: ListPageCase[]) {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.restoreAllMocks());
  for (const c of cases)
    describe(c.name, { timeout: 90_000 }, () => {
      test('columns, a row and every button with the button codes', async () => {
        renderPage(c.page(), { permissions: [c.pageCode, ...c.buttonCodes], fixtures: c.fixtures });
        await waitFor(() => expect(tableRows().length).toBeGreaterThan(0), { timeout: 10_000 });
        expect(headerTitles()).toEqual(
          c.noActionColumn || !(c.actionsWithoutCodes || c.buttonCodes.length) ? c.headers : [...c.headers, 'Actions'],
        );
        for (const text of c.rowText) expect(tableRows()[0]!.textContent).toContain(text);
        for (const id of c.buttons) expect(screen.queryAllByTestId(id), id).not.toHaveLength(0);
      });

      test('without button codes: no button they allow', async () => {
        renderPage(c.page(), { permissions: [c.pageCode], fixtures: c.fixtures });
        await waitFor(() => expect(tableRows().length).toBeGreaterThan(0), { timeout: 10_000 });
        expect(headerTitles()).toEqual(c.actionsWithoutCodes ? [...c.headers, 'Actions'] : c.headers);
        const always = c.alwaysButtons ?? [];
        for (const id of c.buttons.filter((b) => !always.includes(b))) expect(screen.queryAllByTestId(id), id).toHaveLength(0);
        for (const id of always) expect(screen.queryAllByTestId(id), id).not.toHaveLength(0);
      });
    });
}
