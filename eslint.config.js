// Import boundaries and import cycles across apps/server, apps/web and packages (npm run lint).
// Formatting is prettier's; type errors are tsc's. Only the import rules run here, so lint stays fast.
import fs from 'node:fs';
import path from 'node:path';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const subfolders = (dir) =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

const server = './apps/server/src';
const web = './apps/web/src';
/** The domains' table files (`<domain>/*.schema.ts`), which db/schema.ts lists for Drizzle and drizzle-kit. */
const schemaFiles = subfolders(`${server}/domains`).flatMap((name) =>
  fs
    .readdirSync(path.join(root, server, 'domains', name))
    .filter((file) => file.endsWith('.schema.ts'))
    .map((file) => `./${name}/${file}`),
);

/** Each zone: files in `target` may not import from `from` (paths from the repository root). */
const zones = [
  // packages come first: they never import the apps, and contracts imports no other package
  { target: './packages', from: './apps', message: 'Packages may not import the apps.' },
  { target: './packages/contracts', from: './packages/simulator', message: 'Contracts import no other package.' },

  // server: plugins, db, excel, realtime and config first, then domains, then app.ts / server.ts / seed
  ...['plugins', 'db', 'excel', 'realtime', 'config.ts'].map((layer) => ({
    target: `${server}/${layer}`,
    from: `${server}/domains`,
    // db/schema.ts lists the domains' tables; the request pipeline (registry, STOMP) authenticates through
    // the auth domain's sessions and writes the audit domain's log
    except: [...schemaFiles, './auth/session.service.ts', './audit/audit.service.ts'],
    message: 'Server infrastructure may not import a domain (only its tables, in db/schema.ts).',
  })),
  ...['plugins', 'db', 'excel', 'realtime', 'config.ts', 'domains'].map((layer) => ({
    target: `${server}/${layer}`,
    from: [`${server}/app.ts`, `${server}/server.ts`, `${server}/seed`, `${server}/write-openapi.ts`],
    message: 'Only app.ts, server.ts and the seed assemble the server.',
  })),

  // web: shared first, then domains, then app; a domain reaches another only through shared
  { target: `${web}/shared`, from: [`${web}/domains`, `${web}/app`], message: 'Web shared code may not import domains or the app.' },
  {
    target: `${web}/domains`,
    from: `${web}/app`,
    message: 'A web domain may not import the app (the shell); move what it needs to shared.',
  },
  ...subfolders(`${web}/domains`).map((name) => ({
    target: `${web}/domains/${name}`,
    from: `${web}/domains`,
    except: [`./${name}`, './types.ts'],
    message: 'A web domain may not import another; share through src/shared.',
  })),
];

export default [
  { ignores: ['**/node_modules/**', '**/dist/**', 'test-results/**', 'apps/server/drizzle/**', '**/*.generated.ts'] },
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'apps/*/test/**/*.ts', 'packages/*/src/**/*.ts', 'packages/*/scripts/**/*.ts'],
    languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['packages/*/tsconfig.json', 'apps/*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
    },
  },
];
