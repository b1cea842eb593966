import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDemoHistory } from '../apps/server/src/seed/demo-live.js';
import { newPage, SCREENSHOTS, signInAs, startHarness, type Harness } from './harness.js';

/**
 * String dispersion against the real server over two days of the demo devices' history (written as the
 * first start does): Suzhou's INV-01 shows its dead S07 and weak S03 on the page, in the light and dark
 * themes, and the background check raises the dead strings' alarms (Suzhou S07, Shanghai S02).
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  const db = h.server.database.system;
  const demo = await prepareDemoHistory({ db, registry: h.server.services.devices, log: h.server.app.log, backfillDays: 2 });
  await h.server.ingest.writeHistory(demo!.readings());
}, 120_000);
afterAll(async () => {
  await h?.close();
});

const POLL = { timeout: 15_000, interval: 200 };

describe('PV string dispersion', () => {
  it('raises the demo’s dead strings as alarms', async () => {
    const check = await h.server.services.pvDispersionAlarms.check();
    expect(check.stations).toBeGreaterThanOrEqual(2);
    const dead = await h.rows<{ code: string; station: string; state: number }>(
      `select s.code, st.code as station, a.state from alarm_log a
         join pv_string s on s.id = a.target_id join pv_station st on st.id = s.station_id
        where a.scene_type = 'PV_STRING_DEAD' order by st.code, s.code`,
    );
    expect(dead).toEqual([
      { code: 'INV-01-S02', station: 'SH-PV-01', state: 0 },
      { code: 'INV-01-S07', station: 'SZ-PV-01', state: 0 },
    ]);
  });

  it('shows Suzhou’s INV-01 with S07 dead and S03 weak, light and dark', async () => {
    const page = await newPage(h);
    await signInAs(page, 'alice', '/pv/analysis/dispersion');
    await page.getByTestId('dispersion-tree').getByText('Suzhou plant rooftops').click();
    const table = page.getByTestId('dispersion-table');
    const row = table.locator('tbody tr.ant-table-row', { hasText: 'INV-01' }).first();
    await expect.poll(() => row.count(), POLL).toBe(1);
    const key = await row.getAttribute('data-row-key');
    await expect.poll(() => page.getByTestId(`dead-${key}-INV-01-S07`).count(), POLL).toBe(1);
    expect(await page.getByTestId(`weak-${key}-INV-01-S03`).count()).toBe(1);
    // the rate of the eight live strings, and its class
    expect(await row.textContent()).toMatch(/\d+\.\d{2} %/);
    await page.screenshot({
      path: `${SCREENSHOTS}/pv-dispersion-${await page.evaluate(() => document.documentElement.dataset.theme)}.png`,
    });

    await page.getByTestId('theme-switcher').click();
    const now = await page.evaluate(() => document.documentElement.dataset.theme);
    await page.getByTestId(`theme-${now === 'dark' ? 'light' : 'dark'}`).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme), POLL).toBe(now === 'dark' ? 'light' : 'dark');
    await page.getByTestId(`curve-INV-01`).first().click();
    const strings = page.getByTestId('dispersion-strings');
    await expect.poll(() => strings.locator('tbody tr.ant-table-row').count(), POLL).toBe(9);
    await page.getByTestId('dispersion-curve').locator('canvas').first().waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/pv-dispersion-curve-${now === 'dark' ? 'light' : 'dark'}.png` });
  });
});
