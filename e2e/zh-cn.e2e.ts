import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREAS, INTEGRATED_PERMISSIONS } from '@energy/contracts/catalogue-codes';
import { seededEnglishTexts } from '@energy/contracts/seeded-texts';
import { newPage, SCREENSHOTS, signInAs, startHarness, type Harness } from './harness.js';

/**
 * A zh-CN walk over every menu page alice sees (issue 24, docs/i18n.md): on each page the menu, the
 * breadcrumb, the tabs, the table headers and the tags show no English menu name and no seeded English
 * label. One browser context, one screenshot.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

type Node = { level: number; path: string; jumpType: number; origin: string | null; url: string | null; children: Node[] };

/** Every English menu name of the catalogue and every seeded English label. */
const ENGLISH = new Set<string>([
  ...AREAS.flatMap((a) => [a.name, ...a.groups.flatMap((g) => [g.name, ...g.pages.map((p) => p.name)])]),
  ...INTEGRATED_PERMISSIONS.flatMap((a) => [a.name, ...a.children.map((c) => c.name)]),
  ...seededEnglishTexts(),
]);
/** Units and codes that are the same in both languages (a text made only of these is allowed). */
const ALLOWED_WORDS =
  /^(kW|kWh|kWp|MWh|kVA|kvar|V|A|Hz|W|m|s|CNY|PCS|FCS|BMS|SOC|SOH|PV|EV|ID|OU|CA|CB|CC|CD|CE|CF|Excel|CSV|XLSX|MQTT|UTC|Asia|Shanghai|GMT)$/;

/** The English words of a text that are not allowed units or codes (codes like SZ-01-PCS-01 have digits). */
const englishWords = (text: string) => (text.match(/[A-Za-z][A-Za-z]+/g) ?? []).filter((w) => !ALLOWED_WORDS.test(w));

describe('zh-CN walk over the menu pages', () => {
  it('alice in Chinese: no English menu name or seeded label on any menu page', async () => {
    const page = await newPage(h, undefined, { width: 1600, height: 900 });
    await signInAs(page, 'alice');
    await page.context().addCookies([{ name: 'lang', value: 'zh-CN', url: h.baseUrl }]);
    const nodes = (await page.evaluate(async () => {
      const res = await fetch('/api/v2/platform-public/navigation/list', { method: 'POST' });
      return (await res.json()).data;
    })) as Node[];
    const pages: string[] = [];
    const walk = (n: Node) => {
      if (n.level === 3 && n.jumpType === 1 && !n.origin && !n.url && n.path.startsWith('/')) pages.push(n.path);
      n.children.forEach(walk);
    };
    nodes.forEach(walk);
    expect(pages.length).toBeGreaterThan(20);

    const found: string[] = [];
    for (const path of pages) {
      await page.goto(path);
      const crumbs = page.locator('.ant-breadcrumb');
      await crumbs.waitFor();
      // the page's own data: wait for the first answers (a table's rows, or no spinner left)
      await page
        .waitForFunction(() => !document.querySelector('.ant-spin-spinning'), undefined, { timeout: 10_000 })
        .catch(() => undefined);
      const shellTexts = await page
        .locator('[data-testid="top-menu-item"], .ant-breadcrumb, .ant-tabs-tab, .ant-table-thead th')
        .allInnerTexts();
      const labelTexts = await page
        .locator('.ant-tag, .ant-table-tbody td, .ant-descriptions-item-content, .ant-tree-title')
        .allInnerTexts();
      for (const text of shellTexts) {
        const words = englishWords(text);
        if (words.length) found.push(`${path}: "${text.trim()}" (${words.join(' ')})`);
      }
      for (const text of [...shellTexts, ...labelTexts].map((t) => t.trim()))
        if (ENGLISH.has(text)) found.push(`${path}: seeded "${text}"`);
      if (path === '/settings/asset/device') await page.screenshot({ path: `${SCREENSHOTS}/zh-cn-devices.png` });
    }
    expect(found).toEqual([]);
    await page.context().close();
  }, 300_000);

  it('the check fails on an English label: it finds one in English', async () => {
    expect(englishWords('储能变流器 Storage PCS')).toEqual(['Storage']);
    expect(ENGLISH.has('Tenant administrator')).toBe(true);
    expect(englishWords('SZ-01-PCS-01 250 kW')).toEqual([]);
  });
});
