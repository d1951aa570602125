// The editorial checks in the build: a failed build (and the output left as it was) for a check
// listed among the errors (by default all of them), warnings for the others.
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

  it('warns, with file and line, and builds when the check is not an error', async () => {
    const result = await buildSite({
      corpusDir,
      outDir: path.join(work, 'out'),
      builtAt: BUILT_AT,
      editorialErrors: new Set(['cited-never-named', 'work-year']),
    });
    if (!result.ok) throw new Error(result.messages.join('\n'));
    expect(result.warnings.map(formatFinding)).toEqual([
      `${shown('terms/aeon/en.md')}:11: "Some scholars suspect" gives a view to nobody in particular: name the scholar who holds it (with the work in references), or state it as a plain fact`,
    ]);
  });

  it.each([
    ['here', false],
    ['on a check thread', true],
  ])('fails by default, writing nothing (findings worked out %s)', async (_, editorialThread) => {
    const outDir = path.join(work, `refused-${editorialThread}`);
    const result = await buildSite({ corpusDir, outDir, builtAt: BUILT_AT, editorialThread });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.messages).toEqual([
      `${shown('terms/aeon/en.md')}:11: "Some scholars suspect" gives a view to nobody in particular: name the scholar who holds it (with the work in references), or state it as a plain fact`,
    ]);
    expect(existsSync(outDir)).toBe(false);
  });
});
