import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startDemoLive, type DemoLive } from '../apps/server/src/seed/demo-live.js';
import { newPage, pick, SCREENSHOTS, signInAs, startHarness, type Harness } from './harness.js';

/**
 * The device pages against the real server: the demo devices get two days of history written through
 * the ingest and then publish live over MQTT (the same start as `npm start`, with a shorter backfill).
 */

let h: Harness;
let live: DemoLive | undefined;
beforeAll(async () => {
  h = await startHarness();
  const { server } = h;
  live = await startDemoLive({
    db: server.database.system,
    ingest: server.ingest,
    registry: server.services.devices,
    mqttUrl: `mqtt://127.0.0.1:${server.ingest.mqttPort}`,
    topicPrefix: server.config.ingest.topicPrefix,
    log: server.app.log,
    backfillDays: 2,
    intervalMs: 2000,
  });
});
afterAll(async () => {
  await live?.stop();
  await h?.close();
});

const POLL = { timeout: 15_000, interval: 200 };
const LIST = '/settings/asset/device';

const rows = (page: Page) => page.getByTestId('device-list').locator('tbody tr.ant-table-row');
const codes = (page: Page) => page.getByTestId('device-link').allTextContents();

/** A chart that drew something: a canvas and no Empty in its card. */
async function expectChartDrawn(page: Page) {
  const chart = page.getByTestId('property-chart');
  await chart.locator('[data-testid="device-chart"] canvas').first().waitFor();
  await expect.poll(() => chart.locator('.ant-spin-spinning').count(), POLL).toBe(0);
  expect(await chart.locator('.ant-empty').count()).toBe(0);
  // something is painted on it: not every pixel is transparent
  const painted = await chart
    .locator('[data-testid="device-chart"] canvas')
    .first()
    .evaluate((c: HTMLCanvasElement) => {
      const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) n++;
      return n;
    });
  expect(painted).toBeGreaterThan(1000);
}

