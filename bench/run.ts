// `npm run bench`: every measurement in fresh processes, several runs, each figure next to a
// floor measured in the same run. Prints a table, writes bench/results/<date>-<sha>.json, and
// with --write-readme replaces the results section of bench/README.md.
//
//   npm run bench                         N = 500 and 5,000, 5 runs
//   npm run bench -- --full               adds N = 100,000
//   npm run bench -- --sizes 2000 --runs 3
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { Command } from 'commander';
import { build as esbuild } from 'esbuild';
import { generateCorpus, writeCorpus } from './synthetic-corpus.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const options = new Command()
  .option('--sizes <list>', 'terms per locale, comma-separated', '500,5000')
  .option('--full', 'also measure N = 100,000')
  .option('--runs <n>', 'fresh-process runs per measurement', '5')
  .option('--seconds <n>', 'duration of each HTTP throughput run', '3')
  .option('--write-readme', 'replace the results section of bench/README.md')
  .parse()
  .opts<{ sizes: string; full?: boolean; runs: string; seconds: string; writeReadme?: boolean }>();

const sizes = [...options.sizes.split(',').map(Number), ...(options.full ? [100_000] : [])];
const runs = Number(options.runs);
const work = path.join(os.tmpdir(), 'lexicon-bench');
mkdirSync(work, { recursive: true });

