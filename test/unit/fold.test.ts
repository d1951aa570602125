import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldForSearch } from '../../src/list/fold.ts';

describe('foldForSearch', () => {
  it.each([
    ['Æon', 'en', 'aeon'],
    ['Gnōsis', 'en', 'gnosis'],
    ['СОФИЯ', 'bg', 'софия'],
    ['Σοφία', 'en', 'σοφια'],
    ['ΣΟΦΊΑΣ', 'en', 'σοφιασ'],
    ['ἀρχή', 'en', 'αρχη'],
    ['Straße', 'en', 'strasse'],
    ['Œuvre', 'en', 'oeuvre'],
    ['Ørsted', 'en', 'orsted'],
    ['Łódź', 'en', 'lodz'],
    ['ﬁre', 'en', 'fire'],
    ['Ёлка', 'bg', 'елка'],
  ] as const)('%s (%s) -> %s', (text, locale, folded) => {
    expect(foldForSearch(text, locale)).toBe(folded);
  });

  it('is idempotent and never grows a string by more than the letter map allows', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 40 }),
        fc.constantFrom('en' as const, 'bg' as const),
        (text, locale) => {
          const once = foldForSearch(text, locale);
          expect(foldForSearch(once, locale)).toBe(once);
        },
      ),
    );
  });

  it('makes a substring of a name a substring of the folded name (for names without special letters)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-zА-Яа-я ]{1,30}$/), fc.nat(), fc.nat(), (name, a, b) => {
        const start = a % name.length;
        const part = name.slice(start, start + 1 + (b % (name.length - start)));
        expect(foldForSearch(name, 'bg').includes(foldForSearch(part, 'bg'))).toBe(true);
      }),
    );
  });

  it('folds ASCII text by lower-casing it, as the whole fold does (property)', () => {
    const wholeFold = (text: string) =>
      text
        .normalize('NFKD')
        .replace(/\p{M}+/gu, '')
        .toLowerCase()
        .replace(/[æœßøłđðþıς]/gu, (letter) => `<${letter}>`)
        .normalize('NFC');
    fc.assert(
      fc.property(fc.string({ unit: 'binary-ascii', maxLength: 40 }), (text) => {
        expect(foldForSearch(text, 'en')).toBe(wholeFold(text));
      }),
      { numRuns: 3000 },
    );
  });
});
