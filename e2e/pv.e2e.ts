import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, SCREENSHOTS, signInAs, startHarness, type Harness } from './harness.js';

/** The PV pages against the real server: create a station, import its inverters, find it in the tree, export. */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
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
});
