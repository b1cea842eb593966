import { matchPath } from 'react-router';
import { domainModules } from './domain-modules';

const patterns = domainModules.flatMap((m) => m.routes.map((r) => r.path));

/**
 * Does this app have a page at `path`? The menu lists only pages that are built (docs/web-shell.md):
 * the catalogue names every page of the spec, and a menu entry that ends on "not found" is a defect.
 */
export function isServedPath(path: string): boolean {
  return path === '/' || patterns.some((pattern) => matchPath({ path: pattern, end: true }, path) !== null);
}
