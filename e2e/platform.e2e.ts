import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signIn } from '../apps/server/test/helpers.js';
import { connectDevice, deviceByCode, publish } from '../apps/server/test/mqtt-helpers.js';
import { DEMO_TENANTS } from '../apps/server/src/seed/demo-tenants.js';
import { newPage, pick, SCREENSHOTS, signInAs, startHarness, type Harness } from './harness.js';

/**
 * The platform console and channel operations in Chromium (issue 17): admin creates a tenant whose
 * administrator must replace the one-time password; sam (GridCare) works in Sunrise, hears of its alarms, sees nothing of a
 * tenant GridCare is not linked to, and loses Harbor at his next call once admin unlinks it (and has it
 * back once admin links it again with Harbor's consent).
 */
let h: Harness;
let meter: MqttClient | undefined;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  meter?.end(true);
  await h?.close();
});

const POLL = { timeout: 10_000, interval: 100 };
const { sunrise, harbor } = DEMO_TENANTS;
const CODE = 'acme';
const ADMIN = 'acme-admin';
const NEW_PASSWORD = 'Acme-first-2026';
let oneTimePassword = '';

/** A call as the web client sends it: the session cookie and the jwtToken header. */
function call(page: Page, path: string, body: unknown) {
  return page.evaluate(
    async ({ path, body }) => {
      const token = document.cookie.match(/(?:^|; )jwtToken=([^;]*)/)?.[1] ?? '';
      const res = await fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', jwtToken: decodeURIComponent(token) },
        body: JSON.stringify(body),
        credentials: 'include',
      });
      return { status: res.status, body: (await res.json()) as { code: number; msg?: string; data: unknown } };
    },
    { path, body },
  );
}

async function theme(page: Page, name: 'light' | 'dark') {
  await page.getByTestId('theme-switcher').click();
  await page.getByTestId(`theme-${name}`).click();
}

/** No list loading any more, and the menu's underline animation over: ready for a screenshot. */
async function settled(page: Page) {
  await expect.poll(() => page.locator('.ant-spin-spinning').count(), POLL).toBe(0);
  await page.mouse.move(700, 850);
  await page.waitForTimeout(500);
}

const totalText = (page: Page, testId: string) => page.getByTestId(testId).locator('.ant-pagination-total-text').textContent();
const count = async (query: string) => (await h.rows<{ n: number }>(query))[0]!.n;

