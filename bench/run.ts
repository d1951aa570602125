// `npm run bench`: every measurement in fresh processes, several runs, each figure next to a
// floor measured in the same run (bench/README.md says which floor and why). Prints rows as
// they come, then a table; writes bench/results/<date>-<sha>.json; --write-readme replaces the
// results section of bench/README.md; --compare checks two results files against each other.
//
//   npm run bench                          N = 500 and 5,000, 5 runs
//   npm run bench -- --peers               adds json-server, Eleventy, Hugo and the read-parse-write floor
//   npm run bench -- --sizes 5000,20000 --only whole-build   the whole build against its peers (issue 27)
//   npm run bench -- --full                adds N = 100,000 (on disk, not in /dev/shm)
//   npm run bench -- --sizes 2000 --runs 3 --only build,http
//   npm run bench -- --sizes 500 --only production   the production install and start-up (issue 24)
//   npm run bench -- --sizes 5000 --only editloop    an edit served by npm start --watch and npm run dev (issue 27)
//   npm run bench -- --compare results/a.json results/b.json
//   npm run bench -- --write-readme --from results/a.json   (the section from a saved run)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Command } from 'commander';
import { build as esbuild } from 'esbuild';
import type { BenchContext } from './harness/context.ts';
import { LOAD_GENERATOR, probe, ROOT } from './harness/processes.ts';
import { describeRow, renderTable, replaceResults, type Row } from './harness/report.ts';
import { compareRatios } from './harness/stats.ts';
import { buildScalingRows, measureBuild } from './sections/build.ts';
import { measureEditLoop } from './sections/editloop.ts';
import { measureBuildPeers, termCount } from './sections/build-peers.ts';
import { measureFunction } from './sections/function.ts';
import { measureHttp } from './sections/http.ts';
import { measurePeers } from './sections/peers.ts';
import { measureProduction } from './sections/production.ts';
import { measureQueries } from './sections/query.ts';
import { generateCorpus, writeCorpus } from './synthetic-corpus.ts';

const SECTIONS = ['build', 'function', 'query', 'http', 'peers', 'whole-build', 'production', 'editloop'] as const;
/** Sections that run only when asked for by --peers or --only. */
const PEER_SECTIONS = new Set<string>(['peers', 'whole-build']);
const options = new Command()
  .option('--sizes <list>', 'terms per locale, comma-separated', '500,5000')
  .option('--full', 'also measure N = 100,000')
  .option('--runs <n>', 'fresh-process runs per measurement', '5')
  .option('--seconds <n>', 'duration of each HTTP load run', '3')
  .option('--peers', 'also run json-server, Eleventy, Hugo and the read-parse-write floor on the same corpus')
  .option('--only <sections>', `comma-separated subset of ${SECTIONS.join(', ')}`)
  .option('--work <dir>', 'scratch folder (default: /dev/shm/lexicon-bench where it exists and without --full)')
  .option('--write-readme', 'replace the results section of bench/README.md')
  .option('--compare <files...>', 'compare the ratios of two results files (25% tolerance) and exit')
  .option('--from <file>', 'with --write-readme: take the rows of a saved results file instead of measuring')
  .parse()
  .opts<{
    sizes: string;
    full?: boolean;
    runs: string;
    seconds: string;
    peers?: boolean;
    only?: string;
    work?: string;
    writeReadme?: boolean;
    compare?: string[];
    from?: string;
  }>();

interface Results {
  date: string;
  sha: string;
  node: string;
  machine: string;
  load: string;
  /** What sent the HTTP requests (absent in results from before it was recorded). */
  loadGenerator?: string;
  runs: number;
  rows: Row[];
}
const resultsSection = (r: Results) =>
  [
    `Measured ${r.date.slice(0, 16).replace('T', ' ')} UTC at commit \`${r.sha}\`, Node ${r.node}, ${r.machine}, load average at the end ${r.load}; ` +
      `${r.runs} fresh-process runs per figure (2 for builds at 100k, at most 3 for queries, HTTP and peers)${r.loadGenerator ? `; HTTP load from ${r.loadGenerator}` : ''}. Figures are medians (min – max of runs); ratios compare medians measured in the same run.`,
    '',
    renderTable(r.rows),
  ].join('\n');
const writeReadme = (section: string) => {
  const readme = path.join(ROOT, 'bench/README.md');
  writeFileSync(readme, replaceResults(readFileSync(readme, 'utf8'), section));
  process.stdout.write('updated bench/README.md\n');
};
if (options.from) {
  writeReadme(resultsSection(JSON.parse(readFileSync(options.from, 'utf8')) as Results));
  process.exit(0);
}

