// The tradition filter, which arrived by declaring it once (src/contract/list-parameters.ts,
// src/contract/vocabularies.ts): its exact errors and warnings through the handler, and a
// brute-force oracle on the bundled corpus and on random corpora.
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateCorpus, SYNTHETIC_PILLARS, SYNTHETIC_TRADITIONS } from '../../bench/synthetic-corpus.ts';
import { loadCorpusFiles } from '../../scripts/lib/corpus/load-corpus.ts';
import { validateCorpus } from '../../scripts/lib/corpus/validate-corpus.ts';
import type { Locale } from '../../src/contract/facts.ts';
import { smallCorpusFiles } from '../helpers/corpus-fixtures.ts';
import { inMemorySite, type InMemorySite } from '../helpers/in-memory-site.ts';

const small = validateCorpus(smallCorpusFiles());
if (!small.ok) throw new Error('the small fixture corpus must be valid');
const smallSite = await inMemorySite(small.corpus);
const SMALL_TRADITIONS = ['Alchemical', 'Gnostic', 'Jungian'];
const DOCS = 'https://lexicon.test/api/lexicon/';

async function get(site: InMemorySite, query: string) {
  const response = await site.handle(`/api/lexicon/public?${query}`);
  return { status: response.status, body: JSON.parse(await response.text()) };
}

describe('the tradition parameter through the handler', () => {
  it.each([
    ['tradition=Gnostic', ['aeon', 'demiurge', 'pleroma', 'sophia'], undefined],
    ['tradition=Jungian', ['shadow'], undefined],
    ['tradition=gnostic', ['aeon', 'demiurge', 'pleroma', 'sophia'], ['tradition "gnostic" was read as "Gnostic"']],
    ['tradition=JUNGIAN&pillar=shadow', ['shadow'], ['tradition "JUNGIAN" was read as "Jungian"']],
    ['tradition=Gnostic&pillar=alchemy', [], undefined],
    ['tradition=', ['aeon', 'demiurge', 'nigredo', 'pleroma', 'shadow', 'sophia'], undefined],
    ['tradition=Alchemical&q=nigr', ['nigredo'], undefined],
  ])('?%s', async (query, slugs, warnings) => {
    const { status, body } = await get(smallSite, query);
    expect(status).toBe(200);
    expect(body.data.map((t: { slug: string }) => t.slug)).toEqual(slugs);
    expect(body.meta.total).toBe(slugs.length);
    expect(body.meta.warnings).toEqual(warnings);
  });

  it('answers an unknown tradition with a 400 listing the allowed ones, exactly like pillar', async () => {
    const response = await smallSite.handle(new Request('https://api.test/api/lexicon/public?tradition=Sufi'));
    expect(response.status).toBe(400);
    expect(response.headers.get('Content-Type')).toBe('application/problem+json; charset=utf-8');
    expect(JSON.parse(await response.text())).toEqual({
      type: `${DOCS}#invalid-parameter`,
      title: 'Invalid query parameter',
      status: 400,
      detail: 'tradition must be one of: Alchemical, Gnostic, Jungian',
      errors: [
        { parameter: 'tradition', detail: 'must be one of: Alchemical, Gnostic, Jungian', allowed: SMALL_TRADITIONS },
      ],
      attribution: {
        source: 'Test Lexicon',
        url: 'https://lexicon.test',
        license: 'CC BY-SA 4.0',
        required: 'Powered by Test Lexicon (https://lexicon.test) — CC BY-SA 4.0',
      },
    });
  });

  it('lists its error after the others, and refuses it twice', async () => {
    const both = await get(smallSite, 'pillar=nope&tradition=nope');
    expect(both.body.errors.map((e: { parameter: string }) => e.parameter)).toEqual(['pillar', 'tradition']);
    expect(both.body.detail).toBe('2 query parameters are invalid: pillar, tradition');
    const twice = await get(smallSite, 'tradition=Gnostic&tradition=Jungian');
    expect(twice.body.errors).toEqual([{ parameter: 'tradition', detail: 'is given 2 times; give it at most once' }]);
  });

  it('keeps the filter in the paging links, as applied', async () => {
    const response = await smallSite.handle('/api/lexicon/public?tradition=gnostic&limit=2');
    expect(response.headers.get('Link')).toContain(
      '<https://lexicon.test/api/lexicon/public?tradition=Gnostic&limit=2&offset=2>; rel="next"',
    );
  });

  it('publishes the vocabulary beside pillars.json, with both labels and counts', () => {
    const file = JSON.parse(String(smallSite.files.get('api/lexicon/traditions.json')));
    expect(file.data).toEqual([
      // No traditionLabels in this corpus: the name serves in both languages.
      { key: 'Alchemical', label: { en: 'Alchemical', bg: 'Alchemical' }, count: 1 },
      { key: 'Gnostic', label: { en: 'Gnostic', bg: 'Gnostic' }, count: 4 },
      { key: 'Jungian', label: { en: 'Jungian', bg: 'Jungian' }, count: 1 },
    ]);
    expect(file.attribution.license).toBe('CC BY-SA 4.0');
  });
});

