// A corpus whose texts stay on disk (load-corpus.ts: TermTextOnDisk) is checked from the loader's
// one read of each text, as a corpus in memory is (streamed-checks.ts), and its texts do not wait
// in memory for a check thread: a chunk no thread has room for is checked at once.
import { EventEmitter } from 'node:events';
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CheckWorkers as Workers } from '../../scripts/lib/corpus/parallel-checks.ts';
import type { ParseCache as Cache } from '../../scripts/lib/corpus/parse-cache.ts';
import { SMALL_CORPUS, smallCorpusFiles } from '../helpers/corpus-fixtures.ts';

const { opened, countingFs, textsOpened } = await vi.hoisted(() => import('../helpers/opened-files.ts'));
vi.mock('node:fs', countingFs);

const { checkableFiles, checkableKind } = await import('../../scripts/lib/corpus/corpus-layout.ts');
const { cleanOutcomes } = await import('../../scripts/lib/corpus/file-checks.ts');
const { loadCorpusFiles } = await import('../../scripts/lib/corpus/load-corpus.ts');
const { CheckWorkers } = await import('../../scripts/lib/corpus/parallel-checks.ts');
const { ParseCache } = await import('../../scripts/lib/corpus/parse-cache.ts');
const { CHUNKS_AHEAD, StreamedChecks } = await import('../../scripts/lib/corpus/streamed-checks.ts');
const { validateCorpus } = await import('../../scripts/lib/corpus/validate-corpus.ts');

/** What checking every file of the small corpus on this thread puts in the cache. */
function checkedHere(): Map<string, unknown> {
  const requests = checkableFiles(smallCorpusFiles()).map(({ kind, file }) => ({ kind, ...file }));
  return new Map(cleanOutcomes(requests));
}

const entriesOf = (cache: Cache, keys: Iterable<string>) => new Map([...keys].map((key) => [key, cache.outcome(key)]));

/** A check thread that never takes a chunk (a thread still loading, or a slow one). */
function idleThread(posted: unknown[]): Worker {
  const thread = new EventEmitter() as EventEmitter & Record<string, unknown>;
  thread.postMessage = (message: unknown) => posted.push(message);
  thread.ref = () => undefined;
  thread.unref = () => undefined;
  return thread as unknown as Worker;
}

describe('the own checks of texts kept on disk', () => {
  it('a chunk no thread has room for is checked at once and lets its texts go', async () => {
    const posted: unknown[] = [];
    const cache = ParseCache.inMemory();
    const stream = new StreamedChecks([idleThread(posted)], cache, 1);
    const checkable = checkableFiles(smallCorpusFiles());
    expect(checkable.length).toBeGreaterThan(2 * CHUNKS_AHEAD);
    for (const { kind, file } of checkable) stream.add(kind, file, false);
    expect(posted).toHaveLength(CHUNKS_AHEAD);
    expect(stream.chunksHoldingTexts()).toBe(CHUNKS_AHEAD);
    const summary = await stream.finish();
    expect(summary.checkedHere).toBe(checkable.length);
    expect(stream.chunksHoldingTexts()).toBe(0);
    const expected = checkedHere();
    expect(entriesOf(cache, expected.keys())).toEqual(expected);
  });

  it('texts the corpus keeps wait for a thread, as before', () => {
    const stream = new StreamedChecks([idleThread([])], ParseCache.inMemory(), 1);
    const checkable = checkableFiles(smallCorpusFiles());
    for (const { kind, file } of checkable) stream.add(kind, file);
    expect(stream.chunksHoldingTexts()).toBe(checkable.length);
  });
});

describe.runIf(availableParallelism() > 1)('a corpus read with its texts on disk', () => {
  let workers: Workers;
  beforeAll(() => {
    workers = CheckWorkers.start({ max: 1 });
  });
  afterAll(() => workers.stop());

  it('is checked from the loader read: each text opened once, the cache as checking here gives', async () => {
    const cache = ParseCache.inMemory();
    const stream = workers.streamChecks(cache);
    let onDisk = false;
    opened.clear();
    const files = await loadCorpusFiles(SMALL_CORPUS, {
      termTexts: 'disk',
      onTextsOnDisk: () => {
        onDisk = true;
      },
      onRead: (file, rel, kept) => {
        const kind = checkableKind(rel);
        if (kind !== undefined) stream.add(kind, file, kept);
      },
    });
    await stream.finish();
    const validated = validateCorpus(files, { cache });
    expect(onDisk).toBe(true);
    expect(validated.ok).toBe(true);
    expect(cache.outcomeMisses).toBe(0);
    const expected = checkedHere();
    expect(entriesOf(cache, expected.keys())).toEqual(expected);
    const texts = textsOpened();
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.every(([, count]) => count === 1)).toBe(true);
  });
});
