// Writing the site pages and concept files on the output thread changes how fast a build is,
// never what it publishes; a thread that fails fails the build, which then publishes nothing.
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIN_TERMS_FOR_THREAD } from '../../scripts/lib/formats/sqlite-thread-size.ts';
import { outputThreadPays } from '../../scripts/lib/publish/output-thread.ts';
import { fixtureBuilds } from '../helpers/fixture-build.ts';
import { expectOutputUntouched, expectSameTree } from '../helpers/output-assertions.ts';
import { readTree } from '../helpers/output-tree.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const FAILING_WORKER = new URL('../helpers/failing-output-worker.ts', import.meta.url).href;
const BROKEN_WORKER = new URL('../helpers/broken-worker.ts', import.meta.url).href;

const { build, built } = fixtureBuilds({ parallelOutput: true });

describe.runIf(availableParallelism() > 1)('the output thread', () => {
  const work = tempDir();

  it('publishes the same files, bytes, output hashes and counts as the main thread alone', async () => {
    const alone = await built(path.join(work, 'alone'), { parallelOutput: false });
    const shared = await built(path.join(work, 'shared'));
    expect(shared.summary).toEqual(alone.summary);
    expect(shared.pages).toEqual(alone.pages);
    const [expected, actual] = [readTree(path.join(work, 'alone')), readTree(path.join(work, 'shared'))];
    expectSameTree(actual, expected);
    // The thread's files are among those hashed for the next build: pages and concept files.
    const hashes = JSON.parse(actual.get('_data/output-hashes.json')?.toString() ?? '{}') as Record<string, string>;
    expect(Object.keys(hashes).filter((file) => file.endsWith('.html') && !file.startsWith('api/')).length).toBe(
      alone.pages.built ? alone.pages.count : -1,
    );
    expect(Object.keys(hashes).some((file) => file.endsWith('.ttl'))).toBe(true);
  });

  it("links the thread's unchanged files from the previous build, as the main thread does", async () => {
    const outDir = path.join(work, 'rebuilt');
    await built(outDir);
    const again = await built(outDir);
    const alone = await built(outDir, { parallelOutput: false });
    expect(alone.summary).toEqual(again.summary);
    // Every page and concept file (the thread's) is among those linked, not written again.
    const threads = [...readTree(outDir).keys()].filter((file) => /\.(html|ttl|jsonld)$/.test(file));
    expect(again.summary.reused).toBeGreaterThanOrEqual(threads.length);
  });

  it.each([
    [
      'throws half-way',
      FAILING_WORKER,
      /^writing the site pages and concept files on their thread failed: the term page of "sophia" cannot be rendered$/,
    ],
    [
      'fails as it loads',
      BROKEN_WORKER,
      /^writing the site pages and concept files on their thread failed: this worker fails on purpose$/,
    ],
  ])(
    'a thread that %s fails the build: the output is untouched, no staging folder is left',
    async (_, module, message) => {
      const outDir = path.join(work, `failing-${path.basename(module)}`);
      await built(outDir);
      const before = readTree(outDir);
      await expect(build(outDir, { outputWorker: module })).rejects.toThrow(message);
      expectOutputUntouched(outDir, before);
    },
  );
});

describe('where the output thread is used', () => {
  /** A corpus folder's files with `terms` term folders (both locales each). */
  const corpusOf = (terms: number) => ({
    root: 'corpus',
    files: Array.from({ length: terms }, (_, i) => ['term.yaml', 'en.md', 'bg.md'].map((name) => `t${i}/${name}`))
      .flat()
      .map((file) => ({ path: `corpus/terms/${file}`, text: '' })),
  });

  it("below the SQLite thread's threshold (terms of both locales), by the compiled code only", () => {
    expect(outputThreadPays(corpusOf(MIN_TERMS_FOR_THREAD / 2 - 1), true)).toBe(true);
    expect(outputThreadPays(corpusOf(MIN_TERMS_FOR_THREAD / 2), true)).toBe(false);
    expect(outputThreadPays(corpusOf(10), false)).toBe(false);
    // These tests run the sources.
    expect(outputThreadPays(corpusOf(10))).toBe(false);
  });
});
