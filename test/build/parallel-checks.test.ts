// Checking files in worker threads changes how fast a cold build validates, never what it says.
import path from 'node:path';
import { availableParallelism } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCorpusFiles } from '../../scripts/lib/corpus/load-corpus.ts';
import { CheckWorkers } from '../../scripts/lib/corpus/parallel-checks.ts';
import { interpretationsHeadings } from '../../scripts/lib/corpus/editorial-checks.ts';
import { editorialTerm, linelessFindings } from '../../scripts/lib/corpus/editorial-outcomes.ts';
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
    await workers.prefill(smallCorpusFiles(), cache, 1);
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
