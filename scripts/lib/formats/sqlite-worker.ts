// The SQLite dump's worker thread (sqlite-thread.ts starts it): batches of rows arrive as
// messages and are inserted as they come, each answered 'inserted' (the main thread sends more
// only when few are waiting); 'finish' completes the file and is answered 'done' once it is.
// Anything thrown here reaches the main thread as the worker's 'error' event.
import { parentPort, workerData } from 'node:worker_threads';
import { SqliteFile, type SqliteRows } from './sqlite-dump.ts';
import type { SqliteThreadMessage } from './sqlite-thread.ts';

const port = parentPort;
if (port === null) throw new Error('sqlite-worker.ts runs as the worker thread of sqlite-thread.ts, not on its own');
const { file, inserted } = workerData as { file: string; inserted: Int32Array };
const db = new SqliteFile(file);
const answer = (message: SqliteThreadMessage) => port.postMessage(message);
port.on('message', (message: SqliteRows | 'finish') => {
  try {
    if (message !== 'finish') {
      db.insert(message);
      // Counted where the main thread reads it between two files; the answer wakes it if it waits.
      Atomics.add(inserted, 0, 1);
      return answer('inserted');
    }
    db.finish();
  } catch (error) {
    // better-sqlite3's SqliteError loses its message on the way to the main thread: a plain Error keeps it.
    throw new Error(error instanceof Error ? error.message : String(error));
  }
  answer('done');
  port.close();
});
