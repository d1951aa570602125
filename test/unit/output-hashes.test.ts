import { hash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OutputHashes } from '../../scripts/lib/publish/output-hashes.ts';

/** The table's last write of each path, spelled as output-hashes.json spells it. */
function entries(table: OutputHashes): Map<string, string> {
  const last = table.lastWrites();
  return new Map([...last].map(([file, entry]) => [file, table.digestText(entry)]));
}

const write = fc.tuple(fc.string({ unit: 'grapheme', maxLength: 80 }), fc.uint8Array({ minLength: 20, maxLength: 20 }));
const spelled = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

describe('OutputHashes', () => {
  it('keeps the last write of each path, as a dictionary assigned in order did', () => {
    fc.assert(
      fc.property(fc.array(write, { maxLength: 3000 }), (writes) => {
        const table = new OutputHashes();
        const model = new Map<string, string>();
        for (const [file, digest] of writes) {
          table.add(file, digest);
          model.set(file, spelled(digest));
        }
        expect(table.size).toBe(writes.length);
        expect(entries(table)).toEqual(model);
      }),
      { numRuns: 200 },
    );
  });

  it('takes what it recorded as plain data that another table adds after its own, then is empty', () => {
    fc.assert(
      fc.property(fc.array(write, { maxLength: 2000 }), fc.array(write, { maxLength: 2000 }), (mine, theirs) => {
        const main = new OutputHashes();
        const other = new OutputHashes();
        const model = new Map<string, string>();
        for (const [file, digest] of mine) main.add(file, digest);
        for (const [file, digest] of theirs) other.add(file, digest);
        for (const [file, digest] of [...mine, ...theirs]) model.set(file, spelled(digest));
        const data = structuredClone(other.take());
        expect(other.size).toBe(0);
        expect(entries(other).size).toBe(0);
        main.addAll(data);
        expect(entries(main)).toEqual(model);
      }),
      { numRuns: 200 },
    );
  });

  it('spells a SHA-1 digest as node:crypto does in base64url', () => {
    const table = new OutputHashes();
    table.add('a.json', hash('sha1', 'a', 'buffer'));
    expect(table.digestText(0)).toBe(hash('sha1', 'a', 'base64url'));
  });

  it('refuses a digest that is not 20 bytes', () => {
    expect(() => new OutputHashes().add('a.json', new Uint8Array(32))).toThrow(/20 bytes/);
  });
});
