// capitalisedMatches skips what cannot start a capitalised word without a regular expression: it
// must find exactly what the global match finds, on generated text (Latin, Cyrillic and Greek of
// both cases, title case, letters outside the BMP, lone surrogates, hyphens, marks) and on every
// en.md and bg.md of the bundled corpus.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { capitalisedMatches } from '../../scripts/lib/names/capitalised-words.ts';

const globalMatch = (text: string) => text.match(/\p{Lu}[\p{L}-]*/gu) ?? [];

const PIECES = [
  ...'aZzAbБбЯяЀѐџЏҐґΣσ'.split(''),
  'Шолем',
  'Лопес-младши',
  'van',
  'O’Regan',
  'ǅ', // title case: a letter, not upper case
  '𝔄', // upper case outside the BMP
  '𝔞',
  '𐐀', // Deseret capital
  '\ud835', // a lone high surrogate
  '\udd04', // a lone low surrogate
  '-',
  ' ',
  '\u00a0',
  '\u0301',
  '„',
  '“',
  '—',
  '.',
  '1',
  '\n',
];

describe('capitalisedMatches equals the global match', () => {
  it('on generated text', () => {
    const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((pieces) => pieces.join(''));
    fc.assert(
      fc.property(fc.oneof(text, fc.string({ unit: 'binary', maxLength: 20 })), (t) => {
        expect(capitalisedMatches(t)).toEqual(globalMatch(t));
      }),
      { numRuns: 20_000 },
    );
  });

  it('on every en.md and bg.md of the bundled corpus', () => {
    const corpus = path.resolve(import.meta.dirname, '../../corpus/terms');
    const files = fg.sync('*/{en,bg}.md', { cwd: corpus });
    expect(files.length).toBeGreaterThan(1000);
    for (const file of files) {
      const text = readFileSync(path.join(corpus, file), 'utf8');
      expect(capitalisedMatches(text), file).toEqual(globalMatch(text));
    }
  });
});
