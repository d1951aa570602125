// The build against its physical floor (plain synchronous writes of the same files and bytes),
// in-process and as whole processes (what `npm run build` users wait, start and imports
// included); our writer alone against the same floor; peak memory; a rebuild after one edit.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BenchContext } from '../harness/context.ts';
import { repeat } from '../harness/context.ts';
import { BUILD_NODE_FLAGS, probe, timeCommand } from '../harness/processes.ts';
import { ratioRow, type Row } from '../harness/report.ts';
import { stat } from '../harness/stats.ts';

const TARGET_SIZES = [5_000, 100_000];
const BUILD_MEASURE = 'build (buildSite, in-process)';

/**
 * The build's time per term at each size against the smallest size of the run: 1.0 is linear.
 * A step that is quadratic in the corpus shows here long before it dominates a build (one did:
 * SKOS JSON-LD took 0.23 s at 5,000 terms and 5.5 s at 20,000).
 */
export function buildScalingRows(rows: readonly Row[]): Row[] {
  const builds = rows.filter((r) => r.measure === BUILD_MEASURE).sort((a, b) => a.n - b.n);
  const smallest = builds[0];
  if (!smallest) return [];
  const perTerm = (r: Row) => ({ min: r.value.min / r.n, median: r.value.median / r.n, max: r.value.max / r.n });
  return builds.slice(1).map((r) =>
    ratioRow({
      n: r.n,
      measure: `build time per term, against N = ${smallest.n.toLocaleString('en')}`,
      value: perTerm(r),
      unit: 'ms',
      floor: { label: `per term at N = ${smallest.n.toLocaleString('en')}`, value: perTerm(smallest) },
    }),
  );
}

export function measureBuild(ctx: BenchContext): void {
  const { n, corpus, work, add } = ctx;
  const runs = n >= 100_000 ? Math.min(ctx.runs, 2) : ctx.runs;
  const out = path.join(work, 'build');
  const floorOut = path.join(work, 'floor');
  // Full builds start with no cache (as a first deploy); rebuilds keep it (as CI keeps it).
  const cache = path.join(work, 'build-cache');
  const fresh = (dir: string) => rmSync(dir, { recursive: true, force: true });
  // What `npm run build` runs: the compiled build (bin/run.mjs compiles first if a source is newer).
  const buildCommand = [
    ...BUILD_NODE_FLAGS,
    ...['bin/run.mjs', 'build', '--corpus', corpus, '--out', out],
    ...['--cache-dir', cache, '--quiet'],
  ];

  // Interleaved, so that a slow minute of the shared machine hits both sides alike.
  const samples = repeat(runs, () => {
    fresh(out);
    fresh(cache);
    const build = probe('build.ts', [corpus, out, cache]);
    fresh(out);
    fresh(cache);
    const buildProcessMs = timeCommand(buildCommand);
    fresh(floorOut);
    const floorStarted = performance.now();
    const floor = probe('write-floor.mjs', [ctx.built, floorOut]);
    // The floor's process reads the bytes it writes first; a build does not need that step.
    const floorProcessMs = performance.now() - floorStarted - floor.readMs;
    fresh(floorOut);
    const writer = probe('writer.ts', [ctx.built, floorOut]);
    return { build, buildProcessMs, floor, floorProcessMs, writer };
  });
  fresh(floorOut);

  const floor = { label: 'plain sync writes, same files', value: stat(samples.map((s) => s.floor.ms)) };
  const target = TARGET_SIZES.includes(n) ? { text: '<= 3x floor', test: (r: number) => r <= 3 } : undefined;
  add(ratioRow({ n, measure: BUILD_MEASURE, value: stat(samples.map((s) => s.build.ms)), unit: 'ms', floor }, target));
  add(
    ratioRow({
      n,
      measure: 'build, whole process (npm run build)',
      value: stat(samples.map((s) => s.buildProcessMs)),
      unit: 'ms',
      floor: { label: 'the floor as a whole process', value: stat(samples.map((s) => s.floorProcessMs)) },
    }),
  );
  add(
    ratioRow({
      n,
      measure: 'our writer alone, same files (writeAtomically)',
      value: stat(samples.map((s) => s.writer.ms)),
      unit: 'ms',
      floor,
    }),
  );
  add(
    ratioRow({
      n,
      measure: 'build peak RSS',
      value: stat(samples.map((s) => s.build.maxRssMb)),
      unit: 'MB',
      floor: { label: 'floor RSS', value: stat(samples.map((s) => s.floor.maxRssMb)) },
    }),
  );

  // The output and the cache of the unedited corpus are in place, as in CI after a deploy.
  const edited = path.join(corpus, 'terms', 'term-0', 'en.md');
  const original = readFileSync(edited, 'utf8');
  fresh(out);
  fresh(cache);
  probe('build.ts', [corpus, out, cache]);
  try {
    const rebuilds = repeat(runs, () => {
      writeFileSync(edited, `${original.trimEnd()} Edited ${Math.random().toString(36).slice(2)}.\n`);
      return probe('build.ts', [corpus, out, cache]).ms as number;
    });
    add(
      ratioRow({
        n,
        measure: 'rebuild after one term changed',
        value: stat(rebuilds),
        unit: 'ms',
        floor: { label: 'full build', value: stat(samples.map((s) => s.build.ms)) },
      }),
    );
  } finally {
    writeFileSync(edited, original);
    fresh(out);
    fresh(cache);
  }
}
