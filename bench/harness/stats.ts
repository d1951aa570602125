// Pure arithmetic of the benchmark: summaries of repeated runs, and the comparison of two
// runs' ratios that says which figures are stable enough to quote.

export interface Stat {
  min: number;
  median: number;
  max: number;
}

/** Min, median and max of repeated measurements (the median of an even count is the lower middle). */
export function stat(values: readonly number[]): Stat {
  if (values.length === 0) throw new Error('stat() needs at least one value');
  const sorted = [...values].sort((a, b) => a - b);
  return { min: sorted[0]!, median: sorted[Math.floor((sorted.length - 1) / 2)]!, max: sorted.at(-1)! };
}

/** The nearest-rank percentile of samples already sorted ascending (q in 0..1). */
export function percentile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) throw new Error('percentile() needs at least one sample');
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** A figure of a run, identified by size and measure, with its ratio to its floor. */
export interface RatioFigure {
  n: number;
  measure: string;
  ratio?: number;
}

export interface RatioChange {
  n: number;
  measure: string;
  first: number;
  second: number;
  /** |second - first| / min(first, second): symmetric, so the order of the runs does not matter. */
  change: number;
}

/**
 * Every figure present in both runs with a ratio, and how far the ratios moved. `unstable`
 * holds those that moved by more than `tolerance` (0.25: 25%).
 */
export function compareRatios(
  first: readonly RatioFigure[],
  second: readonly RatioFigure[],
  tolerance = 0.25,
): { compared: RatioChange[]; unstable: RatioChange[] } {
  const key = (f: RatioFigure) => `${f.n}\0${f.measure}`;
  const later = new Map(second.filter((f) => f.ratio !== undefined).map((f) => [key(f), f.ratio!]));
  const compared: RatioChange[] = [];
  for (const figure of first) {
    const other = later.get(key(figure));
    if (figure.ratio === undefined || other === undefined) continue;
    const low = Math.min(figure.ratio, other);
    const change =
      low > 0 ? Math.abs(other - figure.ratio) / low : figure.ratio === other ? 0 : Number.POSITIVE_INFINITY;
    compared.push({ n: figure.n, measure: figure.measure, first: figure.ratio, second: other, change });
  }
  return { compared, unstable: compared.filter((c) => c.change > tolerance) };
}

/** Three significant figures at most, no exponent: 0.123, 12.3, 1234. */
export function fmt(n: number): string {
  return n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n >= 1 ? n.toFixed(2) : n.toFixed(3);
}
