import { startFleet, type Fleet } from '@energy/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signIn } from '../apps/server/test/helpers.js';
import { deviceByCode } from '../apps/server/test/mqtt-helpers.js';
import { newPage, pick, signInAs, startHarness, type Harness } from './harness.js';

/**
 * Building a storage station through the wizard against the real server (issue 21, docs/bsa.md): alice
 * starts a draft, leaves after the PCS step, continues it from the list at the step she left, finishes
 * it, enables it from the lifecycle menu, builds its battery from templates, publishes its FCS
 * configuration to a simulated FCS (@energy/simulator over the server's MQTT broker) that acknowledges
 * it and reports its cells into the battery tree; and opens a demo station's battery tree.
 */

let h: Harness;
let fleet: Fleet | null = null;
const LIST = '/bsa/asset/station';
const POLL = { timeout: 15_000, interval: 200 };

beforeAll(async () => {
  h = await startHarness();
  // a PCS and an FCS of no station in Suzhou, for the new station
  await h.exec(`insert into device (tenant_id, code, name, device_type_id, customer_mcid, ou_id)
    select o.tenant_id, v.code, v.name, t.id, o.customer_mcid, o.id
    from ou o cross join (values ('SZ-01-PCS-07', 'E2E PCS', 'bsa-pcs'), ('SZ-01-FCS-07', 'E2E FCS', 'bsa-fcs')) v(code, name, type)
    join device_type t on t.tenant_id = o.tenant_id and t.key = v.type
    where o.code = 'SZ-01'`);
});
afterAll(async () => {
  await fleet?.stop();
  await h?.close();
});

const codes = (page: Page) => page.locator('[data-testid="station-list"] tbody tr.ant-table-row td:first-child').allTextContents();

const rowOf = (page: Page, code: string) => page.locator('[data-testid="station-list"] tbody tr.ant-table-row', { hasText: code });
const next = (page: Page) => page.getByTestId('wizard-next').click();

