import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDemoHistory } from '../apps/server/src/seed/demo-live.js';
import { settleDemoPvReadings } from '../apps/server/src/seed/demo-pv.js';
import { dayIn } from '../apps/server/src/domains/pv/pv-stations.service.js';
import { newPage, SCREENSHOTS, signInAs, startHarness, type Harness } from './harness.js';

/**
 * The PV pages against the real server: create a station, import its inverters, find it in the tree,
 * export; and a demo station's meter readings and report over two days of the demo devices' history,
 * written and settled as the first start does (seed/demo-live.ts, seed/demo-pv.ts).
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

async function inverterWorkbook() {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Inverters');
  ws.addRow(['Code', 'Name', 'Area', 'Model', 'Rated AC power (kW)', 'MPPT count', 'Device code']);
  for (let i = 1; i <= 3; i++) ws.addRow([`E2E-INV-${i}`, `Inverter ${i}`, null, 'SG110CX', 110, 4, null]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('PV pages', () => {
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
  });

  it("bob sees a demo station's settled meter readings and its report with generation", async () => {
    const [{ id }] = await h.rows<{ id: number }>(`select id from pv_station where code = 'SZ-PV-01'`);
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
  });
});
