// The gram postings of the list index against brute force: every gram's positions, whether
// the index stored them as a list or as a bitmap of all items; and the errors of a corrupt file.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeListIndex } from '../../src/list/list-index/decode.ts';
import { encodeListIndex, type ListIndexInput } from '../../src/list/list-index/encode.ts';
import { frameListIndex, readListIndexFrame, type Sections } from '../../src/list/list-index/format.ts';

// Code units from both ends of the 16-bit range too: the dictionary is sorted by code unit.
const nameArbitrary = fc
  .array(fc.constantFrom('a', 'b', 'я', 'σ', ' ', '\u0001', '가', '\uffee'), { minLength: 1, maxLength: 6 })
  .map((l) => l.join(''));

/** Encodes an index of these names and checks every gram's postings against brute force. */
function expectBruteForcePostings(namesByItem: string[][]): void {
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
    namesByItem.flat().flatMap((name) => [...name].flatMap((_, at) => [1, 2, 3].map((n) => name.slice(at, at + n)))),
  );
  for (const gram of [...grams, 'zz']) {
    const expected = namesByItem.flatMap((names, i) => (names.some((name) => name.includes(gram)) ? [i] : []));
    expect([...index.postings(gram)], gram).toEqual(expected);
  }
  expect(Array.from({ length: index.count }, (_, i) => index.namesOf(i))).toEqual(namesByItem);
}

/** Names using exactly `units` distinct code units (from U+4E00 up), some shared between items. */
function namesOfUnits(units: number): string[][] {
  const unit = (i: number) => String.fromCharCode(0x4e00 + (i % units));
  return Array.from({ length: Math.ceil(units / 4) }, (_, item) => [
    [0, 1, 2, 3].map((k) => unit(item * 4 + k)).join(''),
    unit(item * 7) + unit(item * 7 + 1) + unit(item * 13),
  ]);
}

describe('list index postings', () => {
  it('give, for every gram, the ascending positions of the items with a name that contains it', () => {
    fc.assert(
      fc.property(fc.array(fc.array(nameArbitrary, { minLength: 1, maxLength: 3 }), { maxLength: 80 }), (namesByItem) =>
        expectBruteForcePostings(namesByItem),
      ),
      { numRuns: 200 },
    );
  });

  // Grams are keyed by the ranks of their code units up to 1,023 distinct units, by the units
  // themselves beyond: both ways give every gram its postings, in a dictionary sorted by code unit.
  it('are the same whether the names use up to 1,023 distinct code units or more', () => {
    for (const units of [1, 1022, 1023, 1024, 1500]) expectBruteForcePostings(namesOfUnits(units));
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
    expect(() => encodeListIndex(input(['a\u0000']))).toThrow(
      'a search name of "sophia" is empty or contains a newline or U+0000',
    );
  });
});

describe('a corrupt list index', () => {
  const input: ListIndexInput = {
    locale: 'en',
    dataVersion: 'v',
    vocabularies: { pillar: ['p', 'q'], tradition: ['t'] },
    attributionJson: '{}',
    docsUrl: 'https://x.test/',
    entries: ['sophia', 'aeon', 'pleroma'].map((slug, i) => ({
      json: `{"slug":"${slug}"}`,
      values: { pillar: i === 1 ? 'q' : 'p', tradition: 't' },
      searchNames: [slug],
      slug,
    })),
  };
  const good = encodeListIndex(input);
  /** The same index with some sections replaced, framed as the encoder frames it. */
  const tampered = (change: (sections: Sections) => Partial<Sections>) => {
    const { facts, sections } = readListIndexFrame(good);
    return frameListIndex(facts, { ...sections, ...change(sections) });
  };
  const rebuild = '; rebuild with `npm run build`';

  it('decodes when nothing is changed, and reframes to the same bytes', () => {
    expect(tampered(() => ({}))).toEqual(good);
    const index = decodeListIndex(good);
    expect([...index.members('pillar', 1)]).toEqual([1]);
    expect([...index.postings('le')]).toEqual([2]);
  });

  it('is refused at load with what is wrong', () => {
    expect(() => decodeListIndex(good.subarray(0, good.length - 4))).toThrow(
      `the list index section postings is missing or lies outside the file${rebuild}`,
    );
    expect(() => decodeListIndex(good.subarray(0, 20))).toThrow(
      `the list index header runs past the end of the file${rebuild}`,
    );
    expect(() => decodeListIndex(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]))).toThrow(
      `not a list index file (bad magic)${rebuild}`,
    );
    expect(() => decodeListIndex(tampered((s) => ({ itemStarts: s.itemStarts.subarray(0, 12) })))).toThrow(
      `the list index's itemStarts do not match its 3 items and 52 bytes${rebuild}`,
    );
    expect(() => decodeListIndex(tampered((s) => ({ nameStarts: s.nameStarts.subarray(0, 6) })))).toThrow(
      `the list index section nameStarts is not a whole number of 32-bit words${rebuild}`,
    );
    expect(() => decodeListIndex(tampered((s) => ({ vocabularyCodes: s.vocabularyCodes.subarray(1) })))).toThrow(
      `the list index's vocabulary codes are not one byte per item and vocabulary${rebuild}`,
    );
    expect(() => decodeListIndex(tampered((s) => ({ gramStarts: s.gramStarts.subarray(4) })))).toThrow(
      `the list index has a gram dictionary and posting starts of different sizes${rebuild}`,
    );
    expect(() => decodeListIndex(tampered((s) => ({ postings: s.postings.subarray(4) })))).toThrow(
      `the list index's posting starts do not end where its postings end${rebuild}`,
    );
  });

  it('refuses a vocabulary code outside its values when a filter first needs it', () => {
    const index = decodeListIndex(tampered(() => ({ vocabularyCodes: new Uint8Array([0, 7, 0, 0, 0, 0]) })));
    expect(() => index.members('pillar', 0)).toThrow(`the list index holds pillar code 7, of 2 values${rebuild}`);
  });
});

// The build writes the items and names a piece of about 1 MB at a time (listIndexChunks): an
// index of items larger than that frames to the same bytes as its sections in one buffer.
describe('list index written in pieces', () => {
  it('has the bytes of its sections framed whole, items and names intact', () => {
    const big = (i: number, n: number) => String.fromCharCode(0x61 + i).repeat(n);
    const sizes = [300_000, 700_000, 1_500_000, 1, 200_000, 900_000, 5];
    const encoded = encodeListIndex({
      locale: 'en',
      dataVersion: 'v',
      vocabularies: { pillar: ['p'], tradition: ['t'] },
      attributionJson: '{}',
      docsUrl: 'https://x.test/',
      entries: sizes.map((n, i) => ({
        json: `"${big(i, n)}"`,
        values: { pillar: 'p', tradition: 't' },
        searchNames: [big(i, 3), 'x'],
        slug: `s${i}`,
      })),
    });
    const { facts, sections } = readListIndexFrame(encoded);
    // Compared as buffers: toEqual walks megabytes a byte at a time.
    expect(Buffer.from(frameListIndex(facts, sections)).equals(encoded)).toBe(true);
    const index = decodeListIndex(encoded);
    const decoder = new TextDecoder();
    sizes.forEach((n, i) => {
      const item = index.items.subarray(index.itemStarts[i], (index.itemStarts[i + 1] ?? 0) - 1);
      expect(decoder.decode(item)).toBe(`"${big(i, n)}"`);
      expect(index.namesOf(i)).toEqual([big(i, 3), 'x']);
    });
  });
});
