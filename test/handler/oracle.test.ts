// The list endpoint against a brute-force oracle: filter, sort by collation, slice, computed
// directly from the corpus records with none of the index machinery. Search is a substring test
// on every searchable name (docs/api-contract.md, "Search"), each written or transliterated form
// folded on its own: no deduplication, no grams, no joined strings.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Locale } from '../../src/contract/facts.ts';
import { LIST_PARAMETERS } from '../../src/contract/list-parameters.ts';
import { foldForSearch } from '../../src/list/fold.ts';
import { bulgarianToLatin, greekToLatin, latinToBulgarian } from '../../scripts/lib/names/transliteration.ts';
import type { CorpusTerm } from '../../scripts/lib/corpus/validate-corpus.ts';
import { toListItem } from '../../scripts/lib/publish/api-records.ts';
import { generateCorpus, SYNTHETIC_PILLARS } from '../../bench/synthetic-corpus.ts';
import { inMemorySite } from '../helpers/in-memory-site.ts';

const corpus = generateCorpus(400, 7);
const site = await inMemorySite(corpus);

/** The written names of a term in any locale: both names, the original form, every alias. */
function writtenNames(term: CorpusTerm): string[] {
  const { en, bg } = term.texts;
  return [
    en.term,
    bg.term,
    ...(term.termOriginal ? [term.termOriginal] : []),
    ...(en.aliases ?? []),
    ...(bg.aliases ?? []),
  ];
}

function searchableNames(term: CorpusTerm, locale: Locale): string[] {
  return writtenNames(term)
    .flatMap((name) => [
      name,
      bulgarianToLatin(name),
      greekToLatin(name),
      ...(locale === 'bg' && /\p{Script=Latin}/u.test(name) ? [latinToBulgarian(name)] : []),
    ])
    .map((name) => foldForSearch(name, locale));
}

/** Every matching slug, in the endpoint's order. */
function allMatches(locale: Locale, pillar: string | undefined, q: string | undefined): string[] {
  const collator = new Intl.Collator(locale);
  const needle = q === undefined ? undefined : foldForSearch(q.trim(), locale);
  return corpus.terms
    .filter((term) => pillar === undefined || term.pillar === pillar)
    .filter((term) => !needle || searchableNames(term, locale).some((name) => name.includes(needle)))
    .sort((a, b) => collator.compare(a.texts[locale].term, b.texts[locale].term) || (a.slug < b.slug ? -1 : 1))
    .map((term) => term.slug);
}

function oracle(locale: Locale, pillar: string | undefined, q: string | undefined, limit: number, offset: number) {
  const matches = allMatches(locale, pillar, q);
  const appliedLimit = Math.min(LIST_PARAMETERS.limit.maximum, Math.max(1, limit));
  const appliedOffset = Math.min(LIST_PARAMETERS.offset.maximum, Math.max(0, offset));
  return {
    total: matches.length,
    limit: appliedLimit,
    offset: appliedOffset,
    hasMore: appliedOffset + appliedLimit < matches.length,
    slugs: matches.slice(appliedOffset, appliedOffset + appliedLimit),
  };
}

// Every written name and its transliterations, so that searches hit through each of them.
const names = corpus.terms.flatMap((t) =>
  writtenNames(t).flatMap((n) => [n, bulgarianToLatin(n), greekToLatin(n), latinToBulgarian(n)]),
);
// Search text: substrings of real names (in any case), random letters of three scripts, or noise.
const qArbitrary = fc.oneof(
  fc.tuple(fc.constantFrom(...names), fc.nat(), fc.nat(10), fc.boolean()).map(([name, start, length, upper]) => {
    const from = start % name.length;
    const part = name.slice(from, from + 1 + length);
    return upper ? part.toUpperCase() : part;
  }),
  fc.stringMatching(/^[aeiouæßōéüаеиоуъщюяйσοφιαλγώ ]{1,3}$/),
  fc.string({ maxLength: 6 }),
  fc.constant('  '),
);

describe('list endpoint vs the oracle', () => {
  it('matches filter + sort + slice for random queries', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<Locale>('en', 'bg'),
        fc.option(
          fc
            .tuple(fc.constantFrom(...SYNTHETIC_PILLARS), fc.boolean())
            .map(([p, upper]) => (upper ? p.toUpperCase() : p)),
          { nil: undefined },
        ),
        fc.option(qArbitrary, { nil: undefined }),
        fc.oneof(fc.integer({ min: 1, max: 60 }), fc.integer({ min: -5, max: 600 })),
        fc.oneof(fc.integer({ min: 0, max: 450 }), fc.integer({ min: -10, max: 2_000_000_000 })),
        async (locale, pillar, q, limit, offset) => {
          const params = new URLSearchParams({ locale, limit: String(limit), offset: String(offset) });
          if (pillar !== undefined) params.set('pillar', pillar);
          if (q !== undefined) params.set('q', q);
          const response = await site.handle(`/api/lexicon/public?${params}`);
          if (q !== undefined && [...q.trim()].length > 100) return;
          expect(response.status).toBe(200);
          const body = JSON.parse(await response.text());
          const expected = oracle(locale, pillar?.toLowerCase(), q?.trim() === '' ? undefined : q, limit, offset);
          expect({ ...body.meta, warnings: undefined }).toEqual({
            ...expected,
            slugs: undefined,
            locale,
            warnings: undefined,
          });
          expect(body.data.map((t: { slug: string }) => t.slug)).toEqual(expected.slugs);
          const records = new Map(site.terms[locale].map((t) => [t.slug, toListItem(t)]));
          for (const item of body.data) expect(item).toEqual(records.get(item.slug));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('walks every page of every filter and sees each matching term exactly once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<Locale>('en', 'bg'),
        fc.option(fc.constantFrom(...SYNTHETIC_PILLARS), { nil: undefined }),
        fc.option(fc.stringMatching(/^[aeioаеиоσο]$/), { nil: undefined }),
        fc.integer({ min: 1, max: 120 }),
        async (locale, pillar, q, limit) => {
          const seen: string[] = [];
          let offset = 0;
          for (;;) {
            const params = new URLSearchParams({ locale, limit: String(limit), offset: String(offset) });
            if (pillar) params.set('pillar', pillar);
            if (q) params.set('q', q);
            const body = JSON.parse(await (await site.handle(`/api/lexicon/public?${params}`)).text());
            seen.push(...body.data.map((t: { slug: string }) => t.slug));
            if (!body.meta.hasMore) break;
            offset += limit;
          }
          expect(seen).toEqual(allMatches(locale, pillar, q));
        },
      ),
      { numRuns: 60 },
    );
  });
});
