// soundKey and stripMarks were rewritten for speed (one loop over the letters; ASCII returned as
// it is): they must give what the rules as first written give, on generated names (marks,
// compatibility characters, case that folds into ASCII, the digraphs the rules rewrite) and on
// every spelling and transliterated word the bundled corpus's name checks meet.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { soundKey } from '../../scripts/lib/corpus/scholar-checks.ts';
import { spellings, stripMarks } from '../../scripts/lib/names/family-spellings.ts';
import { bulgarianToLatin } from '../../scripts/lib/names/transliteration.ts';

const stripMarksAsWritten = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .normalize('NFC');

const SOUND_CLASSES: Record<string, string> = {
  ...Object.fromEntries([...'bfpvw'].map((l) => [l, '1'])),
  ...Object.fromEntries([...'cgjkqsxz'].map((l) => [l, '2'])),
  d: '3',
  t: '3',
  l: '4',
  m: '5',
  n: '5',
  r: '6',
};

/** soundKey as first written (scholar-checks.ts before the tenth session). */
function soundKeyAsWritten(latinName: string, silentW = false): string {
  const letters = stripMarksAsWritten(latinName)
    .toLowerCase()
    .replace(/[^a-z]/g, '')
    .replace(/^kn/, 'n')
    .replace(/dzh/g, 'g')
    .replace(/tz/g, 'z')
    .replace(/w/g, silentW ? '' : 'w');
  let key = '';
  for (const [index, letter] of [...letters].entries()) {
    const glide = letter === 'y';
    const sounded =
      !glide || (/[aeiou]/.test(letters[index + 1] ?? '') && (index === 0 || /[aeiou]/.test(letters[index - 1] ?? '')));
    const code = !sounded ? '' : glide ? '2' : (SOUND_CLASSES[letter] ?? '');
    if (code !== '' && !key.endsWith(code)) key += code;
  }
  return key;
}

const PIECES = [
  ...'abcdefghijklmnopqrstuvwxyzAEIOUY'.split(''),
  'y',
  'ya',
  'ay',
  'yy',
  'kn',
  'Kn',
  'dzh',
  'DZH',
  'tz',
  'w',
  'W',
  'ww',
  'é',
  'ö',
  'ü',
  'ß',
  'ø',
  'ł',
  'ﬁ',
  'K', // Kelvin sign: lower case is ASCII k
  'İ',
  'ſ',
  '\u0301',
  '\u0308',
  "'",
  '’',
  '-',
  ' ',
  '1',
  'ш',
  'Ж',
  '𝔞',
];

describe('soundKey and stripMarks against the rules as first written', () => {
  it('on generated names, both ways of reading w', () => {
    const name = fc.array(fc.constantFrom(...PIECES), { maxLength: 14 }).map((pieces) => pieces.join(''));
    fc.assert(
      fc.property(
        fc.oneof(name, fc.string({ maxLength: 8 }), fc.string({ unit: 'binary', maxLength: 6 })),
        fc.boolean(),
        (n, w) => {
          expect(soundKey(n, w)).toBe(soundKeyAsWritten(n, w));
          expect(stripMarks(n)).toBe(stripMarksAsWritten(n));
        },
      ),
      { numRuns: 20_000 },
    );
  });

  it('on every spelling of every family and every capitalised word of the bundled corpus', () => {
    const corpus = path.resolve(import.meta.dirname, '../../corpus/terms');
    const names = new Set<string>();
    for (const file of fg.sync('*/{term.yaml,bg.md}', { cwd: corpus })) {
      const text = readFileSync(path.join(corpus, file), 'utf8');
      for (const word of text.match(/\p{Lu}[\p{L}'’-]*/gu) ?? []) {
        names.add(word);
        if (file.endsWith('bg.md')) names.add(bulgarianToLatin(word.replace(/[цЦ]/g, 'z')));
        else for (const spelling of spellings(word)) names.add(spelling);
      }
    }
    expect(names.size).toBeGreaterThan(5000);
    for (const n of names) {
      for (const w of [false, true]) expect(soundKey(n, w), n).toBe(soundKeyAsWritten(n, w));
      expect(stripMarks(n), n).toBe(stripMarksAsWritten(n));
    }
  });
});
