import type { PageCode, PagePath } from '@energy/contracts/catalogue-codes';
import type { ReactNode } from 'react';

/** The folder of a page path: `/bsa/strategy` of `/bsa/strategy/list`. */
type FolderOf<P extends string> = P extends `/${infer Head}/${infer Rest}`
  ? Rest extends `${string}/${string}`
    ? `/${Head}${FolderOf<`/${Rest}`>}`
    : `/${Head}`
  : '';

/** What a route under a page does (`/settings/org/role/edit/:id`, `/bsa/strategy/create`). */
type SubPage = 'create' | 'detail' | 'edit' | 'view' | 'copy';

/**
 * A route the shell serves: a catalogue page's path, a path under it, or a create / detail / edit / view
 * / copy route beside it (`/bsa/strategy/create` beside `/bsa/strategy/list`). A path outside the
 * catalogue fails the type check.
 */
export type RoutePath =
  PagePath | `${PagePath}/${string}` | `${FolderOf<PagePath>}/${SubPage}` | `${FolderOf<PagePath>}/${SubPage}/${string}`;

/** A page a domain adds to the shell: its path, the permission that opens it, and its element. */
export interface ShellRoute {
  path: RoutePath;
  /** Page permission code (`p-...`); without it the page shows the not-found page. */
  permission: PageCode;
  element: ReactNode;
}

/**
 * A card a domain adds to the home page (a figure of the domain at a glance): shown to staff holding
 * `permission`; its element is lazy, so the card's code loads only for those who see it.
 */
export interface HomeCard {
  key: string;
  permission: PageCode;
  element: ReactNode;
}

/** What a domain contributes to the web app (see docs/web-shell.md). */
export interface DomainModule {
  routes: ShellRoute[];
  homeCards?: HomeCard[];
}
