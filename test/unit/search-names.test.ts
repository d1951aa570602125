import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../../src/contract/facts.ts';
import { foldForSearch } from '../../src/list/fold.ts';
import { searchableNames, type TermNames } from '../../scripts/lib/names/search-names.ts';
import { bulgarianToLatin, greekToLatin } from '../../scripts/lib/names/transliteration.ts';

const sophia: TermNames = { name: { en: 'Sophia', bg: 'София' }, termOriginal: 'Σοφία', aliases: { en: [], bg: [] } };
const logos: TermNames = {
  name: { en: 'Logos', bg: 'Логос' },
  termOriginal: 'λόγος',
  aliases: { en: ['Word', 'Verbum'], bg: ['Слово', 'Logos'] },
};

describe('searchableNames', () => {
  it.each([
    // Served name first; the other locale's name, the original, the aliases and their
    // romanizations follow, folded (final sigma is σ) and without repeats.
    [sophia, 'en', ['sophia', 'софия', 'sofia', 'σοφια']],
    // For Bulgarian readers Latin names also appear in Cyrillic: Sophia -> софия, already there.
    [sophia, 'bg', ['софия', 'sofia', 'sophia', 'σοφια']],
    [logos, 'en', ['logos', 'логос', 'λογοσ', 'word', 'verbum', 'слово', 'slovo']],
    [logos, 'bg', ['логос', 'logos', 'λογοσ', 'слово', 'slovo', 'word', 'уорд', 'verbum', 'вербум']],
  ] as const)('%o in %s', (names, locale, expected) => {
    expect(searchableNames(names, locale)).toEqual(expected);
  });

  it('drops a name that another one contains, even the served one', () => {
    const names: TermNames = {
      name: { en: 'Stone', bg: 'Камък' },
      termOriginal: null,
      aliases: { en: ["Philosophers' Stone", ' '], bg: [] },
    };
    expect(searchableNames(names, 'en')).toEqual(['камък', 'kamak', "philosophers' stone"]);
  });

  it('skipping a transliteration of text without its script never changes the names (property)', () => {
    // Letters of every script the corpus mixes, accents, final sigma, Turkish I, spaces, digits.
    const char = fc.constantFrom(..."aAeEiIİıyYcCsShHoOéÉüÜñßæŒ ъЪиИяЯйЙѝЀёσςΣάἁὑΰϊ-'0".split(''));
    const text = fc.array(char, { maxLength: 12 }).map((chars) => chars.join(''));
    fc.assert(
      fc.property(text, fc.constantFrom(...LOCALES), (name, locale: Locale) => {
        expect(
          foldForSearch(bulgarianToLatin(name), locale) === foldForSearch(name, locale) ||
            /\p{Script=Cyrillic}/u.test(name),
        ).toBe(true);
        expect(
          foldForSearch(greekToLatin(name), locale) === foldForSearch(name, locale) || /\p{Script=Greek}/u.test(name),
        ).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });
});