/** Every slug the list gives for these parameters, walking its pages. */
async function walk(site: InMemorySite, params: URLSearchParams): Promise<string[]> {
  const seen: string[] = [];
  for (let offset = 0; ; offset += 500) {
    params.set('limit', '500');
    params.set('offset', String(offset));
    const { status, body } = await get(site, params.toString());
    expect(status).toBe(200);
    seen.push(...body.data.map((t: { slug: string }) => t.slug));
    if (!body.meta.hasMore) return seen;
  }
}

/** The oracle: the terms in list order, filtered one by one. */
function bruteForce(site: InMemorySite, locale: Locale, tradition: string, pillar?: string): string[] {
  return site.terms[locale]
    .filter((term) => term.tradition === tradition && (pillar === undefined || term.pillar === pillar))
    .map((term) => term.slug);
}

describe('the tradition filter against brute force', () => {
  it('on the bundled corpus: every tradition, in both locales, alone and with each pillar', async () => {
    const validation = validateCorpus(await loadCorpusFiles(path.resolve(import.meta.dirname, '../../corpus')));
    if (!validation.ok) throw new Error('the bundled corpus must be valid');
    const site = await inMemorySite(validation.corpus);
    const traditions = validation.corpus.site.traditions;
    expect(traditions.length).toBeGreaterThan(10);
    let matched = 0;
    for (const locale of ['en', 'bg'] as const) {
      for (const tradition of traditions) {
        const expected = bruteForce(site, locale, tradition);
        matched += expected.length;
        expect(await walk(site, new URLSearchParams({ locale, tradition })), tradition).toEqual(expected);
        const pillar = validation.corpus.site.pillars[traditions.indexOf(tradition) % 8]!.key;
        expect(await walk(site, new URLSearchParams({ locale, tradition, pillar }))).toEqual(
          bruteForce(site, locale, tradition, pillar),
        );
      }
    }
    // Every term has one tradition: the filters partition the corpus.
    expect(matched).toBe(2 * validation.corpus.terms.length);
    // traditions.json names each tradition in Bulgarian as site.yaml traditionLabels does.
    const file = JSON.parse(String(site.files.get('api/lexicon/traditions.json')));
    const labels = validation.corpus.site.traditionLabels?.bg ?? {};
    expect(Object.keys(labels).length).toBeGreaterThan(10);
    for (const entry of file.data) expect(entry.label).toEqual({ en: entry.key, bg: labels[entry.key] ?? entry.key });
    expect(file.data.map((e: { count: number }) => e.count).reduce((a: number, b: number) => a + b, 0)).toBe(
      validation.corpus.terms.length,
    );
  }, 120_000);

  it('on random corpora, with random case, pillars and pages', async () => {
    const sites = await Promise.all([3, 40, 250].map((n, i) => inMemorySite(generateCorpus(n, 11 + i))));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...sites.keys()),
        fc.constantFrom<Locale>('en', 'bg'),
        fc.constantFrom(...SYNTHETIC_TRADITIONS),
        fc.boolean(),
        fc.option(fc.constantFrom(...SYNTHETIC_PILLARS), { nil: undefined }),
        fc.integer({ min: 1, max: 80 }),
        fc.integer({ min: 0, max: 300 }),
        async (which, locale, tradition, lower, pillar, limit, offset) => {
          const site = sites[which]!;
          const params = new URLSearchParams({
            locale,
            tradition: lower ? tradition.toLowerCase() : tradition,
            limit: String(limit),
            offset: String(offset),
          });
          if (pillar) params.set('pillar', pillar);
          const { status, body } = await get(site, params.toString());
          expect(status).toBe(200);
          const expected = bruteForce(site, locale, tradition, pillar);
          expect(body.meta.total).toBe(expected.length);
          expect(body.data.map((t: { slug: string }) => t.slug)).toEqual(expected.slice(offset, offset + limit));
          expect(body.meta.warnings).toEqual(
            lower && tradition !== tradition.toLowerCase()
              ? [`tradition "${tradition.toLowerCase()}" was read as "${tradition}"`]
              : undefined,
          );
        },
      ),
      { numRuns: 200 },
    );
  }, 120_000);
});
