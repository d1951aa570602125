// Stable dump URLs: a rebuild keeps publishing the previous versions' dumps, byte for byte, and
// the manifest marks them superseded; they survive a build into an empty folder through the
// build cache, as on Netlify; a file that changed is never published again under its name.
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSite } from '../../scripts/lib/publish/build-site.ts';
import { KEEP_DAYS, KEEP_SUPERSEDED, supersededVersions } from '../../scripts/lib/formats/dump-history.ts';
import { type DumpVersion, type Manifest, ManifestSchema } from '../../src/contract/dump-schemas.ts';
import { SMALL_CORPUS } from '../helpers/corpus-fixtures.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const manifestOf = (outDir: string): Manifest =>
  ManifestSchema.parse(JSON.parse(readFileSync(path.join(outDir, 'dumps/manifest.json'), 'utf8')));

/** Every file of a version as it is on disk, by name. */
const filesOf = (outDir: string, version: DumpVersion) =>
  new Map(version.files.map((f) => [f.name, readFileSync(path.join(outDir, 'dumps', f.name))]));

describe('dump versions across rebuilds', () => {
  const work = tempDir();
  const corpus = path.join(work, 'corpus');
  cpSync(SMALL_CORPUS, corpus, { recursive: true });
  const cacheDir = path.join(work, 'cache');
  const edit = (sentence: string) => {
    const file = path.join(corpus, 'terms/nigredo/en.md');
    writeFileSync(file, `${readFileSync(file, 'utf8').trimEnd()} ${sentence}\n`);
  };
  const build = async (outDir: string, day: number) => {
    const result = await buildSite({
      corpusDir: corpus,
      outDir,
      cacheDir,
      parallelChecks: false,
      builtAt: new Date(Date.UTC(2026, 0, 1 + day)),
    });
    if (!result.ok) throw new Error(result.messages.join('\n'));
    return manifestOf(outDir);
  };

  it('a rebuild with one term changed keeps the previous version: its files, byte for byte, and its checksums', async () => {
    const outDir = path.join(work, 'dist');
    const first = await build(outDir, 0);
    expect(first.versions.map((v) => v.status)).toEqual(['current']);
    const firstFiles = filesOf(outDir, first.versions[0]!);

    edit('A first added sentence.');
    const second = await build(outDir, 1);
    expect(second.dataVersion).not.toBe(first.dataVersion);
    expect(second.versions.map((v) => [v.dataVersion, v.status])).toEqual([
      [second.dataVersion, 'current'],
      [first.dataVersion, 'superseded'],
    ]);
    const superseded = second.versions[1]!;
    // The same files and checksums as when it was current, and the same bytes on disk.
    expect(superseded.files).toEqual(first.files);
    expect(superseded.builtAt).toBe(first.builtAt);
    expect(superseded.supersededAt).toBe(second.builtAt);
    for (const file of superseded.files) {
      const bytes = readFileSync(path.join(outDir, 'dumps', file.name));
      expect(sha256(bytes), file.name).toBe(file.sha256);
      expect(bytes.equals(firstFiles.get(file.name)!), file.name).toBe(true);
    }
    // The current files are the top-level list, as before versions were kept.
    expect(second.versions[0]!.files).toEqual(second.files);
  }, 120_000);

  it('keeps them through the build cache when the output starts empty (Netlify)', async () => {
    const before = manifestOf(path.join(work, 'dist'));
    edit('A second added sentence.');
    const fresh = path.join(work, 'fresh-dist');
    const third = await build(fresh, 2);
    expect(third.versions.map((v) => v.dataVersion)).toEqual([
      third.dataVersion,
      ...before.versions.map((v) => v.dataVersion),
    ]);
    for (const version of third.versions.slice(1)) {
      const earlier = before.versions.find((v) => v.dataVersion === version.dataVersion)!;
      expect(version.files).toEqual(earlier.files);
      for (const file of version.files)
        expect(sha256(readFileSync(path.join(fresh, 'dumps', file.name)))).toBe(file.sha256);
    }
    // The cache holds exactly the kept versions' files and the manifest.
    const names = third.versions.flatMap((v) => v.files.map((f) => f.name));
    expect(readdirSync(path.join(cacheDir, 'dumps')).sort()).toEqual([...names, 'manifest.json'].sort());
    // On one filesystem the cache and the output share every dump's bytes (hard links): none is
    // copied, nor read whole into memory to be published again.
    for (const name of names)
      expect(statSync(path.join(fresh, 'dumps', name)).ino, name).toBe(
        statSync(path.join(cacheDir, 'dumps', name)).ino,
      );
  }, 120_000);

  it('never publishes a version again once one of its files changed', async () => {
    const outDir = path.join(work, 'fresh-dist');
    const before = manifestOf(outDir);
    const oldest = before.versions.at(-1)!;
    const tampered = oldest.files.find((f) => f.format === 'csv')!.name;
    for (const dir of [path.join(outDir, 'dumps'), path.join(cacheDir, 'dumps')])
      writeFileSync(path.join(dir, tampered), 'other bytes');
    edit('A third added sentence.');
    const after = await build(outDir, 3);
    expect(after.versions.map((v) => v.dataVersion)).not.toContain(oldest.dataVersion);
    expect(readdirSync(path.join(outDir, 'dumps'))).not.toContain(tampered);
    expect(after.versions.map((v) => v.status)).toEqual(['current', 'superseded', 'superseded']);
  }, 120_000);

  it('a rebuild of the same data changes nothing', async () => {
    const outDir = path.join(work, 'fresh-dist');
    const before = manifestOf(outDir);
    const again = await build(outDir, 3);
    expect(again).toEqual(before);
  }, 120_000);

  it('starts from nothing when there is no cache and no output', async () => {
    rmSync(cacheDir, { recursive: true, force: true });
    mkdirSync(cacheDir);
    const manifest = await build(path.join(work, 'alone'), 4);
    expect(manifest.versions.map((v) => v.status)).toEqual(['current']);
  }, 120_000);
});

