import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // vitest leaves a core free by default, one worker on CI's 2 cores: two keep both busy
    maxWorkers: Math.max(2, availableParallelism() - 1),
    reporters: process.env.CI ? ['default', ['json', { outputFile: '../../test-results/web.json' }]] : ['default'],
    projects: [
      // Pure logic in node.
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.ts'], environment: 'node' } },
      // Component tests render with React in jsdom (antd needs a few browser APIs jsdom lacks: see setup).
      {
        extends: true,
        test: {
          name: 'components',
          include: ['src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          // rendering antd in jsdom takes seconds on a busy 2-core machine; a test's own waits stay as they are
          testTimeout: 15_000,
        },
      },
    ],
  },
});
