// Compiles the TypeScript that runs in production (src/, runtime/, scripts/) to plain
// JavaScript in compiled/, one file per source file, so `npm run build`, `npm start` and the
// worker threads start without a transpiler. Plain JavaScript itself, because it runs before
// anything is compiled: on `npm ci` (the `prepare` script, also with --omit=dev) and whenever
// bin/run.mjs finds a source newer than the last compilation.
//
// esbuild transpiles (types erased, nothing bundled): every relative import stays a relative
// import, renamed from .ts to .js, and every package import stays external, so import.meta.url
// and the layout of the tree are the same as in the sources.
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const OUT = path.join(ROOT, 'compiled');
/** The folders compiled, and the files beside the code that the code reads at run time. */
export const SOURCE_DIRS = ['src', 'runtime', 'scripts'];
export const SOURCES = SOURCE_DIRS.map((dir) => `${dir}/**/*.ts`);
const ASSETS = ['scripts/**/*.css'];
/** Written last: its time is the compilation's (bin/run.mjs compares sources against it). */
export const STAMP = path.join(OUT, '.stamp');

/** Every relative import is a file compiled beside this one: keep it external, as .js. */
const relativeImportsStayFiles = {
  name: 'relative-imports-stay-files',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, (args) =>
      args.kind === 'entry-point' ? undefined : { path: args.path.replace(/\.ts$/, '.js'), external: true },
    );
  },
};

export async function compile() {
  // Loaded here, not at the top: bin/run.mjs imports this module on every start, and compiles rarely.
  const [{ build }, { default: fg }] = await Promise.all([import('esbuild'), import('fast-glob')]);
  const entryPoints = await fg(SOURCES, { cwd: ROOT, ignore: ['**/*.d.ts'] });
  rmSync(OUT, { recursive: true, force: true });
  await build({
    absWorkingDir: ROOT,
    entryPoints,
    outdir: OUT,
    outbase: '.',
    bundle: true,
    packages: 'external',
    plugins: [relativeImportsStayFiles],
    platform: 'node',
    format: 'esm',
    target: 'node20.12',
    sourcemap: 'linked',
    logLevel: 'error',
  });
  for (const asset of await fg(ASSETS, { cwd: ROOT })) {
    mkdirSync(path.dirname(path.join(OUT, asset)), { recursive: true });
    copyFileSync(path.join(ROOT, asset), path.join(OUT, asset));
  }
  writeFileSync(STAMP, `${entryPoints.length} modules\n`);
  return entryPoints.length;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const count = await compile();
  process.stderr.write(`compiled ${count} modules to compiled/ in ${Math.round(performance.now() - started)} ms\n`);
}
