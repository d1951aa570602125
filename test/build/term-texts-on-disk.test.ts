// A large corpus's build keeps its terms' Markdown texts on disk (load-corpus.ts: TermTextOnDisk)
// and reads each again when a step needs it. That changes the memory a build holds, never what it
// writes or says: the same bytes, the same problems, and a text changed between two reads of it
// fails the build with nothing published.
import { appendFileSync, cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { generateCorpus, writeCorpus } from '../../bench/synthetic-corpus.ts';
import { isOnDisk, loadCorpusFiles, type TermTexts } from '../../scripts/lib/corpus/load-corpus.ts';
import { CorpusFileChangedError, TermTextOnDisk } from '../../scripts/lib/corpus/source-file.ts';
import { checkTermText } from '../../scripts/lib/corpus/file-checks.ts';
import { ParseCache } from '../../scripts/lib/corpus/parse-cache.ts';
import { buildSite } from '../../scripts/lib/publish/build-site.ts';
import { termFile } from '../../scripts/lib/publish/emit.ts';
import { INVALID_CASES, SMALL_CORPUS } from '../helpers/corpus-fixtures.ts';
import { readTree } from '../helpers/output-tree.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const BUNDLED_CORPUS = path.resolve(import.meta.dirname, '../../corpus');
const BUILT_AT = new Date('2026-01-01T00:00:00Z');

/** The files of two outputs that are missing from one or differ (none: the same bytes). */
function differences(a: Map<string, Buffer>, b: Map<string, Buffer>): string[] {
  const names = [...new Set([...a.keys(), ...b.keys()])].sort();
  return names.filter((name) => {
    const mine = a.get(name);
    const theirs = b.get(name);
    return !mine || !theirs || !mine.equals(theirs);
  });
}

const build = (corpusDir: string, outDir: string, termTexts: TermTexts, onProgress?: (written: number) => void) =>
  buildSite({ corpusDir, outDir, builtAt: BUILT_AT, termTexts, parallelChecks: false, onProgress });

/** The small corpus with an invalid case laid over it, written to a folder (as the fixture helpers do in memory). */
function invalidCaseOnDisk(name: string, dir: string): string {
  cpSync(SMALL_CORPUS, dir, { recursive: true });
  const caseDir = path.join(INVALID_CASES, name);
  const laid = fg.sync('**/*', { cwd: caseDir, onlyFiles: true, ignore: ['README.md', '_delete.txt', 'expected.txt'] });
  for (const file of laid) cpSync(path.join(caseDir, file), path.join(dir, file), { recursive: true });
  const deletions = path.join(caseDir, '_delete.txt');
  if (existsSync(deletions))
    for (const file of readFileSync(deletions, 'utf8').split('\n').filter(Boolean))
      rmSync(path.join(dir, file), { recursive: true, force: true });
  return dir;
}

describe('term texts kept on disk', () => {
  const work = tempDir();

  it.each([
    ['the bundled corpus', () => BUNDLED_CORPUS],
    [
      'a synthetic corpus of 300 terms',
      async () => {
        const dir = path.join(work, 'synthetic');
        await writeCorpus(generateCorpus(300, 7), dir);
        return dir;
      },
    ],
  ])(
    '%s: the same bytes in every file as with the texts in memory',
    async (_, corpus) => {
      const corpusDir = await corpus();
      const outputs = [];
      for (const termTexts of ['memory', 'disk'] as const) {
        const outDir = path.join(work, `${path.basename(corpusDir)}-${termTexts}`);
        const result = await build(corpusDir, outDir, termTexts);
        expect(result.ok ? [] : result.messages.slice(0, 5)).toEqual([]);
        outputs.push(readTree(outDir));
        // Removed now: the temporary folder's own removal (afterAll) has a time limit.
        rmSync(outDir, { recursive: true, force: true });
      }
      const [memory, disk] = outputs as [Map<string, Buffer>, Map<string, Buffer>];
      expect(memory.size).toBeGreaterThan(100);
      expect(differences(memory, disk)).toEqual([]);
    },
    120_000,
  );

  it('every invalid case: the same problems (file, line, field, message)', async () => {
    const names = fg.sync('*', { cwd: INVALID_CASES, onlyDirectories: true }).sort();
    expect(names.length).toBeGreaterThan(20);
    for (const name of names) {
      const corpusDir = invalidCaseOnDisk(name, path.join(work, 'invalid', name));
      const [memory, disk] = await Promise.all(
        (['memory', 'disk'] as const).map((termTexts) =>
          build(corpusDir, path.join(work, 'invalid-out', `${name}-${termTexts}`), termTexts),
        ),
      );
      expect(memory?.ok, name).toBe(false);
      expect(disk, name).toEqual(memory);
    }
    rmSync(path.join(work, 'invalid'), { recursive: true, force: true });
  }, 120_000);

  it('editorial findings: the same lines, found in a body and a definition read from disk', async () => {
    const corpusDir = path.join(work, 'editorial');
    cpSync(SMALL_CORPUS, corpusDir, { recursive: true });
    const aeon = path.join(corpusDir, 'terms/aeon/en.md');
    writeFileSync(
      aeon,
      readFileSync(aeon, 'utf8')
        .replace('definition: Æon is', 'definition: Some scholars suspect that Æon is')
        .replace('as Kurt Rudolph describes it.', 'as Kurt Rudolph describes it.\n\nSome scholars suspect more.'),
    );
    const results = [];
    for (const termTexts of ['memory', 'disk'] as const)
      results.push(await build(corpusDir, path.join(work, `editorial-${termTexts}`), termTexts));
    const [memory, disk] = results;
    expect(memory?.ok ? [] : memory?.problems.map(({ file, line, field }) => [file, line, field])).toEqual([
      [aeonShown(corpusDir), 3, 'definition'],
      [aeonShown(corpusDir), 11, undefined],
    ]);
    expect(disk).toEqual(memory);
  }, 60_000);

  it('a text changed after it was checked fails the build, naming the file, and publishes nothing', async () => {
    const corpusDir = path.join(work, 'changing');
    cpSync(BUNDLED_CORPUS, corpusDir, { recursive: true });
    const outDir = path.join(work, 'changing-out');
    expect((await build(corpusDir, outDir, 'disk')).ok).toBe(true);
    const before = readTree(outDir);
    // Changed once the first thousand files are written: the term files of both locales and the
    // pages read it again later, and find other bytes than those checked.
    const changed = path.join(corpusDir, 'terms/sophia/bg.md');
    let edits = 0;
    const result = await build(corpusDir, outDir, 'disk', () => {
      if (edits++ === 0) appendFileSync(changed, '\nОще един ред.\n');
    });
    expect(edits).toBeGreaterThan(0);
    expect(result.ok ? [] : result.messages).toEqual([
      `${path.relative(process.cwd(), changed)}: changed while the build was running (it differs from the text that was checked); nothing was published: build again`,
    ]);
    expect(differences(readTree(outDir), before)).toEqual([]);
    // No staging folder is left beside the output.
    expect(
      fg.sync('*', { cwd: work, onlyFiles: false }).filter((name) => name.startsWith('changing-out.tmp-')),
    ).toEqual([]);
    for (const dir of [outDir, corpusDir]) rmSync(dir, { recursive: true, force: true });
  }, 120_000);

  it('a text changed between two builds in one process: the second build writes the new text', async () => {
    const corpusDir = path.join(work, 'between');
    cpSync(SMALL_CORPUS, corpusDir, { recursive: true });
    const outDir = path.join(work, 'between-out');
    expect((await build(corpusDir, outDir, 'disk')).ok).toBe(true);
    const aeon = path.join(corpusDir, 'terms/aeon/en.md');
    appendFileSync(aeon, '\nA sentence added between the builds.\n');
    expect((await build(corpusDir, outDir, 'disk')).ok).toBe(true);
    const term = JSON.parse(readFileSync(path.join(outDir, termFile('en', 'aeon')), 'utf8'));
    expect(term.data.fullContent).toContain('A sentence added between the builds.');
    for (const dir of [outDir, corpusDir]) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it("validation does not read a text on disk whose checked outcome is known; the body's reader still reads it", async () => {
    // Every term text was read once more in validation at 100,000 terms, only to split its
    // frontmatter again (bench/README.md, "The 100,000-term time, twelfth session").
    const files = await loadCorpusFiles(SMALL_CORPUS, { termTexts: 'disk' });
    const aeon = files.files.find((file) => isOnDisk(file) && file.path.endsWith('terms/aeon/en.md'));
    if (!aeon?.digest) throw new Error('the small corpus has aeon/en.md');
    const cache = ParseCache.inMemory();
    const report = (problem: unknown) => {
      throw new Error(`a problem: ${JSON.stringify(problem)}`);
    };
    // Checked once, as the check threads do: the outcome is kept by the digest of the bytes.
    const checked = checkTermText(aeon, 'en', report, cache);
    expect(checked?.body).toContain('Kurt Rudolph');
    // The same bytes' text at a place where no file is: any read of it fails.
    const gone = new TermTextOnDisk({ root: path.join(work, 'gone'), shown: 'gone' }, 'terms/aeon/en.md', aeon.digest);
    const validated = checkTermText(gone, 'en', report, cache);
    expect(validated?.definition).toBe(checked?.definition);
    expect(() => validated?.body).toThrow(CorpusFileChangedError);
  });

  it('a text on disk holds its path inside the corpus and its digest: the path shown and the absolute path are made when asked for', async () => {
    // Every record keeps its text's reader to the end of a build: at 100,000 terms two more
    // strings per text were tens of MB (bench/README.md, eighth session).
    const files = await loadCorpusFiles(SMALL_CORPUS, { termTexts: 'disk' });
    const onDisk = files.files.filter(isOnDisk);
    expect(onDisk.length).toBeGreaterThan(4);
    const places = new Set<unknown>();
    for (const file of onDisk) {
      const inCorpus = path.relative(SMALL_CORPUS, path.resolve(file.path)).split(path.sep).join('/');
      expect(file.path).toBe(`${files.root}/${inCorpus}`);
      const own = Object.values(file);
      expect(own.filter((value) => typeof value === 'string')).toEqual([inCorpus, file.digest]);
      for (const value of own) if (typeof value !== 'string') places.add(value);
      expect(file.text).toBe(readFileSync(path.join(SMALL_CORPUS, inCorpus), 'utf8'));
    }
    // One object for the whole corpus: its folder and how messages show it.
    expect(places.size).toBe(1);
  });
});

const aeonShown = (corpusDir: string) => path.relative(process.cwd(), path.join(corpusDir, 'terms/aeon/en.md'));
