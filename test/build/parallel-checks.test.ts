// Checking files in worker threads changes how fast a cold build validates, never what it says.
import path from 'node:path';
import { availableParallelism } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCorpusFiles } from '../../scripts/lib/corpus/load-corpus.ts';
import { CheckWorkers } from '../../scripts/lib/corpus/parallel-checks.ts';
import { ParseCache } from '../../scripts/lib/corpus/parse-cache.ts';
import { formatProblem, validateCorpus } from '../../scripts/lib/corpus/validate-corpus.ts';
import { invalidCaseFiles, invalidCaseNames, smallCorpusFiles } from '../helpers/corpus-fixtures.ts';

const messages = (result: ReturnType<typeof validateCorpus>) => (result.ok ? [] : result.problems.map(formatProblem));
const multiCore = availableParallelism() > 1;

describe.runIf(multiCore)('parallel checks', () => {
  // One worker for every test: starting one takes about a second.
  let workers: CheckWorkers;
  beforeAll(() => {
    workers = CheckWorkers.start({ max: 1 });
  });
  afterAll(() => workers.stop());

  it('a worker checks its share: validation then checks nothing again and gives the same corpus', async () => {
    const files = smallCorpusFiles();
    const cache = ParseCache.inMemory();
    const summary = await workers.prefill(files, cache, 1);
    expect(summary.perThread).toHaveLength(2);
    expect(summary.perThread[1]).toBeGreaterThan(0);
    const validated = validateCorpus(files, { cache });
    expect(cache.outcomeMisses).toBe(0);
    expect(validated).toEqual(validateCorpus(smallCorpusFiles()));
  });

  it.each(invalidCaseNames())('%s: the same messages after a parallel prefill', async (name) => {
    const cache = ParseCache.inMemory();
    await workers.prefill(invalidCaseFiles(name), cache, 1);
    expect(messages(validateCorpus(invalidCaseFiles(name), { cache }))).toEqual(
      messages(validateCorpus(invalidCaseFiles(name))),
    );
  });

  it('a worker that fails to start leaves the checking to validation, which still succeeds', async () => {
    const broken = new URL('../helpers/broken-worker.ts', import.meta.url).href;
    const files = smallCorpusFiles();
    const cache = ParseCache.inMemory();
    const brokenWorkers = CheckWorkers.start({ max: 1, module: broken });
    // Asked before and after it has died.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const summary = await brokenWorkers.prefill(files, cache, 1);
    await brokenWorkers.stop();
    expect(summary.perThread).toHaveLength(2);
    const validated = validateCorpus(files, { cache });
    // The main thread's share was prefilled; the broken worker's share is checked now.
    expect(cache.outcomeMisses).toBe(summary.perThread[1]);
    expect(validated).toEqual(validateCorpus(smallCorpusFiles()));
  });

  it('below the threshold no worker is used', async () => {
    const cache = ParseCache.inMemory();
    const summary = await workers.prefill(smallCorpusFiles(), cache);
    expect(summary.perThread).toEqual([]);
  });

  it('a corpus read from disk: the same result with and without workers', async () => {
    const files = await loadCorpusFiles(path.resolve(import.meta.dirname, '../fixtures/corpus-small'));
    const cache = ParseCache.inMemory();
    await workers.prefill(files, cache, 1);
    expect(validateCorpus(files, { cache })).toEqual(validateCorpus(files));
  });
});
