import type { MqttClient } from 'mqtt';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../apps/server/src/app.js';
import { signIn } from '../apps/server/test/helpers.js';
import { connectDevice, deviceByCode, publish, type Credentials } from '../apps/server/test/mqtt-helpers.js';
import { newPage, SCREENSHOTS, signInAs, startHarness, type Harness } from './harness.js';

/**
 * Realtime alarms end to end: a device publishes a reading over a rule's threshold through the real MQTT
 * broker, the rule raises an alarm, the STOMP push reaches alice's browser as a popup and a bell item
 * within two seconds, and not dave's (Harbor only). Then the server restarts on the same database and
 * port; an alarm raised before the browser is back is in the bell once the client has reconnected. Last,
 * an alarm raised while the record page is open shows there on Query, without a reload.
 */

let h: Harness;
let restarted: App | undefined;
let device: MqttClient | undefined;
let creds: Credentials;
let ruleName: string;

const POLL = { timeout: 15_000, interval: 100 };
const METER = 'SZ-01-GM-01';

beforeAll(async () => {
  h = await startHarness();
  const alice = await signIn(h.server, 'alice');
  const found = await deviceByCode(alice, METER);
  creds = found.creds;
  const detail = (await alice.post('/api/v2/device/detail', { id: found.id })).body.data;
  const pf = detail.properties.find((p: { key: string }) => p.key === 'pf');
  ruleName = 'Power factor too low (e2e)';
  const created = await alice.post('/api/v2/device-alarm/rule/create', {
    name: ruleName,
    deviceTypeId: detail.deviceTypeId,
    propertyId: pf.id,
    condition: 'LT',
    threshold: 0.5,
    durationSeconds: 0,
    level: 0,
    ouId: null,
    deviceIds: [found.id],
    enabled: true,
  });
  expect(created.body.code, JSON.stringify(created.body)).toBe(0);
  device = await connectDevice(`mqtt://127.0.0.1:${h.server.ingest.mqttPort}`, creds);
});

afterAll(async () => {
  device?.end(true);
  await restarted?.app.close();
  await h?.close();
});

const reading = (pf: number) => ({ ts: Date.now(), values: { pf } });

/** The bell's items of the highest level, opened from the header. */
async function openBell(page: Page) {
  await page.getByTestId('alarm-bell').click();
  await page.getByTestId('alarm-bell-panel').waitFor();
  return page.getByTestId('alarm-bell-list-0').getByTestId('alarm-bell-item');
}

