import type { Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDemoHistory } from '../apps/server/src/seed/demo-live.js';
import { dayIn } from '../apps/server/src/domains/pv/pv-stations.service.js';
import { newPage, SCREENSHOTS, signInAs, startHarness, type Harness } from './harness.js';

/**
 * The PV station outline and the home page's PV card against the real server, over two days of the demo
 * devices' history (written as the first start does): Suzhou's SZ-PV-01 shows yesterday's energy and this
 * month's, and its device tree, in the light and the dark theme; the home page shows the PV card.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  const demo = await prepareDemoHistory({
    db: h.server.database.system,
    registry: h.server.services.devices,
    log: h.server.app.log,
    backfillDays: 2,
  });
  await h.server.ingest.writeHistory(demo!.readings());
}, 120_000);
afterAll(async () => {
  await h?.close();
});

const POLL = { timeout: 15_000, interval: 200 };
const kwhOf = async (page: Page, testId: string) => {
  const text = (await page.getByTestId(testId).locator('.ant-statistic-content').innerText()).replace(/,/g, '');
  const n = Number(text.replace(/[^\d.]/g, ''));
  return text.includes('MWh') ? n * 1000 : n;
};

async function theme(page: Page, name: 'light' | 'dark') {
  await page.getByTestId('theme-switcher').click();
  await page.getByTestId(`theme-${name}`).click();
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme), POLL).toBe(name);
}

describe('PV station outline', () => {
  it("alice sees SZ-PV-01's energy of yesterday and of the month and its device tree, light and dark", async () => {
    const [{ id }] = await h.rows<{ id: number }>(`select id from pv_station where code = 'SZ-PV-01'`);
    const yesterday = dayIn('Asia/Shanghai', new Date(Date.now() - 86_400_000));
    const page = await newPage(h);
    await signInAs(page, 'alice', `/pv/monitor/outline?pv=${id}&day=${yesterday}`);
    await page.getByTestId('pv-outline-figures').waitFor();
    // a whole day of a 990 kWp station: more than 100 kWh even when overcast; the month holds it
    await expect.poll(() => kwhOf(page, 'pv-outline-energy-today'), POLL).toBeGreaterThan(100);
    expect(await kwhOf(page, 'pv-outline-energy-month')).toBeGreaterThanOrEqual(await kwhOf(page, 'pv-outline-energy-today'));
    const tree = page.getByTestId('pv-outline-tree');
    await tree.getByText('INV-01', { exact: false }).first().waitFor();
    await tree.getByText('PVM-01', { exact: false }).first().waitFor();
    await page.getByTestId('pv-outline-energy').locator('canvas').first().waitFor();
    await theme(page, 'light');
    await page.screenshot({ path: `${SCREENSHOTS}/pv-outline-light.png`, fullPage: true });
    await theme(page, 'dark');
    await page.getByTestId('pv-outline-power').locator('canvas').first().waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/pv-outline-dark.png`, fullPage: true });

    await page.goto('/');
    const card = page.getByTestId('pv-home-card');
    await card.getByText('kWp').first().waitFor();
    await expect.poll(async () => (await card.innerText()).includes('Stations'), POLL).toBe(true);
  });
});
