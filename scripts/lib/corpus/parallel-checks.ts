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
import { cleanOutcomes, outcomeKey, type CheckRequest } from './file-checks.ts';
import { isOnDisk, type CorpusFiles } from './load-corpus.ts';
import type { ParseCache } from './parse-cache.ts';
import { checkableFiles } from './validate-corpus.ts';
import { StreamedChecks, type StreamedChunk } from './streamed-checks.ts';
import {
  CHECK_WORKER,
  checkThreadCount,
  MAX_CHECK_THREADS,
  startIdleThreads,
  takeEarlyThreads,
} from '../workers/early-threads.ts';

/** Below this many files per thread, a thread costs more to start than it saves. */
export const MIN_FILES_PER_THREAD = 400;
/**
 * Files handed out at once: a few MB of texts. Larger than a corpus of 2,000 terms, so only a
 * larger corpus waits for its workers more than once.
 */
export const PREFILL_CHUNK = 8192;

/**
 * What a check thread is asked: the own checks of some files (all at once, or a chunk while the
 * corpus is read: streamed-checks.ts), or the editorial findings of some terms.
 */
export type CheckMessage =
  | CheckRequest[]
  | StreamedChunk
  | { warmUp: true }
  | { editorial: EditorialTerm[]; headings: InterpretationsHeadings };

export interface PrefillSummary {
  /** Files checked before validation, by thread (the main thread's share first). */
  perThread: number[];
}

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
   * Checks every file the cache has no outcome for, spread over the threads (which stay up:
   * stop()), PREFILL_CHUNK files at a time: only one chunk's texts are held, and copied to the
   * workers, at once (a large corpus's texts are read from disk when asked for).
   */
  async prefill(
    files: CorpusFiles,
    cache: ParseCache,
    minFilesPerThread = MIN_FILES_PER_THREAD,
  ): Promise<PrefillSummary> {
    const checkable = checkableFiles(files);
    const detach = files.files.some(isOnDisk);
    let perThread: number[] = [];
    for (let start = 0; start < checkable.length; start += PREFILL_CHUNK) {
      const pending: CheckRequest[] = [];
      for (const { kind, file } of checkable.slice(start, start + PREFILL_CHUNK)) {
        // A text kept on disk is read only when it must be checked.
        if (!cache.has(outcomeKey(kind, file)))
          pending.push({ kind, path: file.path, text: file.text, digest: file.digest });
      }
      const counts = await this.prefillChunk(pending, cache, minFilesPerThread, detach);
      perThread = counts.map((count, thread) => count + (perThread[thread] ?? 0));
    }
    return { perThread };
  }

  /**
   * The files of one chunk, spread over the threads; how many each thread checked (none: too few).
   * `detach`: the corpus's texts stay on disk, and the outcomes checked on this thread are copied
   * (as a worker's answer is): a value parsed here can be a V8 slice of its file's whole text and
   * would keep that text alive as long as the value (12 of 71 MB live at 5,000 terms, bench/README.md).
   */
  private async prefillChunk(
    pending: CheckRequest[],
    cache: ParseCache,
    minFilesPerThread: number,
    detach: boolean,
  ): Promise<number[]> {
    const threads = Math.min(1 + this.workers.length, Math.floor(pending.length / minFilesPerThread));
    if (threads < 2) return [];
    const shareOf = (thread: number) => pending.filter((_, i) => i % threads === thread);
    // Share 0 is checked on this thread, each other one by a worker (`threads` is at most 1 + workers).
    const helpers = this.workers.slice(0, threads - 1).map((worker, t) => ({ worker, share: shareOf(t + 1) }));
    const answers = helpers.map(({ worker, share }) => this.check(worker, share));
    const mine = shareOf(0);
    const ownOutcomes = detach ? structuredClone(cleanOutcomes(mine)) : cleanOutcomes(mine);
    for (const outcomes of [ownOutcomes, ...(await Promise.all(answers))])
      for (const [key, value] of outcomes) cache.setOutcome(key, value);
    return [mine, ...helpers.map(({ share }) => share)].map((share) => share.length);
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

  /** A worker's answer; a worker that fails or exits answers nothing (validation checks those files). */
  private check(worker: Worker, share: CheckRequest[]): Promise<[string, unknown][]> {
    return this.ask<[string, unknown][]>(worker, share, []);
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
