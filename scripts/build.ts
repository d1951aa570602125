// `npm run build` (scripts/lib/cli/build-command.ts). The check threads start first, so that they
// load their code while this process loads the build's (workers/early-threads.ts); the build's
// code is imported only then, since a static import would be loaded before this module runs.
import { useBuildTierUp } from './lib/cli/tier-up.ts';
import { CHECK_WORKER, checkThreadCount, MAX_CHECK_THREADS, startEarlyThreads } from './lib/workers/early-threads.ts';

// Before any thread starts or the build's code loads: every function of the build tiers up by it.
useBuildTierUp();
if (!process.argv.some((arg) => arg === '--help' || arg === '-h'))
  startEarlyThreads(CHECK_WORKER, checkThreadCount(MAX_CHECK_THREADS));
await import('./lib/cli/build-command.ts');
