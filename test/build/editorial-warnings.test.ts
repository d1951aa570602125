// The editorial checks in the build: warnings by default, a failed build (and the output left
// as it was) for a check listed among the errors.
import { appendFileSync, cpSync, existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../scripts/lib/publish/build-site.ts';
import { formatFinding } from '../../scripts/lib/corpus/editorial-checks.ts';
import { SMALL_CORPUS } from '../helpers/corpus-fixtures.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const BUILT_AT = new Date('2026-01-01T00:00:00Z');

describe('editorial checks in the build', () => {
  const work = tempDir();
  const corpusDir = path.join(work, 'corpus');
  // As the build shows paths: relative to the working directory.
  const shown = (file: string) => path.relative(process.cwd(), path.join(corpusDir, file)).split(path.sep).join('/');

  beforeAll(() => {
    cpSync(SMALL_CORPUS, corpusDir, { recursive: true });
    appendFileSync(path.join(corpusDir, 'terms/aeon/en.md'), '\nSome scholars suspect a polemic.\n');
  });

  it('warns, with file and line, and builds', async () => {
    const result = await buildSite({ corpusDir, outDir: path.join(work, 'out'), builtAt: BUILT_AT });
    if (!result.ok) throw new Error(result.messages.join('\n'));
    expect(result.warnings.map(formatFinding)).toEqual([
      `${shown('terms/aeon/en.md')}:11: "Some scholars suspect" gives a view to nobody in particular: name the scholar who holds it (with the work in references), or state it as a plain fact`,
      `${shown('terms/aeon/term.yaml')}:15: references.1: Rudolph, Kurt, Gnosis: The Nature and History of Gnosticism is cited, but the en body never names Rudolph: name the author where the work carries a statement, or drop the reference`,
      `${shown('terms/aeon/term.yaml')}:15: references.1: Rudolph, Kurt, Gnosis: The Nature and History of Gnosticism is cited, but the bg body never names Rudolph: name the author where the work carries a statement, or drop the reference`,
    ]);
  });

  it('fails, writing nothing, when a check with findings is an error', async () => {
    const outDir = path.join(work, 'refused');
    const result = await buildSite({
      corpusDir,
      outDir,
      builtAt: BUILT_AT,
      editorialErrors: new Set(['anonymous-view']),
    });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.messages).toEqual([
      `${shown('terms/aeon/en.md')}:11: "Some scholars suspect" gives a view to nobody in particular: name the scholar who holds it (with the work in references), or state it as a plain fact`,
    ]);
    expect(existsSync(outDir)).toBe(false);
  });
});
