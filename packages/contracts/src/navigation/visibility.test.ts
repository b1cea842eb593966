import { describe, expect, it } from 'vitest';
import type { MenuNode } from './index.js';
import { filterMenu, isMenuItemVisible } from './visibility.js';

const node = (over: Partial<MenuNode>): MenuNode => ({
  currentId: 1,
  parentId: null,
  rootId: 1,
  level: 3,
  name: 'n',
  nameZh: null,
  path: '/a/b/c',
  moduleOrigin: null,
  moduleOriginId: null,
  jumpType: 1,
  openType: 0,
  weighting: 0,
  key: 'k',
  url: null,
  origin: null,
  permissionType: 0,
  permissionCode: null,
  integratedAppId: null,
  transitPagePath: null,
  children: [],
  ...over,
});
const perms = { platform: new Set(['p-a']), integrated: { '7': ['ia-x'] } };

describe('menu visibility (spec 000 section 6)', () => {
  it('shows an outside-system item with no permission type', () => {
    expect(isMenuItemVisible(node({ jumpType: 3, permissionType: 0 }), perms)).toBe(true);
  });
  it("shows an outside-system integrated-app item only when the code is among that app's codes", () => {
    expect(isMenuItemVisible(node({ jumpType: 3, permissionType: 1, integratedAppId: 7, permissionCode: 'ia-x' }), perms)).toBe(true);
    expect(isMenuItemVisible(node({ jumpType: 3, permissionType: 1, integratedAppId: 8, permissionCode: 'ia-x' }), perms)).toBe(false);
    expect(isMenuItemVisible(node({ jumpType: 3, permissionType: 1, integratedAppId: 7, permissionCode: 'ia-y' }), perms)).toBe(false);
  });
  it('shows an outside-system platform item with no code, or with a code the user has', () => {
    expect(isMenuItemVisible(node({ jumpType: 3, permissionType: 2 }), perms)).toBe(true);
    expect(isMenuItemVisible(node({ jumpType: 3, permissionType: 2, permissionCode: 'p-a' }), perms)).toBe(true);
    expect(isMenuItemVisible(node({ jumpType: 3, permissionType: 2, permissionCode: 'p-b' }), perms)).toBe(false);
  });
  it('shows other level-three items only with their code', () => {
    expect(isMenuItemVisible(node({ permissionCode: 'p-a' }), perms)).toBe(true);
    expect(isMenuItemVisible(node({ permissionCode: 'p-b' }), perms)).toBe(false);
    expect(isMenuItemVisible(node({ permissionCode: null }), perms)).toBe(false);
  });
  it('always shows items of other levels; pruning removes empty ones on request', () => {
    const tree = [node({ level: 1, children: [node({ level: 2, children: [node({ permissionCode: 'p-b' })] })] })];
    expect(filterMenu(tree, perms)[0]!.children[0]!.children).toEqual([]);
    expect(filterMenu(tree, perms, true)).toEqual([]);
  });
});