describe('platform console', () => {
  it('admin lands on the console, creates a tenant with its administrator and reads the one-time password once', async () => {
    const page = await newPage(h);
    await signInAs(page, 'admin');
    await page.waitForURL('**/platform/tenants');
    const list = page.getByTestId('tenant-list');
    await expect.poll(() => list.locator('.ant-table-row').count(), POLL).toBe(3);
    expect(await list.textContent()).toContain('GridCare Services');
    await theme(page, 'light');
    await settled(page);
    await page.screenshot({ path: `${SCREENSHOTS}/platform-console-light.png` });

    await page.getByTestId('tenant-create').click();
    await page.getByTestId('tenant-code').fill(CODE);
    await page.getByTestId('tenant-name').fill('Acme Storage');
    await pick(page, page.getByTestId('tenant-time-zone'), 'Europe/Berlin', { search: 'Europe/Berl' });
    await page.getByTestId('tenant-platform-name').fill('Acme Energy');
    await page.getByTestId('tenant-admin-username').fill(ADMIN);
    await page.getByTestId('tenant-admin-name').fill('Ada Acme');
    await page.getByTestId('tenant-save').click();

    const password = page.getByTestId('one-time-password');
    await password.waitFor();
    oneTimePassword = (await password.textContent()) ?? '';
    expect(oneTimePassword).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(await page.getByTestId('one-time-username').textContent()).toBe(ADMIN);
    await page.waitForTimeout(400); // the dialog's opening animation
    await page.screenshot({ path: `${SCREENSHOTS}/platform-one-time-password.png` });
    await page.getByTestId('one-time-done').click();
    await expect.poll(() => password.count(), POLL).toBe(0);
    await expect.poll(() => list.locator('.ant-table-row').count(), POLL).toBe(4);
    const [tenant] = await h.rows<{ time_zone: string; status: number }>(`select time_zone, status from tenant where code = '${CODE}'`);
    expect(tenant).toMatchObject({ time_zone: 'Europe/Berlin', status: 0 });
    // the list as a file
    const download = page.waitForEvent('download');
    await page.getByTestId('tenant-export').click();
    await page.getByTestId('tenant-export-xlsx').click();
    expect((await download).suggestedFilename()).toMatch(/^tenants-\d{4}-\d{2}-\d{2}\.xlsx$/);

    // the channel links (GridCare operates for Sunrise and Harbor) and the catalogue, in the dark theme
    await page.getByTestId('console-menu-channel-links').click();
    const links = page.getByTestId('channel-link-list');
    await expect.poll(() => links.locator('.ant-table-row').count(), POLL).toBe(2);
    await page.getByTestId('console-menu-catalogue').click();
    const catalogue = page.getByTestId('catalogue-list');
    await catalogue.locator('.ant-table-row').first().waitFor();
    expect(await catalogue.locator('th').allTextContents()).toContain('Acme Storage');
    await theme(page, 'dark');
    await page.getByTestId('console-menu-tenants').click();
    await expect.poll(() => list.locator('.ant-table-row').count(), POLL).toBe(4);
    await settled(page);
    await page.screenshot({ path: `${SCREENSHOTS}/platform-console-dark.png` });
    await page.context().close();
  });

  it('the new administrator signs in with the one-time password, must set a new one, and sees an empty platform', async () => {
    expect(oneTimePassword).not.toBe('');
    const page = await newPage(h);
    await page.goto('/login');
    await page.getByLabel('Username').fill(ADMIN);
    await page.getByLabel('Password').fill(oneTimePassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/set-password**');
    await page.getByTestId('password-old').fill(oneTimePassword);
    await page.getByTestId('password-new').fill(NEW_PASSWORD);
    await page.getByTestId('password-confirm').fill(NEW_PASSWORD);
    await page.getByTestId('password-save').click();
    await page.getByTestId('home-page').waitFor();
    expect(await page.title()).toContain('Acme Energy');

    const answer = page.waitForResponse((r) => r.url().endsWith('/api/v2/device/page'));
    await page.goto('/settings/asset/device');
    const devices = (await (await answer).json()) as { code: number; data: { totalCount: number } };
    expect(devices).toMatchObject({ code: 0, data: { totalCount: 0 } });
    await page.getByTestId('device-list').locator('.ant-empty').waitFor();
    expect(await page.getByTestId('device-list').locator('.ant-table-row').count()).toBe(0);
    await page.context().close();
  });
});

describe('channel operations', () => {
  it('sam works in Sunrise, receives its alarm push, sees nothing of a tenant GridCare is not linked to, and loses Harbor when it is unlinked', async () => {
    const sam = await newPage(h);
    await signInAs(sam, 'sam');
    await sam.getByTestId('home-page').waitFor();

    await pick(sam, sam.getByTestId('working-tenant'), 'Sunrise Manufacturing');
    const sunriseDevices = await count(`select count(*)::int as n from device where tenant_id = '${sunrise}'`);
    expect(sunriseDevices).toBeGreaterThan(0);
    await sam.goto('/settings/asset/device');
    await expect.poll(() => totalText(sam, 'device-list'), POLL).toMatch(new RegExp(`\\b${sunriseDevices}\\b`));
    expect(await sam.getByTestId('device-list').textContent()).not.toContain('Harbor');

    // a Sunrise alarm is pushed to sam (GridCare operates Sunrise's sites): a reading under a rule's threshold
    const alice = await signIn(h.server, 'alice');
    const found = await deviceByCode(alice, 'SZ-01-GM-01');
    const detail = (await alice.post('/api/v2/device/detail', { id: found.id })).body.data;
    const pf = detail.properties.find((p: { key: string }) => p.key === 'pf');
    const rule = 'Power factor too low (channel e2e)';
    const created = await alice.post('/api/v2/device-alarm/rule/create', {
      name: rule,
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
    meter = await connectDevice(`mqtt://127.0.0.1:${h.server.ingest.mqttPort}`, found.creds);
    await expect.poll(() => h.server.services.push.connectionCount, POLL).toBeGreaterThanOrEqual(1);
    await sam.waitForTimeout(500);
    await publish(meter, found.creds.topic, { ts: Date.now(), values: { pf: 0.31 } });
    const popup = sam.getByTestId('alarm-notification');
    await popup.waitFor();
    expect(await popup.textContent()).toContain(rule);

    const sunriseAlarms = await count(`select count(*)::int as n from alarm_log where tenant_id = '${sunrise}' and source = 'rule'`);
    expect(sunriseAlarms).toBeGreaterThan(0);
    await sam.goto('/device/alarm/record');
    await expect.poll(() => sam.getByTestId('alarm-record-link').count(), POLL).toBeGreaterThan(0);

    // a tenant GridCare is not linked to: not choosable, by id through the API
    const [acme] = await h.rows<{ id: string }>(`select id from tenant where code = '${CODE}'`);
    const refused = await call(sam, '/api/v2/channel-tenant/working/set', { tenantId: acme!.id });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toMatch(/tenantId: is not your tenant nor a tenant your company is linked to/);

    // all linked tenants: a Harbor device by id, until admin unlinks Harbor
    expect((await call(sam, '/api/v2/channel-tenant/working/set', { tenantId: null })).status).toBe(200);
    const [device] = await h.rows<{ id: number }>(`select id from device where tenant_id = '${harbor}' order by id limit 1`);
    expect((await call(sam, '/api/v2/device/detail', { id: device!.id })).status).toBe(200);

    const admin = await newPage(h);
    await signInAs(admin, 'admin');
    await admin.waitForURL('**/platform/tenants');
    await admin.getByTestId('console-menu-channel-links').click();
    const links = admin.getByTestId('channel-link-list');
    await expect.poll(() => links.locator('.ant-table-row').count(), POLL).toBe(2);
    await admin.getByTestId('link-delete-Harbor Logistics').click();
    await admin.getByTestId('link-delete-confirm').click();
    await expect.poll(() => links.locator('.ant-table-row').count(), POLL).toBe(1);

    // sam's next call: Harbor's device is not found, and the switcher no longer offers Harbor
    const gone = await call(sam, '/api/v2/device/detail', { id: device!.id });
    expect(gone.status).toBe(404);
    await sam.reload();
    await sam.getByTestId('working-tenant').click();
    const options = sam.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
    await options.first().waitFor();
    expect(await options.allTextContents()).not.toContain('Harbor Logistics');
    expect(await options.allTextContents()).toContain('Sunrise Manufacturing');

    // linked again through the console, with the customer's consent: sam reads the device again
    await admin.getByTestId('link-create').click();
    await pick(admin, admin.getByTestId('link-provider'), 'GridCare Services');
    await pick(admin, admin.getByTestId('link-customer'), 'Harbor Logistics');
    await admin.getByTestId('link-consent-by').fill('Hu Jun, Harbor operations');
    const consentAt = admin.getByTestId('link-consent-at');
    const dateInput = (await consentAt.evaluate((el) => el.tagName)) === 'INPUT' ? consentAt : consentAt.locator('input');
    await dateInput.fill('2026-11-01');
    await dateInput.press('Enter');
    await admin.getByTestId('link-save').click();
    await expect.poll(() => links.locator('.ant-table-row').count(), POLL).toBe(2);
    const [consent] = await h.rows<{ consent_by: string; consent_at: string }>(
      `select consent_by, to_char(consent_at at time zone 'UTC', 'YYYY-MM-DD') as consent_at from channel_link where customer_tenant_id = '${harbor}'`,
    );
    expect(consent).toEqual({ consent_by: 'Hu Jun, Harbor operations', consent_at: '2026-11-01' });
    expect((await call(sam, '/api/v2/device/detail', { id: device!.id })).status).toBe(200);
    await admin.context().close();
    await sam.context().close();
  });
});
