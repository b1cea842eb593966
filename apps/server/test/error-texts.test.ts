import { errorText, hasErrorTextZh } from '@energy/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorSites, zodMessageSites, type ErrorSite } from './error-sites.js';
import { createTestApp, DB_KINDS, demoIds, signIn, type Session, type TestApp } from './helpers.js';

/**
 * Server error messages in the caller's language (docs/i18n.md, "Error messages"): with `lang=zh-CN` the
 * error handler answers the Chinese of the English message the throw site wrote; without it, English.
 */

/** The message a site answers, its `${...}` parts filled with a sample value. */
const messagesOf = (site: ErrorSite) =>
  ['7', 'x7', ''].map((sample) => (site.kind === 'notFound' ? `${site.text} does not exist` : site.text).replaceAll('${}', sample));
const translated = (site: ErrorSite) => messagesOf(site).some(hasErrorTextZh);

/**
 * Templates whose `${...}` parts are words a sample value cannot stand for (a kind, a unit, an optional
 * suffix): a real message each, which must have Chinese.
 */
const EXAMPLES: Record<string, string> = {
  'notFound: ${} ${}': 'PV inverter 7 does not exist',
  'notFound: ${} ${} of your storage stations': 'PCS 12 of your storage stations does not exist',
  'conflict: Storage station ${} has no ${} yet: apply templates first': 'Storage station WX-01 has no racks yet: apply templates first',
  'conflict: The ${} of ${} are not all set up: ${} of ${} report no data point (built without a template)':
    'The packs of WX-01 are not all set up: 2 of 8 report no data point (built without a template)',
  'invalid: the ${}s of ${} report no data point yet: apply templates first':
    'the cells of WX-01 report no data point yet: apply templates first',
  'invalid: ${} is not a point of the ${}s of ${} (${})': 'soc is not a point of the racks of WX-01 (v, i, t)',
  'invalid: must be within ${}..${} kW (command ${}..${} kW${})':
    'must be within -50..50 kW (command -100..100 kW; WX-01-PCS-01 is rated 50 kW)',
  'invalid: is not ${} of ${}': 'is not the FCS of WX-02',
  'invalid: the range must be at most ${} days${}': 'the range must be at most 31 days at 15 minutes',
  'AppError: Too many ${}: at most ${} ${} every ${} s; try again in ${} s':
    'Too many exports: at most 5 per user every 60 s; try again in 12 s',
  // the contracts' zod messages
  'invalid: must say how many ${} holds': 'must say how many packs a rack holds',
  'invalid: month${} ${} in no season: the seasons must cover months 1-12': 'months 3, 4 in no season: the seasons must cover months 1-12',
};

/** A template (`${}` for its parts) as a pattern its messages match. */
const patternOf = (template: string) =>
  new RegExp(`^${template.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll('\\$\\{\\}', '.*')}$`, 's');

/** Template-literal messages with no Chinese yet: answered in English. Listed in docs/i18n.md. */
const LEFT_IN_ENGLISH: string[] = [];

describe("the Chinese of the error texts written at the throw sites and in the contracts' schemas", () => {
  // the helpers themselves (`${what} does not exist`, `${field}: ${problem}`) are not throw sites
  const thrown = errorSites(new URL('../src', import.meta.url).pathname).filter((s) => !s.where.startsWith('plugins/errors.ts'));
  // and the problems the contracts' schemas write (`.min(1, 'is required')`), which validationError answers
  const schemas = zodMessageSites(new URL('../../../packages/contracts/src', import.meta.url).pathname);
  const sites = [...thrown, ...schemas];

  it('finds the throw sites (the scan still reads the code)', () => {
    expect(thrown.filter((s) => !s.template).length).toBeGreaterThan(100);
    expect(thrown.filter((s) => s.template).length).toBeGreaterThan(200);
    expect(thrown.some((s) => s.kind === 'invalid' && s.text === 'is not one of your devices')).toBe(true);
    expect(schemas.length).toBeGreaterThan(250);
    expect(schemas.some((s) => s.text === 'must not be empty')).toBe(true);
  });

  it('has the Chinese of every plain-string message, problem and not-found noun', () => {
    const missing = sites.filter((s) => !s.template && !translated(s)).map((s) => `${s.where} ${s.kind}: ${s.text}`);
    expect(missing).toEqual([]);
  });

  it('has the Chinese of every template-literal message but the ones listed as left in English', () => {
    const keyOf = (s: ErrorSite) => `${s.kind}: ${s.text}`;
    const templates = [...new Map(sites.filter((s) => s.template).map((s) => [keyOf(s), s])).values()];
    const left = templates.filter((s) => !translated(s) && !(keyOf(s) in EXAMPLES)).map(keyOf);
    expect(left.sort()).toEqual([...LEFT_IN_ENGLISH].sort());
    for (const [template, example] of Object.entries(EXAMPLES)) {
      const site = templates.find((s) => keyOf(s) === template);
      expect(site, `${template} is no longer written: remove its example`).toBeDefined();
      const message = site!.kind === 'notFound' ? example.replace(/ does not exist$/, '') : example;
      expect(message, template).toMatch(patternOf(site!.text));
      expect(hasErrorTextZh(example), example).toBe(true);
    }
  });
});

