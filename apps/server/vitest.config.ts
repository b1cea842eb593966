import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // vitest leaves a core free by default, one worker on CI's 2 cores; a test waits on PostgreSQL, PGlite or
    // a broker as much as it computes, so two workers keep both cores busy (docs/architecture.md, "Tests")
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // the migrated databases every test app copies (test/db-templates.ts)
    globalSetup: ['test/global-setup.ts'],
    // CI also writes a JSON report, summed into one closing line by .ci/summary.mjs
    reporters: process.env.CI ? ['default', ['json', { outputFile: '../../test-results/server.json' }]] : ['default'],
  },
});
