// The SQLite dump is written on a worker thread for large corpora, while the main thread writes
// the term files and the text dumps: on two cores its seconds then leave the build's critical
// path. The main thread sends the rows in batches as it walks the terms, and the thread inserts
// them into the database file as they arrive and says so: the main thread waits whenever
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
 * Batches sent and not yet inserted before add() makes its caller wait: about 2 MB each at 4,096
 * rows, so at most about 64 MB wait between the threads. A corpus of 5,000 terms (20 batches in
 * all) never waits, and keeps the thread's whole overlap with the rest of the build; at 100,000
 * terms (about 400 batches) the queue no longer grows with the corpus.
 */
export const MAX_BATCHES_IN_FLIGHT = 32;
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

export interface SqliteJob {
  /**
   * Rows to insert, in order. Taken at once; the promise resolves when the caller may send more
   * (on a thread: once few enough batches wait to be inserted).
   */
  add(rows: SqliteRows): Promise<void>;
  /** Resolves once the file is complete; rejects with what went wrong (in the thread). */
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
  try {
    if (thread) worker = startWorker(module, { file });
  } catch {
    // No threads here (a restricted runtime): the main thread writes it.
  }
  return worker ? threadJob(worker, batchRows, maxInFlight) : inlineJob(file);
}

function inlineJob(file: string): SqliteJob {
  const db = new SqliteFile(file);
  let failure: unknown;
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
    finish: async () => {
      if (failure) throw failure;
      db.finish();
    },
    stop: async () => db.close(),
  };
}

/** What the main thread knows of the thread: whether it has ended, and how many batches it has not inserted yet. */
interface ThreadState {
  settled: boolean;
  inFlight: number;
  /** Who waits for room (add()'s caller), if anyone: woken by an insert or by the end of the thread. */
  wake?: () => void;
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
      state.inFlight--;
      if (state.inFlight < maxInFlight) wakeWaiting(state);
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

function threadJob(started: Worker, batchRows: number, maxInFlight: number): SqliteJob {
  // Held only while the build waits for it: a build failing elsewhere must not wait for the thread.
  started.unref();
  const state: ThreadState = { settled: false, inFlight: 0 };
  const result = threadOutcome(started, state, maxInFlight);
  let pending: SqliteRows = [];
  const send = () => {
    if (pending.length === 0) return;
    if (!state.settled) {
      started.postMessage(pending);
      state.inFlight++;
    }
    pending = [];
  };
  return {
    add: async (rows) => {
      for (const row of rows) pending.push(row);
      if (pending.length < batchRows) return;
      send();
      if (state.settled || state.inFlight < maxInFlight) return;
      // The thread's answers arrive only while this thread waits: ref'd meanwhile, so waiting keeps the process alive.
      started.ref();
      try {
        await new Promise<void>((resolve) => {
          state.wake = resolve;
        });
      } finally {
        started.unref();
      }
    },
    finish: () => {
      send();
      if (!state.settled) started.postMessage('finish');
      started.ref();
      return result.finally(() => started.unref());
    },
    stop: async () => {
      if (!state.settled) await started.terminate();
    },
  };
}
