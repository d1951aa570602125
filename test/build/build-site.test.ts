import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCALES, termFilePath } from '../../src/contract/facts.ts';
import { perVocabulary } from '../../src/contract/vocabularies.ts';
import { foldForSearch } from '../../src/list/fold.ts';
import { buildSite } from '../../scripts/lib/publish/build-site.ts';
import { writeOutputAtomically } from '../../scripts/lib/publish/write-output.ts';
import { FIXTURES, INVALID_CASES, SMALL_CORPUS } from '../helpers/corpus-fixtures.ts';
import { indexItems, indexNames, loadBuiltIndex } from '../helpers/read-index.ts';
import { readTree } from '../helpers/output-tree.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const GOLDEN = path.join(FIXTURES, 'golden-small');
const BUILT_AT = new Date('2026-01-01T00:00:00Z');

describe('build of the small fixture corpus', () => {
  const work = tempDir();
  const outA = path.join(work, 'a');
  const outB = path.join(work, 'b');

  beforeAll(async () => {
    for (const outDir of [outA, outB]) {
      const result = await buildSite({ corpusDir: SMALL_CORPUS, outDir, builtAt: BUILT_AT });
      expect(result.ok).toBe(true);
    }
  });

  it('matches the golden output (UPDATE_GOLDEN=1 rewrites it)', () => {
    // Golden JSON files are compared byte for byte; the binary index through its decoded form.
    const built = readTree(outA);
    const golden = new Map<string, string>();
    for (const [file, bytes] of built) {
      // SQLite dumps are checked by their round-trip test, not byte for byte.
      if (file.endsWith('.sqlite')) continue;
      if (file.endsWith('.bin')) {
        const locale = /list-index\.(\w+)\.bin$/.exec(file)![1] as (typeof LOCALES)[number];
        const index = loadBuiltIndex(outA, locale);
        const {
          items: _i,
          itemStarts: _s,
          codes: _c,
          nameStarts: _n,
          nameBytes: _b,
          namesOf: _o,
          members: _m,
          hasSlug: _h,
          ...header
        } = index;
        const readable = {
          ...header,
          names: indexNames(index),
          items: indexItems(index),
          codes: perVocabulary((name) => [...index.codes[name]]),
        };
        golden.set(`${file}.json`, `${JSON.stringify(readable, null, 2)}\n`);
      } else {
        golden.set(file, bytes.toString('utf8'));
      }
    }
    if (process.env.UPDATE_GOLDEN) {
      refuseNewBytesUnderOldVersion(outA);
      // Files of another data version's names go; the check above has read the old manifest.
      for (const file of readTree(GOLDEN).keys()) if (!golden.has(file)) rmSync(path.join(GOLDEN, file));
      for (const [file, text] of golden) {
        mkdirSync(path.dirname(path.join(GOLDEN, file)), { recursive: true });
        writeFileSync(path.join(GOLDEN, file), text);
      }
    }
    const expected = new Map([...readTree(GOLDEN)].map(([file, bytes]) => [file, bytes.toString('utf8')]));
    expect([...golden.keys()]).toEqual([...expected.keys()]);
    for (const [file, text] of golden) expect(text, file).toBe(expected.get(file));
  });

  it('is byte-identical across two builds', () => {
    const a = readTree(outA);
    const b = readTree(outB);
    expect([...a.keys()]).toEqual([...b.keys()]);
    for (const [file, bytes] of a) expect(bytes.equals(b.get(file)!), file).toBe(true);
  });

  it('is byte-identical when rebuilt in place without a pinned build time', async () => {
    const outDir = path.join(work, 'in-place');
    expect((await buildSite({ corpusDir: SMALL_CORPUS, outDir })).ok).toBe(true);
    const first = readTree(outDir);
    expect((await buildSite({ corpusDir: SMALL_CORPUS, outDir })).ok).toBe(true);
    expect(readTree(outDir)).toEqual(first);
  });

  it('writes single-term files that agree field by field with the list index', () => {
    for (const locale of LOCALES) {
      const index = loadBuiltIndex(outA, locale);
      const items = indexItems(index);
      const files = readdirSync(path.join(outA, 'api/lexicon', locale));
      expect(items).toHaveLength(files.length);
      items.forEach((item, i) => {
        const file = JSON.parse(readFileSync(path.join(outA, termFilePath(locale, item.slug)), 'utf8'));
        for (const [field, value] of Object.entries(item))
          expect(file.data[field], `${item.slug}.${field}`).toEqual(value);
        expect(file.attribution).toEqual(JSON.parse(index.attributionJson));
        // The served name is searchable, on its own or inside a longer name of the same term.
        expect(indexNames(index)[i]!.some((name) => name.includes(foldForSearch(item.term, locale)))).toBe(true);
        expect(index.vocabularies.pillar[index.codes.pillar[i]!]).toBe(item.pillar);
        expect(index.vocabularies.tradition[index.codes.tradition[i]!]).toBe(item.tradition);
        expect(index.hasSlug(item.slug)).toBe(true);
      });
    }
  });

  it('orders the list by the locale collation of the name, then slug', () => {
    const en = indexItems(loadBuiltIndex(outA, 'en')).map((t) => t.term);
    const bg = indexItems(loadBuiltIndex(outA, 'bg')).map((t) => t.term);
    expect(en).toEqual(['Æon', 'Demiurge', 'Nigredo', 'Pleroma', 'Shadow', 'Sophia']);
    expect(bg).toEqual(['Демиург', 'Еон', 'Нигредо', 'Плерома', 'София', 'Сянка']);
  });
});

