// The Netlify function: bundle size, cold start (process start to first response), loading
// the list index, and the memory it holds, each against its floor; and what widened search
// names cost the index, against the same index with each term's served name alone.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BenchContext } from '../harness/context.ts';
import { repeat } from '../harness/context.ts';
import { probe } from '../harness/processes.ts';
import { ratioRow } from '../harness/report.ts';
import { stat } from '../harness/stats.ts';
import { listIndexPath } from '../../src/contract/output-layout.ts';
import { LOCALES } from '../../src/contract/facts.ts';

export function measureFunction(ctx: BenchContext, bundle: string): void {
  const { n, built, runs, add } = ctx;
  const big = n >= 100_000;
  const indexBytes = LOCALES.map((locale) => readFileSync(path.join(built, listIndexPath(locale))));
  const zipMb = gzipSync(Buffer.concat([readFileSync(bundle), ...indexBytes])).byteLength / 1024 / 1024;
  const bundleMb = (statSync(bundle).size + indexBytes.reduce((s, b) => s + b.byteLength, 0)) / 1024 / 1024;
  add({
    n,
    measure: 'function bundle (code + index), gzip estimate',
    value: stat([zipMb]),
    unit: 'MB',
    note: `${bundleMb.toFixed(1)} MB unzipped`,
    target: { text: 'zip well under 50 MB', met: zipMb < 25 },
  });

  const cold = repeat(runs, () => ({
    fn: probe('cold-start.mjs', ['function', bundle], { env: { LEXICON_DIST: built, RATE_LIMIT_PER_HOUR: '0' } })
      .ms as number,
    floor: probe('cold-start.mjs', ['constant']).ms as number,
  }));
  add(
    ratioRow({
      n,
      measure: 'cold start to first response',
      value: stat(cold.map((c) => c.fn)),
      unit: 'ms',
      floor: { label: 'bare node, constant', value: stat(cold.map((c) => c.floor)) },
    }),
  );

  const loads = repeat(runs, () => ({
    decode: probe('index-load.ts', [built, 'decode'], { nodeFlags: ['--expose-gc'] }),
    raw: probe('index-load.ts', [built, 'raw'], { nodeFlags: ['--expose-gc'] }),
  }));
  add(
    ratioRow(
      {
        n,
        measure: 'index load (both locales)',
        value: stat(loads.map((l) => l.decode.ms)),
        unit: 'ms',
        floor: { label: 'read the raw bytes', value: stat(loads.map((l) => l.raw.ms)) },
      },
      big
        ? {
            text: '<= 2x raw (and <= 150 ms)',
            test: (r) => r <= 2 && stat(loads.map((l) => l.decode.ms)).median <= 150,
          }
        : undefined,
    ),
  );
  add(
    ratioRow(
      {
        n,
        measure: 'memory after load (heap + buffers)',
        value: stat(loads.map((l) => l.decode.totalMb)),
        unit: 'MB',
        floor: { label: 'raw bytes held', value: stat(loads.map((l) => l.raw.totalMb)) },
      },
      big ? { text: '<= 150 MB', test: () => stat(loads.map((l) => l.decode.totalMb)).median <= 150 } : undefined,
    ),
  );

  // What widening search cost the index (issue 14): against the same index with names alone.
  const sizes = repeat(runs, () => probe('index-size.ts', [built]));
  add(
    ratioRow({
      n,
      measure: 'list index size, widened search names',
      value: stat(sizes.map((s) => s.wideBytes / 1024 / 1024)),
      unit: 'MB',
      floor: { label: 'the served name alone', value: stat(sizes.map((s) => s.narrowBytes / 1024 / 1024)) },
    }),
  );
  add(
    ratioRow({
      n,
      measure: 'list index decode incl. names and one gram, widened',
      value: stat(sizes.map((s) => s.wideMs)),
      unit: 'ms',
      floor: { label: 'the served name alone', value: stat(sizes.map((s) => s.narrowMs)) },
    }),
  );
}