describe('storage stations', () => {
  it('alice builds a station through a draft she leaves and continues, then enables it', async () => {
    const page = await newPage(h);
    await signInAs(page, 'alice', LIST);
    await expect.poll(() => codes(page), POLL).toEqual(['SZ-01-BSA-01', 'WX-01-BSA-01']);

    await page.getByTestId('station-create').click();
    const form = page.getByTestId('station-wizard');
    await form.getByTestId('wizard-code').fill('SZ-01-BSA-07');
    await form.getByTestId('wizard-name').fill('E2E storage');
    await pick(page, form.getByTestId('wizard-ou'), 'Suzhou Plant Site');
    await form.getByTestId('wizard-power').fill('500');
    await form.getByTestId('wizard-capacity').fill('1000');
    await next(page);
    await page.getByText('Draft saved').first().waitFor();
    // the PCS step offers the OU's PCS; saving it, then leaving
    await pick(page, form.getByTestId('wizard-pcs'), 'SZ-01-PCS-07', { multiple: true });
    await next(page);
    await expect
      .poll(
        async () =>
          (
            await h.rows<{ step: string }>(
              `select d.step from bsa_station_draft d join bsa_station s on s.id = d.station_id where s.code = 'SZ-01-BSA-07'`,
            )
          )[0]?.step,
        POLL,
      )
      .toBe('stack');
    await page.locator('.ant-modal-close').click();
    await expect.poll(() => codes(page), POLL).toContain('SZ-01-BSA-07');
    await rowOf(page, 'SZ-01-BSA-07').getByText('Draft').waitFor();

    // continued from the list, at the stack step, with what was filled in
    await rowOf(page, 'SZ-01-BSA-07').getByTestId('station-resume').click();
    await form.getByTestId('wizard-stack-code').waitFor({ state: 'visible' });
    await form.getByTestId('wizard-stack-code').fill('ST-01');
    await form.getByTestId('wizard-stack-name').fill('Stack 1');
    await pick(page, form.getByTestId('wizard-stack-pcs'), 'SZ-01-PCS-07');
    await next(page);
    await pick(page, form.getByTestId('wizard-grid-meter'), 'SZ-01-GM-01');
    await next(page);
    await pick(page, form.getByTestId('wizard-fcs'), 'SZ-01-FCS-07');
    await next(page);
    await form.getByTestId('wizard-effective').fill('2026-01-01');
    await next(page);
    await page.getByText('SZ-01-BSA-07 is configured').waitFor();
    await rowOf(page, 'SZ-01-BSA-07').getByText('Configured').waitFor();
    const [station] = await h.rows<{ status: string; devices: number; bands: number }>(
      `select s.status, (select count(*)::int from bsa_station_device where station_id = s.id) as devices,
              (select count(*)::int from bsa_tariff_band where station_id = s.id) as bands
       from bsa_station s where code = 'SZ-01-BSA-07'`,
    );
    expect(station).toEqual({ status: 'configured', devices: 3, bands: 3 });

    // enabled from the lifecycle menu
    await rowOf(page, 'SZ-01-BSA-07').getByTestId('station-status-menu').click();
    await page.locator('.ant-dropdown-menu-item', { hasText: 'Enable' }).filter({ visible: true }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Enable' }).click();
    await rowOf(page, 'SZ-01-BSA-07').getByText('Enabled').waitFor();
  });

  it('its battery is built from templates, its FCS configuration published and acknowledged, and its cells report', async () => {
    const page = await newPage(h);
    await signInAs(page, 'alice', LIST);
    // its battery from the demo templates: the form starts from its stack ST-01 (no racks yet: 1 rack)
    await rowOf(page, 'SZ-01-BSA-07').getByTestId('station-battery').click();
    const drawer = page.getByTestId('battery-drawer');
    await drawer.getByTestId('apply-stack').getByText('ST-01 Stack 1').waitFor();
    for (const level of ['rack', 'pack', 'cell']) await pick(page, drawer.getByTestId(`apply-${level}`), 'LFP');
    await drawer.getByTestId('apply-preview').click();
    await drawer.getByTestId('apply-preview-table').waitFor();
    await drawer.getByTestId('apply-run').click();
    await drawer.getByText(/ST-01 Stack 1 — 288 cells · 0\/288 reported/).waitFor();

    // its FCS runs as a simulated one; the configuration (1 x 6 + 12 x 5 + 288 x 3 = 930 points) is
    // generated, published and acknowledged
    const fcs = await deviceByCode(await signIn(h.server, 'alice'), 'SZ-01-FCS-07');
    fleet = await startFleet({
      mqttUrl: `mqtt://127.0.0.1:${h.server.ingest.mqttPort}`,
      devices: [
        { typeKey: 'bsa-fcs', ...fcs.creds, seed: 11, site: { key: 'SZ', latitude: 31.3, longitude: 120.6, timeZone: 'Asia/Shanghai' } },
      ],
      intervalMs: 1000,
      connectSpreadMs: 0,
    });
    await expect.poll(() => fleet!.stats().connected, POLL).toBe(1);
    const config = drawer.getByTestId('config-card');
    await config.getByTestId('config-generate').click();
    await page.getByText('Version 1: 930 points on 301 units').waitFor();
    await config.getByTestId('config-publish').click();
    await config.getByTestId('config-history').getByText('Acknowledged').waitFor({ timeout: 15_000 });
    await expect.poll(() => config.getByTestId('config-acknowledged').textContent(), POLL).toBe('1');
    // the FCS reports its cells: the tree shows them (refetched every 5 s)
    await drawer.getByText(/ST-01 Stack 1 — 288 cells · 288\/288 reported · 3\.\d{3}–3\.\d{3} V/).waitFor({ timeout: 20_000 });
  }, 120_000);

  it("a demo station's battery: PCS bindings, the point table and the stack > rack > pack tree", async () => {
    const page = await newPage(h);
    await signInAs(page, 'alice', LIST);
    await rowOf(page, 'SZ-01-BSA-01').getByTestId('station-battery').click();
    const drawer = page.getByTestId('battery-drawer');
    await drawer.getByText('SZ-01-PCS-01').first().waitFor();
    await drawer.getByText(/ST-01 Battery stack 1 — 576 cells/).waitFor();
    // its point table: 2 racks x 6 + 24 packs x 5 + 576 cells x 3 = 1,860 points
    await drawer.getByText('Point table: 1860 points').waitFor();
    // applying templates starts from its stack and the 2 racks it has
    await expect.poll(() => drawer.locator('#racks').inputValue(), POLL).toBe('2');
  });
});

// Issue 22 (docs/bsa.md, "Second edition and firmware"): a firmware distribution to two simulated FCS over
// the server's broker, downloading the package over HTTP; the page shows each target's state as it moves.
it('alice distributes a firmware package and sees each target move to updated, or failed on a corrupted download', async () => {
  const alice = await signIn(h.server, 'alice');
  const [sz, wx] = [await deviceByCode(alice, 'SZ-01-FCS-01'), await deviceByCode(alice, 'WX-01-FCS-01')];
  const site = { key: 'SZ', latitude: 31.3, longitude: 120.6, timeZone: 'Asia/Shanghai' };
  const firmware = (corruptDownloads: boolean) => ({ softwareVersion: '2.3.1', hardwareVersion: 'FCS-H2', corruptDownloads, stepMs: 700 });
  const fcsFleet = await startFleet({
    mqttUrl: `mqtt://127.0.0.1:${h.server.ingest.mqttPort}`,
    devices: [
      { typeKey: 'bsa-fcs', ...sz.creds, seed: 21, site, firmware: firmware(false) },
      { typeKey: 'bsa-fcs', ...wx.creds, seed: 22, site, firmware: firmware(true) },
    ],
    intervalMs: 1000,
    connectSpreadMs: 0,
  });
  try {
    await expect.poll(() => fcsFleet.stats().connected, POLL).toBe(2);
    const page = await newPage(h);
    await signInAs(page, 'alice', '/bsa/asset/firmware');
    const fcsTable = page.getByTestId('firmware-fcs');
    const fcsRow = (code: string) => fcsTable.locator('tr.ant-table-row', { hasText: code });
    // both report what they run
    await fcsRow('SZ-01-FCS-01').getByText('2.3.1').waitFor({ timeout: 20_000 });
    await fcsRow('WX-01-FCS-01').getByText('2.3.1').waitFor({ timeout: 20_000 });

    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(50_000, 7)]);
    await page
      .getByTestId('firmware-page')
      .locator('input[type=file]')
      .setInputFiles({ name: 'fcs-2.4.0.zip', mimeType: 'application/zip', buffer: zip });
    await page.getByText('fcs-2.4.0.zip').waitFor();
    await page.getByTestId('firmware-version').fill('2.4.0');
    await fcsRow('SZ-01-FCS-01').locator('input[type=checkbox]').check();
    await fcsRow('WX-01-FCS-01').locator('input[type=checkbox]').check();
    await page.getByTestId('firmware-distribute').click();

    // each target's state as the page polls it: it moves on, and ends updated or failed with the reason
    const progress = page.getByTestId('distribution-progress');
    const stateOf = (code: string) => progress.getByTestId(`target-state-${code}`).getAttribute('data-state');
    await progress.waitFor();
    const seen = new Set<string | null>();
    await expect
      .poll(
        async () => {
          seen.add(await stateOf('SZ-01-FCS-01'));
          return stateOf('SZ-01-FCS-01');
        },
        { timeout: 30_000, interval: 100 },
      )
      .toBe('updated');
    expect(seen.size).toBeGreaterThan(1);
    await expect.poll(() => stateOf('WX-01-FCS-01'), { timeout: 30_000, interval: 200 }).toBe('failed');
    await progress.locator('tr', { hasText: 'WX-01-FCS-01' }).getByText('checksum mismatch').waitFor();
    // the new version shows in the FCS list; the log has both targets
    await fcsRow('SZ-01-FCS-01').getByText('2.4.0').waitFor({ timeout: 10_000 });
    await page.getByRole('tab', { name: 'Distribution log' }).click();
    await page.getByTestId('distribution-log').getByText('checksum mismatch').waitFor();
  } finally {
    await fcsFleet.stop();
  }
}, 120_000);

