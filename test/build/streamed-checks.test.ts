// The files' own checks while the corpus is read (streamed-checks.ts): whichever thread checks a
// chunk, each is checked once, and the cache then holds exactly what checking every file on the
// main thread gives, so validation says the same.
import { availableParallelism } from 'node:os';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkableFiles } from '../../scripts/lib/corpus/corpus-layout.ts';
import { cleanOutcomes } from '../../scripts/lib/corpus/file-checks.ts';
import type { CorpusFiles } from '../../scripts/lib/corpus/load-corpus.ts';
import { CheckWorkers } from '../../scripts/lib/corpus/parallel-checks.ts';
import { ParseCache } from '../../scripts/lib/corpus/parse-cache.ts';
import { formatProblem, validateCorpus } from '../../scripts/lib/corpus/validate-corpus.ts';
import { invalidCaseFiles, invalidCaseNames, smallCorpusFiles } from '../helpers/corpus-fixtures.ts';

const multiCore = availableParallelism() > 1;
const messages = (result: ReturnType<typeof validateCorpus>) => (result.ok ? [] : result.problems.map(formatProblem));

/**
 * The cache's entries after streaming `files` through `workers`, and who checked what;
 * `threadFirst`: finish() only once a thread has taken a chunk (a loaded machine may give the
 * thread no time before this thread has checked everything).
 */
async function streamed(workers: CheckWorkers, files: CorpusFiles, chunkFiles: number, threadFirst = false) {
  const cache = ParseCache.inMemory();
  const stream = workers.streamChecks(cache, chunkFiles);
  for (const { kind, file } of checkableFiles(files)) stream.add(kind, file);
  if (threadFirst) await vi.waitFor(() => expect(stream.takenByThreads()).toBeGreaterThan(0), { timeout: 30_000 });
  const summary = await stream.finish();
  return { cache, summary };
}

/** What checking every file on this thread puts in the cache. */
function checkedHere(files: CorpusFiles): Map<string, unknown> {
  const requests = checkableFiles(files).map(({ kind, file }) => ({ kind, ...file }));
  return new Map(cleanOutcomes(requests));
}

function entriesOf(cache: ParseCache, keys: Iterable<string>): Map<string, unknown> {
  return new Map([...keys].map((key) => [key, cache.outcome(key)]));
}

describe.runIf(multiCore)('streamed checks', () => {
  let workers: CheckWorkers;
  beforeAll(async () => {
    workers = CheckWorkers.start({ max: 1 });
    // Loaded before the tests that need a thread that takes chunks.
    await streamed(workers, smallCorpusFiles(), 1, true);
  });
  afterAll(() => workers.stop());

  it('a loaded thread and this thread share the chunks, each checked once; the cache holds what checking here gives', async () => {
    const files = smallCorpusFiles();
    const expected = checkedHere(files);
    const { cache, summary } = await streamed(workers, files, 1, true);
    expect(summary.chunks).toBe(checkableFiles(files).length);
    expect(summary.checkedHere + summary.checkedByThreads).toBe(summary.chunks);
    expect(summary.checkedByThreads).toBeGreaterThan(0);
    expect(entriesOf(cache, expected.keys())).toEqual(expected);
    expect(cache.outcomeMisses).toBe(0);
    // Validation then checks nothing again and gives the corpus it gives alone.
    expect(validateCorpus(files, { cache })).toEqual(validateCorpus(smallCorpusFiles()));
    expect(cache.outcomeMisses).toBe(0);
  });

  it('files whose outcome the cache knows are not checked again', async () => {
    const files = smallCorpusFiles();
    const cache = ParseCache.inMemory();
    for (const [key, value] of checkedHere(files)) cache.setOutcome(key, value);
    const stream = workers.streamChecks(cache, 1);
    for (const { kind, file } of checkableFiles(files)) stream.add(kind, file);
    expect(await stream.finish()).toEqual({ chunks: 0, checkedHere: 0, checkedByThreads: 0 });
  });

  it.each(invalidCaseNames())('%s: the same messages after streamed checks', async (name) => {
    const { cache } = await streamed(workers, invalidCaseFiles(name), 2);
    expect(messages(validateCorpus(invalidCaseFiles(name), { cache }))).toEqual(
      messages(validateCorpus(invalidCaseFiles(name))),
    );
  });

  it('a thread still loading leaves every chunk to this thread, which does not wait for it', async () => {
    const fresh = CheckWorkers.start({ max: 1 });
    try {
      const files = smallCorpusFiles();
      const { cache, summary } = await streamed(fresh, files, 4);
      expect(summary.checkedByThreads).toBe(0);
      expect(summary.checkedHere).toBe(summary.chunks);
      const expected = checkedHere(files);
      expect(entriesOf(cache, expected.keys())).toEqual(expected);
      // The thread, once loaded, finds every chunk taken and answers none of them: a later question gets its own answer.
      const later = await streamed(fresh, files, 1, true);
      expect(later.summary.checkedByThreads).toBeGreaterThan(0);
      expect(entriesOf(later.cache, expected.keys())).toEqual(expected);
    } finally {
      await fresh.stop();
    }
  });

  it('a thread that fails leaves its chunks to this thread', async () => {
    const broken = new URL('../helpers/broken-worker.ts', import.meta.url).href;
    const failing = CheckWorkers.start({ max: 1, module: broken });
    try {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const files = smallCorpusFiles();
      const { cache, summary } = await streamed(failing, files, 1);
      expect(summary.checkedHere).toBe(summary.chunks);
      const expected = checkedHere(files);
      expect(entriesOf(cache, expected.keys())).toEqual(expected);
    } finally {
      await failing.stop();
    }
  });
});
