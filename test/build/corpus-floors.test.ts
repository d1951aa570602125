// The bundled corpus is the default every new user builds and the reference for real-data
// tests: these floors keep it from silently shrinking or losing its shape.
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { computeCorpusStats, type CorpusStats } from '../../scripts/lib/corpus-stats.ts';
import { loadCorpusFiles } from '../../scripts/lib/load-corpus.ts';
import { formatProblem, validateCorpus, type Corpus } from '../../scripts/lib/validate-corpus.ts';

let corpus: Corpus;
let stats: CorpusStats;

beforeAll(async () => {
  const validation = validateCorpus(await loadCorpusFiles(path.resolve(import.meta.dirname, '../../corpus')));
  if (!validation.ok) throw new Error(validation.problems.map(formatProblem).join('\n'));
  corpus = validation.corpus;
  stats = computeCorpusStats(corpus);
});

describe('the bundled corpus', () => {
  it('has at least 150 terms, each in English and Bulgarian', () => {
    expect(stats.terms).toBeGreaterThanOrEqual(150);
    for (const term of corpus.terms) expect(Object.keys(term.texts).sort()).toEqual(['bg', 'en']);
  });

  it('spreads over at least 7 pillars of at least 12 terms, including cosmology, alchemy and shadow', () => {
    const full = Object.entries(stats.perPillar).filter(([, count]) => count >= 12).map(([key]) => key);
    expect(full.length).toBeGreaterThanOrEqual(7);
    expect(full).toEqual(expect.arrayContaining(['cosmology', 'alchemy', 'shadow']));
  });

  it('covers at least 8 traditions', () => {
    expect(Object.values(stats.perTradition).filter((count) => count > 0).length).toBeGreaterThanOrEqual(8);
  });

  it('has at least 40 posts, referencing 2-8 terms each, so that at least 60% of terms have a related post', () => {
    expect(stats.posts).toBeGreaterThanOrEqual(40);
    for (const post of corpus.posts) expect(post.terms.length, post.slug).toBeGreaterThanOrEqual(2);
    for (const post of corpus.posts) expect(post.terms.length, post.slug).toBeLessThanOrEqual(8);
    expect(stats.postCoverage).toBeGreaterThanOrEqual(0.6);
  });

  it('gives every term 2-6 related terms and bodies of 150-400 words with the standard sections', () => {
    for (const term of corpus.terms) {
      expect(term.relatedTerms.length, term.slug).toBeGreaterThanOrEqual(2);
      expect(term.relatedTerms.length, term.slug).toBeLessThanOrEqual(6);
    }
    expect(stats.bodyLengthOutliers).toEqual([]);
    expect(stats.sectionMismatches).toEqual([]);
  });

  it('has a pronunciation and an etymology for every term in both languages', () => {
    expect(stats.missing.pronunciation).toEqual([]);
    expect(stats.missing.etymology).toEqual([]);
  });
});
