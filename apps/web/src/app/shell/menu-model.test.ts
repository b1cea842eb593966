import type { MenuNode } from '@energy/contracts';
import { describe, expect, it } from 'vitest';
import {
  activeMenuOf,
  breadcrumbsOf,
  linkOf,
  matchKeyOf,
  menuName,
  searchTextOf,
  selectedKeyOf,
  servedMenu,
  topKeyOf,
  visibleMenu,
} from './menu-model';

let nextId = 1;
const node = (level: 1 | 2 | 3, name: string, path: string, extra: Partial<MenuNode> = {}, children: MenuNode[] = []): MenuNode => ({
  currentId: nextId++,
  parentId: null,
  rootId: 1,
  level,
  name,
  nameZh: null,
  path,
  moduleOrigin: null,
  moduleOriginId: null,
  jumpType: 1,
  openType: 0,
  weighting: 0,
  key: name.toLowerCase().replace(/\s+/g, '-'),
  url: null,
  origin: null,
  permissionType: level === 3 ? 2 : 0,
  permissionCode: level === 3 ? `p-${name.toLowerCase().replace(/\s+/g, '-')}` : null,
  integratedAppId: null,
  transitPagePath: null,
  children,
  ...extra,
});

const overview = node(3, 'Overview', '/bsa/monitor/overview');
const daily = node(3, 'Daily', '/bsa/report/view?_key_=daily');
const monthly = node(3, 'Monthly', '/bsa/report/view?_key_=monthly');
const carbon = node(3, 'Carbon', '/carbon/report', {
  jumpType: 3,
  openType: 1,
  origin: 'https://carbon.example.com',
  permissionType: 1,
  integratedAppId: 101,
  permissionCode: 'ia-carbon',
});
const menu = [
  node(1, 'Storage', '/bsa', {}, [
    node(2, 'Monitoring', '/bsa/monitor', {}, [overview]),
    node(2, 'Reports', '/bsa/report', {}, [daily, monthly]),
  ]),
  node(1, 'Settings', '/settings', {}, [node(2, 'Apps', '/settings/apps', {}, [carbon])]),
];

describe('menu matching (spec 000 section 2)', () => {
  it('keys a location by its first four segments and _key_', () => {
    expect(matchKeyOf('/a/b/c/d/e/f')).toBe('/a/b/c/d');
    expect(matchKeyOf('/a/b', '?_key_=x&y=1')).toBe('/a/b?_key_=x');
    expect(selectedKeyOf('/a/b/c/d/e')).toBe('/a/b/c');
    expect(topKeyOf('/bsa/monitor/overview')).toBe('bsa');
  });

  it('finds area, group and page, telling pages apart by _key_', () => {
    expect(activeMenuOf(menu, '/bsa/monitor/overview').page).toBe(overview);
    expect(activeMenuOf(menu, '/bsa/report/view', '?_key_=monthly').page).toBe(monthly);
    expect(activeMenuOf(menu, '/bsa/report/view', '?_key_=daily').page).toBe(daily);
    // deeper paths match on their first four segments; an unknown page still finds its area
    expect(activeMenuOf(menu, '/bsa/monitor/overview/station/7').page).toBe(overview);
    const unknown = activeMenuOf(menu, '/bsa/nothing/here');
    expect(unknown.page).toBeUndefined();
    expect(unknown.top?.name).toBe('Storage');
    expect(activeMenuOf(menu, '/user/settings/information')).toEqual({});
  });

  it('links the page crumb only when the path is deeper than four segments', () => {
    expect(breadcrumbsOf(activeMenuOf(menu, '/bsa/monitor/overview'), '/bsa/monitor/overview', 'en-US')).toEqual([
      { title: 'Storage' },
      { title: 'Monitoring' },
      { title: 'Overview', href: undefined },
    ]);
    const deep = '/bsa/monitor/overview/station/7';
    expect(breadcrumbsOf(activeMenuOf(menu, deep), deep, 'en-US')[2]).toEqual({ title: 'Overview', href: '/bsa/monitor/overview' });
  });
});

