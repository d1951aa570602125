import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import SlowestFirst from './test/helpers/slowest-first.ts';

export default defineConfig({
  test: {
    // A bound for a hung test, not a speed check (speed is the benchmarks'): two files side by side
    // on a loaded 2-core machine took a 2 s test past 20 s (edit-loop-startup, load 15-25).
    testTimeout: 60_000,
    // The same bound for set-up (the default is 10 s): a beforeAll that builds the small corpus
    // took longer than that beside two other files at load 15.
    hookTimeout: 60_000,
    // Tests that build into temporary folders must never share one.
    pool: 'forks',
    // vitest's default is one worker less than the cores: ONE on CI's 2 cores, and the slow files
    // mostly wait (on netlify dev, Chromium, LibreOffice, npm, a server they started), so a core
    // idled. Files never share a port, a folder or a client address, so they may run side by side
    // (each netlify dev runs in a private copy of the checkout: test/helpers/private-checkout.ts).
    maxWorkers: Math.max(2, availableParallelism()),
    // The longest files start first, so that none starts last and runs alone (test/helpers/slowest-first.ts).
    sequence: { sequencer: SlowestFirst },
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: ['test/e2e/**'] },
      },
      {
        // One netlify dev for every end-to-end file: it builds dist/ from the bundled corpus
        // and starts the server once (5-10 s), then stops it, also when a test fails.
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          exclude: ['test/e2e/production.test.ts'],
          globalSetup: ['test/e2e/global-setup.ts'],
          hookTimeout: 60_000,
          testTimeout: 60_000,
        },
      },
      {
        // The same conformance suite against the self-hosted server: `npm start` of a production
        // install (npm ci --omit=dev), and what a self-hoster and a supervisor do with it.
        extends: true,
        test: {
          name: 'e2e-server',
          include: ['test/e2e/conformance.test.ts', 'test/e2e/production.test.ts', 'test/e2e/limits.test.ts'],
          globalSetup: ['test/e2e/server-setup.ts'],
          hookTimeout: 60_000,
          testTimeout: 60_000,
        },
      },
    ],
  },
});
