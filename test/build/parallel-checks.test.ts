// Checking files in worker threads changes how fast a cold build validates, never what it says.
import path from 'node:path';
import { availableParallelism } from 'node:os';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkableFiles } from '../../scripts/lib/corpus/corpus-layout.ts';
import { type CorpusFiles, loadCorpusFiles } from '../../scripts/lib/corpus/load-corpus.ts';
import { CheckWorkers } from '../../scripts/lib/corpus/parallel-checks.ts';
import { interpretationsHeadings } from '../../scripts/lib/corpus/editorial-checks.ts';
import { editorialTerm, linelessFindings } from '../../scripts/lib/corpus/editorial-outcomes.ts';
import { ParseCache } from '../../scripts/lib/corpus/parse-cache.ts';
import { validateCorpus } from '../../scripts/lib/corpus/validate-corpus.ts';
import { smallCorpusFiles } from '../helpers/corpus-fixtures.ts';

const multiCore = availableParallelism() > 1;

/** Every file's own checks through the streamed checks, a file a chunk; `threadFirst`: once a thread took one. */
async function checkedByStream(workers: CheckWorkers, files: CorpusFiles, cache: ParseCache, threadFirst = false) {
  const stream = workers.streamChecks(cache, 1);
  for (const { kind, file } of checkableFiles(files)) stream.add(kind, file);
  if (threadFirst) await vi.waitFor(() => expect(stream.takenByThreads()).toBeGreaterThan(0), { timeout: 30_000 });
  return stream.finish();
}

describe.runIf(multiCore)('parallel checks', () => {
  // One worker for every test: starting one takes about a second.
  let workers: CheckWorkers;
  beforeAll(() => {
    workers = CheckWorkers.start({ max: 1 });
  });
  afterAll(() => workers.stop());

  it('a worker checks the chunks it takes: validation then checks nothing again and gives the same corpus', async () => {
    const files = smallCorpusFiles();
    const cache = ParseCache.inMemory();
    const summary = await checkedByStream(workers, files, cache, true);
    expect(summary.checkedByThreads).toBeGreaterThan(0);
    const validated = validateCorpus(files, { cache });
    expect(cache.outcomeMisses).toBe(0);
    expect(validated).toEqual(validateCorpus(smallCorpusFiles()));
  });

  it('a worker works out the editorial findings of the terms it is sent, as this thread does', async () => {
    const validated = validateCorpus(smallCorpusFiles());
    if (!validated.ok) throw new Error('the small corpus is invalid');
    const [first, ...rest] = validated.corpus.terms.map(editorialTerm);
    if (first === undefined) throw new Error('the small corpus has no terms');
    // One term with findings in both locales, so that the answer is not empty.
    const withViews = {
      ...first,
      texts: {
        en: { ...first.texts.en, body: `${first.texts.en.body}\nSome scholars suspect a polemic.\n` },
        bg: { ...first.texts.bg, body: `${first.texts.bg.body}\nСмята се, че е късен.\n` },
      },
    };
    const terms = [withViews, ...rest];
    const headings = interpretationsHeadings(validated.corpus.site);
    const here = linelessFindings(terms, headings);
    expect(here[0]).toHaveLength(2);
    expect(await workers.editorial(terms, headings)).toEqual(here);
  });

  it('a worker told to warm up answers nothing for it: the next answers are those asked for', async () => {
    const validated = validateCorpus(smallCorpusFiles());
    if (!validated.ok) throw new Error('the small corpus is invalid');
    const terms = validated.corpus.terms.map(editorialTerm);
    const headings = interpretationsHeadings(validated.corpus.site);
    workers.warmUpEditorial();
    expect(await workers.editorial(terms, headings)).toEqual(linelessFindings(terms, headings));
    workers.warmUpEditorial();
    const cache = ParseCache.inMemory();
    await checkedByStream(workers, smallCorpusFiles(), cache);
    expect(validateCorpus(smallCorpusFiles(), { cache })).toEqual(validated);
  });

  it('a worker that fails answers no editorial findings (the build then works them out itself)', async () => {
    const broken = new URL('../helpers/broken-worker.ts', import.meta.url).href;
    const brokenWorkers = CheckWorkers.start({ max: 1, module: broken });
    const validated = validateCorpus(smallCorpusFiles());
    if (!validated.ok) throw new Error('the small corpus is invalid');
    const answer = await brokenWorkers.editorial(
      validated.corpus.terms.map(editorialTerm),
      interpretationsHeadings(validated.corpus.site),
    );
    await brokenWorkers.stop();
    expect(answer).toBeUndefined();
  });

  it('a corpus read from disk: the same result with and without workers', async () => {
    const files = await loadCorpusFiles(path.resolve(import.meta.dirname, '../fixtures/corpus-small'));
    const cache = ParseCache.inMemory();
    await checkedByStream(workers, files, cache);
    expect(validateCorpus(files, { cache })).toEqual(validateCorpus(files));
  });
});
