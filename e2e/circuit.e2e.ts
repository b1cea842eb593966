import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoCircuits } from '../apps/server/src/seed/demo-circuits.js';
import { newPage, SCREENSHOTS, signInAs, startHarness, type Harness } from './harness.js';

/**
 * Prices and peak and valley against the real server: the demo distribution network with three days of
 * meter history written through the ingest, alice changes the demand charge of the account's schedule,
 * sees the month's cost split by band, and exports it.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await startDemoCircuits({ db: h.server.database.system, ingest: h.server.ingest, log: h.server.app.log, days: 3, live: false });
});
afterAll(async () => {
  await h?.close();
});

const POLL = { timeout: 15_000, interval: 200 };

describe('circuit pages', () => {
  it('alice sets a price schedule, sees the month cost split by band, and exports it', async () => {
    const page = await newPage(h);
    await signInAs(page, 'alice', '/circuit/metering/price');
    await page.getByTestId('account-item').filter({ hasText: 'Suzhou plant utility account' }).click();
    await expect.poll(() => page.getByTestId('price-version').count(), POLL).toBe(1);
    await expect.poll(() => page.getByTestId('band-bar').count(), POLL).toBe(2);

    // the editor starts from the version in force; a new demand charge replaces the version of that date
    await page.getByTestId('version-create').click();
    const demand = page.locator('input[data-testid="schedule-demand"], [data-testid="schedule-demand"] input').first();
    await demand.fill('42.5');
    await page.getByTestId('schedule-save').click();
    await page.getByTestId('schedule-form').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('price-version').first().textContent(), POLL).toContain('42.5');
    const [stored] = await h.rows<{ demand: string }>(
      "select demand_price_per_kw_month::text as demand from circuit_account_price p join circuit_account a on a.id = p.account_id where a.code = 'SZ-01-ACC-01'",
    );
    expect(stored!.demand).toBe('42.5000');
    await page.screenshot({ path: `${SCREENSHOTS}/circuit-prices.png` });

    // the month's cost of incoming line 1, split by band
    const [incoming] = await h.rows<{ id: number }>("select id from circuit where code = 'SZ-01-IN-1'");
    const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit' })
      .format(new Date())
      .slice(0, 7);
    await page.goto(`/circuit/analysis/peak-valley?circuit=${incoming!.id}&month=${month}`);
    const totals = page.getByTestId('cost-totals');
    await totals.waitFor();
    await expect.poll(() => page.getByTestId('cost-table').locator('tbody tr.ant-table-row').count(), POLL).toBeGreaterThan(0);
    const band = async (kind: string) =>
      Number(
        ((await page.getByTestId(`cost-band-${kind}`).locator('.ant-statistic-content-value').textContent()) ?? '0').replace(/,/g, ''),
      );
    // a plant running two shifts pays in the deep valley at night and in the peak by day
    await expect.poll(() => band('peak'), POLL).toBeGreaterThan(0);
    expect(await band('deepValley')).toBeGreaterThan(0);
    await page.getByTestId('cost-chart').locator('canvas').first().waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/circuit-peak-valley.png` });

    await page.getByTestId('cost-export').click();
    const download = page.waitForEvent('download');
    await page.getByTestId('cost-export-xlsx').click();
    expect((await download).suggestedFilename()).toMatch(/^circuit-cost-\d{4}-\d{2}-\d{2}\.xlsx$/);
  });
});
