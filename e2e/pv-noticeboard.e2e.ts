import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDemoHistory } from '../apps/server/src/seed/demo-live.js';
import { addDays } from '../apps/server/src/domains/pv/pv-energy.js';
import { dayIn } from '../apps/server/src/domains/pv/pv-stations.service.js';
import { newPage, SCREENSHOTS, signInAs, startHarness, type Harness } from './harness.js';

/**
 * The PV noticeboard against the real server, over two days of the demo devices' history (written as the
 * first start does): Suzhou's rooftop station shows its figures, its weather station, the heat map of
 * INV-01's strings with the dead S07 and the weak S03 named, the equipment by state, and the alarms, in
 * both themes. Yesterday is asked (`?day=`), so the test does not depend on the hour it runs at.
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

describe('PV noticeboard', () => {
  it('bob watches Suzhou’s rooftops on the board: figures, weather, strings, dispersion, equipment, alarms; dark and light', async () => {
    const yesterday = addDays(dayIn('Asia/Shanghai'), -1);
    const [station] = await h.rows<{ id: number }>(`select id from pv_station where code = 'SZ-PV-01'`);
    const page = await newPage(h);
    await signInAs(page, 'bob', `/pv/monitor/noticeboard?pv=${station!.id}&day=${yesterday}`);
    await page.getByTestId('pv-noticeboard').waitFor();
    await expect.poll(() => page.getByTestId('board-station-info').textContent(), POLL).toContain('Suzhou plant rooftops');
    // two days of history: this month's energy and the total are real figures, not dashes
    await expect.poll(() => page.getByTestId('fig-total').textContent(), POLL).toMatch(/\d.*MWh/);
    await expect.poll(() => page.getByTestId('fig-pr').textContent(), POLL).toMatch(/\d+\.\d\s?%/);
    await expect.poll(() => page.getByTestId('board-weather').textContent(), POLL).toContain('ENV-01');
    // the heat map of INV-01's strings, and its faults named
    await page.getByTestId('board-strings').locator('canvas').first().waitFor();
    await expect.poll(() => page.getByTestId('board-faults').textContent(), POLL).toContain('INV-01-S07');
    expect(await page.getByTestId('board-faults').textContent()).toContain('INV-01-S03');
    // ten inverters; the nine strings of INV-01 monitored, the 81 others not
    await expect.poll(() => page.getByTestId('board-devices-strings').textContent(), POLL).toContain('81');
    await page.getByTestId('board-alarm-week').locator('canvas').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.screenshot({ path: `${SCREENSHOTS}/pv-noticeboard-dark.png`, fullPage: true });

    await page.getByTestId('theme-switcher').click();
    await page.getByTestId('theme-light').click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await expect.poll(() => page.getByTestId('board-faults').textContent(), POLL).toContain('INV-01-S07');
    await page.screenshot({ path: `${SCREENSHOTS}/pv-noticeboard-light.png`, fullPage: true });
    await page.context().close();
  });
});
