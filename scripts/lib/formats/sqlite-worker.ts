// The SQLite dump's worker thread (sqlite-thread.ts starts it): batches of rows arrive as
// messages and are inserted as they come, each answered 'inserted' (the main thread sends more
// only when few are waiting); 'finish' completes the file and is answered 'done' once it is.
// Anything thrown here reaches the main thread as the worker's 'error' event.
import { parentPort, workerData } from 'node:worker_threads';
import { SqliteFile, type SqliteRows } from './sqlite-dump.ts';
import type { SqliteThreadMessage } from './sqlite-thread.ts';

const port = parentPort;
if (port === null) throw new Error('sqlite-worker.ts runs as the worker thread of sqlite-thread.ts, not on its own');
const db = new SqliteFile((workerData as { file: string }).file);
const answer = (message: SqliteThreadMessage) => port.postMessage(message);
port.on('message', (message: SqliteRows | 'finish') => {
  try {
    if (message !== 'finish') {
      db.insert(message);
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
