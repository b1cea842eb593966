import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // the migrated databases every test app copies (test/db-templates.ts)
    globalSetup: ['test/global-setup.ts'],
    // CI also writes a JSON report, summed into one closing line by .ci/summary.mjs
    reporters: process.env.CI ? ['default', ['json', { outputFile: '../../test-results/server.json' }]] : ['default'],
  },
});
