// The build writes its output on two threads: the main thread writes the API's files and the
// dumps, while a worker thread (output-worker.ts) renders and writes the site pages, the
// concept files (Turtle, JSON-LD) and, from the same quads, the SKOS dump into the same staging
// folder (the main thread's manifest waits for the SKOS files' sizes and hashes). They need nothing the main
// thread makes after the records, and are about 40% of the output's CPU: on two cores that much
// leaves the build's critical path. The thread gets a copy of the records (structured clone,
// once) and its own StagingSink; it answers with the hashes and counts of what it wrote, which
// the main sink merges (output hashes, "unchanged, linked from the previous build", the summary).
// The files are the same bytes whichever thread writes them (test/build/output-thread.test.ts).
// Only below MIN_TERMS_FOR_THREAD terms: from there the SQLite dump has the second core
// (sqlite-thread.ts), and the records' copy grows with the corpus: at 5,000 terms this thread
// raised the peak RSS by 91 MB (24%) and the CPU by 10% for a wall time within the noise
// (bench/README.md).
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { PagesConfig } from '../pages/site-pages.ts';
import type { SkosDumpFiles } from '../formats/skos-files.ts';
import { LOCALES } from '../../../src/contract/facts.ts';
import { checkableFiles } from '../corpus/corpus-layout.ts';
import type { CorpusFiles } from '../corpus/load-corpus.ts';
import { MIN_TERMS_FOR_THREAD } from '../formats/sqlite-thread-size.ts';
import { MODULE_EXTENSION, siblingModule, startWorker } from '../workers/worker-entry.ts';
import type { ApiRecords } from './api-records.ts';
import type { SharedStaging, StagingWritten } from './staging-sink.ts';

const OUTPUT_WORKER = siblingModule('./output-worker', import.meta.url);
const WHAT = 'writing the site pages and concept files on their thread';

/**
 * Whether a corpus of these files is written on two threads by default: below
 * MIN_TERMS_FOR_THREAD terms (both locales), and only by the compiled code. Run from the sources
 * (tests, `npm run dev`), the thread compiles the pages' code again through tsx on every build:
 * 1.5-2.5 s of CPU for the small fixture corpus, far more than it saves there.
 */
export function outputThreadPays(files: CorpusFiles, compiled = MODULE_EXTENSION === '.js'): boolean {
  const terms = checkableFiles(files).filter(({ kind }) => kind === 'term.yaml').length * LOCALES.length;
  return compiled && terms < MIN_TERMS_FOR_THREAD;
}

/** What the thread is asked to write. */
export interface OutputJob {
  staging: SharedStaging;
  records: ApiRecords;
  /** The SKOS dump's version (its file names and owl:versionInfo). */
  dataVersion: string;
  /** The site pages, when this build writes them. */
  pages?: PagesConfig;
}

/**
 * What the thread answers: the SKOS files first, once written; then what it wrote, and how many
 * pages; or, at any time, why it failed.
 */
export type OutputAnswer = { skos: SkosDumpFiles } | { written: StagingWritten; pages: number } | { failed: string };

/** The job's outcomes: the SKOS dump's files (early), then everything. */
export interface OutputRun {
  skos: Promise<SkosDumpFiles>;
  done: Promise<{ written: StagingWritten; pages: number }>;
}

export class OutputThread {
  readonly #worker: Worker;
  readonly #outcome: Promise<{ written: StagingWritten; pages: number }>;
  readonly #skos: Promise<SkosDumpFiles>;

  private constructor(worker: Worker) {
    this.#worker = worker;
    // Idle until run(): it must not keep a build that failed before then alive.
    worker.unref();
    let skosDone: (files: SkosDumpFiles) => void = () => undefined;
    let skosFailed: (error: Error) => void = () => undefined;
    this.#skos = new Promise((resolve, reject) => {
      skosDone = resolve;
      skosFailed = reject;
    });
    this.#outcome = new Promise((resolve, reject) => {
      // A failure fails both (settling the SKOS files' promise again once they came does nothing).
      const fail = (error: Error) => {
        skosFailed(error);
        reject(error);
      };
      worker.on('message', (answer: OutputAnswer) => {
        if ('failed' in answer) fail(new Error(`${WHAT} failed: ${answer.failed}`));
        else if ('skos' in answer) skosDone(answer.skos);
        else resolve(answer);
      });
      worker.once('error', (error: Error) => fail(new Error(`${WHAT} failed: ${error.message}`)));
      worker.once('exit', (code) => fail(new Error(`${WHAT} failed: the thread exited (code ${code}) first`)));
    });
    // Reported to whoever runs the job, not as unhandled while the thread waits for one.
    this.#outcome.catch(() => undefined);
    this.#skos.catch(() => undefined);
  }

  /**
   * Started while the corpus is checked, so that loading its code overlaps that; none on one
   * core (the work would only change threads) or where threads cannot start. `module` replaces
   * the worker (tests).
   */
  static start(module: string = OUTPUT_WORKER): OutputThread | undefined {
    if (availableParallelism() < 2) return undefined;
    try {
      return new OutputThread(startWorker(module));
    } catch {
      return undefined;
    }
  }

  /** Sends the job (the records are copied now); `done` resolves once every file of it is written. */
  run(job: OutputJob): OutputRun {
    this.#worker.ref();
    this.#worker.postMessage(job);
    return { skos: this.#skos, done: this.#outcome.finally(() => this.#worker.unref()) };
  }

  /** Ends the thread; resolves once it has stopped writing (before a failed build's staging folder goes). */
  async stop(): Promise<void> {
    await this.#worker.terminate();
  }
}