describe('incremental rebuild', () => {
  const work = tempDir();

  it('links every file whose content did not change and writes the changed ones', async () => {
    const corpus = path.join(work, 'corpus');
    for (const [file, bytes] of readTree(SMALL_CORPUS)) {
      mkdirSync(path.dirname(path.join(corpus, file)), { recursive: true });
      writeFileSync(path.join(corpus, file), bytes);
    }
    const outDir = path.join(work, 'dist');
    const first = await buildSite({ corpusDir: corpus, outDir });
    expect(first.ok && first.summary.reused).toBe(0);

    const edited = path.join(corpus, 'terms/nigredo/en.md');
    writeFileSync(edited, `${readFileSync(edited, 'utf8').trimEnd()} An added sentence.\n`);
    const second = await buildSite({ corpusDir: corpus, outDir });
    if (!second.ok) throw new Error(second.messages.join('\n'));
    // Unchanged: 11 of the 12 term files, pillars.json and traditions.json, the 7 schemas,
    // _headers and _redirects, 18 of the 19 site pages (all but nigredo's English page), their
    // stylesheet and the 12 concept files (an English body is in none). Both list indexes, the
    // dumps, the manifest, the OpenAPI document and the docs page carry the data version.
    expect(second.summary.reused).toBe(11 + 2 + 7 + 2 + 18 + 1 + 12);
    const nigredo = JSON.parse(readFileSync(path.join(outDir, 'api/lexicon/en/nigredo.json'), 'utf8'));
    expect(nigredo.data.fullContent.endsWith('An added sentence.')).toBe(true);
    const fresh = path.join(work, 'fresh');
    expect(
      (await buildSite({ corpusDir: corpus, outDir: fresh, builtAt: new Date(readManifest(outDir).builtAt) })).ok,
    ).toBe(true);
    // The same output as a fresh build, but for the previous version's dumps, kept beside the
    // current ones and named in the manifest (test/build/dump-history.test.ts).
    const previous = readManifestVersions(outDir).slice(1);
    expect(previous.map((v) => v.status)).toEqual(['superseded']);
    const kept = new Set(previous.flatMap((v) => v.files.map((f) => `dumps/${f.name}`)));
    const withoutHistory = (dir: string) =>
      new Map(
        [...readTree(dir)].filter(
          ([file]) => !kept.has(file) && file !== 'dumps/manifest.json' && file !== '_data/output-hashes.json',
        ),
      );
    expect(withoutHistory(outDir)).toEqual(withoutHistory(fresh));
  });
});

function readManifestVersions(outDir: string): { status: string; files: { name: string }[] }[] {
  return JSON.parse(readFileSync(path.join(outDir, 'dumps/manifest.json'), 'utf8')).versions;
}

function readManifest(outDir: string): { builtAt: string } {
  return JSON.parse(readFileSync(path.join(outDir, 'dumps/manifest.json'), 'utf8'));
}

describe('atomic output', () => {
  const work = tempDir();

  it('leaves the previous output untouched when the corpus is invalid', async () => {
    const outDir = path.join(work, 'dist');
    expect((await buildSite({ corpusDir: SMALL_CORPUS, outDir })).ok).toBe(true);
    const before = readTree(outDir);
    const broken = path.join(work, 'broken-corpus');
    for (const [file, bytes] of readTree(SMALL_CORPUS)) {
      mkdirSync(path.dirname(path.join(broken, file)), { recursive: true });
      writeFileSync(path.join(broken, file), bytes);
    }
    writeFileSync(
      path.join(broken, 'terms/sophia/term.yaml'),
      readFileSync(path.join(INVALID_CASES, 'malformed-yaml/terms/sophia/term.yaml')),
    );
    const result = await buildSite({ corpusDir: broken, outDir });
    expect(result.ok).toBe(false);
    expect(readTree(outDir)).toEqual(before);
    expect(readdirSync(work).sort()).toEqual(['broken-corpus', 'dist']);
  });

  it('leaves the previous output untouched and no staging folder when writing fails', async () => {
    const outDir = path.join(work, 'dist-write');
    await writeOutputAtomically(outDir, new Map([['keep.json', '{"old":true}']]));
    // A file and a folder of the same name cannot both be written: the write fails midway.
    const failing = new Map<string, string>([
      ['a.json', '1'],
      ['clash', 'file'],
      ['clash/inner.json', '2'],
    ]);
    await expect(writeOutputAtomically(outDir, failing)).rejects.toThrow();
    expect(readFileSync(path.join(outDir, 'keep.json'), 'utf8')).toBe('{"old":true}');
    expect(existsSync(path.join(outDir, 'a.json'))).toBe(false);
    expect(readdirSync(work).filter((name) => name.startsWith('dist-write'))).toEqual(['dist-write']);
  });
});

/**
 * Dump names carry the data version and CDNs cache them forever: other bytes under the same
 * name would contradict the manifest's checksums. The golden output may take new dump bytes
 * only with a new data version (OUTPUT_FORMAT_VERSION, or a corpus change).
 */
function refuseNewBytesUnderOldVersion(outDir: string) {
  const goldenManifest = path.join(GOLDEN, 'dumps/manifest.json');
  if (!existsSync(goldenManifest)) return;
  type Files = { dataVersion: string; files: { name: string; sha256: string }[] };
  const before = JSON.parse(readFileSync(goldenManifest, 'utf8')) as Files;
  const after = JSON.parse(readFileSync(path.join(outDir, 'dumps/manifest.json'), 'utf8')) as Files;
  if (before.dataVersion !== after.dataVersion) return;
  const changed = after.files.filter((f) => before.files.find((b) => b.name === f.name)?.sha256 !== f.sha256);
  if (changed.length > 0)
    throw new Error(
      `${changed.map((f) => f.name).join(', ')}: new bytes under the same data version; bump OUTPUT_FORMAT_VERSION in scripts/lib/publish/data-version.ts`,
    );
}
