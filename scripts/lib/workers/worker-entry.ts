// Worker threads that run one of our modules, whether this process runs the TypeScript sources
// (through tsx: Node 20 does not pass the main thread's loader hooks on to worker threads, so
// ts-worker-boot.mjs registers tsx in the thread) or the JavaScript of compiled/.
import { Worker } from 'node:worker_threads';

const BOOT = new URL('./ts-worker-boot.mjs', import.meta.url);

/** `.ts` when this process runs the sources, `.js` when it runs compiled/. */
export const MODULE_EXTENSION = import.meta.url.endsWith('.ts') ? '.ts' : '.js';

/** The URL of a module of ours beside `base` (an import.meta.url), in the form this process runs. */
export function siblingModule(name: string, base: string): string {
  return new URL(`${name}${MODULE_EXTENSION}`, base).href;
}

/** A thread running `module` (a file URL) with `workerData` (plus `module`, which the boot reads). */
export function startWorker(module: string, workerData: Record<string, unknown> = {}): Worker {
  const data = { ...workerData, module };
  return module.endsWith('.ts')
    ? new Worker(BOOT, { workerData: data })
    : new Worker(new URL(module), { workerData: data });
}
