import { hash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OutputHashes } from '../../scripts/lib/publish/output-hashes.ts';
import { outputHashesText } from '../../scripts/lib/publish/output-hashes-file.ts';

/** What the build wrote before the text came in pieces: the sorted dictionary, stringified whole. */
function whole(hashes: Record<string, string>): Buffer {
  const sorted: Record<string, string> = {};
  for (const key of Object.keys(hashes).sort()) sorted[key] = hashes[key] as string;
  return Buffer.from(`${JSON.stringify(sorted)}\n`);
}

const digest = (seed: string) => hash('sha1', seed, 'buffer');

/** `writes` recorded in order into a table, and as the dictionary the sinks kept before (a later write wins). */
function recorded(writes: [string, Uint8Array][]): { table: OutputHashes; dictionary: Record<string, string> } {
  const table = new OutputHashes();
  const dictionary: Record<string, string> = {};
  for (const [file, bytes] of writes) {
    table.add(file, bytes);
    dictionary[file] = Buffer.from(bytes).toString('base64url');
  }
  return { table, dictionary };
}

const joined = (table: OutputHashes) => Buffer.concat([...outputHashesText(table)]);

describe('outputHashesText', () => {
  it('writes no entries as an empty object', () => {
    expect(joined(new OutputHashes()).toString()).toBe('{}\n');
  });

  it('is the same bytes as the dictionary sorted and stringified whole, over many pieces', () => {
    const writes: [string, Uint8Array][] = [];
    for (let n = 20_000; n > 0; n--) writes.push([`en/terms/term-${n}.json`, digest(`${n}`)]);
    for (const size of [1, 4095, 4096, 4097, 8192, 20_000]) {
      const { table, dictionary } = recorded(writes.slice(0, size));
      expect(joined(table).equals(whole(dictionary))).toBe(true);
    }
  });

  it('is the same bytes for any paths, array-index keys, escapes and paths written again', () => {
    // Not "__proto__": assigning it sets a prototype (no output file has that name).
    const key = fc
      .oneof(fc.string({ unit: 'grapheme' }), fc.nat().map(String), fc.constantFrom('4294967295', '01'))
      .filter((path) => path !== '__proto__');
    const bytes = fc.uint8Array({ minLength: 20, maxLength: 20 });
    fc.assert(
      fc.property(fc.array(fc.tuple(key, bytes), { maxLength: 50 }), (writes) => {
        const rewritten = writes.slice(0, 5).map(([file], i): [string, Uint8Array] => [file, digest(`again ${i}`)]);
        const { table, dictionary } = recorded([...writes, ...rewritten]);
        expect(joined(table).equals(whole(dictionary))).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('takes the paths when called: an entry added while it is written is not in it', () => {
    const { table } = recorded([['a.json', digest('a')]]);
    const text = outputHashesText(table);
    table.add('_data/output-hashes.json', digest('y'));
    expect(Buffer.concat([...text]).toString()).toBe(`{"a.json":"${digest('a').toString('base64url')}"}\n`);
  });
});
