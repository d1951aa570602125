// `npm run build`'s entry (scripts/build.ts) asks for the build's tier-up budget before the check
// threads start and before the build's code loads: a flag set later would not apply to what ran
// before it, and a thread started earlier would tier up by V8's defaults.
import { expect, it, vi } from 'vitest';

const order = vi.hoisted(() => [] as string[]);
vi.mock('../../scripts/lib/cli/tier-up.ts', () => ({ useBuildTierUp: () => order.push('tier-up budget') }));
vi.mock('../../scripts/lib/workers/early-threads.ts', () => ({
  CHECK_WORKER: 'check-worker',
  MAX_CHECK_THREADS: 1,
  checkThreadCount: (max: number) => max,
  startEarlyThreads: () => order.push('check threads'),
}));
vi.mock('../../scripts/lib/cli/build-command.ts', () => {
  order.push("the build's code");
  return {};
});

it("sets the tier-up budget first, then starts the check threads, then loads the build's code", async () => {
  await import('../../scripts/build.ts');
  expect(order).toEqual(['tier-up budget', 'check threads', "the build's code"]);
});
