import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDemoHistory } from '../apps/server/src/seed/demo-live.js';
import { dayIn } from '../apps/server/src/domains/pv/pv-stations.service.js';
import { newPage, SCREENSHOTS, signInAs, startHarness, type Harness } from './harness.js';

/**
 * The PV performance page against the real server over two days of the demo's history (its weather station
 * ENV-01 and generation meter PVM-01): Suzhou's SZ-PV-01 shows a PR for yesterday, in the dark theme
 * (the default) and in the light theme.
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

describe('PV performance page', () => {
  it("alice sees Suzhou's PR for yesterday in the dark and the light theme", async () => {
    const [{ id }] = await h.rows<{ id: number }>(`select id from pv_station where code = 'SZ-PV-01'`);
    const yesterday = dayIn('Asia/Shanghai', new Date(Date.now() - 86_400_000));
    const page = await newPage(h);
    await signInAs(page, 'alice', `/pv/analysis/performance?pv=${id}&from=${yesterday}&to=${yesterday}`);
    const totals = page.getByTestId('index-totals');
    // a PR of the whole station against its weather station: a percentage between 50 and 100
    const pr = async () => Number(((await totals.locator('.ant-statistic-content').first().innerText()).match(/[\d.]+/) ?? ['0'])[0]);
    await expect.poll(pr, POLL).toBeGreaterThan(50);
    expect(await pr()).toBeLessThan(100);
    await page.getByTestId('index-chart').locator('canvas').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.screenshot({ path: `${SCREENSHOTS}/pv-performance-dark.png` });

    await page.getByTestId('theme-switcher').click();
    await page.getByTestId('theme-light').click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await expect.poll(pr, POLL).toBeGreaterThan(50);
    await page.waitForTimeout(400); // the theme switch
    await page.screenshot({ path: `${SCREENSHOTS}/pv-performance-light.png` });

    // the loss waterfall of the same day: drawn, with the steps it cannot measure named
    await page.getByTestId('performance-tab-losses').click();
    await page.getByTestId('loss-chart').locator('canvas').first().waitFor();
    await expect.poll(() => page.getByTestId('loss-table').getByText('Not measured').count(), POLL).toBeGreaterThan(0);
    await page.screenshot({ path: `${SCREENSHOTS}/pv-performance-losses-light.png` });
    await page.context().close();
  });
});
