import fs from 'node:fs';
import path from 'node:path';
import type { MqttClient } from 'mqtt';
import type { Page, WebSocket } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo.js';
import { signIn } from '../apps/server/test/helpers.js';
import { connectDevice, deviceByCode, publish, type Credentials } from '../apps/server/test/mqtt-helpers.js';
import { newPage, startHarness, WEB_DIST, type Harness } from './harness.js';

/**
 * The platform embedded in a base application (docs/embedding.md). The base (e2e/base-app/, served by
 * the harness at /base-app, the same origin as a gateway would give it) loads the Module Federation
 * remote and mounts the platform under /base-app. Signed out, the platform sends the browser to
 * /ms-ac/login?service=..., which signs in and comes back; then it navigates, receives an alarm push,
 * is unmounted (no socket, interval, listener or style left) and mounted again with one socket.
 */

const BASE = path.resolve(import.meta.dirname, 'base-app');
const POLL = { timeout: 15_000, interval: 100 };
const METER = 'SZ-01-GM-01';

let h: Harness;
let device: MqttClient | undefined;
let creds: Credentials;
let ruleName: string;

beforeAll(async () => {
  if (!fs.existsSync(path.join(WEB_DIST, 'embed', 'remoteEntry.js')))
    throw new Error('Build the web app first (npm run build -w apps/web): dist/embed/remoteEntry.js is missing');
  h = await startHarness({}, (app) => {
    const file = (name: string, type: string) => (_req: unknown, reply: { type(t: string): { send(b: Buffer): unknown } }) =>
      reply.type(type).send(fs.readFileSync(path.join(BASE, name)));
    app.get('/base-app/base.js', file('base.js', 'text/javascript; charset=utf-8'));
    app.get('/base-app/base.css', file('base.css', 'text/css; charset=utf-8'));
    // every page of the base application is its index.html (client routes, the platform's among them)
    app.get('/base-app', file('index.html', 'text/html; charset=utf-8'));
    app.get('/base-app/*', file('index.html', 'text/html; charset=utf-8'));
  });
  // an alarm rule on a meter, and the meter on the real MQTT broker (as e2e/alarms.e2e.ts)
  const alice = await signIn(h.server, 'alice');
  const found = await deviceByCode(alice, METER);
  creds = found.creds;
  const detail = (await alice.post('/api/v2/device/detail', { id: found.id })).body.data;
  const pf = detail.properties.find((p: { key: string }) => p.key === 'pf');
  ruleName = 'Power factor too low (embedded)';
  const created = await alice.post('/api/v2/device-alarm/rule/create', {
    name: ruleName,
    deviceTypeId: detail.deviceTypeId,
    propertyId: pf.id,
    condition: 'LT',
    threshold: 0.5,
    durationSeconds: 0,
    level: 0,
    ouId: null,
    deviceIds: [found.id],
    enabled: true,
  });
  expect(created.body.code, JSON.stringify(created.body)).toBe(0);
  device = await connectDevice(`mqtt://127.0.0.1:${h.server.ingest.mqttPort}`, creds);
});

afterAll(async () => {
  device?.end(true);
  await h?.close();
});

/** The page's WebSockets, and which are still open. */
function watchSockets(page: Page) {
  const sockets: WebSocket[] = [];
  page.on('websocket', (ws) => sockets.push(ws));
  return { all: sockets, open: () => sockets.filter((ws) => !ws.isClosed()).length };
}

const base = (page: Page) =>
  page.evaluate(() => {
    const b = (
      window as unknown as { __BASE__: { state: { mounts: number; errors: string[] }; activeIntervals(): number; listeners(): number } }
    ).__BASE__;
    return { mounts: b.state.mounts, errors: b.state.errors, intervals: b.activeIntervals(), listeners: b.listeners() };
  });

/** What the platform may have changed outside its container. */
const outside = (page: Page) =>
  page.evaluate(() => ({
    htmlTheme: document.documentElement.dataset.theme ?? null,
    htmlLang: document.documentElement.lang,
    title: document.title,
    headStyles: document.head.querySelectorAll('style').length,
    bodyBackground: getComputedStyle(document.body).backgroundColor,
    titleColor: getComputedStyle(document.querySelector('.base-title')!).color,
    debugHook: '__ENERGY_DEBUG__' in window,
    slotChildren: document.getElementById('platform-slot')!.children.length,
  }));

