import type { ReactNode } from 'react';

/** A page a domain adds to the shell: its path, the permission that opens it, and its element. */
export interface ShellRoute {
  path: string;
  /** Page permission code (`p-...`); without it the page shows the not-found page. */
  permission: string;
  element: ReactNode;
}

/** What a domain contributes to the web app (see docs/web-shell.md). */
export interface DomainModule {
  routes: ShellRoute[];
}
