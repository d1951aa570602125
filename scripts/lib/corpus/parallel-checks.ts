// On a cold build most of validation is each file's own checks (YAML, characters, schema:
// file-checks.ts), and those need no other file. CheckWorkers spreads the files the cache does
// not know over worker threads, the main thread taking a share, and puts the clean outcomes
// in the cache; validation then runs as always and finds them there. Workers start with the
// build, while the corpus is read: loading the checks into a thread takes a good part of a
// second. Anything going wrong in a worker only means validation checks those files itself.
// After the files' checks one worker can stay for the editorial findings (editorial-outcomes.ts),
// which it works out while the main thread derives the records; a worker that fails there only
// means the main thread works them out itself.
import type { Worker } from 'node:worker_threads';
import type { EditorialFinding, EditorialTerm, InterpretationsHeadings } from './editorial-checks.ts';
import type { ParseCache } from './parse-cache.ts';
import { StreamedChecks, type StreamedChunk } from './streamed-checks.ts';
import {
  CHECK_WORKER,
  checkThreadCount,
  MAX_CHECK_THREADS,
  startIdleThreads,
  takeEarlyThreads,
} from '../workers/early-threads.ts';

/**
 * What a check thread is asked: the own checks of a chunk of files while the corpus is read
 * (streamed-checks.ts), or the editorial findings of some terms.
 */
export type CheckMessage =
  | StreamedChunk
  | { warmUp: true }
  | { editorial: EditorialTerm[]; headings: InterpretationsHeadings };

export class CheckWorkers {
  /** Workers that exited (a failed start, a crash): asked nothing more. */
  private readonly exited = new WeakSet<Worker>();

  private constructor(private readonly workers: Worker[]) {
    for (const worker of workers) worker.once('exit', () => this.exited.add(worker));
  }

  /**
   * One worker per core beyond the main thread's (none on one core), at most `max`; `module`
   * replaces the check worker (tests).
   */
  static start({
    max = MAX_CHECK_THREADS,
    module = CHECK_WORKER,
  }: {
    max?: number;
    module?: string;
  } = {}): CheckWorkers {
    const count = checkThreadCount(max);
    // Those scripts/build.ts started before the build's code was loaded (workers/early-threads.ts).
    const early = takeEarlyThreads(module);
    for (const extra of early.splice(count)) void extra.terminate();
    const workers = [...early, ...startIdleThreads(module, count - early.length)];
    return new CheckWorkers(workers);
  }

  /**
   * The own checks of the files as they are read (streamed-checks.ts): add() each, then finish().
   * Without workers every file is checked by finish(), on this thread.
   */
  streamChecks(cache: ParseCache, chunkFiles?: number): StreamedChecks {
    const live = this.workers.filter((worker) => !this.exited.has(worker));
    return new StreamedChecks(live, cache, chunkFiles);
  }

  /** Whether a worker is up to be asked for the editorial findings. */
  get available(): boolean {
    return this.workers.some((worker) => !this.exited.has(worker));
  }

  /**
   * The lineless findings of `terms` (editorial-outcomes.ts: linelessFindings), worked out by the
   * first worker still up; none when it fails or there is none (the caller then works them out).
   */
  async editorial(
    terms: EditorialTerm[],
    headings: InterpretationsHeadings,
  ): Promise<EditorialFinding[][] | undefined> {
    const worker = this.workers.find((w) => !this.exited.has(w));
    if (worker === undefined) return undefined;
    const answer = await this.ask<EditorialFinding[][] | undefined>(worker, { editorial: terms, headings }, undefined);
    return answer?.length === terms.length ? answer : undefined;
  }

  /**
   * Has the worker that editorial() will ask compile the editorial patterns now (about 40 ms of
   * its CPU), while it is idle: the main thread validates the corpus before it can send the terms.
   */
  warmUpEditorial(): void {
    const worker = this.workers.find((w) => !this.exited.has(w));
    worker?.postMessage({ warmUp: true } satisfies CheckMessage);
  }

  /** Ends every worker but the first `keep` (the others' memory goes before the records are made). */
  async retire(keep: number): Promise<void> {
    await Promise.all(this.workers.splice(keep).map((worker) => worker.terminate()));
  }

  async stop(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }

  /** A worker's answer to `message`; `none` when it fails or exits first. */
  private ask<T>(worker: Worker, message: CheckMessage, none: T): Promise<T> {
    if (this.exited.has(worker)) return Promise.resolve(none);
    // Held while it works: an unreferenced worker would not keep the build's process alive.
    worker.ref();
    return new Promise<T>((resolve) => {
      const answer = (value: T) => {
        worker.off('message', answer).off('error', failed).off('exit', failed);
        resolve(value);
      };
      const failed = () => answer(none);
      worker.on('message', answer).on('error', failed).on('exit', failed);
      worker.postMessage(message);
    }).finally(() => worker.unref());
  }
}
