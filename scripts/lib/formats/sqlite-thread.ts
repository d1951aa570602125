// The SQLite dump is written on a worker thread for large corpora, while the main thread writes
// the term files and the text dumps: on two cores its seconds then leave the build's critical
// path. The main thread sends the rows in batches (made ahead by a feed, or as it walks the
// terms), and the thread inserts them into the database file as they arrive and says so (and
// counts them in shared memory, which the main thread reads without a message: topUp()): no
// more are made while MAX_BATCHES_IN_FLIGHT wait, and the main thread waits whenever
// MAX_BATCHES_IN_FLIGHT are sent and not yet inserted, so the rows waiting between the threads
// stay a few dozen megabytes. (Without that wait nothing bounded the queue of messages: a thread
// falling behind left the rows of every term not yet inserted, texts included, in memory.) Inline
// or on a thread, the same rows go to the same file in the same order: the same bytes (a test
// holds this).
import type { Worker } from 'node:worker_threads';
import { SqliteFile, type SqliteRows } from './sqlite-dump.ts';
import { siblingModule, startWorker } from '../workers/worker-entry.ts';

/** Rows sent to the thread at once: few messages, and little in flight. */
const BATCH_ROWS = 4096;
/**
 * Batches sent and not yet inserted before add() makes its caller wait, and a feed stops making
 * rows: about 2 MB each at 4,096 rows, so at most about 64 MB wait between the threads. A corpus
 * of 5,000 terms (20 batches in all) is fed whole at once, and never waits; at 100,000 terms
 * (about 400 batches) the queue no longer grows with the corpus.
 */
export const MAX_BATCHES_IN_FLIGHT = 32;
/**
 * Batches a feed keeps waiting once it has filled the queue: enough that the thread does not run
 * dry between two top-ups, about 16 MB, so that rows made ahead of the build's pass add
 * little to its memory (at 100,000 terms the thread keeps up with that pass: its queue was short).
 */
const FEED_TOP_UP = 8;
/** What the thread answers: a batch inserted, or the file complete. */
export type SqliteThreadMessage = 'inserted' | 'done';
const SQLITE_WORKER = siblingModule('./sqlite-worker', import.meta.url);

export interface SqliteJobOptions {
  /** Write on a worker thread (default: no). */
  thread?: boolean;
  /** Replaces the worker module (tests). */
  module?: string;
  /** Rows per message to the thread (tests vary it: the bytes must not depend on it). */
  batchRows?: number;
  /** Batches sent and not yet inserted before add() waits (tests vary it). */
  maxInFlight?: number;
}

/** The rows of the next few terms, in order; undefined once every row is made. */
export type SqliteRowSource = () => SqliteRows | undefined;

export interface SqliteJob {
  /**
   * Rows to insert, in order. Taken at once; the promise resolves when the caller may send more
   * (on a thread: once few enough batches wait to be inserted).
   */
  add(rows: SqliteRows): Promise<void>;
  /**
   * On a thread: rows pulled from `source` at once (up to MAX_BATCHES_IN_FLIGHT) and again whenever
   * the thread has room (FEED_TOP_UP; when it answers, at each add() and at each topUp(): this
   * thread's event loop may not turn while it writes files), so the thread inserts while this one writes other files;
   * the file is finished once the source is exhausted. The caller add()s nothing the source has
   * made (add() and the source share one order). Inline: nothing (add() brings every row).
   */
  feed(source: SqliteRowSource): void;
  /**
   * Tops a feed up if the thread has room (it counts its inserts where this thread reads them at
   * once): for a caller busy writing other files, whose event loop does not turn between them.
   */
  topUp(): void;
  /** Resolves once the file is complete; rejects with what went wrong (in the thread). Asked twice: the same promise. */
  finish(): Promise<void>;
  /** Ends the work if it still runs (a build that failed before finish()). */
  stop(): Promise<void>;
}

/** Writes the database at `file` (which must not exist). */
export function startSqliteDump(file: string, options: SqliteJobOptions = {}): SqliteJob {
  const {
    thread = false,
    module = SQLITE_WORKER,
    batchRows = BATCH_ROWS,
    maxInFlight = MAX_BATCHES_IN_FLIGHT,
  } = options;
  let worker: Worker | undefined;
  // The batches the thread has inserted, which it counts here as it goes: read without a message.
  const inserted = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
  try {
    if (thread) worker = startWorker(module, { file, inserted });
  } catch {
    // No threads here (a restricted runtime): the main thread writes it.
  }
  return worker ? threadJob(worker, batchRows, maxInFlight, inserted) : inlineJob(file);
}

function inlineJob(file: string): SqliteJob {
  const db = new SqliteFile(file);
  let failure: unknown;
  let finished: Promise<void> | undefined;
  return {
    add: async (rows) => {
      if (failure) return;
      try {
        db.insert(rows);
      } catch (error) {
        failure = error;
        db.close();
      }
    },
    feed: () => undefined,
    topUp: () => undefined,
    // Once: the build asks when the last term's rows are in, and again for the file.
    finish: () => {
      if (finished) return finished;
      try {
        if (failure) throw failure;
        db.finish();
        finished = Promise.resolve();
      } catch (error) {
        finished = Promise.reject(error);
        finished.catch(() => undefined);
      }
      return finished;
    },
    stop: async () => db.close(),
  };
}

