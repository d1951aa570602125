// A build whose texts stay on disk holds V8's smaller heap growth (heap-growth.ts) before the
// first file is read, so before the files' own checks (while the corpus is read) fill the parse
// cache: held only after them, the limit V8 had set by its default growth let validation peak 370
// MiB higher on some 100,000-term runs.
import { describe, expect, it, vi } from 'vitest';
import { SMALL_CORPUS } from '../helpers/corpus-fixtures.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const events = vi.hoisted(() => [] as string[]);
vi.mock('node:v8', async (original) => ({
  ...(await original<typeof import('node:v8')>()),
  setFlagsFromString: (flag: string) => events.push(flag),
}));

const { StreamedChecks } = await import('../../scripts/lib/corpus/streamed-checks.ts');
const { LARGE_BUILD_HEAP_GROWTH_PERCENT } = await import('../../scripts/lib/publish/heap-growth.ts');
const { buildSite } = await import('../../scripts/lib/publish/build-site.ts');

describe('the heap growth of a build whose texts stay on disk', () => {
  const work = tempDir();

  it('is held before the files are checked, and set back when the build ends', async () => {
    vi.stubEnv('NODE_OPTIONS', '');
    const add = StreamedChecks.prototype.add;
    const spy = vi.spyOn(StreamedChecks.prototype, 'add').mockImplementation(function (this: unknown, ...args) {
      if (!events.includes('a file handed to the checks')) events.push('a file handed to the checks');
      return add.apply(this, args);
    });
    try {
      const result = await buildSite({ corpusDir: SMALL_CORPUS, outDir: `${work}/out`, termTexts: 'disk' });
      expect(result.ok).toBe(true);
    } finally {
      spy.mockRestore();
      vi.unstubAllEnvs();
    }
    expect(events).toEqual([
      `--heap-growing-percent=${LARGE_BUILD_HEAP_GROWTH_PERCENT}`,
      'a file handed to the checks',
      '--heap-growing-percent=0',
    ]);
  });
});
