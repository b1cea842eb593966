import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.e2e.ts'],
    // CI's machine is two to three times slower than an idle one: a test of 30 s there takes 60-90 s
    testTimeout: 90_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // the migrated PGlite every harness copies instead of migrating (apps/server/test/db-templates.ts)
    globalSetup: ['global-setup.ts'],
    // one browser at a time: the machine has two cores and the server runs in the same process
    fileParallelism: false,
    reporters: process.env.CI ? ['default', ['json', { outputFile: '../test-results/e2e.json' }]] : ['default'],
  },
});
