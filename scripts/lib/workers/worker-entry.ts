// Worker threads that run one of our modules, whether this process runs the TypeScript sources
// (through tsx: Node 20 does not pass the main thread's loader hooks on to worker threads, so
// ts-worker-boot.mjs registers tsx in the thread) or the bundles of compiled/, where every
// worker module is an entry point named by its file name, in the one folder that holds every
// chunk (scripts/compile.mjs): beside whatever chunk the caller's code ended up in.
import { Worker } from 'node:worker_threads';

const BOOT = new URL('./ts-worker-boot.mjs', import.meta.url);

/** `.ts` when this process runs the sources, `.js` when it runs compiled/. */
export const MODULE_EXTENSION = import.meta.url.endsWith('.ts') ? '.ts' : '.js';

/** The URL of a worker module of ours, `name` relative to `base` (an import.meta.url), in the form this process runs. */
export function siblingModule(name: string, base: string): string {
  if (MODULE_EXTENSION === '.ts') return new URL(`${name}.ts`, base).href;
  return new URL(`./${name.split('/').pop()}.js`, base).href;
}

/**
 * Each thread's young generation, in MB: Node 20's default (V8 11.3: two 16 MB semi-spaces and
 * the space beside them). Node 22 and 24 (V8 12 and 13) let it grow to 64 MB semi-spaces, in
 * every thread: at 100,000 terms on Node 24 the build peaked at 1,407 MiB against 1,150-1,196 on
 * Node 20, and at 1,189 MiB with this limit and package.json's `--max-semi-space-size=16` for the
 * main thread (bench/README.md, "Node 24 at 100,000 terms, sixteenth session"). A larger young
 * generation did not make the build faster on Node 20 ("The bundled build's garbage, tenth
 * session"). The main thread's is package.json's build script's flag: V8 sizes it when the
 * process starts.
 */
export const WORKER_YOUNG_GENERATION_MB = 48;

/** A thread running `module` (a file URL) with `workerData` (plus `module`, which the boot reads). */
export function startWorker(module: string, workerData: Record<string, unknown> = {}): Worker {
  const options = {
    workerData: { ...workerData, module },
    resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
  };
  return module.endsWith('.ts') ? new Worker(BOOT, options) : new Worker(new URL(module), options);
}
