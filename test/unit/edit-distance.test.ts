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
});
