// The parse cache changes how much is parsed, never what the build says or writes.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSite } from '../../scripts/lib/build-site.ts';
import { ParseCache } from '../../scripts/lib/parse-cache.ts';
import { formatProblem, validateCorpus } from '../../scripts/lib/validate-corpus.ts';
import { invalidCaseFiles, invalidCaseNames, SMALL_CORPUS, smallCorpusFiles } from '../helpers/corpus-fixtures.ts';
import { tempDir } from '../helpers/temp-dir.ts';

describe('parse cache', () => {
  it('parses each file once: a second validation hits for every YAML text and gives the same corpus', () => {
    const cache = ParseCache.inMemory();
    const first = validateCorpus(smallCorpusFiles(), { cache });
    const parsed = cache.misses;
    expect(parsed).toBeGreaterThan(10);
    expect(cache.hits).toBe(0);
    const second = validateCorpus(smallCorpusFiles(), { cache });
    expect(cache.misses).toBe(parsed);
    expect(cache.hits).toBe(parsed);
    expect(second).toEqual(first);
  });

  it.each(invalidCaseNames())('%s: the same messages, lines included, from a warm cache', (name) => {
    const cold = validateCorpus(invalidCaseFiles(name));
    const cache = ParseCache.inMemory();
    validateCorpus(invalidCaseFiles(name), { cache });
    const warm = validateCorpus(invalidCaseFiles(name), { cache });
    const messages = (result: typeof cold) => (result.ok ? [] : result.problems.map(formatProblem));
    expect(messages(warm)).toEqual(messages(cold));
  });

  it('survives on disk between builds, which then write the same output', async () => {
    const work = tempDir('lexicon-cache-');
    const cacheDir = path.join(work, 'cache');
    const builtAt = new Date('2026-01-01T00:00:00Z');
    const first = await buildSite({ corpusDir: SMALL_CORPUS, outDir: path.join(work, 'a'), cacheDir, builtAt });
    expect(readdirSync(cacheDir)).toEqual(['parse-cache-yaml-2.9-v1.v8']);
    const warm = ParseCache.load(cacheDir);
    const second = await buildSite({ corpusDir: SMALL_CORPUS, outDir: path.join(work, 'b'), cacheDir, builtAt });
    expect(first.ok && second.ok && second.dataVersion === first.dataVersion).toBe(true);
    validateCorpus(smallCorpusFiles(), { cache: warm });
    expect(warm.misses).toBe(0);
  });
});
