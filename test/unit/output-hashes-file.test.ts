import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { outputHashesText } from '../../scripts/lib/publish/output-hashes-file.ts';

/** What the build wrote before the text came in pieces: the sorted dictionary, stringified whole. */
function whole(hashes: Record<string, string>): Buffer {
  const sorted: Record<string, string> = {};
  for (const key of Object.keys(hashes).sort()) sorted[key] = hashes[key] as string;
  return Buffer.from(`${JSON.stringify(sorted)}\n`);
}

const joined = (hashes: Record<string, string>) => Buffer.concat([...outputHashesText(hashes)]);

describe('outputHashesText', () => {
  it('writes no entries as an empty object', () => {
    expect(joined({}).toString()).toBe('{}\n');
  });

  it('is the same bytes as the dictionary sorted and stringified whole, over many pieces', () => {
    const hashes: Record<string, string> = {};
    for (let n = 20_000; n > 0; n--) hashes[`en/terms/term-${n}.json`] = `h${n}`;
    for (const size of [1, 4095, 4096, 4097, 8192, 20_000]) {
      const some = Object.fromEntries(Object.entries(hashes).slice(0, size));
      expect(joined(some).equals(whole(some))).toBe(true);
    }
  });

  it('is the same bytes for any paths, array-index keys and escapes included', () => {
    // Not "__proto__": assigning it sets a prototype (no output file has that name).
    const key = fc
      .oneof(fc.string({ unit: 'grapheme' }), fc.nat().map(String), fc.constantFrom('4294967295', '01'))
      .filter((path) => path !== '__proto__');
    fc.assert(
      fc.property(fc.dictionary(key, fc.string(), { maxKeys: 50 }), (hashes) => {
        expect(joined(hashes).equals(whole(hashes))).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('takes the paths when called: an entry added while it is written is not in it', () => {
    const hashes: Record<string, string> = { 'a.json': 'x' };
    const text = outputHashesText(hashes);
    hashes['_data/output-hashes.json'] = 'y';
    expect(Buffer.concat([...text]).toString()).toBe('{"a.json":"x"}\n');
  });
});
