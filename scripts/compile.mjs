// Compiles the TypeScript that runs in production to JavaScript in compiled/, so `npm run build`,
// `npm start` and the worker threads start without a transpiler. Plain JavaScript itself, because
// it runs before anything is compiled: on `npm ci` (the `prepare` script, also with --omit=dev)
// and whenever bin/run.mjs finds a source newer than the last compilation.
//
// esbuild bundles each command of scripts/ (build, start, ...) and each worker thread's module
// (every `*-worker.ts`), with the packages they use, into one flat folder: a process then loads a
// few large files instead of hundreds of small ones, which is most of what start-up cost
// (bench/README.md). The commands are one build, split into chunks along the commands and their
// dynamic imports; each worker module is a second build's single file. In one build with the
// workers esbuild made a chunk for every set of commands and threads sharing code: a worker
// thread loaded 8-20 files, each one more module for its loader, where it now loads one (the
// output thread's load: 0.86x the CPU), and the main thread's start-up 28 where it loads 22
// ("Start-up, eleventh session"). One build per command would save the main thread a few more
// files for twice the compilation. Kept outside: better-sqlite3 (a native addon, found through
// its package) and esbuild (only the sources use it at run time). What the sources read beside
// themselves at run time is computed here once and built in as constants
// (scripts/lib/cli/compile-constants.ts): the pages' stylesheet and scripts, and the parse
// cache's fingerprint of the checking code. Worker threads are found by file name in the same
// folder (scripts/lib/workers/worker-entry.ts).
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const OUT = path.join(ROOT, 'compiled');
/** esbuild's target: the lowest Node that package.json's `engines` admits (the first version it names). */
const NODE_TARGET = `node${JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).engines.node.match(/\d+\.\d+\.\d+/)[0]}`;
/** The folders whose sources go into compiled/ (bin/run.mjs compiles again when one changes). */
export const SOURCE_DIRS = ['src', 'runtime', 'scripts'];
/** Commands of scripts/ that run through tsx only (development tools): not compiled. */
const DEVELOPMENT_COMMANDS = new Set(['dev.ts']);
const EXTERNAL = ['better-sqlite3', 'esbuild'];
/**
 * n3's ES module sources instead of its CommonJS build (package.json `main`): the package says it
 * has no side effects, so from these esbuild keeps only what is used (the Writer and the
 * DataFactory), not the store, the parsers and their streams (readable-stream), which the
 * CommonJS index loads whole: 25-29 ms against 4 ms of CPU to load, on every thread that writes
 * Turtle (bench/README.md, "The bundled build's fixed costs, ninth session").
 */
const ALIAS = { n3: 'n3/src/index.js' };
/** Written last: its time is the compilation's (bin/run.mjs compares sources against it). */
export const STAMP = path.join(OUT, '.stamp');

/** Every worker thread's module under `dir`. */
function workerModules(dir) {
  return readdirSync(path.join(ROOT, dir), { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('-worker.ts'))
    .map((file) => path.join(dir, file));
}

/** The constants of compiled/, computed by the sources' own functions (bundled here first, to run them). */
async function constants(esbuild) {
  const helper = path.join(OUT, '.compile-constants.mjs');
  await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: ['scripts/lib/cli/compile-constants.ts'],
    outfile: helper,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    logLevel: 'error',
  });
  try {
    const { compileConstants } = await import(pathToFileURL(helper).href);
    return compileConstants(ROOT, esbuild);
  } finally {
    rmSync(helper, { force: true });
  }
}

export async function compile() {
  // Loaded here, not at the top: bin/run.mjs imports this module on every start, and compiles rarely.
  const esbuild = await import('esbuild');
  const commands = readdirSync(path.join(ROOT, 'scripts'))
    .filter((file) => file.endsWith('.ts') && !DEVELOPMENT_COMMANDS.has(file))
    .map((file) => path.join('scripts', file));
  const entryPoints = [...commands, ...workerModules('scripts')];
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const define = await constants(esbuild);
  const shared = {
    absWorkingDir: ROOT,
    outdir: OUT,
    entryNames: '[name]',
    chunkNames: 'chunk-[hash]',
    bundle: true,
    external: EXTERNAL,
    alias: ALIAS,
    platform: 'node',
    format: 'esm',
    target: NODE_TARGET,
    define,
    // CommonJS packages inside an ES module bundle call require() for Node's own modules.
    banner: {
      js: "import { createRequire as __lexiconCreateRequire } from 'node:module'; const require = __lexiconCreateRequire(import.meta.url);",
    },
    sourcemap: 'linked',
    legalComments: 'none',
    metafile: true,
    logLevel: 'error',
  };
  const builds = [
    { entryPoints: commands, splitting: true },
    { entryPoints: workerModules('scripts'), splitting: false },
  ];
  const results = await Promise.all(builds.map((build) => esbuild.build({ ...shared, ...build })));
  const files = new Set(results.flatMap((result) => Object.keys(result.metafile.outputs)));
  writeFileSync(STAMP, `${entryPoints.length} entry points\n`);
  return { entries: entryPoints.length, files: files.size };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const { entries, files } = await compile();
  process.stderr.write(
    `compiled ${entries} entry points to compiled/ (${files} files) in ${Math.round(performance.now() - started)} ms\n`,
  );
}
