import {
  createPgTemplate,
  dropPgTemplate,
  PG_TEMPLATE_ENV,
  PGLITE_TEMPLATE_ENV,
  pgliteTemplate,
  removePgliteTemplate,
} from './db-templates.js';

/**
 * Once per test run, before the workers start: the migrated templates every test app copies
 * (db-templates.ts). The workers inherit the environment set here.
 */
export default async function setup() {
  const adminUrl = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const pgliteFile = await pgliteTemplate();
  process.env[PGLITE_TEMPLATE_ENV] = pgliteFile;
  let pgTemplate: string | undefined;
  if (process.env.TEST_SKIP_PG !== '1') {
    pgTemplate = await createPgTemplate(adminUrl);
    process.env[PG_TEMPLATE_ENV] = pgTemplate;
  }
  return async () => {
    removePgliteTemplate(pgliteFile);
    if (pgTemplate) await dropPgTemplate(adminUrl, pgTemplate);
  };
}
