// A very large build asks V8 for a smaller heap growth while it runs, and sets it back after;
// a process whose caller sized the heap keeps the caller's choice.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const flags = vi.hoisted(() => ({ set: [] as string[] }));
vi.mock('node:v8', async (original) => ({
  ...(await original<typeof import('node:v8')>()),
  setFlagsFromString: (flag: string) => flags.set.push(flag),
}));

const { heapSizedByCaller, holdHeapGrowth, LARGE_BUILD_HEAP_GROWTH_PERCENT } = await import(
  '../../scripts/lib/publish/heap-growth.ts'
);

describe('heap growth of a large build', () => {
  beforeEach(() => {
    flags.set = [];
    vi.unstubAllEnvs();
  });

  it('hold the smaller growth while any build needs it, then set back the default once', () => {
    vi.stubEnv('NODE_OPTIONS', '');
    const first = holdHeapGrowth();
    const second = holdHeapGrowth();
    expect(flags.set).toEqual([`--heap-growing-percent=${LARGE_BUILD_HEAP_GROWTH_PERCENT}`]);
    first();
    first();
    expect(flags.set).toHaveLength(1);
    second();
    expect(flags.set).toEqual([
      `--heap-growing-percent=${LARGE_BUILD_HEAP_GROWTH_PERCENT}`,
      '--heap-growing-percent=0',
    ]);
  });

  it("leave the heap alone when the process's caller sized it", () => {
    vi.stubEnv('NODE_OPTIONS', '--max-old-space-size=1000');
    holdHeapGrowth()();
    expect(flags.set).toEqual([]);
  });

  it('recognise the flags that size the heap, in either spelling, wherever given', () => {
    expect(heapSizedByCaller(['--max-old-space-size=1000'], undefined)).toBe(true);
    expect(heapSizedByCaller([], '--enable-source-maps --max_heap_size=2000')).toBe(true);
    expect(heapSizedByCaller([], '--heap-growing-percent=20')).toBe(true);
    expect(heapSizedByCaller(['--max-semi-space-size=64'], '--enable-source-maps')).toBe(false);
    expect(heapSizedByCaller([], undefined)).toBe(false);
  });
});
