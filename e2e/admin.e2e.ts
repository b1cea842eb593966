import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, pick, retried, SCREENSHOTS, signInAs, startHarness, type Harness } from './harness.js';

/**
 * Tenant administration in Chromium: a role made by keyboard in the permission tree, a staff with it
 * for bob and bob's menu and buttons, the list blocks' saved settings and collapsing filter form,
 * refused uploads, the unsaved-changes guard, the audit log, and another tenant's admin seeing none of it.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

const POLL = { timeout: 10_000, interval: 100 };
const ROLE = 'Platform auditors';
const STAFF_CODE = 'SR-BOB-AUDIT';
const WIDE = { width: 1600, height: 900 };

/** The data-testid of the permission tree's focused row (its aria-activedescendant). */
const activeRow = (page: Page) =>
  page.evaluate(() => {
    const tree = document.querySelector('[data-testid="perm-tree"]');
    const id = tree?.getAttribute('aria-activedescendant');
    return id ? (document.getElementById(id)?.dataset.testid ?? null) : null;
  });

/** Moves the tree's focus down with ArrowDown until it reaches the node, like a keyboard user would. */
async function arrowTo(page: Page, key: string) {
  for (let i = 0; i < 300; i++) {
    if ((await activeRow(page)) === `perm-${key}`) return;
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`ArrowDown never reached ${key}`);
}

/** Picks an option in an antd Select or TreeSelect opened from the element with this test id. */
/** Every internal link of the top menu's panels, as paths. */
async function menuPaths(page: Page): Promise<string[]> {
  const paths = new Set<string>();
  const items = page.getByTestId('top-menu-item');
  const count = await items.count();
  for (let i = 0; i < count; i++) {
    await items.nth(i).hover();
    const panel = page.getByTestId('menu-panel').filter({ visible: true });
    await panel.waitFor();
    for (const href of await panel.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? '')))
      if (href.startsWith('/')) paths.add(href);
    await page.mouse.move(800, 700);
    await panel.waitFor({ state: 'hidden' });
  }
  return [...paths].sort();
}

/** A signed-in call from the page, with the session's jwtToken, answering the envelope. */
const call = (page: Page, path: string, body: unknown) =>
  page.evaluate(
    async ({ path, body }) => {
      const token = document.cookie.match(/(?:^|; )jwtToken=([^;]*)/)?.[1] ?? '';
      const res = await fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', jwtToken: decodeURIComponent(token) },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as { code: number; data: unknown; msg: string } };
    },
    { path, body },
  );

