import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDemoHistory } from '../apps/server/src/seed/demo-live.js';
import { settleDemoPvReadings } from '../apps/server/src/seed/demo-pv.js';
import { addDays } from '../apps/server/src/domains/pv/pv-energy.js';
import { dayIn } from '../apps/server/src/domains/pv/pv-stations.service.js';
import { newPage, SCREENSHOTS, signInAs, startHarness, type Harness } from './harness.js';

/**
 * The PV pages against the real server, over two days of the demo devices' history written and settled
 * as the first start does (seed/demo-live.ts, seed/demo-pv.ts). One server and one history for every
 * page: writing the history is most of what a PV test costs (docs/architecture.md, "Tests").
 *
 * - the station outline and the home page's PV card: Suzhou's SZ-PV-01 shows yesterday's energy and this
 *   month's, and its device tree, light and dark;
 * - the performance page: Suzhou's PR for yesterday (its weather station ENV-01 and generation meter
 *   PVM-01), dark and light, and the loss waterfall;
 * - the noticeboard: Suzhou's rooftop station's figures, weather station, the heat map of INV-01's
 *   strings with the dead S07 and the weak S03 named, the equipment by state and the alarms, both themes;
 * - string dispersion: INV-01 with its dead S07 and weak S03, light and dark, and the background check
 *   raising the dead strings' alarms (Suzhou S07, Shanghai S02);
 * - the asset and report pages: a demo station's settled meter readings and its report; then a new
 *   station, its inverters imported from a workbook, found in the tree, exported.
 *
 * Yesterday is asked wherever a day is shown, so no test depends on the hour it runs at. Each test opens
 * its own browser context (own theme cookie). The only writes (the dispersion alarms, the new station)
 * come after the pages they could change, and touch no figure another test checks.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  const db = h.server.database.system;
  const demo = await prepareDemoHistory({ db, registry: h.server.services.devices, log: h.server.app.log, backfillDays: 2 });
  await h.server.ingest.writeHistory(demo!.readings());
  await settleDemoPvReadings(db, demo!.from);
}, 120_000);
afterAll(async () => {
  await h?.close();
});

const POLL = { timeout: 15_000, interval: 200 };

const stationId = async (code: string) => {
  const [station] = await h.rows<{ id: number }>(`select id from pv_station where code = '${code}'`);
  return station!.id;
};

async function theme(page: Page, name: 'light' | 'dark') {
  await page.getByTestId('theme-switcher').click();
  await page.getByTestId(`theme-${name}`).click();
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme), POLL).toBe(name);
}

describe('PV station outline', () => {
  const kwhOf = async (page: Page, testId: string) => {
    const text = (await page.getByTestId(testId).locator('.ant-statistic-content').innerText()).replace(/,/g, '');
    const n = Number(text.replace(/[^\d.]/g, ''));
    return text.includes('MWh') ? n * 1000 : n;
  };

  it("alice sees SZ-PV-01's energy of yesterday and of the month and its device tree, light and dark", async () => {
    const id = await stationId('SZ-PV-01');
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
    await page.context().close();
  });
});

describe('PV performance page', () => {
  it("alice sees Suzhou's PR for yesterday in the dark and the light theme, and the day's loss waterfall", async () => {
    const id = await stationId('SZ-PV-01');
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

describe('PV noticeboard', () => {
  it('bob watches Suzhou’s rooftops on the board: figures, weather, strings, dispersion, equipment, alarms; dark and light', async () => {
    const yesterday = addDays(dayIn('Asia/Shanghai'), -1);
    const id = await stationId('SZ-PV-01');
    const page = await newPage(h);
    await signInAs(page, 'bob', `/pv/monitor/noticeboard?pv=${id}&day=${yesterday}`);
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
    await page.context().close();
  });
});

async function inverterWorkbook() {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Inverters');
  ws.addRow(['Code', 'Name', 'Area', 'Model', 'Rated AC power (kW)', 'MPPT count', 'Device code']);
  for (let i = 1; i <= 3; i++) ws.addRow([`E2E-INV-${i}`, `Inverter ${i}`, null, 'SG110CX', 110, 4, null]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('PV asset and report pages', () => {
  it("bob sees a demo station's settled meter readings and its report with generation", async () => {
    const id = await stationId('SZ-PV-01');
    // yesterday is a whole day of the two days of history: settled, and generation > 0 even when overcast
    const yesterday = dayIn('Asia/Shanghai', new Date(Date.now() - 86_400_000));
    const page = await newPage(h);
    await signInAs(page, 'bob', `/pv/asset/meter-reading?pv=${id}&role=generation`);
    const table = page.getByTestId('reading-table');
    const row = table.locator('tbody tr.ant-table-row').filter({ hasText: yesterday });
    await row.getByText('SZ-01-PVM-01').waitFor();
    await row.getByText('Settled').waitFor();
    // the energy column found by its header: which columns show is the staff's choice (column settings)
    const headers = (await table.locator('thead th').allInnerTexts()).map((x) => x.trim());
    const energyAt = headers.indexOf('Energy (kWh)');
    expect(energyAt).toBeGreaterThan(0);
    const energy = async () => Number((await row.locator('td').nth(energyAt).innerText()).replace(/[^\d.]/g, ''));
    await expect.poll(energy, POLL).toBeGreaterThan(100); // kWh of a 990 kWp station on a day
    await page.screenshot({ path: `${SCREENSHOTS}/pv-meter-readings.png` });

    await page.goto(`/pv/analysis/report?pv=${id}&by=day&at=${yesterday}`);
    const report = page.getByTestId('report-table');
    const day = report.locator('tbody tr.ant-table-row').filter({ hasText: yesterday });
    const generation = async () => Number((await day.locator('td').nth(1).innerText()).replace(/[^\d.]/g, ''));
    await expect.poll(generation, POLL).toBeGreaterThan(100);
    await page.getByTestId('report-chart').locator('canvas').first().waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/pv-report.png` });
    await page.context().close();
  });

  it('alice creates a station, imports its inverters from a workbook, finds the station in the tree and exports', async () => {
    const page = await newPage(h);
    await signInAs(page, 'alice', '/pv/asset/station');
    const stations = page.getByTestId('pv-station-list');
    await expect.poll(() => stations.locator('tbody tr.ant-table-row').count(), POLL).toBe(3); // the demo's Sunrise stations

    await page.getByTestId('pv-station-create').click();
    const form = page.getByTestId('pv-station-form');
    await form.locator('#pv-station-form_code').fill('E2E-PV-01');
    await form.locator('#pv-station-form_name').fill('E2E rooftop');
    await page.getByTestId('pv-station-ou').click();
    await page.locator('.ant-select-dropdown').filter({ visible: true }).getByText('Suzhou Plant Site').click();
    await form.locator('#pv-station-form_capacityKwp').fill('330');
    await page.getByTestId('pv-station-save').click();
    await expect.poll(() => stations.locator('tbody tr.ant-table-row').count(), POLL).toBe(4);
    await stations.getByText('E2E-PV-01').waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/pv-station-list.png` });

    await page.goto('/pv/asset/inverter');
    const list = page.getByTestId('pv-inverter-list');
    await page.getByTestId('pv-equipment-station').click();
    // the tree: the station under its OU
    const dropdown = page.locator('.ant-select-dropdown').filter({ visible: true });
    await dropdown.getByTitle('Suzhou Plant Site').waitFor();
    await dropdown.getByTitle('E2E rooftop').click();
    await page.getByTestId('filter-query').click();
    await expect.poll(() => list.locator('tbody tr.ant-table-row').count(), POLL).toBe(0);

    await page
      .getByTestId('pv-inverter-list')
      .locator('input[type=file]')
      .setInputFiles({
        name: 'inverters.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: await inverterWorkbook(),
      });
    await page.getByTestId('excel-job-done').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => list.locator('tbody tr.ant-table-row').count(), POLL).toBe(3);
    await list.getByText('E2E-INV-2').waitFor();
    const [{ n }] = await h.rows<{ n: number }>(
      `select count(*)::int as n from pv_inverter i join pv_station s on s.id = i.station_id where s.code = 'E2E-PV-01'`,
    );
    expect(n).toBe(3);

    const download = page.waitForEvent('download');
    await page.getByTestId('excel-export').click();
    await page.getByTestId('excel-export-xlsx').click();
    expect((await download).suggestedFilename()).toMatch(/^inverters-\d{4}-\d{2}-\d{2}\.xlsx$/);
    await page.screenshot({ path: `${SCREENSHOTS}/pv-inverter-list.png` });
    await page.context().close();
  });
});
