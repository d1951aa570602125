// The SQLite dump is built on a worker thread, started as soon as the records exist, while the
// main thread writes the term files and the text dumps: on two cores its seconds (sql.js, for
// thousands of terms) then leave the build's critical path. The thread only computes; what it
// answers is written by the main thread like every other dump, so the output is the same
// bytes as building inline (a test holds this).
import type { Worker } from 'node:worker_threads';
import { writeSqlite, type SqliteRows } from './sqlite-dump.ts';
import { siblingModule, startWorker } from '../workers/worker-entry.ts';

/** Below this many terms (both locales), starting a thread (about half a second) costs more than it saves. */
export const MIN_TERMS_FOR_THREAD = 1000;
const SQLITE_WORKER = siblingModule('./sqlite-worker', import.meta.url);

export interface SqliteJobOptions {
  /** Build on a worker thread; default: for MIN_TERMS_FOR_THREAD terms or more. */
  thread?: boolean;
  /** Replaces the worker module (tests). */
  module?: string;
}

export interface SqliteJob {
  /** The database; rejects with what went wrong in the thread. */
  bytes(): Promise<Uint8Array>;
  /** Ends the thread if it still runs (a build that failed before asking for the bytes). */
  stop(): Promise<void>;
}

export function startSqliteDump(rows: SqliteRows, options: SqliteJobOptions = {}): SqliteJob {
  const { thread = rows.terms.length >= MIN_TERMS_FOR_THREAD, module = SQLITE_WORKER } = options;
  let worker: Worker | undefined;
  try {
    if (thread) worker = startWorker(module, { rows });
  } catch {
    // No threads here (a restricted runtime): the main thread builds it when asked.
  }
  return worker ? threadJob(worker) : inlineJob(rows);
}

function inlineJob(rows: SqliteRows): SqliteJob {
  let inline: Promise<Uint8Array> | undefined;
  return { bytes: () => (inline ??= writeSqlite(rows)), stop: async () => undefined };
}

/** Holds no reference to the rows: the thread has its own copy, and the main thread's is garbage. */
function threadJob(started: Worker): SqliteJob {
  // Held only while the build waits for it: a build failing elsewhere must not wait for the thread.
  started.unref();
  let settled = false;
  const result = new Promise<Uint8Array>((resolve, reject) => {
    started.once('message', (buffer: ArrayBuffer) => {
      settled = true;
      resolve(new Uint8Array(buffer));
    });
    started.once('error', (error: Error) => {
      settled = true;
      reject(new Error(`SQLite dump: its worker thread failed: ${error.message}`, { cause: error }));
    });
    started.once('exit', (code) => {
      if (settled) return;
      settled = true;
      reject(new Error(`SQLite dump: its worker thread exited (code ${code}) without answering`));
    });
  });
  // Rejections are reported to whoever asks for the bytes, not as unhandled in the meantime.
  result.catch(() => undefined);
  return {
    bytes: () => {
      started.ref();
      return result.finally(() => started.unref());
    },
    stop: async () => {
      if (!settled) await started.terminate();
    },
  };
}
