import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The e2e suite starts netlify dev (5-10 s); everything else is fast.
    testTimeout: 20_000,
    hookTimeout: 120_000,
    // Tests that build into temporary folders must never share one.
    pool: 'forks',
  },
});
