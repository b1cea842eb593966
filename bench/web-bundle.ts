/**
 * What the browser downloads for the first page, from the production build's manifest: the entry
 * with its static imports, plus the route chunk of the page (login for a signed-out visitor; shell
 * and home for a signed-in one). Sizes are gzip level 9, as a server or CDN would send them.
 * Baseline in the same run: the same measure for React and react-dom alone, so the shell's own
 * cost is visible. Run `npm run build -w apps/web` first (npm run bench does).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const manifestPath = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestPath)) {
  console.error('No build manifest: run `npm run build -w apps/web` first');
  process.exit(1);
}
type Chunk = { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean; css?: string[] };
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, Chunk>;

const gzSizes = new Map<string, number>();
/** Gzip size of a built file, each file compressed once. */
const gz = (file: string) => {
  if (!gzSizes.has(file)) gzSizes.set(file, zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length);
  return gzSizes.get(file)!;
};

/** A chunk and everything it imports statically. */
function closure(keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    closure(manifest[key].imports ?? [], seen);
  }
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
const routeKey = (name: string) => Object.keys(manifest).find((k) => k.endsWith(name));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const sizeOf = (keys: Set<string>) =>
  [...keys].reduce((sum, k) => sum + gz(manifest[k]!.file) + (manifest[k]!.css ?? []).reduce((s, c) => s + gz(c), 0), 0);

const entry = closure([entryKey]);
const rows: [string, number][] = [['entry (shell, router, antd core, i18n, API client)', sizeOf(entry)]];
for (const [label, file] of [
  ['first page signed out: entry + login', 'src/app/pages/login-page.tsx'],
  ['first page signed in: entry + home', 'src/app/pages/home-page.tsx'],
  ['audit log page, loaded on demand above the entry', 'src/domains/audit/pages/audit-log-page.tsx'],
] as const) {
  const key = routeKey(file);
  if (!key) continue;
  const added = new Set([...closure([key])].filter((k) => !entry.has(k)));
  rows.push([label, (label.startsWith('first') ? sizeOf(entry) : 0) + sizeOf(added)]);
}

// Baseline: React and react-dom alone, minified and gzipped the same way (their production builds).
const nm = path.resolve(import.meta.dirname, '../node_modules');
const reactBytes = [
  'react/cjs/react.production.js',
  'react-dom/cjs/react-dom.production.js',
  'react-dom/cjs/react-dom-client.production.js',
  'scheduler/cjs/scheduler.production.js',
]
  .map((f) => path.join(nm, f))
  .filter((f) => fs.existsSync(f))
  .reduce((sum, f) => sum + zlib.gzipSync(fs.readFileSync(f), { level: 9 }).length, 0);

console.log('Web bundle, gzip -9');
for (const [label, bytes] of rows) console.log(`  ${label.padEnd(54)} ${kb(bytes).padStart(10)}`);
console.log(`  ${'baseline: react + react-dom alone'.padEnd(54)} ${kb(reactBytes).padStart(10)}`);
const first = rows.find(([l]) => l.startsWith('first page signed out'))![1];
console.log(`  first page / baseline: ${(first / reactBytes).toFixed(2)}×`);
const lazy = Object.keys(manifest).filter((k) => !entry.has(k)).length;
console.log(`  chunks loaded on demand: ${lazy}`);