describe('realtime alarms', () => {
  it('a reading over the threshold pops up for alice within two seconds, not for Harbor', async () => {
    const alice = await newPage(h);
    await signInAs(alice, 'alice', '/');
    const dave = await newPage(h);
    await signInAs(dave, 'dave', '/');
    // both browsers have their STOMP connections open (the hub counts them); SUBSCRIBE follows CONNECTED at once
    await expect.poll(() => h.server.services.push.connectionCount, POLL).toBeGreaterThanOrEqual(2);
    await alice.waitForTimeout(500);

    const sent = Date.now();
    await publish(device!, creds.topic, reading(0.31));
    const popup = alice.getByTestId('alarm-notification');
    await popup.waitFor({ timeout: 2_000 });
    expect(Date.now() - sent).toBeLessThan(2_000);
    expect(await popup.textContent()).toContain(ruleName);

    const items = await openBell(alice);
    await expect.poll(() => items.count(), { timeout: 2_000, interval: 50 }).toBeGreaterThan(0);
    const first = items.first();
    expect(await first.getByTestId('alarm-bell-item-text').textContent()).toMatch(
      new RegExp(`at .* occurred ${ruleName.replace(/[()]/g, '\\$&')}`),
    );
    await alice.screenshot({ path: `${SCREENSHOTS}/alarm-bell.png` });

    // confirm-read turns into 'read' once the server says so
    await first.getByTestId('alarm-bell-confirm-read').click();
    await first.getByTestId('alarm-bell-read').waitFor();
    expect(await first.getByTestId('alarm-bell-read').textContent()).toMatch(/read/i);
    const [row] = await h.rows<{ read: boolean }>(
      `select p.read_at is not null as read from alarm_push p join alarm_log l on l.id = p.alarm_id
        join staff s on s.id = p.staff_id where s.staff_code = 'SR-ALICE' and l.rule_name = '${ruleName}'`,
    );
    expect(row?.read).toBe(true);

    // dave (Harbor) got nothing: no popup, and nothing in his bell
    expect(await dave.getByTestId('alarm-notification').count()).toBe(0);
    const daveItems = await openBell(dave);
    await dave.getByTestId('alarm-bell-empty').waitFor();
    expect(await daveItems.count()).toBe(0);
    await dave.context().close();

    // the condition clears: the alarm recovers
    await publish(device!, creds.topic, reading(0.96));
    await expect
      .poll(async () => (await h.rows<{ state: number }>(`select state from alarm_log where rule_name = '${ruleName}'`))[0]?.state, POLL)
      .toBe(1);
    await alice.context().close();
  }, 60_000);

  it('after a server restart the client reconnects and the bell holds the alarm raised meanwhile', async () => {
    const alice = await newPage(h);
    await signInAs(alice, 'alice', '/');
    const listed = await openBell(alice);
    // loaded: items, or the empty text
    const list0 = alice.getByTestId('alarm-bell-list-0');
    await expect.poll(async () => (await listed.count()) + (await list0.getByTestId('alarm-bell-empty').count()), POLL).toBeGreaterThan(0);
    const before = await listed.count();
    // the bell stays open through the restart: only the reconnect can bring the new item in

    // the server goes away (sockets, broker and HTTP), and comes back on the same database and port
    const port = Number(new URL(h.baseUrl).port);
    device?.end(true);
    device = undefined;
    await h.server.app.close();
    restarted = await buildApp(h.server.config, h.server.database, { logger: false });
    // raised before the browser is back: nobody is connected to receive its push
    const meter = (await h.rows<{ id: number }>(`select id from device where code = '${METER}'`))[0]!;
    await restarted.ingest.writeReadings([{ deviceId: meter.id, ts: new Date(), values: { pf: 0.22 } }]);
    await expect
      .poll(
        async () => (await h.rows<{ n: number }>(`select count(*)::int as n from alarm_log where rule_name = '${ruleName}'`))[0]?.n,
        POLL,
      )
      .toBe(2);
    await restarted.app.listen({ port, host: '127.0.0.1' });

    // the STOMP client reconnects (1 s delay) and the bell re-reads what it missed
    await expect.poll(() => listed.count(), POLL).toBe(before + 1);
    expect(await listed.first().getByTestId('alarm-bell-confirm-read').count()).toBe(1);
    expect(await alice.getByTestId('alarm-bell-panel').isVisible()).toBe(true);
    await alice.context().close();
  }, 60_000);

  it('an alarm raised while the record page is open shows there on Query, without a reload', async () => {
    const server = restarted!;
    const alice = await newPage(h);
    await signInAs(alice, 'alice', '/device/alarm/record');
    const list = alice.getByTestId('alarm-record-list');
    await list.locator('tbody tr.ant-table-row').first().waitFor();
    const links = list.getByTestId('alarm-record-link').filter({ hasText: ruleName });
    const before = await links.count();
    // a marker on the document: gone if the page were reloaded
    await alice.evaluate(() => Object.assign(window, { sameDocument: true }));

    const meter = (await h.rows<{ id: number }>(`select id from device where code = '${METER}'`))[0]!;
    const count = async () =>
      (await h.rows<{ n: number }>(`select count(*)::int as n from alarm_log where rule_name = '${ruleName}'`))[0]?.n;
    const raised = (await count())!;
    // the alarm of the restart recovers, then the power factor drops again: a new alarm
    await server.ingest.writeReadings([{ deviceId: meter.id, ts: new Date(), values: { pf: 0.97 } }]);
    await expect
      .poll(
        async () =>
          (await h.rows<{ n: number }>(`select count(*)::int as n from alarm_log where rule_name = '${ruleName}' and state = 0`))[0]?.n,
        POLL,
      )
      .toBe(0);
    await server.ingest.writeReadings([{ deviceId: meter.id, ts: new Date(Date.now() + 1_000), values: { pf: 0.18 } }]);
    await expect.poll(count, POLL).toBe(raised + 1);

    await list.getByTestId('filter-query').click();
    await expect.poll(() => links.count(), POLL).toBe(before + 1);
    expect(await alice.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await alice.screenshot({ path: `${SCREENSHOTS}/alarm-records-query.png` });
    await alice.context().close();
  }, 60_000);
});
