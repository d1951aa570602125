// The benchmark's rows: printed as they are measured, then rendered as one Markdown table
// (bench/results/*.json keeps the same rows for --compare).
import { fmt, type Stat } from './stats.ts';

export interface Row {
  n: number;
  measure: string;
  value: Stat;
  unit: string;
  floor?: { label: string; value: Stat };
  /** value.median / floor.median, both measured in this run. */
  ratio?: number;
  /** Context that is not itself compared across runs (p50, totals, body size). */
  note?: string;
  target?: { text: string; met: boolean };
}

export function describeRow(r: Row): string {
  const range = (s: Stat) => `${fmt(s.median)} (${fmt(s.min)} – ${fmt(s.max)})`;
  return (
    `  ${r.measure.padEnd(46)} ${range(r.value)} ${r.unit}` +
    (r.note ? ` [${r.note}]` : '') +
    (r.floor ? `  | ${r.floor.label}: ${fmt(r.floor.value.median)}  ratio ${r.ratio!.toFixed(2)}` : '') +
    (r.target ? `  | target ${r.target.text}: ${r.target.met ? 'met' : 'NOT met'}` : '')
  );
}

/** A row whose ratio compares its median to the floor's median. */
export function ratioRow(
  r: Omit<Row, 'ratio'> & { floor: NonNullable<Row['floor']> },
  target?: { text: string; test: (ratio: number) => boolean },
): Row {
  const ratio = r.value.median / r.floor.value.median;
  return { ...r, ratio, ...(target ? { target: { text: target.text, met: target.test(ratio) } } : {}) };
}

export function renderTable(rows: readonly Row[]): string {
  return [
    '| N | measure | median (min – max) | floor: median | ratio | target |',
    '|---:|---|---|---|---:|---|',
    ...rows.map((r) =>
      [
        r.n.toLocaleString('en'),
        r.note ? `${r.measure} [${r.note}]` : r.measure,
        `${fmt(r.value.median)} ${r.unit} (${fmt(r.value.min)} – ${fmt(r.value.max)})`,
        r.floor ? `${r.floor.label}: ${fmt(r.floor.value.median)}` : '',
        r.ratio === undefined ? '' : r.ratio.toFixed(2),
        r.target ? `${r.target.text}: **${r.target.met ? 'met' : 'not met'}**` : '',
      ]
        .join(' | ')
        .replace(/^/, '| ')
        .replace(/$/, ' |'),
    ),
  ].join('\n');
}

/** Replaces the text between the results markers of a README. */
export function replaceResults(readme: string, section: string): string {
  const start = '<!-- results:start -->';
  const end = '<!-- results:end -->';
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  if (from < 0 || to < from) throw new Error(`the README has no ${start} … ${end} section`);
  return `${readme.slice(0, from + start.length)}\n${section}\n${readme.slice(to)}`;
}