type Json = Record<string, any>;
function probe(script: string, args: string[], nodeFlags: string[] = [], env: Record<string, string> = {}): Json {
  const isTs = script.endsWith('.ts');
  const result = spawnSync(process.execPath, [...nodeFlags, ...(isTs ? ['--import', 'tsx'] : []), path.join(ROOT, 'bench/probes', script), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`${script} failed:\n${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1)!);
}
const repeat = (n: number, fn: () => Json) => Array.from({ length: n }, fn);

interface Stat {
  min: number;
  median: number;
  p99: number;
}
function stat(values: number[]): Stat {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { min: sorted[0]!, median: rank(0.5), p99: rank(0.99) };
}

interface Row {
  n: number;
  measure: string;
  value: Stat;
  unit: string;
  floor?: { label: string; value: Stat };
  ratio?: number;
  target?: string;
  met?: boolean;
}
const rows: Row[] = [];
const row = (r: Row) => {
  rows.push(r);
  const f = (s: Stat) => `${fmt(s.median)} (min ${fmt(s.min)}, p99 ${fmt(s.p99)})`;
  process.stderr.write(
    `  ${r.measure.padEnd(34)} ${f(r.value)} ${r.unit}` +
      (r.floor ? `  | floor ${r.floor.label}: ${fmt(r.floor.value.median)}  ratio ${r.ratio!.toFixed(2)}` : '') +
      (r.target ? `  | target ${r.target}: ${r.met ? 'met' : 'NOT met'}` : '') +
      '\n',
  );
};
const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2));

const bundleDir = path.join(work, 'bundle');
await esbuild({
  entryPoints: [path.join(ROOT, 'functions/lexicon.ts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outfile: path.join(bundleDir, 'lexicon.mjs'),
  logLevel: 'silent',
});
const bundle = path.join(bundleDir, 'lexicon.mjs');

for (const n of sizes) {
  process.stderr.write(`\nN = ${n} terms per locale\n`);
  const corpus = path.join(work, `corpus-${n}`);
  if (!existsSync(path.join(corpus, 'site.yaml'))) {
    rmSync(corpus, { recursive: true, force: true });
    await writeCorpus(generateCorpus(n, 42), corpus);
  }
  const out = path.join(work, `dist-${n}`);
  const buildRuns = n >= 100_000 ? Math.min(runs, 2) : runs;

  // ---- build vs write floor
  // A full build starts from nothing: an existing output would let it link unchanged files.
  const builds = repeat(buildRuns, () => {
    rmSync(out, { recursive: true, force: true });
    return probe('build.ts', [corpus, out]);
  });
  const floors = repeat(buildRuns, () => {
    rmSync(path.join(work, `floor-${n}`), { recursive: true, force: true });
    return probe('write-floor.ts', [out, path.join(work, `floor-${n}`)]);
  });
  const buildStat = stat(builds.map((b) => b.ms));
  const floorStat = stat(floors.map((f) => f.ms));
  const buildRatio = buildStat.median / floorStat.median;
  row({ n, measure: 'build', value: buildStat, unit: 'ms', floor: { label: 'write same files', value: floorStat }, ratio: buildRatio, ...(n >= 100_000 ? { target: '<= 2x floor', met: buildRatio <= 2 } : {}) });
  row({ n, measure: 'build peak RSS', value: stat(builds.map((b) => b.maxRssMb)), unit: 'MB', floor: { label: 'write floor RSS', value: stat(floors.map((f) => f.maxRssMb)) }, ratio: stat(builds.map((b) => b.maxRssMb)).median / stat(floors.map((f) => f.maxRssMb)).median });

  // ---- incremental rebuild after changing one term (the output of the unedited corpus is in place)
  const edited = path.join(corpus, 'terms', 'term-0', 'en.md');
  const original = readFileSync(edited, 'utf8');
  const incremental = repeat(buildRuns, () => {
    writeFileSync(edited, `${original.trimEnd()} Edited ${Math.random().toString(36).slice(2)}.\n`);
    return probe('build.ts', [corpus, out]);
  });
  writeFileSync(edited, original);
  const incrementalStat = stat(incremental.map((b) => b.ms));
  const incrementalRatio = incrementalStat.median / buildStat.median;
  row({ n, measure: 'rebuild after one term changed', value: incrementalStat, unit: 'ms', floor: { label: 'full build', value: buildStat }, ratio: incrementalRatio, ...(n >= 100_000 ? { target: '<= 0.10x full', met: incrementalRatio <= 0.1 } : {}) });
  probe('build.ts', [corpus, out]); // leave the unedited build in place

  // ---- function: bundle size, cold start, index load, heap
  const dataDir = path.join(out, '_data');
  const indexBytes = ['en', 'bg'].map((l) => readFileSync(path.join(dataDir, `list-index.${l}.bin`)));
  const zipEstimate = gzipSync(Buffer.concat([readFileSync(bundle), ...indexBytes])).byteLength / 1024 / 1024;
  const bundleMb = (statSync(bundle).size + indexBytes.reduce((s, b) => s + b.byteLength, 0)) / 1024 / 1024;
  row({ n, measure: 'function bundle (code + index)', value: stat([bundleMb]), unit: 'MB', floor: { label: 'gzip estimate of the zip', value: stat([zipEstimate]) }, ratio: zipEstimate / 50, target: 'zip well under 50 MB', met: zipEstimate < 25 });

  const cold = repeat(runs, () => probe('cold-start.mjs', ['function', bundle], [], { LEXICON_DATA_DIR: dataDir, RATE_LIMIT_PER_HOUR: '0' }));
  const coldFloor = repeat(runs, () => probe('cold-start.mjs', ['constant']));
  const coldStat = stat(cold.map((c) => c.ms));
  const coldFloorStat = stat(coldFloor.map((c) => c.ms));
  row({ n, measure: 'cold start to first response', value: coldStat, unit: 'ms', floor: { label: 'bare node, constant', value: coldFloorStat }, ratio: coldStat.median / coldFloorStat.median });

  const loads = repeat(runs, () => probe('index-load.ts', [out, 'decode'], ['--expose-gc']));
  const raw = repeat(runs, () => probe('index-load.ts', [out, 'raw'], ['--expose-gc']));
  const loadStat = stat(loads.map((l) => l.ms));
  const rawStat = stat(raw.map((l) => l.ms));
  const loadRatio = loadStat.median / rawStat.median;
  row({ n, measure: 'index load (both locales)', value: loadStat, unit: 'ms', floor: { label: 'read the raw bytes', value: rawStat }, ratio: loadRatio, ...(n >= 100_000 ? { target: '<= 150 ms and <= 2x raw', met: loadStat.median <= 150 && loadRatio <= 2 } : {}) });
  const heapStat = stat(loads.map((l) => l.totalMb));
  row({ n, measure: 'memory after load (heap + buffers)', value: heapStat, unit: 'MB', floor: { label: 'raw bytes held', value: stat(raw.map((l) => l.totalMb)) }, ratio: heapStat.median / stat(raw.map((l) => l.totalMb)).median, ...(n >= 100_000 ? { target: '<= 150 MB', met: heapStat.median <= 150 } : {}) });

  // ---- query latency, in-process
  const iterations = n >= 100_000 ? 1000 : 2000;
  const queryRuns = repeat(Math.min(runs, 3), () => probe('query.ts', [out, String(iterations)]));
  const queryFloor = stat(queryRuns.map((q) => q.floor.query.p99));
  const handlerFloor = stat(queryRuns.map((q) => q.floor.handler.p99));
  for (const label of Object.keys(queryRuns[0]!.results)) {
    const p50 = stat(queryRuns.map((q) => q.results[label].query.p50));
    const p99 = stat(queryRuns.map((q) => q.results[label].query.p99));
    const handlerP99 = stat(queryRuns.map((q) => q.results[label].handler.p99));
    const withQ = label.includes(' q');
    const target =
      n >= 100_000 ? (withQ ? { target: 'p99 <= 1000 µs', met: p99.median <= 1000 } : { target: 'p99 <= 50 µs', met: p99.median <= 50 })
      : n === 5000 ? { target: 'p99 <= 150 µs', met: p99.median <= 150 } : {};
    const total = queryRuns[0]!.results[label].total;
    row({ n, measure: `query ${label} (total ${total}) p99 [p50 ${fmt(p50.median)}]`, value: p99, unit: 'µs', floor: { label: 'copy a constant body', value: queryFloor }, ratio: p99.median / queryFloor.median, ...target });
    row({ n, measure: `  same through the handler, p99`, value: handlerP99, unit: 'µs', floor: { label: 'constant Response', value: handlerFloor }, ratio: handlerP99.median / handlerFloor.median });
  }

  // ---- HTTP throughput
  const seconds = options.seconds;
  const http = repeat(Math.min(runs, 3), () => probe('http.ts', [out, 'handler', seconds]));
  const httpFloor = repeat(Math.min(runs, 3), () => probe('http.ts', [out, 'constant', seconds]));
  const rps = stat(http.map((h) => h.rps));
  const rpsFloor = stat(httpFloor.map((h) => h.rps));
  const rpsRatio = rps.median / rpsFloor.median;
  row({ n, measure: 'HTTP throughput, default page', value: rps, unit: 'req/s', floor: { label: 'same wrapper, constant body', value: rpsFloor }, ratio: rpsRatio, ...(n === 5000 ? { target: '>= 0.8x floor', met: rpsRatio >= 0.8 } : {}) });
}

// ---- results
const sha = (() => {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
})();
const date = new Date().toISOString();
const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GiB, ${os.platform()} ${os.release()}`;
const result = { date, sha, node: process.version, machine, runs, rows };
const file = path.join(ROOT, 'bench/results', `${date.slice(0, 10)}-${sha}.json`);
writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);

const table = [
  `Measured ${date.slice(0, 16).replace('T', ' ')} UTC at commit \`${sha}\`, Node ${process.version}, ${machine}; ${runs} fresh-process runs per figure (2 for builds at 100k, 3 for queries and HTTP). Figures are medians (min, p99 of runs); ratios compare medians measured in the same run.`,
  '',
  '| N | measure | median (min – p99) | floor (median) | ratio | target |',
  '|---:|---|---|---|---:|---|',
  ...rows.map((r) =>
    `| ${r.n.toLocaleString('en')} | ${r.measure} | ${fmt(r.value.median)} ${r.unit} (${fmt(r.value.min)} – ${fmt(r.value.p99)}) | ${r.floor ? `${r.floor.label}: ${fmt(r.floor.value.median)}` : ''} | ${r.ratio === undefined ? '' : r.ratio.toFixed(2)} | ${r.target ? `${r.target}: **${r.met ? 'met' : 'not met'}**` : ''} |`,
  ),
].join('\n');
process.stdout.write(`\n${table}\n\nwrote ${path.relative(ROOT, file)}\n`);
if (options.writeReadme) {
  const readme = path.join(ROOT, 'bench/README.md');
  const text = readFileSync(readme, 'utf8');
  const start = '<!-- results:start -->';
  const end = '<!-- results:end -->';
  writeFileSync(readme, `${text.slice(0, text.indexOf(start) + start.length)}\n${table}\n${text.slice(text.indexOf(end))}`);
  process.stdout.write('updated bench/README.md\n');
}
