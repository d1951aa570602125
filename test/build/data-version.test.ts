// The data version is made of the digests the loader works out while reading (data-version.ts):
// the same corpus gives the same version wherever it lies and however its texts are kept, and
// one changed byte in any corpus file (of every kind) gives another.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadCorpusFiles, type TermTexts } from '../../scripts/lib/corpus/load-corpus.ts';
import { buildSite } from '../../scripts/lib/publish/build-site.ts';
import { computeDataVersion } from '../../scripts/lib/publish/data-version.ts';
import { SMALL_CORPUS } from '../helpers/corpus-fixtures.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const SITE_URL = 'https://lexicon.example';
const work = tempDir();
let copies = 0;

/** A fresh copy of the small corpus. */
function copyOfCorpus(): string {
  const dir = path.join(work, `corpus-${++copies}`);
  cpSync(SMALL_CORPUS, dir, { recursive: true });
  return dir;
}

async function versionOf(dir: string, termTexts: TermTexts = 'memory', siteUrl = SITE_URL): Promise<string> {
  return computeDataVersion(await loadCorpusFiles(dir, { termTexts }), siteUrl);
}

/** Replaces the byte at `at` (an ASCII one) with another ASCII byte. */
function changeOneByte(file: string, at: number): void {
  const bytes = readFileSync(file);
  const byte = bytes[at];
  if (byte === undefined || byte >= 0x80) throw new Error(`${file}: byte ${at} is not ASCII`);
  bytes[at] = byte === 0x61 ? 0x62 : 0x61;
  writeFileSync(file, bytes);
}

/** One file of each kind the corpus has. */
const ONE_OF_EACH_KIND = [
  'site.yaml',
  'terms/sophia/term.yaml',
  'terms/sophia/en.md',
  'terms/sophia/bg.md',
  'posts/black-stage.yaml',
];

describe('the data version', () => {
  it('is the same for the same corpus: read twice, elsewhere, and with its texts kept on disk', async () => {
    const first = await versionOf(SMALL_CORPUS);
    expect(first).toMatch(/^[0-9a-f]{16}$/);
    expect(await versionOf(SMALL_CORPUS)).toBe(first);
    expect(await versionOf(copyOfCorpus())).toBe(first);
    expect(await versionOf(SMALL_CORPUS, 'disk')).toBe(first);
  });

  it('reads no text again: it is made of the digests the loader worked out', async () => {
    const files = await loadCorpusFiles(SMALL_CORPUS);
    const unread = files.files.map((file) => ({
      path: file.path,
      digest: file.digest,
      get text(): string {
        throw new Error(`${file.path}: read again`);
      },
    }));
    expect(computeDataVersion({ ...files, files: unread }, SITE_URL)).toBe(computeDataVersion(files, SITE_URL));
  });

  it('changes with the site URL', async () => {
    expect(await versionOf(SMALL_CORPUS, 'memory', `${SITE_URL}/other`)).not.toBe(await versionOf(SMALL_CORPUS));
  });

  it.each(ONE_OF_EACH_KIND)('changes when one byte of %s changes (texts in memory and on disk)', async (file) => {
    const before = await versionOf(SMALL_CORPUS);
    const dir = copyOfCorpus();
    // An ASCII byte from the middle of the file on: neither its frontmatter's start nor its last line.
    const bytes = readFileSync(path.join(dir, file));
    const at = bytes.findIndex((byte, i) => i >= bytes.length / 2 && byte < 0x80);
    changeOneByte(path.join(dir, file), at);
    expect(await versionOf(dir)).not.toBe(before);
    expect(await versionOf(dir, 'disk')).toBe(await versionOf(dir));
  });

  it('changes when any one ASCII byte of any file changes (property)', async () => {
    const before = await versionOf(SMALL_CORPUS);
    const { root, files: read } = await loadCorpusFiles(SMALL_CORPUS);
    const files = read.map((file) => file.path.slice(root.length + 1));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...files), fc.nat(), async (file, n) => {
        const dir = copyOfCorpus();
        const bytes = readFileSync(path.join(dir, file));
        const ascii = [...bytes.keys()].filter((i) => (bytes[i] ?? 0x80) < 0x80);
        changeOneByte(path.join(dir, file), ascii[n % ascii.length] ?? 0);
        expect(await versionOf(dir)).not.toBe(before);
      }),
      { numRuns: 25 },
    );
  });

  it("is the build's: the version a build names is the one of the corpus it read", async () => {
    const result = await buildSite({ corpusDir: SMALL_CORPUS, outDir: path.join(work, 'out'), siteUrl: SITE_URL });
    if (!result.ok) throw new Error(result.messages.join('\n'));
    expect(result.dataVersion).toBe(await versionOf(SMALL_CORPUS));
  });
});
