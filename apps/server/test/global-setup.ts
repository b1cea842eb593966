import {
  createPgSeededTemplate,
  createPgTemplate,
  dropPgTemplate,
  PG_SEEDED_ENV,
  PG_TEMPLATE_ENV,
  PGLITE_SEEDED_ENV,
  PGLITE_TEMPLATE_ENV,
  pgliteSeededTemplate,
  pgliteTemplate,
  removePgliteTemplate,
} from './db-templates.js';

/**
 * Once per test run, before the workers start: the migrated templates, and the same seeded with the
 * demo, that each test app copies (db-templates.ts). The workers inherit the environment set here.
 */
export default async function setup() {
  const adminUrl = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  // the two databases' templates side by side: each is mostly waiting on its own database
  const [pglite, postgres] = await Promise.all([
    (async () => {
      const migrated = await pgliteTemplate();
      return { migrated, seeded: await pgliteSeededTemplate(migrated) };
    })(),
    (async () => {
      if (process.env.TEST_SKIP_PG === '1') return undefined;
      const migrated = await createPgTemplate(adminUrl);
      return { migrated, seeded: await createPgSeededTemplate(adminUrl, migrated) };
    })(),
  ]);
  process.env[PGLITE_TEMPLATE_ENV] = pglite.migrated;
  process.env[PGLITE_SEEDED_ENV] = pglite.seeded;
  if (postgres) {
    process.env[PG_TEMPLATE_ENV] = postgres.migrated;
    process.env[PG_SEEDED_ENV] = postgres.seeded;
  }
  return async () => {
    removePgliteTemplate(pglite.migrated);
    removePgliteTemplate(pglite.seeded);
    if (postgres) {
      await dropPgTemplate(adminUrl, postgres.seeded);
      await dropPgTemplate(adminUrl, postgres.migrated);
    }
  };
}
