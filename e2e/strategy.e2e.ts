import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { STRATEGY_MESSAGES, strategyMessagesZh } from '@energy/contracts/strategy-rules';
import { DEMO_OPERATION_PASSWORD } from '../apps/server/src/seed/demo.js';
import { startDemoLive, type DemoLive } from '../apps/server/src/seed/demo-live.js';
import { newPage, SCREENSHOTS, signInAs, startHarness, type Harness } from './harness.js';

/**
 * The strategy editor against the real server (spec 002 sections 2 to 5, docs/strategies-web.md): alice
 * builds a day for the Wuxi demo station (version CB) card by card while the overview strip follows,
 * the time pickers disable what the spec says, a bad DOD is refused at its field, the first-card confirm
 * asks; then edit, copy, display, and a delivery the station's simulated FCS accepts (the live demo
 * fleet runs); and the same editor in Chinese.
 */

let h: Harness;
let live: DemoLive | undefined;
let wuxi: number;
beforeAll(async () => {
  h = await startHarness();
  const { server } = h;
  // the demo fleet with the stations' FCS: it answers deliveries (no history needed here)
  live = await startDemoLive({
    db: server.database.system,
    ingest: server.ingest,
    registry: server.services.devices,
    mqttUrl: `mqtt://127.0.0.1:${server.ingest.mqttPort}`,
    topicPrefix: server.config.ingest.topicPrefix,
    log: server.app.log,
    backfillDays: 0,
    intervalMs: 2000,
  });
  const [station] = await h.rows<{ id: number }>(`select id from bsa_station where code = 'WX-01-BSA-01'`);
  wuxi = Number(station!.id);
});
afterAll(async () => {
  await live?.stop();
  await h?.close();
});

const POLL = { timeout: 15_000, interval: 200 };
const NAME = 'E2E-peak-shaving';
const ZH_NAME = '削峰填谷-测试_1';
/** The demo users' operation password, seeded with them (README). */
const OPERATION_PASSWORD = DEMO_OPERATION_PASSWORD;

const strategiesNamed = (name: string) =>
  h.rows<{ id: number; name: string; revision: number; executing: boolean; body: { sections: unknown[] } }>(
    `select id, name, revision, executing, body from strategy where name like '${name}%' order by id`,
  );

/** The input of an InputNumber / Input with this test id (the id may sit on the input or around it). */
const input = (page: Page, id: string) => page.locator(`input[data-testid="${id}"], [data-testid="${id}"] input`).first();

async function fill(page: Page, id: string, value: number | string) {
  await input(page, id).fill(String(value));
}

/**
 * The open Select lists. A closed Select's list stays in the page, hidden, with the test ids it had then,
 * and a list closing is still visible for its animation: look for a list by what it holds.
 */
const openLists = (page: Page) => page.locator('.ant-select-dropdown').filter({ visible: true });

/** Chooses an option (by its test id) of the Select with this test id. */
async function choose(page: Page, id: string, optionId: string) {
  await page.getByTestId(id).click();
  const option = openLists(page).getByTestId(optionId);
  await option.click();
  await option.waitFor({ state: 'hidden' });
}

/** A card's time choice: `section-<i>-<start|end>` set to 'HH:mm'. */
const pickTime = (page: Page, i: number, which: 'start' | 'end', time: string) =>
  choose(page, `section-${i}-${which}`, `section-${i}-${which}-option-${time}`);

/** The options of a card's time picker as { 'HH:mm': disabled }, in the list's order (opened and closed again). */
async function timeOptions(page: Page, i: number, which: 'start' | 'end') {
  const prefix = `section-${i}-${which}-option-`;
  await page.getByTestId(`section-${i}-${which}`).click();
  const list = openLists(page).filter({ has: page.locator(`[data-testid^="${prefix}"]`) });
  await list.waitFor();
  // the options are drawn (a busy machine can show the list a moment before its items)
  await list.locator(`[data-testid^="${prefix}"]`).first().waitFor();
  const options = await list
    .locator(`[data-testid^="${prefix}"]`)
    .evaluateAll(
      (els, p) =>
        els.map(
          (e) =>
            [
              e.getAttribute('data-testid')!.slice(p.length),
              e.getAttribute('aria-disabled') === 'true' || e.classList.contains('ant-select-item-option-disabled'),
            ] as const,
        ),
      prefix,
    );
  await page.keyboard.press('Escape');
  await list.waitFor({ state: 'hidden' });
  return Object.fromEntries(options) as Record<string, boolean>;
}

