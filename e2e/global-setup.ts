import { PGLITE_TEMPLATE_ENV, pgliteTemplate, removePgliteTemplate } from '../apps/server/test/db-templates.js';

/** Once per run: the migrated PGlite the harness's test apps copy (apps/server/test/db-templates.ts). */
export default async function setup() {
  const file = await pgliteTemplate();
  process.env[PGLITE_TEMPLATE_ENV] = file;
  return () => removePgliteTemplate(file);
}
