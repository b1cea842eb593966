/**
 * What the browser downloads for the first page, from the production build's manifest: the entry
 * with its static imports, plus the route chunks of the page and their static imports: login for a
 * signed-out visitor; the shell layout and home for a signed-in one. Printed against the aims of issue 16
 * (signed out ≤ 250 KB, signed in ≤ 300 KB). Sizes are gzip level 9, as a server or CDN would send them.
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
/** The route chunks a first page renders, by source file (missing ones are left out with a note). */
const routes = (...files: string[]) =>
  files.flatMap((file) => {
    const key = routeKey(file);
    if (!key) console.warn(`  (no chunk for ${file})`);
    return key ? [key] : [];
  });
/** What a page downloads: the entry, the chunks of its routes, and all they import statically. */
const pageOf = (...files: string[]) => closure([entryKey, ...routes(...files)]);

const signedOut = pageOf('src/app/pages/login-page.tsx');
// signed in, the home page renders inside the shell (layout, header, top menu); the shell's deferred
// chunk (antd Dropdown and Menu, Select, Breadcrumb, the sider), the alarm bell and its STOMP client
// are lazy chunks loaded after the first render, reported on their own
const signedIn = pageOf('src/app/shell/shell-layout.tsx', 'src/app/pages/home-page.tsx');
const aims = { out: 250 * 1024, in: 300 * 1024 };
const rows: [string, number, number?][] = [
  ['entry (router, providers, antd core, i18n en-US, API client)', sizeOf(entry)],
  ['first page signed out: entry + login', sizeOf(signedOut), aims.out],
  ['first page signed in: entry + shell + home', sizeOf(signedIn), aims.in],
];
const onDemand = (label: string, ...files: string[]) => {
  const keys = closure(routes(...files));
  if (keys.size) rows.push([label, sizeOf(new Set([...keys].filter((k) => !signedIn.has(k))))]);
};
onDemand('shell menus, search, sider, after the signed-in first page', 'src/app/shell/header-popups.ts');
onDemand(
  'alarm bell + STOMP client, after the signed-in first page',
  'src/domains/alarm/components/alarm-bell.tsx',
  'src/shared/realtime/stomp-client.ts',
);
onDemand('zh-CN texts and locales, when chosen', 'src/shared/i18n/zh-CN-bundle.ts');
onDemand('audit log page, on demand above the signed-in page', 'src/domains/audit/pages/audit-log-page.tsx');

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
for (const [label, bytes, aim] of rows) {
  const verdict = aim === undefined ? '' : `  aim ≤ ${kb(aim)}: ${bytes <= aim ? 'met' : `${kb(bytes - aim)} over`}`;
  console.log(`  ${label.padEnd(62)} ${kb(bytes).padStart(10)}${verdict}`);
}
console.log(`  ${'baseline: react + react-dom alone'.padEnd(62)} ${kb(reactBytes).padStart(10)}`);
console.log(
  `  first page / baseline: signed out ${(sizeOf(signedOut) / reactBytes).toFixed(2)}×, signed in ${(sizeOf(signedIn) / reactBytes).toFixed(2)}×`,
);
const lazy = Object.keys(manifest).filter((k) => !entry.has(k)).length;
console.log(`  chunks loaded on demand: ${lazy}`);
