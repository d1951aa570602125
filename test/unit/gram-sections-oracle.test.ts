// encodeGramSections (a hash table of grams, two passes, postings written in place) against the
// code it replaced (test/helpers/grams-before-eleventh-session.ts): the same three sections, byte
// for byte, so list indexes built before and after are the same files.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeGramSections } from '../../src/list/list-index/posting-lists.ts';
import { encodeGramsBefore } from '../helpers/grams-before-eleventh-session.ts';

/** Code units a name may hold: any but "\n" and U+0000, which encode.ts refuses. */
const unitArbitrary = fc.oneof(
  fc.constantFrom('a', 'b', 'c', ' ', 'я', 'σ', '\u0001', '\u7fff', '\u8000', '\ud800', '\udfff', '\uffff'),
  fc
    .integer({ min: 1, max: 0xffff })
    .filter((code) => code !== 0x0a)
    .map((code) => String.fromCharCode(code)),
);
const nameArbitrary = fc.array(unitArbitrary, { minLength: 1, maxLength: 8 }).map((units) => units.join(''));

function expectSameSections(namesByItem: readonly (readonly string[])[]): void {
  const bitmapLength = Math.ceil(namesByItem.length / 32);
  const before = encodeGramsBefore(namesByItem, bitmapLength);
  const now = encodeGramSections(namesByItem, bitmapLength);
  expect(Buffer.from(now.gramKeys)).toEqual(Buffer.from(before.gramKeys));
  expect([...now.gramStarts]).toEqual([...before.gramStarts]);
  expect([...now.postings]).toEqual([...before.postings]);
}

describe('the gram sections', () => {
  it('are the bytes the earlier encoder made, for any names', () => {
    fc.assert(
      fc.property(fc.array(fc.array(nameArbitrary, { minLength: 1, maxLength: 4 }), { maxLength: 120 }), (names) =>
        expectSameSections(names),
      ),
      { numRuns: 300 },
    );
  });

  it('are the same where most items share grams (bitmaps) and past 1,023 distinct code units', () => {
    const shared = Array.from({ length: 300 }, (_, i) => [`ab${String.fromCharCode(0x400 + (i % 40))}c`, 'abc']);
    expectSameSections(shared);
    for (const units of [1, 1023, 1024, 3000]) {
      const unit = (i: number) => String.fromCharCode(0x4e00 + (i % units));
      expectSameSections(
        Array.from({ length: Math.ceil(units / 3) }, (_, item) => [
          unit(item * 3) + unit(item * 3 + 1) + unit(item * 3 + 2),
          unit(item * 7) + unit(item * 11),
        ]),
      );
    }
    expectSameSections([]);
  });
});
