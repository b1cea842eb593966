import { vi } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { rowsOf } from '../apps/server/src/db/sql.js';
import { createTestApp, type ConfigOverrides, type TestApp } from '../apps/server/test/helpers.js';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo.js';

/**
 * The e2e harness: the real server (built web app, PGlite in memory, demo data) on an ephemeral port,
 * and Debian's Chromium driven by playwright-core. A few routes that only tests register make the
 * server answer the error classes no real call produces on demand (500, 411, -10000).
 */
export const WEB_DIST = path.resolve(import.meta.dirname, '../apps/web/dist');
export const SCREENSHOTS = path.resolve(import.meta.dirname, '../docs/screenshots');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface Harness {
  server: TestApp;
  baseUrl: string;
  browser: Browser;
  /** Runs SQL on the server's database as the owner (to expire a session, disable a staff...). */
  exec(query: string): Promise<void>;
  /** Reads rows from the server's database as the owner (to check what a page stored, or did not). */
  rows<T = Record<string, unknown>>(query: string): Promise<T[]>;
  close(): Promise<void>;
}

/**
 * Starts the harness; `overrides` change the server's configuration (an error collector...), `routes`
 * adds a test's own routes before the server listens (a base application's pages...).
 */
export async function startHarness(overrides: ConfigOverrides = {}, routes?: (app: TestApp['app']) => void): Promise<Harness> {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html')))
    throw new Error(`Build the web app first (npm run build -w apps/web): ${WEB_DIST} is empty`);
  const server = await createTestApp('pglite', { webDist: WEB_DIST, ...overrides });
  const app = server.app;
  app.post('/api/v2/test/fault', async () => {
    throw new Error('a fault the e2e test asked for');
  });
  app.post('/api/v2/test/status-411', async (_req, reply) => reply.code(411).send({ code: 41100, data: null, msg: 'Length required' }));
  app.post('/api/v2/test/business-failure', async (_req, reply) =>
    reply.code(400).send({ code: -10000, data: null, msg: 'The business rule refused it' }),
  );
  routes?.(app);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    server,
    baseUrl: address,
    browser,
    exec: async (query) => {
      await server.database.system.execute(sql.raw(query));
    },
    rows: <T>(query: string) => rowsOf<T>(server.database.system, sql.raw(query)),
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}

/** A fresh browser context (own cookies) and page, 1440×900 unless told otherwise. */
export async function newPage(
  h: Harness,
  init?: (ctx: BrowserContext) => Promise<void>,
  viewport = { width: 1440, height: 900 },
): Promise<Page> {
  const context = await h.browser.newContext({ baseURL: h.baseUrl, viewport });
  if (init) await init(context);
  const page = await context.newPage();
  // a step that waits longer than this fails with its own name, well inside the test's time; CI's machine runs
  // these pages two to three times slower than an idle one, where 15 s failed steps of 5 s
  page.setDefaultTimeout(20_000);
  page.on('pageerror', (error) => console.error(`[browser] ${error.message}`));
  return page;
}

/** Signs in through the login page and waits for the page that follows. */
export async function signInAs(page: Page, username: string, redirect = '/') {
  await page.goto(`/login?redirect=${encodeURIComponent(redirect)}`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/**
 * Runs a step that opens a list (a select, a menu, a dropdown) and clicks in it, again until it succeeds. On a
 * loaded machine (CI's runs these pages two to three times slower than an idle one) a click can land while the
 * list still opens and do nothing; a single try would wait out its timeout and fail. The step must be safe to
 * repeat: open what is closed, click with a short timeout, wait for the click's effect with a short timeout.
 */
export async function retried(step: () => Promise<void>, timeout = 60_000) {
  await vi.waitFor(step, { timeout, interval: 250 });
}

/**
 * Opens a select (antd Select or TreeSelect), clicks the option (its text, or a locator), and waits for the list to
 * close, again when a click chose nothing (`retried`). `search` is typed after opening; `multiple` keeps an option
 * that is already chosen and closes the list with Escape.
 */
export async function pick(page: Page, select: Locator, option: string | Locator, opts: { search?: string; multiple?: boolean } = {}) {
  const open = page.locator('.ant-select-dropdown').filter({ visible: true });
  const target =
    typeof option === 'string'
      ? open.locator('.ant-select-item-option, .ant-select-tree-node-content-wrapper', { hasText: option }).first()
      : option.filter({ visible: true }).first();
  await retried(async () => {
    if ((await open.count()) === 0) {
      await select.click({ timeout: 5_000 });
      if (opts.search) await page.keyboard.type(opts.search);
    }
    const chosen = opts.multiple && (await target.getAttribute('class', { timeout: 5_000 }))?.includes('ant-select-item-option-selected');
    if (!chosen) await target.click({ timeout: 5_000 });
    if (opts.multiple) await page.keyboard.press('Escape');
    await open.first().waitFor({ state: 'hidden', timeout: 5_000 });
  });
}