const BASE_LOOK = {
  htmlTheme: null,
  htmlLang: 'fr',
  title: 'Base application',
  bodyBackground: 'rgb(250, 240, 230)',
  titleColor: 'rgb(255, 200, 0)',
};

describe('the platform embedded in a base application', () => {
  it('signs in through /ms-ac/login, navigates, gets a push, unmounts clean and mounts again with one socket', async () => {
    const page = await newPage(h);
    const csp: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) csp.push(m.text());
    });
    const sockets = watchSockets(page);

    // signed out: the platform sends the browser to the auth origin's sign-in, with this page as service
    await page.goto('/base-app/');
    await page.waitForURL((url) => url.pathname === '/ms-ac/login');
    expect(new URL(page.url()).searchParams.get('service')).toBe(`${h.baseUrl}/base-app/`);
    await page.getByLabel('Username').fill('alice');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();

    // back in the base application, the platform mounted under /base-app, signed in
    await page.waitForURL((url) => url.pathname === '/base-app/');
    const slot = page.locator('#platform-slot');
    await slot.getByTestId('home-page').waitFor();
    await expect.poll(() => sockets.open(), POLL).toBe(1);
    // the base's settings: its theme, on the platform's own element, not on <html>
    expect(await slot.locator('[data-energy-platform]').getAttribute('data-theme')).toBe('light');
    expect(await outside(page)).toMatchObject({ ...BASE_LOOK, headStyles: expect.any(Number) });
    // antd's styles are inside the platform's container (the icons' one rule set may be in the head)
    expect(await slot.locator('[data-energy-styles] style').count()).toBeGreaterThan(5);
    expect((await outside(page)).headStyles).toBeLessThanOrEqual(1);

    // an alarm push reaches the embedded platform
    await page.waitForTimeout(500); // SUBSCRIBE follows CONNECTED
    await publish(device!, creds.topic, { ts: Date.now(), values: { pf: 0.31 } });
    const popup = page.getByTestId('alarm-notification');
    await popup.waitFor();
    expect(await popup.textContent()).toContain(ruleName);

    // navigating inside the platform keeps the base path
    await page.getByTestId('alarm-bell').click();
    await page.getByTestId('alarm-bell-all').click();
    await page.waitForURL((url) => url.pathname === '/base-app/device/alarm/record');
    await slot.getByText(ruleName).first().waitFor();

    // unmount: nothing of the platform is left
    const before = await base(page);
    await page.locator('#unmount').click();
    await expect.poll(() => sockets.open(), POLL).toBe(0);
    await expect.poll(() => h.server.services.push.connectionCount, POLL).toBe(0);
    const afterFirst = await base(page);
    expect(afterFirst.errors).toEqual([]);
    expect(afterFirst.intervals).toBe(0);
    expect(afterFirst.listeners).toBeLessThan(before.listeners);
    expect(await outside(page)).toEqual({ ...BASE_LOOK, headStyles: 0, debugHook: false, slotChildren: 0 });

    // mount again: one socket, the page as it was, and after a second unmount no more listeners than after the first
    const openedBefore = sockets.all.length;
    await page.locator('#mount').click();
    await slot.getByText(ruleName).first().waitFor();
    await expect.poll(() => sockets.open(), POLL).toBe(1);
    await page.waitForTimeout(1_500); // a duplicate client would have connected by now
    expect(sockets.open()).toBe(1);
    expect(sockets.all.length - openedBefore).toBe(1);
    expect(h.server.services.push.connectionCount).toBe(1);
    await page.locator('#unmount').click();
    await expect.poll(() => sockets.open(), POLL).toBe(0);
    const afterSecond = await base(page);
    expect(afterSecond).toMatchObject({ errors: [], intervals: 0, listeners: afterFirst.listeners, mounts: 2 });
    expect(await outside(page)).toEqual({ ...BASE_LOOK, headStyles: 0, debugHook: false, slotChildren: 0 });
    expect(csp).toEqual([]);
    await page.context().close();
  });

  it('standalone is unchanged: signed out goes to /login, and the page keeps its theme on <html>', async () => {
    const page = await newPage(h);
    await page.goto('/device/alarm/record');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/device/alarm/record');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.context().close();
  });

  it('/ms-ac/login refuses to return to another origin', async () => {
    const page = await newPage(h);
    const res = await page.goto(`/ms-ac/login?service=${encodeURIComponent('https://evil.example.com/')}`);
    expect(res!.status()).toBe(400);
    expect(await page.textContent('body')).toContain('service');
    await page.context().close();
  });
});
