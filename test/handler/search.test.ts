// What `q` finds (issue 14): the examples of the issue, on the small fixture corpus plus terms
// whose names need another script, the original form or an alias to be found.
import { describe, expect, it } from 'vitest';
import type { Locale } from '../../src/contract/facts.ts';
import { validateCorpus, type CorpusTerm } from '../../scripts/lib/corpus/validate-corpus.ts';
import { smallCorpusFiles } from '../helpers/corpus-fixtures.ts';
import { inMemorySite } from '../helpers/in-memory-site.ts';

const validation = validateCorpus(smallCorpusFiles());
if (!validation.ok) throw new Error('the small fixture corpus must be valid');

function term(slug: string, termOriginal: string | null, en: [string, string[]], bg: [string, string[]]): CorpusTerm {
  const text = ([name, aliases]: [string, string[]]) => ({
    term: name,
    definition: `${name}.`,
    etymology: null,
    pronunciation: null,
    aliases,
    body: '## Overview\n\nText.',
  });
  return {
    slug,
    pillar: 'cosmology',
    tradition: 'Gnostic',
    termOriginal,
    relatedTerms: [],
    file: `corpus/terms/${slug}/term.yaml`,
    texts: { en: text(en), bg: text(bg) },
  };
}

const corpus = {
  ...validation.corpus,
  terms: [
    ...validation.corpus.terms,
    term('logos', 'λόγος', ['Logos', ['Word']], ['Логос', ['Слово']]),
    term('yaldabaoth', 'ילדבאות', ['Yaldabaoth', ['Ialdabaoth']], ['Ялдабаот', ['Ялдаваот']]),
    term('qliphoth', 'קליפות', ['Qelippot', ['Qliphoth']], ['Келипот', ['Клипот']]),
    term('merkavah', 'מרכבה', ['Merkavah', ['Merkabah']], ['Меркава', []]),
    term('shtarkel', null, ['Stork', []], ['Щъркел', []]),
  ].sort((a, b) => (a.slug < b.slug ? -1 : 1)),
};
const site = await inMemorySite(corpus);

async function slugsFor(query: string): Promise<string[]> {
  const response = await site.handle(`/api/lexicon/public?${new URLSearchParams(query)}`);
  expect(response.status).toBe(200);
  const body = JSON.parse(await response.text());
  expect(body.meta.total).toBe(body.data.length);
  return body.data.map((item: { slug: string }) => item.slug);
}

describe('q finds a term by any of its names, in either script', () => {
  it.each<[string, string, string[]]>([
    // The name in the served locale, as before.
    ['sophia', 'en', ['sophia']],
    ['софия', 'bg', ['sophia']],
    // The Streamlined System: София -> Sofia, Щъркел -> Shtarkel.
    ['sofia', 'bg', ['sophia']],
    ['shtarkel', 'en', ['shtarkel']],
    // The name in the other locale.
    ['софия', 'en', ['sophia']],
    ['aeon', 'bg', ['aeon']],
    ['еон', 'en', ['aeon']],
    // The original-script form, with or without accents, and its romanization.
    ['σοφια', 'en', ['sophia']],
    ['Σοφία', 'bg', ['sophia']],
    ['λογος', 'en', ['logos']],
    ['λόγος', 'bg', ['logos']],
    ['logos', 'en', ['logos']],
    ['logos', 'bg', ['logos']],
    ['pleroma', 'bg', ['pleroma']],
    ['demiourgos', 'en', ['demiurge']],
    // Aliases of either locale, and Latin names in Cyrillic for Bulgarian readers.
    ['ialdabaoth', 'en', ['yaldabaoth']],
    ['ialdabaoth', 'bg', ['yaldabaoth']],
    ['ялдаваот', 'en', ['yaldabaoth']],
    ['qliphoth', 'en', ['qliphoth']],
    ['клипот', 'bg', ['qliphoth']],
    ['merkabah', 'bg', ['merkavah']],
    ['меркаба', 'bg', ['merkavah']],
    ['word', 'bg', ['logos']],
    ['слово', 'en', ['logos']],
    // Still a substring of one name: never across two of a term's names.
    ['logos word', 'en', []],
    ['zzz', 'en', []],
  ])('q=%s&locale=%s', async (q, locale, expected) => {
    expect(await slugsFor(`q=${q}&locale=${locale as Locale}`)).toEqual(expected);
  });

  it('keeps the collation order of the served name', async () => {
    // Every term has an "o" somewhere among its names; the order is that of the unfiltered list.
    const all = await slugsFor('locale=bg&limit=500');
    const found = await slugsFor('locale=bg&q=o&limit=500');
    expect(found).toEqual(all.filter((slug) => found.includes(slug)));
    expect(found.length).toBeGreaterThan(5);
  });
});
