import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    reporters: process.env.CI ? ['default', ['json', { outputFile: '../../test-results/web.json' }]] : ['default'],
  },
});
