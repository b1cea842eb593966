import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoCircuits } from '../apps/server/src/seed/demo-circuits.js';
import { newPage, SCREENSHOTS, signInAs, startHarness, type Harness } from './harness.js';

/**
 * The circuit pages against the real server, over the demo distribution network with three days of
 * meter history written through the ingest and the line-loss rules evaluated once, as the first start
 * does. One server and one history for both groups: writing the history is most of what they cost
 * (docs/architecture.md, "Tests").
 *
 * - prices and peak and valley: alice changes the demand charge of the account's schedule, sees the
 *   month's cost split by band, and exports it;
 * - line loss: alice reaches the line-loss page from the menu, reads yesterday's loss and rate of
 *   Suzhou's incoming line 1 against its feeders, checked by hand SQL over the 15-minute rollups, and
 *   exports the month; the alarm page lists the demo rule; bob's menu loses both pages when his role
 *   loses their codes.
 *
 * The price change touches no energy figure, and bob's role changes last.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await startDemoCircuits({
    db: h.server.database.system,
    ingest: h.server.ingest,
    log: h.server.app.log,
    days: 3,
    live: false,
    evaluate: () => h.server.services.lineLossAlarms.evaluate(),
  });
});
afterAll(async () => {
  await h?.close();
});

const POLL = { timeout: 15_000, interval: 200 };
const ZONE = 'Asia/Shanghai';
const CONFIG = 'SZ-01 incoming line 1 against its feeders';

async function openPanel(page: Page, key: string) {
  await page.locator(`[data-testid="top-menu-item"][data-key="${key}"]`).hover();
  const panel = page.getByTestId('menu-panel').filter({ visible: true });
  await panel.waitFor();
  return panel;
}

/** The energy (Wh) of circuits on one local day, by hand: Σ sign × round(increase × 1000) of their meters' e_imp rollups. */
async function dayWh(circuitIds: number[], day: string): Promise<number> {
  const [row] = await h.rows<{ wh: string | null }>(
    `select sum(m.sign * round(r.increase * 1000))::bigint::text as wh
       from circuit_meter m
       join device d on d.id = m.device_id
       join data_property p on p.device_type_id = d.device_type_id and p.key = 'e_imp'
       join telemetry_15m r on r.device_id = m.device_id and r.property_id = p.id
      where m.circuit_id in (${circuitIds.join(',')})
        and to_char(r.bucket at time zone '${ZONE}', 'YYYY-MM-DD') = '${day}'`,
  );
  return Number(row?.wh ?? 0);
}

const kwh = (wh: number) => (wh / 1000).toLocaleString('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 });

describe('price and peak-valley pages', () => {
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
    await page.context().close();
  });
});

describe('line-loss pages', () => {
  it('alice opens line loss from the menu, sees a day’s loss and rate as the rollups give them, and exports', async () => {
    const [config] = await h.rows<{ id: number; input: number }>(
      `select id, input_circuit_id as input from line_loss_config where name = '${CONFIG}'`,
    );
    const outputs = (await h.rows<{ id: number }>(`select circuit_id as id from line_loss_output where config_id = ${config!.id}`)).map(
      (r) => r.id,
    );
    expect(outputs.length).toBeGreaterThan(1);
    const yesterday = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date(Date.now() - 86_400_000));
    const inputWh = await dayWh([config!.input], yesterday);
    const outputWh = await dayWh(outputs, yesterday);
    const lossWh = inputWh - outputWh;
    expect(inputWh).toBeGreaterThan(0);
    // the demo leaves a 2-5 % loss on the line
    expect(lossWh / inputWh).toBeGreaterThan(0.02);
    expect(lossWh / inputWh).toBeLessThan(0.05);

    const page = await newPage(h);
    await signInAs(page, 'alice');
    const panel = await openPanel(page, 'circuit');
    await panel.getByRole('link', { name: 'Line loss', exact: true }).click();
    await page.waitForURL(/\/circuit\/analysis\/line-loss/);
    await expect.poll(() => page.getByTestId('line-loss-list').locator('tbody tr.ant-table-row').count(), POLL).toBe(2);

    // the configuration's loss per day of yesterday's month
    await page.goto(`/circuit/analysis/line-loss?config=${config!.id}&month=${yesterday.slice(0, 7)}&by=day`);
    const row = page.getByTestId('line-loss-figures').locator('tbody tr.ant-table-row', { hasText: yesterday });
    await expect.poll(() => row.count(), POLL).toBe(1);
    const cells = (await row.locator('td').allTextContents()).map((s) => s.trim());
    expect(cells).toEqual([yesterday, kwh(inputWh), kwh(outputWh), kwh(lossWh), `${((lossWh / inputWh) * 100).toFixed(2)} %`]);
    await page.getByTestId('line-loss-chart').locator('canvas').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.screenshot({ path: `${SCREENSHOTS}/line-loss-dark.png` });

    await page.getByTestId('line-loss-export').click();
    const download = page.waitForEvent('download');
    await page.getByTestId('line-loss-export-xlsx').click();
    expect((await download).suggestedFilename()).toMatch(/^line-loss-\d{4}-\d{2}-\d{2}\.xlsx$/);
    // the file holds the same day: kWh to the Wh, the rate in % to 4 decimals
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile((await (await download).path())!);
    const sheet = (wb.worksheets[0]!.getSheetValues() as unknown[][]).slice(1).map((r) => r.slice(1));
    expect(sheet.find((r) => r[0] === yesterday)).toEqual([
      yesterday,
      inputWh / 1000,
      outputWh / 1000,
      lossWh / 1000,
      Math.round((lossWh / inputWh) * 1e6) / 1e4,
    ]);

    // the alarm rules of the demo, reached from the alarms menu, in the light theme
    await page.getByTestId('theme-switcher').click();
    await page.getByTestId('theme-light').click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    const alarms = await openPanel(page, 'alarm');
    await alarms.getByRole('link', { name: 'Line-loss alarms', exact: true }).click();
    await page.waitForURL(/\/device\/alarm\/line-loss/);
    const rule = page.getByTestId('line-loss-rule-list').locator('tbody tr.ant-table-row');
    await expect.poll(() => rule.count(), POLL).toBe(1);
    expect(await rule.first().textContent()).toContain('rate above 4.5 % in 3 consecutive days');
    await page.waitForTimeout(400); // the theme switch and the rows fading in
    await page.screenshot({ path: `${SCREENSHOTS}/line-loss-alarms-light.png` });
    await page.context().close();
  });

  it('the menu offers the pages with their codes only', async () => {
    const page = await newPage(h);
    await signInAs(page, 'bob');
    let panel = await openPanel(page, 'circuit');
    await panel.getByRole('link', { name: 'Line loss', exact: true }).waitFor();
    await page.mouse.move(700, 600);
    await h.exec(
      `update role set permission_codes = array_remove(array_remove(permission_codes, 'p-circuit-line-loss'), 'p-alarm-line-loss')
        where id = (select role_id from staff where staff_code = 'SR-BOB')`,
    );
    await page.reload();
    panel = await openPanel(page, 'circuit');
    await panel.getByText('Peak and valley').waitFor();
    expect(await panel.getByRole('link', { name: 'Line loss', exact: true }).count()).toBe(0);
    await page.mouse.move(700, 600);
    panel = await openPanel(page, 'alarm');
    await panel.getByText('Alarm records').waitFor();
    expect(await panel.getByRole('link', { name: 'Line-loss alarms', exact: true }).count()).toBe(0);
    await page.context().close();
  });
});
