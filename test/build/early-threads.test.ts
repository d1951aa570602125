// Check threads started before the build's code loads (scripts/build.ts, workers/early-threads.ts)
// are the ones the build then checks with: handed over once, and only while they are up.
import { availableParallelism } from 'node:os';
import { describe, expect, it, vi } from 'vitest';
import { checkableFiles } from '../../scripts/lib/corpus/corpus-layout.ts';
import { CheckWorkers } from '../../scripts/lib/corpus/parallel-checks.ts';
import { ParseCache } from '../../scripts/lib/corpus/parse-cache.ts';
import {
  CHECK_WORKER,
  earlyThreadsUp,
  startEarlyThreads,
  takeEarlyThreads,
} from '../../scripts/lib/workers/early-threads.ts';
import { smallCorpusFiles } from '../helpers/corpus-fixtures.ts';

const multiCore = availableParallelism() > 1;

describe.runIf(multiCore)('check threads started early', () => {
  it('are taken over by the build, once, and check its files', async () => {
    startEarlyThreads(CHECK_WORKER, 1);
    const workers = CheckWorkers.start({ max: 1 });
    try {
      expect(takeEarlyThreads(CHECK_WORKER)).toEqual([]);
      const stream = workers.streamChecks(ParseCache.inMemory(), 1);
      for (const { kind, file } of checkableFiles(smallCorpusFiles())) stream.add(kind, file);
      await vi.waitFor(() => expect(stream.takenByThreads()).toBeGreaterThan(0), { timeout: 30_000 });
      expect((await stream.finish()).checkedByThreads).toBeGreaterThan(0);
    } finally {
      await workers.stop();
    }
  });

  it('are handed over only to a build that runs the same module', async () => {
    startEarlyThreads(CHECK_WORKER, 1);
    const other = new URL('../helpers/broken-worker.ts', import.meta.url).href;
    const workers = CheckWorkers.start({ max: 1, module: other });
    const early = takeEarlyThreads(CHECK_WORKER);
    try {
      expect(early).toHaveLength(1);
    } finally {
      await workers.stop();
      await Promise.all(early.map((worker) => worker.terminate()));
    }
  });

  it('one that failed before it was taken is not handed over (the build starts another)', async () => {
    const broken = new URL('../helpers/broken-worker.ts', import.meta.url).href;
    startEarlyThreads(broken, 1);
    expect(earlyThreadsUp(broken)).toBe(1);
    // Failing takes a loaded machine seconds.
    await vi.waitFor(() => expect(earlyThreadsUp(broken)).toBe(0), { timeout: 30_000, interval: 100 });
    expect(takeEarlyThreads(broken)).toEqual([]);
  });
});
