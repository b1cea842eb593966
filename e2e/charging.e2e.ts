import { SimulatedChargePoint } from '@energy/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { charging } from '../packages/contracts/src/index.js';
import { DEMO_OPERATION_PASSWORD } from '../apps/server/src/seed/demo.js';
import { signIn } from '../apps/server/test/helpers.js';
import { newPage, SCREENSHOTS, signInAs, startHarness, type Harness } from './harness.js';

/**
 * Charging end to end (issue 23): a simulated charge point speaking OCPP 1.6J connects to the real
 * server; alice has the pile page open; a remote start begins a session at the charge point, and the
 * page shows the gun charging without a reload (the STOMP push makes it read its piles again); the pile's
 * code opens its detail page, which shows the gun charging too.
 */

let h: Harness;
let cp: SimulatedChargePoint | undefined;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await cp?.stop();
  await h?.close();
});

describe('charging', () => {
  it('shows a gun charging on the open pile page without a reload', { timeout: 90_000 }, async () => {
    const alice = await signIn(h.server, 'alice');
    const pile = (await alice.call(charging.pilePage, { pageSize: 20, pageOffset: 1, name: 'SZ-CP-02' })).body.data!.list[0]!;
    const { password } = (await alice.call(charging.pileCredentialsIssue, { id: pile.id })).body.data!;
    const page = await newPage(h);
    await signInAs(page, 'alice', '/charging/asset/pile');
    const row = page.getByTestId('charging-pile-list').locator('tbody tr.ant-table-row', { hasText: 'SZ-CP-02' });
    await expect.poll(() => row.getByTestId('pile-online').getAttribute('data-online'), { timeout: 15_000 }).toBe('false');

    cp = new SimulatedChargePoint({
      url: `${h.baseUrl.replace(/^http/, 'ws')}/ocpp`,
      identity: pile.ocppIdentity,
      password,
      guns: pile.guns.map((g) => g.ratedPowerKw),
      seed: 2,
      timeZone: 'Asia/Shanghai',
      meterIntervalSeconds: 10,
    });
    await cp.start();
    // boot and status notifications reach the open page by push
    await expect.poll(() => row.getByTestId('pile-online').getAttribute('data-online'), { timeout: 15_000 }).toBe('true');
    await expect.poll(() => row.getByTestId('gun-state').first().getAttribute('data-status'), { timeout: 15_000 }).toBe('Available');

    const started = await alice.call(charging.pileCommand, {
      pileId: pile.id,
      operationPassword: DEMO_OPERATION_PASSWORD,
      command: { action: 'RemoteStartTransaction', connectorId: 1, idTag: 'E2E-1' },
    });
    expect(started.body.data).toEqual({ action: 'RemoteStartTransaction', status: 'Accepted' });
    await expect.poll(() => row.getByTestId('gun-state').first().getAttribute('data-status'), { timeout: 15_000 }).toBe('Charging');
    await page.screenshot({ path: `${SCREENSHOTS}/charging-piles.png` });

    // the pile's code opens its detail page, where the gun is charging too
    await row.getByTestId('pile-detail-link').click();
    const detail = page.getByTestId('pile-guns');
    await expect.poll(() => detail.getByTestId('gun-state').first().getAttribute('data-status'), { timeout: 15_000 }).toBe('Charging');
    await expect.poll(() => page.getByTestId('charging-pile-detail').getByTestId('pile-online').getAttribute('data-online')).toBe('true');
    await page.screenshot({ path: `${SCREENSHOTS}/charging-pile-detail.png` });
  });
});