/**
 * A card's time picker shows these options (and these enabled), polled: after a card is added, deleted or
 * the granularity changes, a busy machine can show the list once more as it was before it is drawn anew.
 */
async function expectOptions(page: Page, i: number, which: 'start' | 'end', want: { keys?: string[]; enabled: string[] }) {
  let last: Record<string, boolean> = {};
  await expect
    .poll(async () => {
      last = await timeOptions(page, i, which);
      return { ...(want.keys ? { keys: Object.keys(last) } : {}), enabled: enabled(last) };
    }, POLL)
    .toEqual(want);
  return last;
}

const hh = (h: number) => `${String(Math.floor(h)).padStart(2, '0')}:${h % 1 ? '30' : '00'}`;
/** Times from..to (inclusive) by step as 'HH:mm'. */
const times = (from: number, to: number, step = 1) => {
  const out: string[] = [];
  for (let t = from; t <= to; t += step) out.push(hh(t));
  return out;
};
const enabled = (opts: Record<string, boolean>) => Object.keys(opts).filter((k) => !opts[k]);

/** The overview cards as [kind, period, value], in the strip's order. */
const overviewCards = (page: Page) =>
  page
    .getByTestId('overview-strip')
    .evaluate((strip) =>
      [...strip.querySelectorAll<HTMLElement>('[data-testid]')]
        .filter((e) => /^overview-card-\d+$/.test(e.dataset.testid!))
        .map((e) => [
          e.dataset.kind,
          e.querySelector('[data-testid="overview-card-period"]')?.textContent,
          e.querySelector('[data-testid="overview-card-value"]')?.textContent,
        ]),
    );

/** The 48 half-hour bars' kinds. */
const bars = (page: Page) =>
  page.locator('[data-testid^="overview-bar-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')));
/** Expected bars: [fromHour, toHour, kind] ranges, the rest 'none'. */
function expectedBars(...ranges: [number, number, string][]) {
  const out = Array<string>(48).fill('none');
  for (const [from, to, kind] of ranges) for (let s = from * 2; s < to * 2; s++) out[s] = kind;
  return out;
}

/** The list index of the card showing this period ('08:00-12:00'). */
const cardIndex = (page: Page, period: string) =>
  page.getByTestId('strategy-sections').evaluate((el, p) => {
    const tag = [...el.querySelectorAll<HTMLElement>('[data-testid$="-period"]')].find((e) => e.textContent === p);
    return Number(tag?.dataset.testid?.split('-')[1] ?? -1);
  }, period);

/** Submits; the first-card confirm comes up (the first card is not charge or smart); OK saves and goes to the list. */
async function submitThroughConfirm(page: Page, text: string) {
  await page.getByTestId('strategy-submit').click();
  await expect.poll(() => page.getByTestId('strategy-start-confirm').textContent(), POLL).toBe(text);
  await page.getByTestId('strategy-start-confirm-ok').click();
  await page.waitForURL((url) => url.pathname === '/bsa/strategy/list');
}

/** A full-page screenshot from the top of the page (the header is sticky). */
async function screenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
}

