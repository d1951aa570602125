// The transliterations against the code before the eleventh session (kept in
// test/helpers/transliteration-before-eleventh-session.ts): Latin -> Bulgarian now looks up the
// sequences by their first letter and answers "is a letter" for ASCII without a Unicode
// property; every output must stay the same, in every script the corpus mixes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as now from '../../scripts/lib/names/transliteration.ts';
import * as before from '../helpers/transliteration-before-eleventh-session.ts';

// Every Latin sequence's letters in both cases, accents (precomposed and combining), Greek with
// breathings and diaereses, Cyrillic, digits, punctuation, spaces, a mark alone, an astral letter.
const piece = fc.constantFrom(
  ...'abcdefghijklmnopqrstuvwxyzABCHKPSTXYZæœÆŒéÉüïñßłç'.split(''),
  ...['sht', 'sch', 'ch', 'ia', 'ya', 'yu', 'qu', 'ck', 'tz', 'ae', 'oe', 'ce', 'ci', 'cy', 'ja', 'ju', 'Ia'],
  ...'αβγδεζηθικλμνξοπρσςτυφχψωϝἁὑΰϊἈῤῥΣ'.split(''),
  ...'абвгджзийклмнопрстуфхцчшщъьюяѝЯИЙ'.split(''),
  ...[' ', '-', "'", '0', '7', '.', '\u0301', '\u0314', '\u0308', '𝔄', 'ия', 'България'],
);
const text = fc.array(piece, { maxLength: 14 }).map((pieces) => pieces.join(''));

describe('the transliterations', () => {
  it('give what the earlier code gave, for any text (property)', () => {
    fc.assert(
      fc.property(text, (written) => {
        expect(now.latinToBulgarian(written)).toBe(before.latinToBulgarian(written));
        expect(now.greekToLatin(written)).toBe(before.greekToLatin(written));
        expect(now.bulgarianToLatin(written)).toBe(before.bulgarianToLatin(written));
      }),
      { numRuns: 5000 },
    );
  });
});
