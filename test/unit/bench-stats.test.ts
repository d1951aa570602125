// The benchmark's arithmetic: summaries, percentiles, ratio rows, the run-to-run comparison
// and the README section it rewrites. Oracle: brute force over sorted arrays.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ratioRow, renderTable, replaceResults } from '../../bench/harness/report.ts';
import { buildScalingRows } from '../../bench/sections/build.ts';
import { compareRatios, fmt, percentile, stat } from '../../bench/harness/stats.ts';

describe('stat', () => {
  it('gives min, lower median and max', () => {
    expect(stat([5, 1, 3])).toEqual({ min: 1, median: 3, max: 5 });
    expect(stat([4, 1, 3, 2])).toEqual({ min: 1, median: 2, max: 4 });
  });
  it('rejects an empty list', () => {
    expect(() => stat([])).toThrow('stat() needs at least one value');
  });
  it('has a median that is one of the values, with as many at or below it as above it (±1)', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ noNaN: true, min: -1e6, max: 1e6 }), { minLength: 1 }), (values) => {
        const { min, median, max } = stat(values);
        expect(values).toContain(median);
        expect(min).toBe(Math.min(...values));
        expect(max).toBe(Math.max(...values));
        const below = values.filter((v) => v < median).length;
        const above = values.filter((v) => v > median).length;
        expect(below).toBeLessThanOrEqual(Math.floor((values.length - 1) / 2));
        expect(above).toBeLessThanOrEqual(Math.ceil((values.length - 1) / 2));
      }),
    );
  });
});

describe('percentile', () => {
  it('is the nearest rank', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 0.5)).toBe(50);
    expect(percentile(sorted, 0.99)).toBe(99);
    expect(percentile(sorted, 1)).toBe(100);
    expect(percentile(sorted, 0)).toBe(1);
  });
  it('agrees with counting: at least q of the samples are at or below it, and fewer below it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 50 }), { minLength: 1 }),
        fc.double({ min: 0.01, max: 1, noNaN: true }),
        (values, q) => {
          const sorted = [...values].sort((a, b) => a - b);
          const p = percentile(sorted, q);
          expect(sorted.filter((v) => v <= p).length).toBeGreaterThanOrEqual(Math.ceil(q * sorted.length));
          expect(sorted.filter((v) => v < p).length).toBeLessThan(Math.ceil(q * sorted.length));
        },
      ),
    );
  });
  it('rejects no samples', () => {
    expect(() => percentile([], 0.5)).toThrow('percentile() needs at least one sample');
  });
});

describe('compareRatios', () => {
  const run = (ratios: Record<string, number | undefined>) =>
    Object.entries(ratios).map(([measure, ratio]) => ({ n: 500, measure, ratio }));
  it('flags ratios that moved by more than 25%, whichever run is first', () => {
    const a = run({ build: 10, query: 2, steady: 1, unmatched: 3, none: undefined });
    const b = run({ build: 13, query: 2.6, steady: 1.2, none: 4 });
    for (const [first, second] of [
      [a, b],
      [b, a],
    ] as const) {
      const { compared, unstable } = compareRatios(first, second);
      expect(compared.map((c) => c.measure).sort()).toEqual(['build', 'query', 'steady']);
      expect(unstable.map((c) => c.measure).sort()).toEqual(['build', 'query']);
    }
  });
  it('keeps sizes apart', () => {
    const { compared } = compareRatios(
      [{ n: 500, measure: 'build', ratio: 1 }],
      [{ n: 5000, measure: 'build', ratio: 1 }],
    );
    expect(compared).toEqual([]);
  });
  it('treats a zero against a non-zero as an infinite change', () => {
    expect(compareRatios(run({ x: 0 }), run({ x: 1 })).unstable[0]!.change).toBe(Number.POSITIVE_INFINITY);
    expect(compareRatios(run({ x: 0 }), run({ x: 0 })).unstable).toEqual([]);
  });
});

describe('rows and the README section', () => {
  const floor = { label: 'floor', value: stat([2]) };
  it('computes the ratio of medians and judges the target on it', () => {
    const row = ratioRow(
      { n: 5000, measure: 'build', value: stat([6, 7, 5]), unit: 'ms', floor },
      { text: '<= 3x floor', test: (r) => r <= 3 },
    );
    expect(row.ratio).toBe(3);
    expect(row.target).toEqual({ text: '<= 3x floor', met: true });
  });
  it('renders one table line per row', () => {
    const table = renderTable([
      ratioRow({ n: 5000, measure: 'build', value: stat([6]), unit: 'ms', floor }),
      {
        n: 100_000,
        measure: 'bundle',
        value: stat([0.5]),
        unit: 'MB',
        note: 'zip',
        target: { text: 'small', met: false },
      },
    ]);
    expect(table.split('\n')).toEqual([
      '| N | measure | median (min – max) | floor: median | ratio | target |',
      '|---:|---|---|---|---:|---|',
      '| 5,000 | build | 6.00 ms (6.00 – 6.00) | floor: 2.00 | 3.00 |  |',
      '| 100,000 | bundle [zip] | 0.500 MB (0.500 – 0.500) |  |  | small: **not met** |',
    ]);
  });
  it('replaces only the results section', () => {
    const readme = 'intro\n<!-- results:start -->\nold\n<!-- results:end -->\noutro\n';
    expect(replaceResults(readme, 'new')).toBe('intro\n<!-- results:start -->\nnew\n<!-- results:end -->\noutro\n');
    expect(() => replaceResults('no markers', 'new')).toThrow(
      'the README has no <!-- results:start --> … <!-- results:end --> section',
    );
  });
  it('formats to about three significant figures', () => {
    expect([fmt(1234.5), fmt(12.345), fmt(1.2345), fmt(0.12345)]).toEqual(['1235', '12.3', '1.23', '0.123']);
  });
  it('compares the build time per term at each size with the smallest size', () => {
    const build = (n: number, ms: number) => ({
      n,
      measure: 'build (buildSite, in-process)',
      value: { min: ms, median: ms, max: ms },
      unit: 'ms',
    });
    const rows = buildScalingRows([build(5000, 12_000), build(500, 1_000), { ...build(500, 9), measure: 'other' }]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      n: 5000,
      measure: 'build time per term, against N = 500',
      value: { median: 2.4 },
      floor: { label: 'per term at N = 500', value: { median: 2 } },
    });
    expect(rows[0]!.ratio).toBeCloseTo(1.2);
    expect(buildScalingRows([build(500, 1_000)])).toEqual([]);
  });
});
