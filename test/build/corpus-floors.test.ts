// The bundled corpus is the default every new user builds and the reference for real-data
// tests: these floors keep it from silently shrinking or losing its shape.
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { computeCorpusStats, RELATED_TERMS_MAX, type CorpusStats } from '../../scripts/lib/corpus/corpus-stats.ts';
import { EDITORIAL_ERRORS } from '../../scripts/lib/corpus/editorial-checks.ts';
import { crossLinks } from '../../scripts/lib/publish/api-records.ts';
import { loadCorpusFiles, loadStyleVariants } from '../../scripts/lib/corpus/load-corpus.ts';
import { formatProblem, validateCorpus, type Corpus } from '../../scripts/lib/corpus/validate-corpus.ts';

const CORPUS = path.resolve(import.meta.dirname, '../../corpus');
let corpus: Corpus;
let stats: CorpusStats;

beforeAll(async () => {
  const validation = validateCorpus(await loadCorpusFiles(CORPUS));
  if (!validation.ok) throw new Error(validation.problems.map(formatProblem).join('\n'));
  corpus = validation.corpus;
  const style = await loadStyleVariants(CORPUS);
  if (!style.ok) throw new Error(style.problems.map(formatProblem).join('\n'));
  stats = computeCorpusStats(corpus, style.variants);
  // Reading and validating 500+ terms on a shared, loaded machine takes several seconds.
}, 120_000);

describe('the bundled corpus', () => {
  it('has at least 320 terms, each in English and Bulgarian', () => {
    expect(stats.terms).toBeGreaterThanOrEqual(320);
    for (const term of corpus.terms) expect(Object.keys(term.texts).sort()).toEqual(['bg', 'en']);
  });

  it('spreads over 8 pillars of at least 25 terms, including cosmology, alchemy and shadow', () => {
    const full = Object.entries(stats.perPillar)
      .filter(([, count]) => count >= 25)
      .map(([key]) => key);
    expect(full.length).toBe(8);
    expect(full).toEqual(expect.arrayContaining(['cosmology', 'alchemy', 'shadow']));
  });

  it('covers at least 16 traditions with at least 4 entries each, and no tradition with fewer', () => {
    expect(stats.traditionsWithFourOrMore).toBeGreaterThanOrEqual(16);
    for (const [tradition, count] of Object.entries(stats.perTradition))
      expect(count, tradition).toBeGreaterThanOrEqual(4);
  });

  it('gives every entry 2-5 references, at least one of them modern scholarship', () => {
    expect(stats.withoutReferences).toEqual([]);
    for (const term of corpus.terms)
      expect(
        term.references?.some((r) => r.kind === 'scholarly'),
        term.slug,
      ).toBe(true);
  });

  it('has at least 70 posts, referencing 2-8 terms each, so that at least 95% of terms have a related post', () => {
    expect(stats.posts).toBeGreaterThanOrEqual(70);
    for (const post of corpus.posts) expect(post.terms.length, post.slug).toBeGreaterThanOrEqual(2);
    for (const post of corpus.posts) expect(post.terms.length, post.slug).toBeLessThanOrEqual(8);
    expect(stats.postCoverage).toBeGreaterThanOrEqual(0.95);
  });

  it(`gives every term 2-${RELATED_TERMS_MAX} related terms, at least 99% of links reciprocal`, () => {
    for (const term of corpus.terms) {
      expect(crossLinks(term).length, term.slug).toBeGreaterThanOrEqual(2);
      expect(crossLinks(term).length, term.slug).toBeLessThanOrEqual(RELATED_TERMS_MAX);
    }
    expect(stats.overLinked).toEqual([]);
    expect(stats.reciprocalShare).toBeGreaterThanOrEqual(0.99);
  });

  it('keeps bodies at 150-450 words (without Sources) with the standard sections, and the style sheet', () => {
    expect(stats.bodyLengthOutliers).toEqual([]);
    expect(stats.sectionMismatches).toEqual([]);
    expect(stats.styleWarnings).toEqual([]);
  });

  it('writes every author "Family, Given", joined by "; ", and describes each work alike wherever it is cited', () => {
    expect(stats.authorFormat).toEqual([]);
    expect(stats.workInconsistencies).toEqual([]);
  });

  it('has no finding of an editorial check that fails the build', () => {
    for (const check of EDITORIAL_ERRORS) expect(stats.editorial[check], check).toEqual([]);
  });

  it('names a scholar from the references in (nearly) every Interpretations section', () => {
    const sections = 2 * stats.terms;
    expect((sections - stats.interpretationsWithoutScholar.length) / sections).toBeGreaterThanOrEqual(0.99);
  });

  it('has an etymology everywhere, the language of every original form, and a pronunciation for at least 90%', () => {
    expect(stats.missing.etymology).toEqual([]);
    expect(stats.missing.termOriginalLang).toEqual([]);
    // STYLE.md: plain words of the language ("self", „сянка“) have none.
    expect(stats.missing.pronunciation.length).toBeLessThanOrEqual(0.1 * 2 * stats.terms);
  });
});
