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

/** A thread running `module` (a file URL) with `workerData` (plus `module`, which the boot reads). */
export function startWorker(module: string, workerData: Record<string, unknown> = {}): Worker {
  const data = { ...workerData, module };
  return module.endsWith('.ts')
    ? new Worker(BOOT, { workerData: data })
    : new Worker(new URL(module), { workerData: data });
}