/** What the main thread knows of the thread: whether it has ended, how many batches it was sent and has inserted. */
interface ThreadState {
  settled: boolean;
  sent: number;
  /** Counted by the thread (Atomics): read between two files, with no event-loop turn, no message waited for. */
  inserted: Int32Array;
  /** Who waits for room (add()'s caller), if anyone: woken by an insert or by the end of the thread. */
  wake?: () => void;
  /** What a feed does when a batch is inserted: make and send more. */
  pull?: () => void;
}

/** Batches sent and not yet inserted. */
function inFlight(state: ThreadState): number {
  return state.sent - Atomics.load(state.inserted, 0);
}

function wakeWaiting(state: ThreadState): void {
  const waiting = state.wake;
  state.wake = undefined;
  waiting?.();
}

/** Resolves when the thread answers that the file is complete; rejects when it fails or ends first. */
function threadOutcome(started: Worker, state: ThreadState, maxInFlight: number): Promise<void> {
  const result = new Promise<void>((resolve, reject) => {
    const settle = (outcome: () => void) => {
      state.settled = true;
      started.removeAllListeners('message');
      outcome();
      wakeWaiting(state);
    };
    started.on('message', (message: SqliteThreadMessage) => {
      if (message !== 'inserted') return settle(resolve);
      if (inFlight(state) < maxInFlight) wakeWaiting(state);
      state.pull?.();
    });
    started.once('error', (error: Error) =>
      settle(() => reject(new Error(`SQLite dump: its worker thread failed: ${error.message}`, { cause: error }))),
    );
    started.once('exit', (code) => {
      if (!state.settled)
        settle(() => reject(new Error(`SQLite dump: its worker thread exited (code ${code}) without answering`)));
    });
  });
  // Rejections are reported to whoever waits for the file, not as unhandled in the meantime.
  result.catch(() => undefined);
  return result;
}

function threadJob(started: Worker, batchRows: number, maxInFlight: number, inserted: Int32Array): SqliteJob {
  // Held only while the build waits for it: a build failing elsewhere must not wait for the thread.
  started.unref();
  return new ThreadJob(started, inserted, batchRows, maxInFlight);
}

class ThreadJob implements SqliteJob {
  readonly #result: Promise<void>;
  #pending: SqliteRows = [];
  #finished: Promise<void> | undefined;
  /** What a feed's source threw: what finish() rejects with. */
  #failure: { error: unknown } | undefined;
  readonly #state: ThreadState;

  constructor(
    private readonly started: Worker,
    inserted: Int32Array,
    private readonly batchRows: number,
    private readonly maxInFlight: number,
  ) {
    this.#state = { settled: false, sent: 0, inserted };
    this.#result = threadOutcome(started, this.#state, maxInFlight);
  }

  async add(rows: SqliteRows): Promise<void> {
    const state = this.#state;
    this.#take(rows);
    // A feed is topped up here too: this thread's event loop may not turn between two add()s.
    state.pull?.();
    if (state.settled || inFlight(state) < this.maxInFlight) return;
    // The thread's answers arrive only while this thread waits: ref'd meanwhile, so waiting keeps the process alive.
    this.started.ref();
    try {
      await new Promise<void>((resolve) => {
        state.wake = resolve;
      });
    } finally {
      this.started.unref();
    }
  }

  feed(source: SqliteRowSource): void {
    const state = this.#state;
    const pull = (upTo: number) => {
      try {
        while (!state.settled && inFlight(state) < upTo) {
          const rows = source();
          if (rows === undefined) return void this.finish();
          this.#take(rows);
        }
      } catch (error) {
        // Pulled in the thread's message handler too: the failure goes to finish(), not to the event loop.
        state.pull = undefined;
        this.#failure = { error };
        void this.started.terminate();
      }
    };
    // The queue filled at once (the thread is idle), topped up to fewer later (rows made ahead of
    // the term pass are held: the queue stays below what add() allows, as it did without a feed).
    const topUp = Math.min(FEED_TOP_UP, this.maxInFlight);
    state.pull = () => pull(topUp);
    pull(this.maxInFlight);
  }

  topUp(): void {
    this.#state.pull?.();
  }

  finish(): Promise<void> {
    if (this.#finished) return this.#finished;
    // Nothing is sent after 'finish'.
    this.#state.pull = undefined;
    this.#send();
    if (!this.#state.settled) this.started.postMessage('finish');
    this.started.ref();
    this.#finished = this.#failure
      ? Promise.reject(this.#failure.error)
      : this.#result.finally(() => this.started.unref());
    // Rejections are reported to whoever waits for the file, not as unhandled in the meantime.
    this.#finished.catch(() => undefined);
    return this.#finished;
  }

  async stop(): Promise<void> {
    if (!this.#state.settled) await this.started.terminate();
  }

  #take(rows: SqliteRows): void {
    if (rows.length === 0) return;
    for (const row of rows) this.#pending.push(row);
    if (this.#pending.length >= this.batchRows) this.#send();
  }

  #send(): void {
    if (this.#pending.length === 0) return;
    if (!this.#state.settled) {
      this.started.postMessage(this.#pending);
      this.#state.sent++;
    }
    this.#pending = [];
  }
}
