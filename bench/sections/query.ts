// In-process list query latency per query kind (bench/probes/query.ts), each against a floor
// that moves a body of the same size. Ratios compare p50s, the figure that holds still on a
// shared machine; the p99 (the targets of issue 6) is shown with each.
import type { BenchContext } from '../harness/context.ts';
import { repeat } from '../harness/context.ts';
import { probe } from '../harness/processes.ts';
import { ratioRow } from '../harness/report.ts';
import { fmt, stat } from '../harness/stats.ts';

type Latency = { p50: number; p99: number };
type Case = {
  total: number;
  bodyBytes: number;
  query: Latency;
  copy: Latency;
  handler: Latency;
  floorHandler: Latency;
};

function p99Target(n: number, label: string): { text: string; limit: number } | undefined {
  if (n >= 100_000)
    return label.includes(' q') ? { text: 'p99 <= 1000 µs', limit: 1000 } : { text: 'p99 <= 50 µs', limit: 50 };
  if (n === 5_000) return { text: 'p99 <= 150 µs', limit: 150 };
  return undefined;
}

export function measureQueries(ctx: BenchContext): void {
  const { n, built, add } = ctx;
  const iterations = n >= 100_000 ? 1000 : 2000;
  const runs = repeat(
    Math.min(ctx.runs, 3),
    () => probe('query.ts', [built, String(iterations)]).results as Record<string, Case>,
  );
  for (const label of Object.keys(runs[0]!)) {
    const of = (pick: (c: Case) => number) => stat(runs.map((r) => pick(r[label]!)));
    const { total, bodyBytes } = runs[0]![label]!;
    const queryP99 = of((c) => c.query.p99);
    const target = p99Target(n, label);
    add({
      ...ratioRow({
        n,
        measure: `query ${label}, p50`,
        value: of((c) => c.query.p50),
        unit: 'µs',
        floor: { label: 'copy a body of the same size', value: of((c) => c.copy.p50) },
      }),
      note: `total ${total}, ${(bodyBytes / 1024).toFixed(1)} KB; p99 ${fmt(queryP99.median)} vs ${fmt(of((c) => c.copy.p99).median)}`,
      ...(target ? { target: { text: target.text, met: queryP99.median <= target.limit } } : {}),
    });
    add({
      ...ratioRow({
        n,
        measure: `query ${label}, whole handler, p50`,
        value: of((c) => c.handler.p50),
        unit: 'µs',
        floor: { label: 'Request + Response of the same bytes', value: of((c) => c.floorHandler.p50) },
      }),
      note: `p99 ${fmt(of((c) => c.handler.p99).median)} vs ${fmt(of((c) => c.floorHandler.p99).median)}`,
    });
  }
}
