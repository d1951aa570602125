// What every section of the benchmark gets: the size under test, its corpus and built output,
// a scratch folder, how often to repeat, and where to put its rows.
import type { Row } from './report.ts';

export interface BenchContext {
  /** Terms per locale. */
  n: number;
  corpus: string;
  /** The corpus built once, untouched by the sections (they build elsewhere). */
  built: string;
  /** Scratch space of this size. */
  work: string;
  runs: number;
  /** Duration of each HTTP load run. */
  seconds: number;
  add(row: Row): void;
}

export const repeat = <T>(n: number, fn: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => fn(i));

/** Runs `fn` n times, awaiting each in turn (measurements must never overlap). */
export async function repeatAsync<T>(n: number, fn: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < n; i++) out.push(await fn(i));
  return out;
}