describe('links by jumpType and openType', () => {
  it('within the system: router links, a new tab, or a forced load', () => {
    expect(linkOf(overview)).toEqual({ href: '/bsa/monitor/overview', inApp: true, newTab: false, forced: false });
    expect(linkOf({ ...overview, openType: 1 })).toMatchObject({ newTab: true });
    expect(linkOf({ ...overview, openType: 2 })).toMatchObject({ inApp: true, forced: true });
  });
  it('custom within the system uses its url, else its transit page', () => {
    expect(linkOf({ ...overview, jumpType: 2, url: '/bsa/custom' }).href).toBe('/bsa/custom');
    expect(linkOf({ ...overview, jumpType: 2, transitPagePath: '/transit' }).href).toBe('/transit');
  });
  it('outside the system: its url, else origin and path, always a full load', () => {
    expect(linkOf(carbon)).toEqual({ href: 'https://carbon.example.com/carbon/report', inApp: false, newTab: true, forced: true });
    expect(linkOf({ ...carbon, url: 'https://x.example.com/a', openType: 0 })).toMatchObject({
      href: 'https://x.example.com/a',
      newTab: false,
    });
  });
});

describe('visibility (spec 000 section 6)', () => {
  it('keeps pages by code, integrated pages by the app permission map, and every level one and two item', () => {
    const shown = visibleMenu(menu, { codes: ['p-overview'], integrated: {} });
    expect(shown[0]!.children[0]!.children.map((p) => p.name)).toEqual(['Overview']);
    expect(shown[0]!.children[1]!.children).toEqual([]);
    expect(shown[1]!.children[0]!.children).toEqual([]);
    const withApp = visibleMenu(menu, { codes: [], integrated: { '101': ['ia-carbon'] } });
    expect(withApp[1]!.children[0]!.children.map((p) => p.name)).toEqual(['Carbon']);
  });
});

describe('served pages only', () => {
  it('drops in-app pages this build does not serve, and the groups and areas they emptied; keeps outside links and permission-emptied items', () => {
    const built = node(3, 'Built', '/a/g/built');
    const missing = node(3, 'Missing', '/a/g/missing');
    const outside = node(3, 'Outside', '/x/y/z', { jumpType: 3, url: 'https://example.com' });
    const tree = [
      node(1, 'A', '/a', {}, [node(2, 'G', '/a/g', {}, [built, missing]), node(2, 'Empty', '/a/e', {}, [])]),
      node(1, 'PV', '/pv', {}, [node(2, 'Assets', '/pv/asset', {}, [node(3, 'Stations', '/pv/asset/station')])]),
      node(1, 'Links', '/l', {}, [node(2, 'Apps', '/l/apps', {}, [outside])]),
    ];
    const shown = servedMenu(tree, (path) => path === '/a/g/built');
    expect(shown.map((a) => a.name)).toEqual(['A', 'Links']);
    expect(shown[0]!.children.map((g) => [g.name, g.children.map((p) => p.name)])).toEqual([
      ['G', ['Built']],
      ['Empty', []],
    ]);
    expect(shown[1]!.children[0]!.children.map((p) => p.name)).toEqual(['Outside']);
  });
});

describe('menu names in both languages (issue 24)', () => {
  const zhOverview = node(3, 'Overview', '/bsa/monitor/overview', { nameZh: '电站总览' });
  const custom = node(3, 'Custom page', '/bsa/monitor/custom');
  const zhMenu = [
    node(1, 'Energy Storage', '/bsa', { nameZh: '储能' }, [
      node(2, 'Monitoring', '/bsa/monitor', { nameZh: '监控' }, [zhOverview, custom]),
    ]),
  ];

  it('shows the Chinese name in zh-CN, the English one in en-US, and the English one when an item has no Chinese name', () => {
    expect(menuName(zhOverview, 'zh-CN')).toBe('电站总览');
    expect(menuName(zhOverview, 'en-US')).toBe('Overview');
    expect(menuName(custom, 'zh-CN')).toBe('Custom page');
    expect(menuName({ name: 'Empty', nameZh: '' }, 'zh-CN')).toBe('Empty');
  });

  it('gives zh-CN breadcrumbs without Latin letters, and English ones in en-US', () => {
    const deep = '/bsa/monitor/overview/station/7';
    const zh = breadcrumbsOf(activeMenuOf(zhMenu, deep), deep, 'zh-CN');
    expect(zh).toEqual([{ title: '储能' }, { title: '监控' }, { title: '电站总览', href: '/bsa/monitor/overview' }]);
    for (const crumb of zh) expect(crumb.title).not.toMatch(/[A-Za-z]/);
    expect(breadcrumbsOf(activeMenuOf(zhMenu, deep), deep, 'en-US').map((c) => c.title)).toEqual([
      'Energy Storage',
      'Monitoring',
      'Overview',
    ]);
  });

  it('lets the navigation search match either name', () => {
    const text = searchTextOf(zhOverview, zhMenu[0]!);
    expect(text).toContain('电站总览');
    expect(text).toContain('overview');
    expect(text).toContain('储能');
    expect(text).toContain('energy storage');
  });
});
