// One build in this (fresh) process with `--expose-gc`: at every BuildTimings lap, two forced
// full collections, then the live heap (heapUsed) and the process's RSS; optionally a heap
// snapshot at one lap. What is alive after each step of a build, not what V8 has not yet collected.
//   node --expose-gc --import tsx bench/probes/prepare-memory.ts CORPUS OUT [--cache-dir DIR]
//     [--texts memory|disk|auto] [--snapshot-at "lap name" --snapshot FILE] [--no-threads] [--no-gc]
import { readFileSync } from 'node:fs';
import { writeHeapSnapshot } from 'node:v8';
import { parseArgs } from 'node:util';
import { buildSite } from '../../scripts/lib/publish/build-site.ts';
import { BuildTimings } from '../../scripts/lib/publish/build-timings.ts';
import type { TermTexts } from '../../scripts/lib/corpus/load-corpus.ts';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    'cache-dir': { type: 'string' },
    texts: { type: 'string', default: 'auto' },
    'snapshot-at': { type: 'string' },
    snapshot: { type: 'string' },
    'no-threads': { type: 'boolean', default: false },
    /** No forced collections: the heap and RSS as the build leaves them (what a user's build peaks at). */
    'no-gc': { type: 'boolean', default: false },
  },
});
const [corpusDir, outDir] = positionals as [string, string];
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1).padStart(7);
/** The kernel's split of the resident set (Linux): anonymous memory (heaps, malloc) and mapped files. */
const rssSplit = () => {
  try {
    const status = readFileSync('/proc/self/status', 'utf8');
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN) * 1024;
    return `  (anon ${mb(kb('RssAnon'))}, files ${mb(kb('RssFile'))}, shmem ${mb(kb('RssShmem'))})`;
  } catch {
    return '';
  }
};

class LiveHeapTimings extends BuildTimings {
  override lap(phase: string): void {
    super.lap(phase);
    const rssBefore = process.memoryUsage().rss;
    if (!values['no-gc']) {
      gc!();
      gc!();
    }
    const m = process.memoryUsage();
    process.stderr.write(
      `${mb(m.heapUsed)} MB heap (${mb(m.heapTotal)} held)  rss ${mb(rssBefore)} -> ${mb(m.rss)} MB${rssSplit()}  external ${mb(m.external)}  ${phase}\n`,
    );
    if (phase === values['snapshot-at'] && values.snapshot) {
      writeHeapSnapshot(values.snapshot);
      process.stderr.write(`  heap snapshot written: ${values.snapshot}\n`);
    }
  }
}

const result = await buildSite({
  corpusDir,
  outDir,
  cacheDir: values['cache-dir'],
  builtAt: new Date(0),
  termTexts: values.texts as TermTexts,
  parallelChecks: !values['no-threads'],
  timings: new LiveHeapTimings(),
});
if (!result.ok) throw new Error(result.messages.slice(0, 5).join('\n'));
process.stderr.write(`peak rss ${mb(process.resourceUsage().maxRSS * 1024)} MB\n`);
