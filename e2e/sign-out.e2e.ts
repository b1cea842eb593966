import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, signInAs, startHarness, type Harness } from './harness.js';

/** Sign-out in a real browser (docs/security.md): the user menu posts it; the spec's GET link shows a page whose button posts. */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

const probe = (page: Awaited<ReturnType<typeof newPage>>) => page.evaluate(() => fetch('/server/probe').then((r) => r.status));

describe('sign-out', () => {
  it('signs out from the user menu, and through the page of the logout link', async () => {
    const page = await newPage(h);
    const csp: string[] = [];
    page.on('console', (m) => m.text().includes('Content Security Policy') && csp.push(m.text()));

    await signInAs(page, 'bob');
    await page.getByTestId('home-page').waitFor();
    expect(await probe(page)).toBe(200);
    // the menu item is clicked once the dropdown has finished opening (a click during its opening motion
    // can land on an item that is not yet interactive: seen once on a loaded CI machine)
    await page.getByTestId('user-menu').click();
    const logout = page.getByRole('menuitem', { name: /Log out/ });
    await logout.waitFor({ state: 'visible' });
    await page.waitForFunction(() => !document.querySelector('.ant-dropdown.ant-slide-up-appear, .ant-dropdown.ant-slide-up-enter'));
    await logout.click();
    await page.waitForURL((url) => url.pathname === '/login', { waitUntil: 'commit' });
    expect(await probe(page)).toBe(401);

    // the spec's link: a GET changes nothing; the page's button posts from this site
    await signInAs(page, 'bob');
    await page.getByTestId('home-page').waitFor();
    await page.goto('/server/logout');
    expect(await probe(page)).toBe(200);
    await page.getByRole('button', { name: /Sign out/ }).click();
    await page.waitForURL((url) => url.pathname === '/login', { waitUntil: 'commit' });
    expect(await probe(page)).toBe(401);
    expect(csp).toEqual([]);
  });
});
