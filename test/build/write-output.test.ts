// Streamed output files (the dumps): whatever mix of strings and buffers arrives, the file holds
// exactly those bytes and the reported size and SHA-256 are theirs. Strings are encoded into the
// current piece when they fit what is left of it, and buffers copied into it; larger ones (the
// SQLite database) take a path of their own that does not copy them into a piece.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OUTPUT_HASHES_PATH, writeAtomically, writeOutputAtomically } from '../../scripts/lib/publish/write-output.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const PIECE = 256 * 1024;

const chunk = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.uint8Array({ maxLength: 64 }),
  // Around and above the piece size, where a buffer is written as it is.
  fc
    .tuple(fc.integer({ min: PIECE - 2, max: PIECE + 3000 }), fc.integer({ min: 0, max: 255 }))
    .map(([size, fill]) => new Uint8Array(size).fill(fill)),
  // Enough text to fill a piece of its own.
  fc.integer({ min: 1, max: 5 }).map((n) => 'я€a'.repeat(n * 40_000)),
  // Text that fits a piece only while the piece is emptier (counted at 3 bytes a code unit).
  fc.integer({ min: 1, max: 100_000 }).map((n) => 'я'.repeat(n)),
);

describe('a streamed output file', () => {
  const work = tempDir('lexicon-stream-');

  it('holds the bytes written, in order, with their size and SHA-256', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(chunk, { maxLength: 8 }), async (chunks) => {
        const outDir = path.join(work, `out-${run++}`);
        let reported: { bytes: number; sha256: string } | undefined;
        await writeAtomically(outDir, async (sink) => {
          const file = await sink.stream('dumps/x.bin');
          for (const c of chunks) await file.write(c);
          reported = await file.close();
        });
        const expected = Buffer.concat(chunks.map((c) => (typeof c === 'string' ? Buffer.from(c) : Buffer.from(c))));
        const written = readFileSync(path.join(outDir, 'dumps/x.bin'));
        expect(written.equals(expected)).toBe(true);
        expect(reported).toEqual({
          bytes: expected.byteLength,
          sha256: createHash('sha256').update(expected).digest('hex'),
        });
      }),
      { numRuns: 30 },
    );
  });
});

describe('the output hashes file', () => {
  const work = tempDir('lexicon-hashes-');

  it('names every other file with its SHA-1, sorted by path, and a rebuild re-uses every one of them', async () => {
    const files = new Map<string, string>();
    for (let n = 4200; n > 0; n--) files.set(`en/terms/t-${n}.json`, `{"n":${n}}`);
    files.set('index.html', 'é');
    const outDir = path.join(work, 'out');
    await writeOutputAtomically(outDir, files);
    const sha1 = (text: string) => createHash('sha1').update(text).digest('base64url');
    const expected = Object.fromEntries(
      [...files.keys()].sort().map((file) => [file, sha1(files.get(file) as string)]),
    );
    const written = readFileSync(path.join(outDir, OUTPUT_HASHES_PATH), 'utf8');
    expect(written).toBe(`${JSON.stringify(expected)}\n`);
    expect((await writeOutputAtomically(outDir, files)).reused).toBe(files.size);
  });
});
