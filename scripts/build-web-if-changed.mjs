#!/usr/bin/env node
/**
 * Builds the web app (apps/web/dist) only when what the build reads changed since the last build: the
 * web sources, the contracts' sources, package-lock.json, the Vite config and VITE_* variables. The hash
 * of those is kept beside Vite's manifest (dist/.vite/build-stamp.json), so any other build, which
 * empties dist, also drops the stamp and the next run builds again. Used by `npm start` and `npm run
 * test:e2e`; `--force` always builds. Test files are not inputs: Vite never bundles them.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps/web');
const stampPath = path.join(web, 'dist/.vite/build-stamp.json');

/** Files under a folder (relative to the repository), without tests; none when the folder is missing. */
function filesUnder(folder) {
  const dir = path.join(root, folder);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !/\.test\.[cm]?[jt]sx?$/.test(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .filter((f) => !f.split(path.sep).includes('test'));
}

/** Files at the top of a folder whose name matches (the .env files Vite reads). */
function filesIn(folder, pattern) {
  return fs
    .readdirSync(path.join(root, folder))
    .filter((name) => pattern.test(name))
    .map((name) => path.join(folder, name));
}

function sourceHash() {
  const files = [
    'package-lock.json',
    'apps/web/package.json',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/vite.embed.config.ts',
    'apps/web/tsconfig.json',
    ...filesIn('apps/web', /^\.env/),
    ...filesUnder('apps/web/src'),
    ...filesUnder('apps/web/public'),
    'packages/contracts/package.json',
    ...filesUnder('packages/contracts/src'),
  ]
    .filter((f) => fs.existsSync(path.join(root, f)))
    .sort();
  const hash = createHash('sha256');
  for (const f of files)
    hash
      .update(`${f.split(path.sep).join('/')}\0`)
      .update(fs.readFileSync(path.join(root, f)))
      .update('\0');
  const viteEnv = Object.keys(process.env)
    .filter((k) => k.startsWith('VITE_'))
    .sort()
    .map((k) => `${k}=${process.env[k]}`);
  hash.update(viteEnv.join('\n'));
  return { hash: hash.digest('hex'), files: files.length };
}

const started = performance.now();
const { hash, files } = sourceHash();
const stamp = fs.existsSync(stampPath) ? JSON.parse(fs.readFileSync(stampPath, 'utf8')) : undefined;
// both builds: the standalone app and the Module Federation remote (docs/embedding.md)
const built = fs.existsSync(path.join(web, 'dist/index.html')) && fs.existsSync(path.join(web, 'dist/embed/remoteEntry.js'));
const ms = () => `${Math.round(performance.now() - started)} ms`;

if (!process.argv.includes('--force') && built && stamp?.hash === hash) {
  console.log(`web app: unchanged since its build of ${stamp.builtAt} (${files} files hashed in ${ms()}), not rebuilding`);
  process.exit(0);
}

console.log(built ? 'web app: sources changed since the last build, building' : 'web app: not built yet, building');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const result = spawnSync(npm, ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
if (result.status !== 0) process.exit(result.status ?? 1);
fs.mkdirSync(path.dirname(stampPath), { recursive: true });
fs.writeFileSync(stampPath, `${JSON.stringify({ hash, builtAt: new Date().toISOString() }, null, 2)}\n`);
console.log(`web app: built in ${ms()}`);