describe.each(DB_KINDS)('error messages in the caller language on %s', (kind) => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let rule: Record<string, unknown>;
  const zh = (s: Session, url: string, body?: unknown) => s.call('POST', url, body, { cookie: `${s.cookie}; lang=zh-CN` });
  const en = (s: Session, url: string, body?: unknown) => s.call('POST', url, body, { cookie: `${s.cookie}; lang=en-US` });

  beforeAll(async () => {
    t = await createTestApp(kind);
    [alice, bob] = await Promise.all([signIn(t, 'alice'), signIn(t, 'bob')]);
    ids = await demoIds(t);
    const tree = (await alice.post('/api/v2/device-type/tree', {})).body.data as {
      children: { key: string; id: number; properties: { id: number; key: string }[] }[];
    }[];
    const meter = tree.flatMap((c) => c.children).find((x) => x.key === 'grid-meter')!;
    rule = {
      name: 'Meter import high',
      description: 'Imports above 800 kW',
      deviceTypeId: meter.id,
      propertyId: meter.properties.find((p) => p.key === 'p')!.id,
      condition: 'GT',
      threshold: 800,
      durationSeconds: 120,
      level: 1,
      ouId: ids.ouId['SZ-01']!,
      deviceIds: [],
      enabled: true,
    };
  });
  afterAll(() => t?.close());

  const RULE = '/api/v2/device-alarm/rule';
  const cases = () =>
    [
      // zod: a missing field, and a value of the wrong type
      [alice, `${RULE}/create`, { ...rule, name: undefined }, 400, 'name: is required', 'name：必填'],
      [
        alice,
        `${RULE}/create`,
        { ...rule, threshold: 'high' },
        400,
        'threshold: Invalid input: expected number, received string',
        'threshold：输入无效：应为数字，实际为字符串',
      ],
      // invalid() from the service
      [
        alice,
        `${RULE}/create`,
        { ...rule, ouId: ids.ouId['SH-01'] },
        400,
        'body.ouId: is not one of your operating units',
        'body.ouId：不是您的运营单元',
      ],
      // notFound()
      [alice, '/api/v2/role/detail', { id: 987654 }, 404, 'Role 987654 does not exist', '角色 987654 不存在'],
      // forbidden(): bob's role has no rule buttons
      [bob, `${RULE}/create`, rule, 403, 'You do not have the permission b-alarm-rule-create', '您没有权限 b-alarm-rule-create'],
      // the not-found handler
      [alice, '/api/v2/no-such-call', {}, 404, 'No such call: POST /api/v2/no-such-call', '没有这个接口：POST /api/v2/no-such-call'],
    ] as const;

  it('answers msg in Chinese with lang=zh-CN, the code and status unchanged', async () => {
    for (const [who, url, body, status, english, chinese] of cases()) {
      const [inZh, inEn] = [await zh(who, url, body), await en(who, url, body)];
      expect([inZh.status, inZh.body.msg], url).toEqual([status, chinese]);
      expect(inZh.body.code, url).toBe(inEn.body.code);
      expect(inZh.body.data).toBeNull();
      // the Chinese is the one errorText gives the English answer
      expect(errorText(english, 'zh-CN')).toBe(chinese);
    }
  });

  it('answers the same calls in English with lang=en-US and without a lang cookie', async () => {
    for (const [who, url, body, status, english] of cases()) {
      expect([(await en(who, url, body)).body.msg, (await who.post(url, body)).body.msg], url).toEqual([english, english]);
      expect((await who.post(url, body)).status, url).toBe(status);
    }
  });
});