describe('tenant administration', () => {
  it('alice makes a role by keyboard and a staff with it for bob; bob sees exactly that menu and those buttons', async () => {
    const alice = await newPage(h, undefined, WIDE);
    await signInAs(alice, 'alice', '/settings/org/role/create');
    await alice.getByTestId('perm-tree').waitFor();
    await alice.getByTestId('role-name').fill(ROLE);

    // into the tree with Tab, then only keys: Tab turns on auto-sync of the Platform group, Space checks Device types
    await alice.getByTestId('role-description').focus();
    for (let i = 0; i < 5 && (await alice.evaluate(() => document.activeElement?.getAttribute('data-testid'))) !== 'perm-tree'; i++)
      await alice.keyboard.press('Tab');
    expect(await alice.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('perm-tree');
    await alice.keyboard.press('ArrowDown');
    await arrowTo(alice, 'p-settings.platform');
    await alice.keyboard.press('Tab');
    await expect.poll(() => alice.getByTestId('perm-p-settings.platform').getAttribute('data-auto-sync'), POLL).toBe('true');
    expect(await alice.getByTestId('perm-p-settings-audit').getAttribute('aria-checked')).toBe('true');
    expect(await alice.getByTestId('perm-p-settings-platform').getAttribute('aria-checked')).toBe('true');
    await arrowTo(alice, 'p-settings-device-type');
    await alice.keyboard.press('Space');
    expect(await alice.getByTestId('perm-p-settings-device-type').getAttribute('aria-checked')).toBe('true');
    // Tab on a page (no auto-sync there) leaves the tree for Save
    await alice.keyboard.press('Tab');
    expect(await alice.evaluate(() => document.activeElement?.closest('[data-testid]')?.getAttribute('data-testid'))).toBe(
      'role-form-submit',
    );
    await alice.screenshot({ path: `${SCREENSHOTS}/role-keyboard.png` });
    await alice.keyboard.press('Enter');
    await alice.waitForURL((url) => url.pathname === '/settings/org/role');
    await alice.getByText(ROLE).first().waitFor();

    const [role] = await h.rows<{ id: number; permission_codes: string[]; auto_sync_codes: string[] }>(
      `select id, permission_codes, auto_sync_codes from role where name = '${ROLE}'`,
    );
    expect(role!.auto_sync_codes).toEqual(['p-settings.platform']);
    for (const code of ['p-settings-platform', 'b-platform-edit', 'p-settings-audit', 'b-audit-export', 'p-settings-device-type'])
      expect(role!.permission_codes).toContain(code);
    expect(role!.permission_codes).not.toContain('p-settings-staff');

    // a second staff for bob, an existing person of the tenant, on another customer
    await alice.goto('/settings/org/staff');
    await alice.getByTestId('staff-create').click();
    await pick(alice, alice.getByTestId('staff-form-existing'), 'bob', { search: 'bob' });
    await alice.getByTestId('staff-form-code').fill(STAFF_CODE);
    await pick(alice, alice.getByTestId('staff-form-role'), ROLE);
    await pick(alice, alice.getByTestId('staff-form-customer'), 'Sunrise Manufacturing Group');
    await alice.getByTestId('staff-form-submit').click();
    await alice.getByRole('cell', { name: STAFF_CODE }).waitFor();
    await alice.context().close();

    // bob switches to it and sees exactly the role's pages and buttons
    const bob = await newPage(h, undefined, WIDE);
    await signInAs(bob, 'bob');
    await bob.getByTestId('home-page').waitFor();
    const confirm = bob.getByRole('dialog').getByText(`Switch to ${STAFF_CODE}`);
    await retried(async () => {
      if (await confirm.isVisible()) return;
      const option = bob.locator('.ant-select-item-option', { hasText: STAFF_CODE });
      if (!(await option.isVisible()))
        await bob.getByTestId('staff-switcher').getByRole('button', { name: 'switch' }).click({ timeout: 5_000 });
      await option.click({ timeout: 5_000 });
      await confirm.waitFor({ timeout: 8_000 });
    });
    await Promise.all([bob.waitForEvent('load', { timeout: 40_000 }), bob.getByRole('dialog').getByRole('button', { name: 'OK' }).click()]);
    await bob.getByTestId('home-page').waitFor();
    // the menu arrives after the page: poll until the panels hold links
    await expect
      .poll(() => menuPaths(bob), { timeout: 30_000, interval: 500 })
      .toEqual(['/settings/asset/device-type', '/settings/platform/audit', '/settings/platform/basic']);

    await bob.goto('/settings/platform/audit');
    await bob.getByTestId('audit-export').waitFor();
    await bob.goto('/settings/platform/basic');
    await bob.getByTestId('platform-save').waitFor();
    await bob.goto('/settings/org/staff');
    await bob.getByTestId('forbidden').waitFor();
    expect(await bob.getByTestId('staff-create').count()).toBe(0);
    // and the server agrees: a staff page call is refused
    expect((await call(bob, '/api/v2/staff/page', { pageSize: 20, pageOffset: 1 })).status).toBe(403);
    await bob.context().close();
  }, 150_000); // a role made by keyboard, a staff, a staff switch and every panel of the menu: 30 s on an idle machine

  it('column settings and widths survive a reload; the filter form collapses by the span map', async () => {
    const page = await newPage(h, undefined, WIDE);
    await signInAs(page, 'alice', '/settings/org/staff');
    const header = (title: string) => page.locator('.ant-table-thead th', { hasText: title });
    await header('Username').waitFor();

    // collapsed: span 6 keeps 3 of the 5 fields; expanded shows all
    const fields = ['keyword', 'status', 'roleId', 'customerMcid', 'ouId'];
    const shown = async () => {
      const out: string[] = [];
      for (const f of fields) if (await page.getByTestId(`filter-field-${f}`).isVisible()) out.push(f);
      return out;
    };
    expect(await shown()).toEqual(['keyword', 'status', 'roleId']);
    await page.getByTestId('filter-toggle').click();
    await expect.poll(shown, POLL).toEqual(fields);
    await page.getByTestId('filter-toggle').click();
    await expect.poll(shown, POLL).toEqual(['keyword', 'status', 'roleId']);

    // hide Username and widen Organisation by dragging its edge 80 px
    await page.getByTestId('column-settings').click();
    await page.getByTestId('column-setting-username').getByRole('checkbox').click();
    await expect.poll(() => header('Username').count(), POLL).toBe(0);
    await page.getByTestId('column-settings').click();
    await page.locator('.ant-popover').filter({ visible: true }).waitFor({ state: 'hidden' });
    const customer = header('Organisation');
    const before = (await customer.boundingBox())!.width;
    const handle = customer.getByRole('separator');
    const box = (await handle.boundingBox())!;
    await handle.hover();
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2, { steps: 4 });
    await page.mouse.move(box.x + box.width / 2 + 80, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    await expect.poll(async () => (await customer.boundingBox())!.width, POLL).toBeGreaterThan(before + 60);
    const widened = (await customer.boundingBox())!.width;

    await page.reload();
    await header('Organisation').waitFor();
    expect(await header('Username').count()).toBe(0);
    expect(Math.abs((await header('Organisation').boundingBox())!.width - widened)).toBeLessThanOrEqual(2);
    const saved = JSON.parse((await page.evaluate(() => localStorage.getItem('energy.table.staff.list')))!) as Record<string, unknown>[];
    expect(Object.keys(saved[0]!).sort()).toEqual(['display', 'key', 'showIndex', 'width']);
    expect(saved.find((s) => s.key === 'username')!.display).toBe(false);
    await page.context().close();
  });

  it('uploads of a wrong type or size are refused with the spec messages and nothing is stored', async () => {
    const page = await newPage(h, undefined, WIDE);
    await signInAs(page, 'alice', '/settings/platform/basic');
    await page.getByTestId('platform-name').waitFor();
    const files = async () => (await h.rows<{ n: number }>(`select count(*)::int as n from file`))[0]!.n;
    const stored = await files();
    let uploads = 0;
    page.on('request', (r) => {
      if (r.url().includes('/file-center/upload')) uploads++;
    });
    const input = page.getByTestId('upload-input');
    await input.setInputFiles({ name: 'icon.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await page.getByText('Please upload the correct file format').waitFor();
    await input.setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: Buffer.alloc(1024 * 1024 + 1, 1) });
    await page.getByText('The file size must not exceed 1M').waitFor();
    expect(uploads).toBe(0);
    expect(await files()).toBe(stored);
    await page.context().close();
  });

  it('leaving a dirty form warns, in the app and in the browser', async () => {
    const page = await newPage(h, undefined, WIDE);
    await signInAs(page, 'alice', '/settings/org/role/create');
    await page.getByTestId('role-name').fill('Half-made role');
    // in-app navigation: a confirm, and Stay keeps the page and its text
    await page.getByTestId('logo').click();
    await page.getByText('The system may not save your changes. Leave this page?').waitFor();
    await page.getByRole('button', { name: 'Stay' }).click();
    expect(new URL(page.url()).pathname).toBe('/settings/org/role/create');
    expect(await page.getByTestId('role-name').inputValue()).toBe('Half-made role');
    // the browser's own warning on unload
    const dialog = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const d = await dialog;
    expect(d.type()).toBe('beforeunload');
    await d.accept();
  });

  it('the changes appear in the audit log, on its page and in its rows', async () => {
    const page = await newPage(h, undefined, WIDE);
    await signInAs(page, 'alice', '/settings/platform/audit');
    await page.locator('.ant-table-row').first().waitFor();
    const callField = page.getByTestId('audit-filter-call').locator('xpath=descendant-or-self::input');
    if (!(await callField.isVisible())) await page.getByTestId('filter-toggle').click();
    for (const path of ['/api/v2/role/create', '/api/v2/staff/create']) {
      await callField.fill(path);
      await page.getByTestId('filter-query').click();
      await expect.poll(() => page.locator('.ant-table-row', { hasText: path }).count(), POLL).toBeGreaterThan(0);
    }
    // and in the log's rows: each command the pages sent, with its outcome
    const rows = await h.rows<{ call: string; outcome: string }>(
      `select call, outcome from audit_log where call in ('POST /api/v2/role/create', 'POST /api/v2/staff/create') order by id`,
    );
    expect(rows).toEqual([
      { call: 'POST /api/v2/role/create', outcome: 'ok' },
      { call: 'POST /api/v2/staff/create', outcome: 'ok' },
    ]);
    await page.context().close();
  });

  it("another tenant's admin sees none of it, through the pages or the calls", async () => {
    const [role] = await h.rows<{ id: number }>(`select id from role where name = '${ROLE}'`);
    const [made] = await h.rows<{ id: number }>(`select id from staff where staff_code = '${STAFF_CODE}'`);
    const dave = await newPage(h, undefined, WIDE);
    await signInAs(dave, 'dave', '/settings/org/role');
    await dave.locator('.ant-table-row').first().waitFor();
    expect(await dave.getByText(ROLE).count()).toBe(0);
    await dave.goto('/settings/org/staff');
    await dave.locator('.ant-table-row').first().waitFor();
    expect(await dave.getByText(STAFF_CODE).count()).toBe(0);
    expect(await dave.getByText('SR-ALICE').count()).toBe(0);

    const roleDetail = await call(dave, '/api/v2/role/detail', { id: role!.id });
    expect(roleDetail.body.code).not.toBe(0);
    expect(roleDetail.body.data).toBeNull();
    const staffDetail = await call(dave, '/api/v2/staff/detail', { id: made!.id });
    expect(staffDetail.body.code).not.toBe(0);
    const roles = await call(dave, '/api/v2/role/page', { pageSize: 100, pageOffset: 1 });
    expect(JSON.stringify(roles.body.data)).not.toContain(ROLE);
    await dave.context().close();
  });
});
