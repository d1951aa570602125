// Corpora written to break the build: each is the small corpus with one hostile change
// (test/fixtures/hostile/<case>/), and the build must answer with exactly the messages in
// its expected.txt (file, line, field, what to do), never a stack trace, and read nothing
// outside the corpus folder.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildSite } from '../../scripts/lib/publish/build-site.ts';
import { loadCorpusFiles } from '../../scripts/lib/corpus/load-corpus.ts';
import { formatProblem, validateCorpus } from '../../scripts/lib/corpus/validate-corpus.ts';
import { FIXTURES, SMALL_CORPUS } from '../helpers/corpus-fixtures.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const HOSTILE = path.join(FIXTURES, 'hostile');
const INSTRUCTIONS = new Set(['expected.txt', '_links.txt', '_large.txt']);
const SECRET = 'SECRET-OUTSIDE-THE-CORPUS';
const work = tempDir('lexicon-hostile-');

/** The small corpus with the case laid over it, in <work>/<case>/corpus; links point at <work>/<case>/outside. */
function materialise(name: string): string {
  const caseDir = path.join(HOSTILE, name);
  const corpus = path.join(work, name, 'corpus');
  const outside = path.join(work, name, 'outside');
  rmSync(path.join(work, name), { recursive: true, force: true });
  cpSync(SMALL_CORPUS, corpus, { recursive: true });
  // Outside the corpus: a whole term folder and a file, both carrying a marker that must never be published.
  cpSync(path.join(SMALL_CORPUS, 'terms/sophia'), outside, { recursive: true });
  writeFileSync(
    path.join(outside, 'en.md'),
    readFileSync(path.join(outside, 'en.md'), 'utf8').replace('Sophia body text', SECRET),
  );
  const overlay = (dir: string, rel = '') => {
    for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const relPath = path.join(rel, entry.name);
      if (entry.isDirectory()) overlay(dir, relPath);
      else if (!INSTRUCTIONS.has(relPath)) {
        mkdirSync(path.dirname(path.join(corpus, relPath)), { recursive: true });
        writeFileSync(path.join(corpus, relPath), readFileSync(path.join(dir, relPath)));
      }
    }
  };
  overlay(caseDir);
  for (const [file, target] of instructions(caseDir, '_links.txt')) {
    rmSync(path.join(corpus, file), { recursive: true, force: true });
    symlinkSync(target.replace('{outside}', outside), path.join(corpus, file));
  }
  for (const [file, size] of instructions(caseDir, '_large.txt')) {
    writeFileSync(path.join(corpus, file), `---\nterm: Big\n---\n${'x'.repeat(Number(size) - 18)}`);
  }
  return corpus;
}

/** Tab-separated pairs: what git cannot carry portably (a link out of the corpus, a huge file). */
function instructions(caseDir: string, name: string): [string, string][] {
  const file = path.join(caseDir, name);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\t') as [string, string]);
}

const expected = (name: string) =>
  readFileSync(path.join(HOSTILE, name, 'expected.txt'), 'utf8')
    .split('\n')
    .filter(Boolean);

describe('hostile corpora', () => {
  it.each(readdirSync(HOSTILE).sort())('%s: reports exactly the expected problems', async (name) => {
    const corpus = materialise(name);
    const result = validateCorpus(await loadCorpusFiles(corpus, { shownAs: 'corpus' }));
    const messages = result.ok ? [] : result.problems.map(formatProblem);
    expect(messages).toEqual(expected(name));
  });

  it('never publishes a file reached through a link, and writes nothing', async () => {
    for (const name of ['symlinked-file', 'symlinked-folder']) {
      const outDir = path.join(work, name, 'dist');
      const result = await buildSite({ corpusDir: materialise(name), outDir });
      expect(result.ok).toBe(false);
      expect(existsSync(outDir)).toBe(false);
    }
  });

  it('a missing corpus folder is named as such, alone', async () => {
    const missing = path.join(work, 'no-such-corpus');
    const result = await buildSite({ corpusDir: missing, outDir: path.join(work, 'unused') });
    expect(result.ok ? [] : result.messages).toEqual([
      `${path.relative(process.cwd(), missing)}: is not a folder; pass --corpus with the folder that holds site.yaml, terms/ and posts/`,
    ]);
  });

  it('the CLI prints the alias bomb as a problem, not a stack trace', async () => {
    const corpus = materialise('alias-bomb');
    const cli = path.resolve(import.meta.dirname, '../../scripts/build.ts');
    // Run from the case folder, so messages show corpus/...; tsx is imported by its resolved URL.
    const run = promisify(execFile)(
      process.execPath,
      [
        '--import',
        pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href,
        cli,
        '--corpus',
        'corpus',
        '--out',
        '../cli-dist',
        '--no-cache',
      ],
      {
        cwd: path.dirname(corpus),
      },
    );
    const failure = await run.then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr.split('\n').filter(Boolean)).toEqual([
      'The corpus has 1 problem(s); ../cli-dist/ was left as it was.',
      ...expected('alias-bomb').map((line) => `  ${line}`),
    ]);
  }, 30_000);
});
