// Check threads (corpus/parallel-checks.ts) started before a build loads its own code. Loading
// the build's bundle is about 0.3 s of one core's work, during which the other core had nothing
// to do; a check thread then spent the first part of the corpus's reading loading its own. Started
// here, first, it loads beside the main thread's start-up and is ready when the first files are
// read (corpus/streamed-checks.ts). This module imports nothing of the build, so that it runs
// before any of it is loaded (scripts/build.ts imports it, then the build's code).
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { siblingModule, startWorker } from './worker-entry.ts';

/** The check threads' module, as parallel-checks.ts names it. */
export const CHECK_WORKER = siblingModule('../corpus/check-worker', import.meta.url);

/** Check threads at most, however many cores. */
export const MAX_CHECK_THREADS = 7;

/** Check threads for this machine: one per core beyond the main thread's (none on one core), at most `max`. */
export const checkThreadCount = (max: number): number => Math.min(max, availableParallelism() - 1);

const started = new Map<string, Worker[]>();
const exited = new WeakSet<Worker>();

/** Starts `count` threads of `module` (a file URL) now; takeEarlyThreads hands them over. */
export function startEarlyThreads(module: string, count: number): void {
  const threads = startIdleThreads(module, count);
  for (const worker of threads) worker.once('exit', () => exited.add(worker));
  started.set(module, [...(started.get(module) ?? []), ...threads]);
}

/**
 * Up to `count` threads of `module`, as many as start. Until given work nothing waits for them
 * (a command that ends first is not kept alive), and a failed one answers nothing.
 */
export function startIdleThreads(module: string, count: number): Worker[] {
  const threads: Worker[] = [];
  for (let i = 0; i < count; i++) {
    try {
      const worker = startWorker(module);
      worker.unref();
      worker.on('error', () => undefined);
      threads.push(worker);
    } catch {
      break;
    }
  }
  return threads;
}

/** How many threads of `module` started early are still up and not taken (tests). */
export const earlyThreadsUp = (module: string): number =>
  (started.get(module) ?? []).filter((worker) => !exited.has(worker)).length;

/** The threads of `module` started early and still up (none: none were); each is handed over once. */
export function takeEarlyThreads(module: string): Worker[] {
  const threads = started.get(module) ?? [];
  started.delete(module);
  return threads.filter((worker) => !exited.has(worker));
}
