// Editorial findings kept in the parse cache (editorial-outcomes.ts) are the findings of the
// plain checks: the same messages, lines and order, cold, warm, and after one file changed; and
// a warm build checks only what changed.
import { appendFileSync, cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { editorialFindings, formatFinding } from '../../scripts/lib/corpus/editorial-checks.ts';
import {
  cachedTermFindings,
  completeFindings,
  editorialTerm,
  findingsMissing,
  linelessFindings,
} from '../../scripts/lib/corpus/editorial-outcomes.ts';
import type { CorpusFiles } from '../../scripts/lib/corpus/load-corpus.ts';
import { ParseCache } from '../../scripts/lib/corpus/parse-cache.ts';
import { validateCorpus } from '../../scripts/lib/corpus/validate-corpus.ts';
import { buildSite } from '../../scripts/lib/publish/build-site.ts';
import { BuildTimings } from '../../scripts/lib/publish/build-timings.ts';
import { SMALL_CORPUS, smallCorpusFiles } from '../helpers/corpus-fixtures.ts';
import { tempDir } from '../helpers/temp-dir.ts';
import { textLookups } from '../helpers/text-lookups.ts';

const ADDED: Record<string, string> = {
  'corpus/terms/aeon/en.md': '\nSome scholars suspect a polemic. It has been argued that it is late.\n',
  'corpus/terms/aeon/bg.md': '\nНякои учени подозират полемика.\n',
  'corpus/terms/sophia/en.md': '\nThe date is still debated.\n',
  'corpus/terms/shadow/bg.md': '\nДатата е спорна.\n',
};

/** The small corpus with anonymous views in three terms (`extra`: more text at the end of a file). */
function corpusWithFindings(extra: Record<string, string> = {}): CorpusFiles {
  const files = smallCorpusFiles();
  return {
    ...files,
    files: files.files.map((file) => ({
      ...file,
      text: file.text + (ADDED[file.path] ?? '') + (extra[file.path] ?? ''),
    })),
  };
}

/** Each text asked for (for a finding's line), by path. */
let textsAsked: string[] = [];

/**
 * Validated, then the editorial findings through `cache` (cachedTermFindings, keyed by the files'
 * digests) or the plain checks, formatted.
 */
function findingsOf(files: CorpusFiles, cache?: ParseCache) {
  const validated = validateCorpus(files, { cache });
  if (!validated.ok) throw new Error(validated.problems.map((p) => p.message).join('\n'));
  const { sources, digestOf, asked } = textLookups(files);
  const perTerm = cache && cachedTermFindings(cache, digestOf);
  textsAsked = asked;
  return editorialFindings(validated.corpus, sources, perTerm).map(formatFinding);
}

describe('editorial findings in the parse cache', () => {
  const cacheDir = tempDir();
  const plain = findingsOf(corpusWithFindings());
  const terms = validateCorpus(corpusWithFindings());
  const termCount = terms.ok ? terms.corpus.terms.length : 0;

  it('the corpus has findings in several terms and both locales', () => {
    expect(plain.length).toBeGreaterThanOrEqual(5);
    expect(plain.some((line) => line.includes('/bg.md'))).toBe(true);
  });

  it('cold: every term is checked, the same findings in the same order', () => {
    const cache = ParseCache.inMemory();
    expect(findingsOf(corpusWithFindings(), cache)).toEqual(plain);
    expect(cache.findingsMisses).toBe(termCount);
    expect(cache.findingsHits).toBe(0);
    cache.save(cacheDir);
  });

  it('warm: nothing is checked again, the same findings', () => {
    const cache = ParseCache.load(cacheDir);
    expect(findingsOf(corpusWithFindings(), cache)).toEqual(plain);
    expect(cache.findingsMisses).toBe(0);
    expect(cache.findingsHits).toBe(termCount);
    // The keys are the files' digests: no text is asked for (at 100,000 terms, read from disk).
    expect(textsAsked).toEqual([]);
  });

  it('one file changed: only its term is checked again, and its new finding is reported', () => {
    const changed = corpusWithFindings({ 'corpus/terms/demiurge/bg.md': '\nСмята се, че е късен.\n' });
    const expected = findingsOf(changed);
    expect(expected.length).toBe(plain.length + 1);
    const cache = ParseCache.load(cacheDir);
    expect(findingsOf(changed, cache)).toEqual(expected);
    expect(cache.findingsMisses).toBe(1);
    expect(cache.findingsHits).toBe(termCount - 1);
  });

  it("site.yaml's Interpretations heading is part of the key: a renamed heading checks every term again", () => {
    const renamed = corpusWithFindings();
    const site = renamed.files.find((file) => file.path === 'corpus/site.yaml');
    if (!site) throw new Error('no site.yaml');
    expect(site.text).toContain('en: [Overview]');
    site.text = site.text.replace('en: [Overview]', 'en: [Overview, Readings]');
    const cache = ParseCache.load(cacheDir);
    expect(findingsOf(renamed, cache)).toEqual(findingsOf(renamed));
    expect(cache.findingsHits).toBe(0);
  });
});

describe('editorial findings worked out without the texts (a check thread), then completed here', () => {
  const files = corpusWithFindings();
  const validated = validateCorpus(files);
  if (!validated.ok) throw new Error('the corpus is invalid');
  const { corpus } = validated;
  const { sources, digestOf } = textLookups(files);
  const plain = findingsOf(corpusWithFindings());

  it('the same findings, lines included, as the plain checks; the same cache entries', () => {
    const cache = ParseCache.inMemory();
    const missing = findingsMissing(corpus, cache, digestOf);
    expect(missing.terms).toHaveLength(corpus.terms.length);
    // What the thread sends back has no lines: they are what the main thread adds.
    const lineless = linelessFindings(structuredClone(missing.terms.map(editorialTerm)), missing.headings);
    expect(lineless.flat().length).toBe(plain.length);
    expect(lineless.flat().every((finding) => finding.line === undefined)).toBe(true);
    expect(editorialFindings(corpus, sources, completeFindings(missing, lineless, cache)).map(formatFinding)).toEqual(
      plain,
    );
    expect(cache.findingsMisses).toBe(corpus.terms.length);
    const cacheDir = tempDir();
    cache.save(cacheDir);
    const warm = ParseCache.load(cacheDir);
    expect(findingsOf(corpusWithFindings(), warm)).toEqual(plain);
    expect(warm.findingsHits).toBe(corpus.terms.length);
  });

  it('no answer from the thread: every missing term is worked out here, the same findings', () => {
    const cache = ParseCache.inMemory();
    const missing = findingsMissing(corpus, cache, digestOf);
    expect(editorialFindings(corpus, sources, completeFindings(missing, [], cache)).map(formatFinding)).toEqual(plain);
  });

  it('terms the cache knows are not sent', () => {
    const cache = ParseCache.inMemory();
    findingsOf(corpusWithFindings(), cache);
    const missing = findingsMissing(corpus, cache, digestOf);
    expect(missing.terms).toEqual([]);
    expect(editorialFindings(corpus, sources, completeFindings(missing, [], cache)).map(formatFinding)).toEqual(plain);
  });
});

describe('editorial findings of a build, cold and warm', () => {
  const work = tempDir();
  const corpusDir = path.join(work, 'corpus');
  const cacheDir = path.join(work, 'cache');
  const build = (out: string) =>
    buildSite({
      corpusDir,
      outDir: path.join(work, out),
      cacheDir,
      builtAt: new Date('2026-01-01T00:00:00Z'),
      editorialErrors: new Set(),
    });
  const warnings = (result: Awaited<ReturnType<typeof build>>) => {
    if (!result.ok) throw new Error(result.messages.join('\n'));
    return result.warnings.map(formatFinding);
  };

  beforeAll(() => {
    cpSync(SMALL_CORPUS, corpusDir, { recursive: true });
    for (const [file, text] of Object.entries(ADDED)) appendFileSync(path.join(work, file), text);
  });

  it('a cold build with the findings on a check thread warns of exactly what one without does', async () => {
    const timings = new BuildTimings();
    const threaded = await buildSite({
      corpusDir,
      outDir: path.join(work, 'threaded'),
      builtAt: new Date('2026-01-01T00:00:00Z'),
      editorialErrors: new Set(),
      editorialThread: true,
      timings,
    });
    const alone = await buildSite({
      corpusDir,
      outDir: path.join(work, 'alone'),
      builtAt: new Date('2026-01-01T00:00:00Z'),
      editorialErrors: new Set(),
      editorialThread: false,
    });
    expect(warnings(threaded).length).toBeGreaterThanOrEqual(5);
    expect(warnings(threaded)).toEqual(warnings(alone));
    expect(timings.phases.map(({ phase }) => phase)).toContain('waiting for the editorial checks (check thread)');
  });

  it('a warm build warns of exactly what the cold one did; an edited file is checked again', async () => {
    const cold = warnings(await build('cold'));
    expect(cold.length).toBeGreaterThanOrEqual(5);
    expect(warnings(await build('warm'))).toEqual(cold);
    const edited = path.join(corpusDir, 'terms/aeon/en.md');
    writeFileSync(edited, readFileSync(edited, 'utf8').replace('Some scholars suspect', 'Kurt Rudolph suspects'));
    const after = warnings(await build('edited'));
    expect(after).toEqual(cold.filter((line) => !line.includes('"Some scholars suspect"')));
    expect(after.length).toBe(cold.length - 1);
  });
});
