// A build whose texts stay on disk holds V8's smaller heap growth (heap-growth.ts) from the end
// of reading, before the files' own checks fill the parse cache: held only after them, the limit
// V8 had set by its default growth let validation peak 370 MiB higher on some 100,000-term runs.
import { describe, expect, it, vi } from 'vitest';
import { SMALL_CORPUS } from '../helpers/corpus-fixtures.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const events = vi.hoisted(() => [] as string[]);
vi.mock('node:v8', async (original) => ({
  ...(await original<typeof import('node:v8')>()),
  setFlagsFromString: (flag: string) => events.push(flag),
}));

const { CheckWorkers } = await import('../../scripts/lib/corpus/parallel-checks.ts');
const { LARGE_BUILD_HEAP_GROWTH_PERCENT } = await import('../../scripts/lib/publish/heap-growth.ts');
const { buildSite } = await import('../../scripts/lib/publish/build-site.ts');

describe('the heap growth of a build whose texts stay on disk', () => {
  const work = tempDir();

  it('is held before the files are checked, and set back when the build ends', async () => {
    vi.stubEnv('NODE_OPTIONS', '');
    const prefill = CheckWorkers.prototype.prefill;
    const spy = vi.spyOn(CheckWorkers.prototype, 'prefill').mockImplementation(function (this: unknown, ...args) {
      events.push('files checked');
      return prefill.apply(this, args);
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
      'files checked',
      '--heap-growing-percent=0',
    ]);
  });
});
