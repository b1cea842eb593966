import type { MenuNode } from '@energy/contracts';
import { filterMenu } from '@energy/contracts/visibility';

/**
 * Menu matching of spec 000 section 2: a page is found by the first four path segments plus an
 * optional `_key_` query parameter; selected keys use the first three segments; the top menu is
 * keyed by the first segment; breadcrumbs link only when the path has more than four segments.
 */

export const segmentsOf = (pathname: string) => pathname.split('/').filter(Boolean);

/** The matching key of a location: first four segments, plus `?_key_=` when present. */
export function matchKeyOf(pathname: string, search = ''): string {
  const base = '/' + segmentsOf(pathname).slice(0, 4).join('/');
  const key = new URLSearchParams(search).get('_key_');
  return key ? `${base}?_key_=${key}` : base;
}

/** The selected key of a location or a menu path: its first three segments. */
export const selectedKeyOf = (pathname: string) => '/' + segmentsOf(pathname).slice(0, 3).join('/');

/** The top-menu key: the first segment. */
export const topKeyOf = (pathname: string) => segmentsOf(pathname)[0] ?? '';

export interface ActiveMenu {
  top?: MenuNode;
  group?: MenuNode;
  page?: MenuNode;
}

/** A menu item's path without its query (`?_key_=...`). */
export const pathOnly = (node: MenuNode) => node.path.split('?')[0] ?? node.path;

/**
 * Finds the level-one item, group and page of a location: the page whose path (up to four segments)
 * is the longest segment prefix of the location's first four segments; a page with `_key_` matches only
 * that key, and wins over a page without one.
 */
export function activeMenuOf(menu: readonly MenuNode[], pathname: string, search = ''): ActiveMenu {
  const location = segmentsOf(pathname).slice(0, 4);
  const locationKey = new URLSearchParams(search).get('_key_');
  let best: ActiveMenu = {};
  let bestScore = 0;
  for (const top of menu) {
    for (const group of top.children) {
      for (const page of group.children) {
        if (page.jumpType === 3) continue;
        const query = page.path.includes('?') ? page.path.slice(page.path.indexOf('?')) : '';
        const pageKey = new URLSearchParams(query).get('_key_');
        const segments = segmentsOf(pathOnly(page)).slice(0, 4);
        if (segments.length === 0 || !segments.every((seg, i) => location[i] === seg)) continue;
        if (pageKey !== null && pageKey !== locationKey) continue;
        const score = segments.length * 2 + (pageKey !== null ? 1 : 0);
        if (score > bestScore) {
          best = { top, group, page };
          bestScore = score;
        }
      }
    }
  }
  if (best.page) return best;
  const top = menu.find((item) => topKeyOf(item.path) === topKeyOf(pathname));
  return top ? { top } : {};
}

export interface MenuLink {
  /** Router path for in-app links, absolute URL for others. */
  href: string;
  inApp: boolean;
  /** openType 1: a new tab. */
  newTab: boolean;
  /** openType 2: a full page load even for an in-app path. */
  forced: boolean;
}

/**
 * Where a menu item leads: jumpType 1 within the system (its path), 2 custom within the system (its
 * url, else its transit page), 3 outside the system (its url, else origin + path).
 */
export function linkOf(node: MenuNode): MenuLink {
  const newTab = node.openType === 1;
  const forced = node.openType === 2;
  if (node.jumpType === 3) {
    const href = node.url || (node.origin ? node.origin.replace(/\/$/, '') + node.path : node.path);
    return { href, inApp: false, newTab, forced: true };
  }
  const href = node.jumpType === 2 ? node.url || node.transitPagePath || node.path : node.path;
  const inApp = href.startsWith('/') && !href.startsWith('//');
  return { href, inApp, newTab, forced: forced || !inApp };
}

export interface PermissionLists {
  codes: readonly string[];
  integrated: Readonly<Record<string, readonly string[]>>;
}

/** The menu the staff sees: the navigation filtered by the permission lists (spec 000 section 6). */
export function visibleMenu(navigation: readonly MenuNode[], perms: PermissionLists): MenuNode[] {
  return filterMenu(navigation, { platform: new Set(perms.codes), integrated: perms.integrated });
}

/**
 * The menu without the in-app pages this build does not have (a catalogue page whose domain is not built
 * yet), and without the groups and areas that only had such pages. Custom (jumpType 2) and outside (3) links stay: they
 * lead elsewhere.
 */
export function servedMenu(menu: readonly MenuNode[], served: (path: string) => boolean): MenuNode[] {
  const keep = (node: MenuNode): MenuNode | null => {
    if (node.level >= 3) return node.jumpType !== 1 || served(pathOnly(node)) ? node : null;
    const children = node.children.map(keep).filter((c): c is MenuNode => c !== null);
    // an item left empty by the permissions stays (spec 000 section 6); one emptied here goes
    return children.length > 0 || node.children.length === 0 ? { ...node, children } : null;
  };
  return menu.map(keep).filter((n): n is MenuNode => n !== null);
}

/**
 * A menu item's name in the shell's language: in Chinese (`zh-CN`) its Chinese name, or its English one
 * when it has none (a tenant's custom item); in English its English name. Every place that shows a menu
 * name (top menu, sider, panel, breadcrumbs, tab title, search, home page) goes through it.
 */
export function menuName(node: Pick<MenuNode, 'name' | 'nameZh'>, language: string): string {
  return language.startsWith('zh') ? node.nameZh || node.name : node.name;
}

/** Every level-three page the staff can open, with its group and area, for the navigation search. */
export function searchablePages(menu: readonly MenuNode[]) {
  return menu.flatMap((top) => top.children.flatMap((group) => group.children.map((page) => ({ top, group, page }))));
}

/** What the navigation search matches: the names of the items in both languages, lower case. */
export const searchTextOf = (...nodes: Pick<MenuNode, 'name' | 'nameZh'>[]) =>
  nodes
    .flatMap((n) => [n.name, n.nameZh ?? ''])
    .join(' ')
    .toLowerCase();

/** Breadcrumb items: names of area, group and page; the page links back when the path is deeper than four segments. */
export function breadcrumbsOf(active: ActiveMenu, pathname: string, language: string) {
  const deep = segmentsOf(pathname).length > 4;
  const items: { title: string; href?: string }[] = [];
  if (active.top) items.push({ title: menuName(active.top, language) });
  if (active.group) items.push({ title: menuName(active.group, language) });
  if (active.page) items.push({ title: menuName(active.page, language), href: deep ? pathOnly(active.page) : undefined });
  return items;
}
