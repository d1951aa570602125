import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../../src/contract/facts.ts';
import { foldForSearch } from '../../src/list/fold.ts';
import { searchableNamesByLocale, type TermNames } from '../../scripts/lib/names/search-names.ts';
import { bulgarianToLatin, greekToLatin } from '../../scripts/lib/names/transliteration.ts';
import { searchableNamesBefore } from '../helpers/search-names-before-eleventh-session.ts';

const searchableNames = (names: TermNames, locale: Locale) => searchableNamesByLocale(names)[locale];

// Letters of every script the corpus mixes, accents, final sigma, Turkish I, spaces, digits.
const char = fc.constantFrom(..."aAeEiIİıyYcCsShHoOéÉüÜñßæŒ ъЪиИяЯйЙѝЀёσςΣάἁὑΰϊ-'0".split(''));
const text = fc.oneof(
  fc.array(char, { maxLength: 12 }).map((chars) => chars.join('')),
  // Texts a term often writes twice (a name again as an alias, in the other locale too).
  fc.constantFrom('Sophia', 'София', 'Σοφία', 'Logos', "Philosophers' Stone"),
);

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

  it('are, in each locale, what the one-locale-at-a-time code gave (property)', () => {
    const texts = fc.array(text, { maxLength: 3 });
    const names = fc.record({
      name: fc.record({ en: text, bg: text }),
      termOriginal: fc.option(text, { nil: null }),
      aliases: fc.record({ en: texts, bg: texts }),
    });
    fc.assert(
      fc.property(names, (term: TermNames) => {
        const both = searchableNamesByLocale(term);
        for (const locale of LOCALES) expect(both[locale]).toEqual(searchableNamesBefore(term, locale));
      }),
      { numRuns: 2000 },
    );
  });

  it('folds text the same in every locale, so both locales share each fold (property)', () => {
    fc.assert(
      fc.property(fc.oneof(text, fc.string({ unit: 'binary' })), (written) => {
        for (const locale of LOCALES) expect(foldForSearch(written, locale)).toBe(foldForSearch(written, LOCALES[0]));
      }),
      { numRuns: 2000 },
    );
  });
});