describe('remote control of storage stations (issue 22)', () => {
  it('alice sends a set power to a simulated PCS through the password dialog and sees it acknowledged, also in the log', async () => {
    // a set-power command in the catalogue, and Wuxi's PCS running as the simulator's PCS over the broker
    const alice = await signIn(h.server, 'alice');
    const added = await alice.post('/api/v2/bsa-remote-control/command/add', {
      name: 'E2E set power',
      deviceType: 'pcs',
      action: 'set-power',
      minValue: -100,
      maxValue: 100,
    });
    expect(added.status).toBe(200);
    const pcs = await deviceByCode(alice, 'WX-01-PCS-01');
    const remoteFleet = await startFleet({
      mqttUrl: `mqtt://127.0.0.1:${h.server.ingest.mqttPort}`,
      devices: [
        {
          typeKey: 'bsa-pcs',
          ...pcs.creds,
          seed: 21,
          ratingKw: 250,
          site: { key: 'WX', latitude: 31.5, longitude: 120.3, timeZone: 'Asia/Shanghai' },
        },
      ],
      intervalMs: 1000,
      connectSpreadMs: 0,
    });
    try {
      await expect.poll(() => remoteFleet.stats().connected, POLL).toBe(1);
      const page = await newPage(h);
      await signInAs(page, 'alice', '/bsa/asset/remote-control');
      await page
        .locator('[data-testid="remote-command-list"] tbody tr.ant-table-row', { hasText: 'E2E set power' })
        .getByTestId('remote-send')
        .click();
      const dialog = page.getByTestId('remote-send-dialog');
      await pick(page, dialog.getByTestId('remote-send-station'), 'WX-01-BSA-01');
      await pick(page, dialog.getByTestId('remote-send-device'), 'WX-01-PCS-01');
      // the range: the catalogue's -100..100 kW within the PCS's 250 kW rating
      await expect.poll(() => dialog.getByTestId('remote-send-range').textContent(), POLL).toBe('Allowed: -100 … 100 kW');
      await page.locator('input[data-testid="remote-send-value"], [data-testid="remote-send-value"] input').first().fill('60');
      await dialog.getByTestId('remote-send-password').fill('246810'); // the demo users' operation password
      await page.getByTestId('remote-send-submit').click();
      // the status follows the log line until the PCS acknowledges
      await expect.poll(() => page.getByTestId('remote-send-status').getAttribute('data-status'), POLL).toBe('acknowledged');
      const [sent] = await h.rows<{ status: string; value: number; device_code: string }>(
        `select status, value, device_code from bsa_remote_log order by id desc limit 1`,
      );
      expect(sent).toEqual({ status: 'acknowledged', value: 60, device_code: 'WX-01-PCS-01' });
      await page.getByTestId('remote-send-close').click();

      await page.goto('/bsa/asset/remote-control-log');
      const row = page.locator('[data-testid="remote-log-list"] tbody tr.ant-table-row').first();
      await row.getByText('WX-01-PCS-01').waitFor();
      await expect.poll(() => row.getByTestId('remote-log-status').getAttribute('data-status'), POLL).toBe('acknowledged');
      expect(await row.textContent()).toContain('60 kW');
    } finally {
      await remoteFleet.stop();
    }
  }, 120_000);
});
