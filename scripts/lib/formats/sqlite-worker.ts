// The SQLite dump's worker thread (sqlite-thread.ts starts it through ts-worker-boot.mjs): the
// rows arrive in workerData, the database leaves as one transferred buffer. Anything thrown
// here reaches the main thread as the worker's 'error' event.
import { parentPort, workerData } from 'node:worker_threads';
import { writeSqlite, type SqliteRows } from './sqlite-dump.ts';

const { rows } = workerData as { rows: SqliteRows };
// The thread's copy of the rows is released table by table as it is inserted.
const bytes = await writeSqlite(rows, { release: true });
// Transferred, not copied; a view on part of a larger buffer would transfer all of it.
const buffer =
  bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes.buffer : bytes.slice().buffer;
parentPort!.postMessage(buffer, [buffer as ArrayBuffer]);
