import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, signInAs, startHarness, type Harness } from './harness.js';

/**
 * The Content-Security-Policy the server sends (docs/security.md) against the built app in Chromium:
 * no page, chart, antd component or the API docs may trip it. Violations are caught both as
 * `securitypolicyviolation` events and as console errors.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  // two hours of readings of Suzhou's grid meter, so its power chart draws and shows tooltips
  const [meter] = await h.rows<{ id: number }>(`select id from device where code = 'SZ-01-GM-01'`);
  const now = Date.now();
  await h.server.ingest.writeReadings(
    Array.from({ length: 120 }, (_, i) => ({ deviceId: meter!.id, ts: new Date(now - (120 - i) * 60_000), values: { p: 100 + i } })),
  );
});
afterAll(() => h?.close());

async function watch(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content.Security.Policy|Refused to/i.test(msg.text())) violations.push(`console: ${msg.text()}`);
  });
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { reportCspViolation(t: string): void }).reportCspViolation(
        `${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  return violations;
}

describe('the Content-Security-Policy in Chromium', () => {
  it('lets every page, chart and dialog of the built app run without a violation, and without unsafe-eval', async () => {
    const page = await newPage(h);
    const violations = await watch(page);
    const res = await page.goto('/login');
    const csp = res!.headers()['content-security-policy']!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    await signInAs(page, 'alice');
    for (const path of [
      '/',
      '/settings/org/staff',
      '/settings/org/role',
      '/settings/platform/basic',
      '/settings/platform/audit',
      '/settings/asset/device',
      '/device/alarm/record',
      '/device/alarm/signboard',
      '/bsa/strategy/list',
      '/user/settings/information',
    ]) {
      await page.goto(path);
      // pages poll and keep a WebSocket open: give each a moment to draw and load its data
      await page.locator('.ant-layout').first().waitFor();
      await page.waitForTimeout(1000);
      if (violations.length) console.log(path, violations);
    }
    // a device's detail page: ECharts draws on a canvas and writes its tooltip with inline styles
    const [meter] = await h.rows<{ id: number }>(`select id from device where code = 'SZ-01-GM-01'`);
    await page.goto(`/settings/asset/device/detail/${meter!.id}`);
    const canvas = page.locator('[data-testid="device-chart"] canvas').first();
    await canvas.waitFor();
    const box = (await canvas.boundingBox())!;
    for (const x of [0.3, 0.5, 0.8]) await page.mouse.move(box.x + box.width * x, box.y + box.height / 2);
    await page.waitForTimeout(500);
    expect(violations).toEqual([]);
  }, 180_000);

  it('lets the API documentation run under it', async () => {
    const page = await newPage(h);
    const violations = await watch(page);
    await page.goto('/api/docs', { timeout: 45_000 });
    await page.locator('.swagger-ui .opblock').first().waitFor({ timeout: 45_000 });
    await page.waitForTimeout(1000);
    expect(violations).toEqual([]);
  }, 120_000);
});
