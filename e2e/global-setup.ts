import {
  PGLITE_SEEDED_ENV,
  PGLITE_TEMPLATE_ENV,
  pgliteSeededTemplate,
  pgliteTemplate,
  removePgliteTemplate,
} from '../apps/server/test/db-templates.js';

/** Once per run: the migrated and the demo-seeded PGlite the harness's test apps copy (apps/server/test/db-templates.ts). */
export default async function setup() {
  const migrated = await pgliteTemplate();
  const seeded = await pgliteSeededTemplate(migrated);
  process.env[PGLITE_TEMPLATE_ENV] = migrated;
  process.env[PGLITE_SEEDED_ENV] = seeded;
  return () => {
    removePgliteTemplate(migrated);
    removePgliteTemplate(seeded);
  };
}
