// The gram postings of the list index against brute force: every gram's positions, whether
// the index stored them as a list or as a bitmap of all items.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeListIndex, encodeListIndex } from '../../src/list/list-index.ts';

const nameArbitrary = fc
  .array(fc.constantFrom('a', 'b', 'я', 'σ', ' '), { minLength: 1, maxLength: 6 })
  .map((l) => l.join(''));

describe('list index postings', () => {
  it('give, for every gram, the ascending positions of the items with a name that contains it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(nameArbitrary, { minLength: 1, maxLength: 3 }), { maxLength: 80 }),
        (namesByItem) => {
          const index = decodeListIndex(
            encodeListIndex({
              locale: 'en',
              dataVersion: 'v',
              vocabularies: { pillar: ['p'], tradition: ['t'] },
              attributionJson: '{}',
              docsUrl: 'https://x.test/',
              entries: namesByItem.map((searchNames, i) => ({
                json: '{}',
                values: { pillar: 'p', tradition: 't' },
                searchNames,
                slug: `s${i}`,
              })),
            }),
          );
          const grams = new Set(
            namesByItem
              .flat()
              .flatMap((name) => [...name].flatMap((_, at) => [1, 2, 3].map((n) => name.slice(at, at + n)))),
          );
          for (const gram of [...grams, 'zz']) {
            const expected = namesByItem.flatMap((names, i) => (names.some((name) => name.includes(gram)) ? [i] : []));
            expect([...index.postings(gram)], gram).toEqual(expected);
          }
          expect(Array.from({ length: index.count }, (_, i) => index.namesOf(i))).toEqual(namesByItem);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('refuses a search name that is empty or holds a newline', () => {
    const input = (searchNames: string[]) => ({
      locale: 'en' as const,
      dataVersion: 'v',
      vocabularies: { pillar: ['p'], tradition: ['t'] },
      attributionJson: '{}',
      docsUrl: 'https://x.test/',
      entries: [{ json: '{}', values: { pillar: 'p', tradition: 't' }, searchNames, slug: 'sophia' }],
    });
    expect(() => encodeListIndex(input(['a\nb']))).toThrow(
      'a search name of "sophia" is empty or contains a newline or U+0000',
    );
    expect(() => encodeListIndex(input(['']))).toThrow(
      'a search name of "sophia" is empty or contains a newline or U+0000',
    );
  });
});
