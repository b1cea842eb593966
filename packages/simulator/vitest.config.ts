import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    reporters: process.env.CI ? ['default', ['json', { outputFile: '../../test-results/simulator.json' }]] : ['default'],
  },
});