describe('strategy editor', () => {
  it('en-US: alice builds a day for the Wuxi station; the strip follows, the pickers disable, DOD and the first-card confirm', async () => {
    const page = await newPage(h);
    await signInAs(page, 'alice', `/bsa/strategy/create?bsaId=${wuxi}`);
    await page.getByTestId('strategy-editor').waitFor();
    expect(await page.getByTestId('strategy-editor').getAttribute('data-mode')).toBe('create');
    await expect.poll(() => page.getByTestId('strategy-station').textContent(), POLL).toBe('Wuxi plant storage');
    expect(await page.getByTestId('strategy-version').textContent()).toBe('CB');
    expect(await overviewCards(page)).toEqual([]);
    expect(await bars(page)).toEqual(expectedBars());
    await fill(page, 'strategy-name', NAME);

    // 00-08 charge
    await page.getByTestId('add-first-charge').click();
    expect(await page.getByTestId('section-card-0').getAttribute('data-type')).toBe('charge');
    expect(await page.getByTestId('section-0-kind').textContent()).toBe('Peak-shaving charge');
    await expect.poll(() => overviewCards(page), POLL).toEqual([['charge', '00:00--', '-']]);
    expect(await bars(page)).toEqual(expectedBars()); // no end yet
    await pickTime(page, 0, 'end', '08:00');
    await fill(page, 'section-0-pcsPower', 200);
    await expect.poll(() => overviewCards(page), POLL).toEqual([['charge', '00:00-08:00', '200 kW']]);
    expect(await bars(page)).toEqual(expectedBars([0, 8, 'charge']));

    // 08-12 discharge: a new card starts where the card before it ends
    await page.getByTestId('section-0-add-discharge').click();
    expect(await page.getByTestId('section-card-1').getAttribute('data-type')).toBe('discharge');
    expect(await page.getByTestId('section-1-period').textContent()).toBe('08:00---:--');
    // end options: not after the start (01..08) disabled, the rest free
    await expectOptions(page, 1, 'end', { keys: times(1, 24), enabled: times(9, 24) });
    await pickTime(page, 1, 'end', '12:00');
    // start options: the charge card's 00..07 and not before the end (12..23) disabled
    await expectOptions(page, 1, 'start', { keys: times(0, 23), enabled: times(8, 11) });
    // the trigger decides the fields and the strip's kind: by demand is 'target demand'
    await choose(page, 'section-1-dischargeStrategy', 'section-1-dischargeStrategy-option-3');
    await page.getByTestId('section-1-pi-item').waitFor();
    await expect.poll(async () => (await overviewCards(page))[1]?.[0], POLL).toBe('targetDemand');
    expect(await bars(page)).toEqual(expectedBars([0, 8, 'charge'], [8, 12, 'targetDemand']));
    await choose(page, 'section-1-dischargeStrategy', 'section-1-dischargeStrategy-option-1');
    expect(await page.getByTestId('section-1-pi-item').count()).toBe(0);
    await fill(page, 'section-1-triggerDischargeLoad', 800);
    await fill(page, 'section-1-stopDischargeLoad', 600);
    await fill(page, 'section-1-pcsPower', 250);
    // CB: a new discharge card empties by linear regression
    expect(await page.getByTestId('section-1-emptyStrategy').textContent()).toBe('Linear-regression emptying');
    await expect
      .poll(() => overviewCards(page), POLL)
      .toEqual([
        ['charge', '00:00-08:00', '200 kW'],
        ['discharge', '08:00-12:00', '250 kW'],
      ]);
    expect(await bars(page)).toEqual(expectedBars([0, 8, 'charge'], [8, 12, 'discharge']));

    // 12-18 smart (CB: target load control by default), a value over 1000 kW shown in MW
    await page.getByTestId('section-1-add-smart').click();
    await pickTime(page, 2, 'end', '18:00');
    await fill(page, 'section-2-intelligentConsumptionTotalTargetLoad', 300);
    await fill(page, 'section-2-targetDemand', 500);
    await fill(page, 'section-2-pcsMaxChargePower', 100);
    await fill(page, 'section-2-dischargeTargetLoad', 1500);
    await fill(page, 'section-2-pcsMaxDischargePower', 200);
    await expect.poll(() => page.getByTestId('section-2-dischargeTargetLoad-mw').textContent(), POLL).toBe('= 1.50 MW');

    // 18-24 discharge at once
    await page.getByTestId('section-2-add-discharge').click();
    await pickTime(page, 3, 'end', '24:00');
    await choose(page, 'section-3-dischargeStrategy', 'section-3-dischargeStrategy-option-2');
    expect(await page.getByTestId('section-3-emptyStrategy-item').count()).toBe(0);
    await fill(page, 'section-3-stopDischargeLoad', 100);
    await fill(page, 'section-3-recoverDischargeLoad', 200);
    await fill(page, 'section-3-pcsPower', 250);
    await expect
      .poll(() => overviewCards(page), POLL)
      .toEqual([
        ['charge', '00:00-08:00', '200 kW'],
        ['discharge', '08:00-12:00', '250 kW'],
        ['targetLoad', '12:00-18:00', '300 kW'],
        ['discharge', '18:00-24:00', '250 kW'],
      ]);
    expect(await bars(page)).toEqual(expectedBars([0, 8, 'charge'], [8, 12, 'discharge'], [12, 18, 'targetLoad'], [18, 24, 'discharge']));

    // a DOD whose latter value is not above the former: the message at the DOD field, nothing saved
    await fill(page, 'strategy-dod-min', 80);
    await fill(page, 'strategy-dod-max', 20);
    await page.getByTestId('strategy-submit').click();
    await expect.poll(() => page.getByTestId('strategy-dod-error').textContent(), POLL).toBe(STRATEGY_MESSAGES['dod.order']);
    expect(
      await page.getByTestId('strategy-dod-item').locator('.ant-form-item-has-error, .ant-form-item-explain-error').count(),
    ).toBeGreaterThan(0);
    expect(await page.getByTestId('strategy-start-confirm').count()).toBe(0);
    expect(page.url()).toContain('/bsa/strategy/create');
    expect(await strategiesNamed(NAME)).toEqual([]);
    await fill(page, 'strategy-dod-min', 10);
    await fill(page, 'strategy-dod-max', 90);
    await expect.poll(() => page.getByTestId('strategy-dod-error').count(), POLL).toBe(0);

    // delete the charge card: the strip and the bars follow, the day is no longer covered
    await page.getByTestId('section-0-delete').click();
    await expect
      .poll(() => overviewCards(page), POLL)
      .toEqual([
        ['discharge', '08:00-12:00', '250 kW'],
        ['targetLoad', '12:00-18:00', '300 kW'],
        ['discharge', '18:00-24:00', '250 kW'],
      ]);
    expect(await bars(page)).toEqual(expectedBars([8, 12, 'discharge'], [12, 18, 'targetLoad'], [18, 24, 'discharge']));
    await expect
      .poll(() => page.getByTestId('sections-issue-sections.coverage').textContent(), POLL)
      .toBe(STRATEGY_MESSAGES['sections.coverage']);

    // standby 00-08 added after the last card: the times other cards hold are disabled
    await page.getByTestId('section-2-add-standby').click();
    expect(await page.getByTestId('section-card-3').getAttribute('data-type')).toBe('standby');
    await expectOptions(page, 3, 'start', { enabled: times(0, 7) });
    await pickTime(page, 3, 'start', '00:00');
    await expectOptions(page, 3, 'end', { enabled: times(1, 8) });
    await pickTime(page, 3, 'end', '08:00');
    await expect.poll(async () => (await overviewCards(page))[0], POLL).toEqual(['standby', '00:00-08:00', '-']);
    expect(await page.getByTestId('overview-card-0').getAttribute('data-section')).toBe('3');
    expect(await bars(page)).toEqual(expectedBars([0, 8, 'standby'], [8, 12, 'discharge'], [12, 18, 'targetLoad'], [18, 24, 'discharge']));
    await expect.poll(() => page.getByTestId('sections-issues').count(), POLL).toBe(0);

    // half-hour granularity: minute choices 00 and 30
    await page.getByTestId('strategy-granularity-2').click();
    // the picker is drawn again with the half-hour choices
    const ends = await expectOptions(page, 3, 'end', { keys: times(0.5, 24, 0.5), enabled: times(0.5, 8, 0.5) });
    expect(Object.keys(ends).every((t) => /:(00|30)$/.test(t))).toBe(true);
    await expectOptions(page, 1, 'start', { enabled: times(12, 17.5, 0.5) }); // the 12-18 card, now list index 1
    await page.getByTestId('strategy-granularity-1').click();
    await screenshot(page, 'strategy-editor');

    // the first card is standby: the confirm asks; Cancel stays on the page and saves nothing
    await page.getByTestId('strategy-submit').click();
    await expect
      .poll(() => page.getByTestId('strategy-start-confirm').textContent(), POLL)
      .toBe(STRATEGY_MESSAGES['sections.startConfirm']);
    await page.waitForTimeout(400); // the dialog's opening animation
    await page.screenshot({ path: `${SCREENSHOTS}/strategy-start-confirm.png` });
    await page.getByTestId('strategy-start-confirm-cancel').click();
    await expect.poll(() => page.getByTestId('strategy-start-confirm').count(), POLL).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/bsa/strategy/create');
    expect(await strategiesNamed(NAME)).toEqual([]);
    // OK saves
    await page.waitForTimeout(400); // Submit is a confirm button: a click within 400 ms of the last is ignored
    await submitThroughConfirm(page, STRATEGY_MESSAGES['sections.startConfirm']);
    await page.getByTestId('strategy-list').getByText(NAME).first().waitFor();
    const saved = await strategiesNamed(NAME);
    expect(saved.map((r) => r.name)).toEqual([NAME]);
    expect(saved[0]!.body.sections).toHaveLength(4);
    const [row] = await h.rows<{ version: number; bsa_id: number; kind: string }>(
      `select version, bsa_id, kind from strategy where id = ${saved[0]!.id}`,
    );
    expect(row).toEqual({ version: 2, bsa_id: wuxi, kind: 'strategy' });
    await page.context().close();
  });

  it('alice edits, copies and displays the strategy; Display has nothing editable', async () => {
    const [saved] = await strategiesNamed(NAME);
    const id = saved!.id;
    const page = await newPage(h);
    await signInAs(page, 'alice', `/bsa/strategy/edit/${id}`);
    await page.getByTestId('strategy-editor').waitFor();
    expect(await page.getByTestId('strategy-editor').getAttribute('data-mode')).toBe('update');
    await expect.poll(() => cardIndex(page, '08:00-12:00'), POLL).toBeGreaterThanOrEqual(0);
    const i = await cardIndex(page, '08:00-12:00');
    expect(await input(page, `section-${i}-pcsPower`).inputValue()).toBe('250');
    await fill(page, `section-${i}-pcsPower`, 220);
    await expect.poll(async () => (await overviewCards(page)).find((c) => c[1] === '08:00-12:00')?.[2], POLL).toBe('220 kW');
    await submitThroughConfirm(page, STRATEGY_MESSAGES['sections.startConfirm']);
    await expect.poll(async () => (await strategiesNamed(NAME))[0]!.revision, POLL).toBe(2);

    // loaded again: the new value
    await page.goto(`/bsa/strategy/edit/${id}`);
    await page.getByTestId('strategy-editor').waitFor();
    await expect.poll(() => cardIndex(page, '08:00-12:00'), POLL).toBeGreaterThanOrEqual(0);
    expect(await input(page, `section-${await cardIndex(page, '08:00-12:00')}-pcsPower`).inputValue()).toBe('220');

    // copy: the name gets the suffix, saving makes a second row
    await page.goto(`/bsa/strategy/copy/${id}`);
    await page.getByTestId('strategy-editor').waitFor();
    expect(await page.getByTestId('strategy-editor').getAttribute('data-mode')).toBe('copy');
    await expect.poll(() => input(page, 'strategy-name').inputValue(), POLL).toBe(`${NAME}-copy`);
    await submitThroughConfirm(page, STRATEGY_MESSAGES['sections.startConfirm']);
    await expect.poll(async () => (await strategiesNamed(NAME)).map((r) => r.name), POLL).toEqual([NAME, `${NAME}-copy`]);
    const [original, copy] = await strategiesNamed(NAME);
    expect(copy!.body.sections).toEqual(original!.body.sections);

    // display: every input disabled, no add / delete / submit; only the collapse toggles and the PI reference act
    await page.goto(`/bsa/strategy/view/${id}`);
    const editor = page.getByTestId('strategy-editor');
    await editor.waitFor();
    expect(await editor.getAttribute('data-mode')).toBe('display');
    const form = page.getByTestId('strategy-form');
    await expect.poll(() => form.locator('[data-testid^="section-card-"]').count(), POLL).toBe(4);
    const controls = await form.evaluate((el) => {
      const live = (e: Element) => !(e as HTMLInputElement).disabled && e.getAttribute('aria-disabled') !== 'true';
      const inputs = [...el.querySelectorAll('input, textarea, select, [role="switch"], [role="radio"], [role="combobox"]')];
      return {
        inputs: inputs.length,
        enabledInputs: inputs.filter(live).map((e) => e.getAttribute('data-testid') ?? e.outerHTML.slice(0, 80)),
        enabledButtons: [...el.querySelectorAll('button')].filter(live).map((e) => e.getAttribute('data-testid') ?? e.textContent),
      };
    });
    expect(controls.inputs).toBeGreaterThan(10);
    expect(controls.enabledInputs).toEqual([]);
    for (const b of controls.enabledButtons) expect(b).toMatch(/^section-\d+-(toggle|pi-reference)$/);
    expect(await page.locator('[data-testid*="-add-"], [data-testid$="-delete"], [data-testid="add-first"]').count()).toBe(0);
    expect(await page.getByTestId('strategy-submit').count()).toBe(0);
    const j = await cardIndex(page, '08:00-12:00');
    expect(await input(page, `section-${j}-pcsPower`).inputValue()).toBe('220');
    await screenshot(page, 'strategy-display');
    await page.context().close();
  });

  it('alice delivers it with her operation password; the FCS accepts and the strategy executes', async () => {
    const [saved] = await strategiesNamed(NAME);
    const id = saved!.id;
    const page = await newPage(h);
    await signInAs(page, 'alice', `/bsa/strategy/view/${id}`);

    await page.getByTestId('strategy-view-deliver').click();
    const dialog = page.getByTestId('deliver-dialog');
    await dialog.waitFor();
    // a wrong password: the server's message, the dialog stays, nothing is sent
    await page.getByTestId('deliver-password').fill('000000');
    await page.getByTestId('deliver-submit').click();
    await expect
      .poll(() => page.locator('.ant-modal-confirm-error .ant-modal-confirm-title').textContent(), POLL)
      .toBe('operationPassword: the operation password is incorrect');
    await page.locator('.ant-modal-confirm-error').getByRole('button', { name: 'OK' }).click();
    await page.getByTestId('deliver-password').waitFor();
    expect(await h.rows(`select id from strategy_delivery where strategy_id = ${id}`)).toEqual([]);

    await page.getByTestId('deliver-password').fill(OPERATION_PASSWORD);
    await page.waitForTimeout(400);
    await page.getByTestId('deliver-submit').click();
    const result = page.getByTestId('deliver-result');
    await result.waitFor();
    await expect.poll(() => result.getAttribute('data-result'), { timeout: 25_000, interval: 250 }).toBe('accepted');
    await page.getByTestId('deliver-close').click();

    // the log shows the attempt, the list shows it executing
    await page.goto('/bsa/strategy/deliver-log');
    const log = page.getByTestId('deliver-log-list').locator('tbody tr.ant-table-row').filter({ hasText: NAME });
    await expect.poll(() => log.count(), POLL).toBe(1);
    expect(await log.getByTestId('deliver-log-result').getAttribute('data-result')).toBe('accepted');
    expect(await log.getByTestId('deliver-log-operator').textContent()).toContain('SR-ALICE');
    await page.goto('/bsa/strategy/list');
    const row = page.locator(`[data-testid="strategy-list"] tr[data-row-key="${id}"]`);
    await row.getByTestId('strategy-executing').waitFor();
    expect(await row.getByTestId('strategy-last-delivery').getAttribute('data-result')).toBe('accepted');
    expect((await strategiesNamed(NAME))[0]!.executing).toBe(true);
    await page.context().close();
  });

  it('zh-CN: the editor in Chinese, its messages and the first-card confirm, and a create', async () => {
    const page = await newPage(h);
    await signInAs(page, 'alice');
    // the language the user menu keeps in the lang cookie (its switch is tested in shell.e2e.ts)
    await page.context().addCookies([{ name: 'lang', value: 'zh-CN', url: h.baseUrl }]);
    await page.goto(`/bsa/strategy/create?bsaId=${wuxi}`);
    await page.getByTestId('strategy-editor').waitFor();

    await page.getByTestId('add-first-discharge').click();
    expect(await page.getByTestId('section-0-kind').textContent()).toBe('削峰填谷放电');
    await expect.poll(() => page.getByTestId('overview-card-0').getByTestId('overview-card-title').textContent(), POLL).toBe('放电');
    await page.getByTestId('section-0-add-smart').click();
    expect(await page.getByTestId('section-1-kind').textContent()).toBe('智能充放电');
    await page.getByTestId('section-1-delete').click();

    // submitted empty: the messages in Chinese at their fields
    await page.getByTestId('strategy-submit').click();
    await expect.poll(() => page.getByTestId('strategy-dod-error').textContent(), POLL).toBe(strategyMessagesZh['dod.required']);
    expect(await page.getByTestId('strategy-name-error').textContent()).toBe(strategyMessagesZh['name.invalid']);
    expect(await page.getByTestId('section-0-time-error').textContent()).toBe(strategyMessagesZh['section.time.invalid']);
    expect(await strategiesNamed(ZH_NAME)).toEqual([]);
    await screenshot(page, 'strategy-editor-zh');

    // one discharge card 00-24 at once
    await fill(page, 'strategy-name', ZH_NAME);
    await fill(page, 'strategy-dod-min', 5);
    await fill(page, 'strategy-dod-max', 95);
    await pickTime(page, 0, 'end', '24:00');
    await choose(page, 'section-0-dischargeStrategy', 'section-0-dischargeStrategy-option-2');
    await fill(page, 'section-0-stopDischargeLoad', 50);
    await fill(page, 'section-0-recoverDischargeLoad', 20);
    await fill(page, 'section-0-pcsPower', 100);
    await expect
      .poll(() => page.getByTestId('section-0-recoverDischargeLoad-error').textContent(), POLL)
      .toBe(strategyMessagesZh['discharge.immediate.order']);
    await fill(page, 'section-0-recoverDischargeLoad', 80);
    await expect.poll(() => page.locator('[data-testid$="-error"]').count(), POLL).toBe(0);
    expect(await bars(page)).toEqual(expectedBars([0, 24, 'discharge']));

    // the first card is a discharge: the confirm in Chinese; OK saves
    await submitThroughConfirm(page, strategyMessagesZh['sections.startConfirm']);
    await page
      .getByTestId('strategy-list')
      .getByText(ZH_NAME)
      .first()
      .waitFor()
      .catch(async (e) => {
        await page.screenshot({ path: '/tmp/zh-fail.png', fullPage: true });
        console.log(await strategiesNamed(ZH_NAME));
        throw e;
      });
    const saved = await strategiesNamed(ZH_NAME);
    expect(saved.map((r) => r.name)).toEqual([ZH_NAME]);
    expect(saved[0]!.body.sections).toHaveLength(1);
    await page.context().close();
  });
});