describe('supersededVersions', () => {
  const version = (n: number, day: number): DumpVersion => ({
    dataVersion: n.toString(16).padStart(16, '0'),
    builtAt: new Date(Date.UTC(2026, 0, 1 + day)).toISOString(),
    status: 'superseded',
    supersededAt: new Date(Date.UTC(2026, 0, 2 + day)).toISOString(),
    files: [],
  });
  const current = (day: number) => ({
    dataVersion: 'f'.repeat(16),
    builtAt: new Date(Date.UTC(2026, 0, 1 + day)).toISOString(),
  });

  it(`keeps the last ${KEEP_SUPERSEDED}, and any superseded less than ${KEEP_DAYS} days ago`, () => {
    // Newest first, a version every 100 days: only the last three are kept.
    const sparse = [version(5, 400), version(4, 300), version(3, 200), version(2, 100), version(1, 0)];
    expect(supersededVersions(sparse, current(500)).map((v) => v.dataVersion)).toEqual(
      sparse.slice(0, 3).map((v) => v.dataVersion),
    );
    // A version a day: all within 90 days are kept, more than three.
    const dense = [5, 4, 3, 2, 1].map((n) => version(n, n));
    expect(supersededVersions(dense, current(6))).toHaveLength(5);
    // The current one is never listed as superseded; the one it replaces gets its date.
    const replaced = { ...version(9, 5), status: 'current' as const, supersededAt: undefined };
    const kept = supersededVersions([replaced, version(1, 0)], current(6));
    expect(kept[0]).toMatchObject({ status: 'superseded', supersededAt: current(6).builtAt });
    expect(supersededVersions([{ ...replaced, dataVersion: 'f'.repeat(16) }], current(6))).toEqual([]);
  });
});