if (options.compare) {
  const [a, b] = options.compare.map((file) => JSON.parse(readFileSync(file, 'utf8')) as { sha: string; rows: Row[] });
  if (!a || !b) throw new Error('--compare needs two results files');
  const { compared, unstable } = compareRatios(a.rows, b.rows);
  process.stdout.write(
    `${compared.length} ratios compared (${a.sha} vs ${b.sha}); ${unstable.length} moved by more than 25%:\n`,
  );
  for (const c of unstable)
    process.stdout.write(
      `  N=${c.n} ${c.measure}: ${c.first.toFixed(2)} -> ${c.second.toFixed(2)} (${(c.change * 100).toFixed(0)}%)\n`,
    );
  process.exit(0);
}

const sizes = [...options.sizes.split(',').map(Number), ...(options.full ? [100_000] : [])];
const wanted = new Set(
  options.only ? options.only.split(',') : SECTIONS.filter((s) => !PEER_SECTIONS.has(s) || options.peers),
);
for (const name of wanted)
  if (!(SECTIONS as readonly string[]).includes(name)) throw new Error(`--only: unknown section ${name}`);
// A RAM disk takes the other tenants' disk traffic out of every write floor; 100k needs disk.
const work = path.resolve(
  options.work ??
    (existsSync('/dev/shm') && !options.full ? '/dev/shm/lexicon-bench' : path.join(os.tmpdir(), 'lexicon-bench')),
);
mkdirSync(work, { recursive: true });

const rows: Row[] = [];
const add = (row: Row) => {
  rows.push(row);
  process.stderr.write(`${describeRow(row)}\n`);
};

const bundle = path.join(work, 'bundle', 'lexicon.mjs');
// As Netlify bundles it; CommonJS dependencies (the Redis client) need `require` in an ES module.
await esbuild({
  entryPoints: [path.join(ROOT, 'functions/lexicon.ts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outfile: bundle,
  logLevel: 'silent',
  banner: {
    js: "import { createRequire as __benchRequire } from 'node:module'; const require = __benchRequire(import.meta.url);",
  },
});

// The production section alone needs no synthetic corpus.
const perSize = [...wanted].some((name) => name !== 'production');
for (const n of perSize ? sizes : []) {
  process.stderr.write(`\nN = ${n} terms per locale (work: ${work})\n`);
  const corpus = path.join(work, `corpus-${n}`);
  if (!existsSync(path.join(corpus, 'site.yaml'))) {
    rmSync(corpus, { recursive: true, force: true });
    await writeCorpus(generateCorpus(n, 42), corpus);
  }
  // Built once per run at this commit; every section but the whole build reads it and builds elsewhere.
  const built = path.join(work, `dist-${n}`);
  rmSync(built, { recursive: true, force: true });
  if ([...wanted].some((name) => name !== 'whole-build')) probe('build.ts', [corpus, built]);
  const scratch = path.join(work, `scratch-${n}`);
  mkdirSync(scratch, { recursive: true });
  const ctx: BenchContext = {
    n,
    corpus,
    built,
    work: scratch,
    runs: Number(options.runs),
    seconds: Number(options.seconds),
    add,
  };
  if (wanted.has('build')) measureBuild(ctx);
  if (wanted.has('function')) measureFunction(ctx, bundle);
  if (wanted.has('query')) measureQueries(ctx);
  if (wanted.has('http')) await measureHttp(ctx);
  if (wanted.has('peers')) await measurePeers(ctx);
  if (wanted.has('editloop')) await measureEditLoop(ctx);
  if (wanted.has('whole-build')) measureBuildPeers(ctx);
  rmSync(scratch, { recursive: true, force: true });
}

// The bundled corpus too: what every `npm run build` of this repository reads.
if (wanted.has('whole-build')) {
  const scratch = path.join(work, 'scratch-bundled');
  mkdirSync(scratch, { recursive: true });
  const corpus = path.join(ROOT, 'corpus');
  const ctx = { n: termCount(corpus), corpus, built: '', work: scratch, runs: Number(options.runs), seconds: 0, add };
  measureBuildPeers(ctx, 'bundled corpus: ');
  rmSync(scratch, { recursive: true, force: true });
}

// Once, not per size: the install and the start-up do not depend on the corpus.
if (wanted.has('production')) {
  const scratch = path.join(work, 'scratch-production');
  mkdirSync(scratch, { recursive: true });
  await measureProduction({ n: 0, corpus: '', built: '', work: scratch, runs: Number(options.runs), seconds: 0, add });
}

for (const row of buildScalingRows(rows)) add(row);

const sha = (() => {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
})();
const date = new Date().toISOString();
const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GiB, ${os.platform()} ${os.release()}`;
const load = os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(', ');
const file = path.join(ROOT, 'bench/results', `${date.slice(0, 19).replaceAll(':', '')}-${sha}.json`);
const results: Results = {
  date,
  sha,
  node: process.version,
  machine,
  load,
  loadGenerator: LOAD_GENERATOR,
  runs: Number(options.runs),
  rows,
};
writeFileSync(file, `${JSON.stringify({ ...results, sections: [...wanted] }, null, 2)}\n`);
const section = resultsSection(results);
process.stdout.write(`\n${section}\n\nwrote ${path.relative(ROOT, file)}\n`);
if (options.writeReadme) writeReadme(section);