describe('device pages', () => {
  it('alice filters the list, opens a meter, sees its latest values and charts', async () => {
    const page = await newPage(h);
    await signInAs(page, 'alice', LIST);
    // Sunrise's demo fleet: Suzhou's 30 (with its PV station's inverters INV-02..10), Wuxi's storage station
    // and PV station's 5; 20 a page
    await expect.poll(() => rows(page).count(), POLL).toBe(20);
    await page.getByText('Total 35 items').waitFor();

    await page.getByTestId('filter-field-code').locator('input').fill('SZ-01-GM');
    await page.getByTestId('filter-query').click();
    await expect.poll(() => codes(page), POLL).toEqual(['SZ-01-GM-01']);
    const row = rows(page).first();
    await row.getByText('Grid connection meter').first().waitFor();
    await row.getByText('Suzhou Plant Site').waitFor();
    await page.getByTestId('filter-clear').click();
    await expect.poll(() => rows(page).count(), POLL).toBe(20);
    await page.screenshot({ path: `${SCREENSHOTS}/device-list.png` });

    await page.getByTestId('filter-field-code').locator('input').fill('SZ-01-GM-01');
    await page.getByTestId('filter-query').click();
    await expect.poll(() => codes(page), POLL).toEqual(['SZ-01-GM-01']);
    await page.getByTestId('device-link').click();
    await page.waitForURL(/\/settings\/asset\/device\/detail\/\d+$/);
    await page.getByTestId('device-detail').getByText('SZ-01-GM-01').waitFor();

    // latest values: every property of the meter, with value and unit; the device reports live
    const latest = page.getByTestId('latest-values');
    await expect.poll(() => latest.locator('tbody tr.ant-table-row').count(), POLL).toBe(7);
    await expect.poll(() => latest.getByTestId('latest-value').count(), POLL).toBe(7);
    expect(await latest.getByText(/ kWh$/).count()).toBe(2);
    await expect.poll(() => page.getByTestId('device-online').first().getAttribute('data-online'), POLL).toBe('true');

    // the first property (active power) is charted: today at 15 minutes
    const resolution = page.getByTestId('resolution');
    await expect.poll(() => resolution.locator('.ant-segmented-item-selected').textContent(), POLL).toBe('15 min');
    await expectChartDrawn(page);
    await page.screenshot({ path: `${SCREENSHOTS}/device-detail.png`, fullPage: true });

    // 30 days: minutes and quarter hours would be too many points; the counter is charted per day
    await page.getByTestId('range-presets').getByText('30 days').click();
    const disabled = () => resolution.locator('.ant-segmented-item-disabled').allTextContents();
    await expect.poll(disabled, POLL).toEqual(['1 min', '15 min', 'Year']);
    await latest.getByText('Imported energy').click();
    await expect.poll(() => resolution.locator('.ant-segmented-item-selected').textContent(), POLL).toBe('Day');
    await expectChartDrawn(page);

    // the chart follows a theme switch (light theme, same page)
    await page.context().addCookies([{ name: 'mxTheme', value: 'light', url: h.baseUrl }]);
    await page.reload();
    await expectChartDrawn(page);
    await page.screenshot({ path: `${SCREENSHOTS}/device-detail-light.png`, fullPage: true });
    await page.context().close();
  });

  it('alice creates a device, issues its credentials once, and deletes it', async () => {
    const page = await newPage(h);
    await signInAs(page, 'alice', LIST);
    await page.getByTestId('device-create').click();
    const form = page.getByTestId('device-form');
    await form.waitFor();
    // 640 wide once its opening animation is over
    await expect.poll(async () => (await page.locator('.ant-modal').filter({ visible: true }).boundingBox())?.width, POLL).toBe(640);
    // nothing filled: the form refuses, nothing is sent
    await page.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Code is required').waitFor();

    await form.getByLabel('Code').fill('E2E-METER-01');
    await form.getByLabel('Name').fill('Test meter');
    await pick(page, form.getByLabel('Type'), page.locator('.ant-select-tree-title', { hasText: 'Feeder (circuit) meter' }));
    await pick(page, form.getByLabel('Operating unit'), page.locator('.ant-select-item-option', { hasText: 'Suzhou Plant Site' }));
    await form.getByTestId('device-form-customer').getByText('Sunrise Suzhou Plant').waitFor();
    await form.getByLabel('Longitude').fill('120.5');
    await page.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Give both longitude and latitude').first().waitFor();
    await form.getByLabel('Latitude').fill('31.2');
    await page.waitForTimeout(400); // Save is a confirm button: a second click within 400 ms is ignored
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Device Test meter saved').waitFor();

    await page.getByTestId('filter-field-code').locator('input').fill('E2E-METER');
    await page.getByTestId('filter-query').click();
    await expect.poll(() => codes(page), POLL).toEqual(['E2E-METER-01']);

    // a taken code: the server's message, and the dialog stays open
    await page.getByTestId('device-create').click();
    await form.getByLabel('Code').fill('E2E-METER-01');
    await form.getByLabel('Name').fill('Duplicate');
    await pick(page, form.getByLabel('Type'), page.locator('.ant-select-tree-title', { hasText: 'Feeder (circuit) meter' }));
    await pick(page, form.getByLabel('Operating unit'), page.locator('.ant-select-item-option', { hasText: 'Suzhou Plant Site' }));
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('.ant-modal-confirm-error .ant-modal-confirm-title').getByText('E2E-METER-01 is already used').waitFor();
    await page.locator('.ant-modal-confirm-error').getByRole('button', { name: 'OK' }).click();
    await form.waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();

    await rows(page).first().getByTestId('device-credentials').click();
    const dialog = page.locator('.credentials-dialog .ant-modal').filter({ visible: true });
    await dialog.getByText('The password is shown only this once').waitFor();
    const username = (await dialog.getByTestId('credentials-username').textContent())!;
    const password = (await dialog.getByTestId('credentials-password').textContent())!;
    expect(username).toMatch(/^d[a-z2-7]{16}$/);
    expect(password.length).toBeGreaterThanOrEqual(32);
    expect(await dialog.getByText(`devices/${username}/telemetry`).count()).toBe(1);
    await page.waitForTimeout(400); // the opening animation
    await page.screenshot({ path: `${SCREENSHOTS}/device-credentials.png` });
    await dialog.getByTestId('credentials-done').click();
    await expect.poll(() => dialog.count(), POLL).toBe(0);
    // issuing again asks first: the old password stops working
    await rows(page).first().getByTestId('device-credentials').click();
    await page.locator('.ant-modal-confirm-title').getByText('Its current password stops working').waitFor();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Cancel' }).click();

    await rows(page).first().getByTestId('device-delete').click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Device E2E-METER-01 deleted').waitFor();
    await expect.poll(() => rows(page).count(), POLL).toBe(0);
    await page.context().close();
  });

  it('the type view shows the properties of the chosen type', async () => {
    const page = await newPage(h);
    await signInAs(page, 'alice', '/settings/asset/device-type');
    const view = page.getByTestId('device-types');
    await view.getByText('Battery storage').waitFor();
    await view.getByTestId('type-node').filter({ hasText: 'Storage PCS' }).click();
    const table = page.getByTestId('type-properties');
    await expect.poll(() => table.locator('tbody tr.ant-table-row').count(), POLL).toBe(6);
    for (const key of ['p', 'soc', 'soh', 'e_chg', 'e_dis', 'status']) await table.getByText(key, { exact: true }).waitFor();
    expect(await table.getByText('Cumulative').count()).toBe(2);
    expect(new URL(page.url()).searchParams.get('type')).toMatch(/^\d+$/);
    await page.screenshot({ path: `${SCREENSHOTS}/device-types.png` });
    await page.context().close();
  });

  it('bob (operator) sees the devices and their data, but no button that changes them', async () => {
    const bob = await newPage(h);
    await signInAs(bob, 'bob', LIST);
    await expect.poll(() => rows(bob).count(), POLL).toBeGreaterThan(0);
    // only his OU's devices
    for (const code of await codes(bob)) expect(code.startsWith('SZ-01-')).toBe(true);
    for (const id of ['device-create', 'device-edit', 'device-delete', 'device-credentials'])
      expect(await bob.getByTestId(id).count()).toBe(0);
    expect(await bob.getByRole('columnheader', { name: 'Actions' }).count()).toBe(0);
    await bob.getByTestId('device-link').first().click();
    await bob.getByTestId('latest-values').waitFor();
    await expectChartDrawn(bob);
    // and the server refuses the call behind a hidden button
    await bob.evaluate(() =>
      (window as any).__ENERGY_DEBUG__.request('POST', '/api/v2/device/create', { code: 'X', name: 'X', deviceTypeId: 1, ouId: 1 }),
    );
    await bob.locator('.ant-modal-confirm-error .ant-modal-confirm-title').getByText('b-device-create').waitFor();
    await bob.context().close();
  });
});
