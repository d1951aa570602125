// editDistance against the textbook recursive definition of Levenshtein distance (the oracle),
// and the `limit` it gives up at.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editDistance } from '../../scripts/lib/names/edit-distance.ts';

/** Levenshtein distance by its definition, memoised: slow, obviously right. */
function levenshtein(a: string, b: string): number {
  const memo = new Map<string, number>();
  const d = (i: number, j: number): number => {
    if (i === 0) return j;
    if (j === 0) return i;
    const key = `${i},${j}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    const value = Math.min(d(i - 1, j) + 1, d(i, j - 1) + 1, d(i - 1, j - 1) + (a[i - 1] === b[j - 1] ? 0 : 1));
    memo.set(key, value);
    return value;
  };
  return d(a.length, b.length);
}

const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'ä', 'я'), maxLength: 9 });
/** Longer words of a few letters: far from each other, or near (one made from the other by a few edits). */
const longWord = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'я'), maxLength: 40 });
const nearPair = fc
  .tuple(longWord, fc.array(fc.tuple(fc.nat(), fc.constantFrom('', 'a', 'b', 'я', 'bc')), { maxLength: 6 }))
  .map(([a, edits]) => {
    let b = a;
    for (const [at, insert] of edits) {
      const i = at % (b.length + 1);
      b = `${b.slice(0, i)}${insert}${b.slice(i + (insert === 'bc' ? 0 : 1))}`;
    }
    return [a, b] as const;
  });

describe('editDistance', () => {
  it('is the Levenshtein distance', () => {
    fc.assert(fc.property(word, word, (a, b) => editDistance(a, b) === levenshtein(a, b)));
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('abc', '')).toBe(3);
  });

  it('returns the distance when it is below the limit, and a number not below it otherwise', () => {
    fc.assert(
      fc.property(word, word, fc.integer({ min: 0, max: 10 }), (a, b, limit) => {
        const exact = levenshtein(a, b);
        const found = editDistance(a, b, limit);
        return exact < limit ? found === exact : found >= limit;
      }),
    );
    expect(editDistance('kitten', 'sitting', 3)).toBe(3);
    expect(editDistance('kitten', 'sitting', 4)).toBe(3);
    expect(editDistance('aa', 'abcdef', 2)).toBe(2); // gives up: the lengths alone differ by 4
  });

  // Only the band of the table within the limit of its diagonal is filled: long words, far apart
  // and near, with every limit up to beyond their lengths (and the rows kept between calls reused).
  it('keeps both answers on long words and near pairs, whatever the limit', () => {
    const limits = fc.oneof(fc.integer({ min: 0, max: 45 }), fc.constant(Number.POSITIVE_INFINITY), fc.constant(2.5));
    const agrees = (a: string, b: string, limit: number) => {
      const exact = levenshtein(a, b);
      const found = editDistance(a, b, limit);
      return exact < limit ? found === exact : found >= limit;
    };
    fc.assert(fc.property(longWord, longWord, limits, agrees), { numRuns: 300 });
    fc.assert(
      fc.property(nearPair, limits, ([a, b], limit) => agrees(a, b, limit)),
      { numRuns: 1000 },
    );
    expect(editDistance('hanegraaff', 'hanegraf', 3)).toBe(2);
    expect(editDistance('a'.repeat(100), `${'a'.repeat(50)}b${'a'.repeat(49)}`)).toBe(1);
  });
});
