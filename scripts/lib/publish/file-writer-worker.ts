// The file writer thread (file-writer.ts starts it): writes each batch of files it is sent into
// the build's staging folder with a StagingSink of its own (hashes, links to unchanged files of
// the previous output), then sends the batch's buffer back with what it wrote; each piece of a
// streamed file it hashes and writes, then sends back, and answers a file's end with its size
// and SHA-256. After a failure it
// answers the error's fields and writes nothing more; the main thread then ends it.
import { parentPort, workerData } from 'node:worker_threads';
import type { FailedWrite, StreamPiece, WriteBatch, WriterAnswer } from './file-writer.ts';
import { type SharedStaging, StagingSink, type StagingWritten } from './staging-sink.ts';
import { HashedWrites } from './streamed-file.ts';

const port = parentPort;
if (port === null) throw new Error('file-writer-worker.ts runs as the worker thread of file-writer.ts, not on its own');
const { staging } = workerData as { staging: SharedStaging };
const sink = new StagingSink(staging.staging, staging.target, staging.previousHashes);
/** The streamed files being written, by descriptor. */
const streams = new Map<number, HashedWrites>();
let failed = false;
// One batch at a time, in the order sent.
let queue = Promise.resolve();

port.on('message', (message: WriteBatch | StreamPiece) => {
  queue = queue.then(() => answer(message));
});

async function answer(message: WriteBatch | StreamPiece): Promise<void> {
  if (failed) return;
  try {
    if ('fd' in message) return streamed(message);
    const written = await write(message);
    port?.postMessage({ written, bytes: message.bytes } satisfies WriterAnswer, [message.bytes]);
  } catch (error) {
    failed = true;
    port?.postMessage({ failed: fieldsOf(error) } satisfies WriterAnswer);
  }
}

/** Writes the batch's files; their hashes and counts (then forgotten here: the main sink keeps them). */
async function write({ files, ends, bytes }: WriteBatch): Promise<StagingWritten> {
  const all = new Uint8Array(bytes);
  let start = 0;
  for (const [i, file] of files.entries()) {
    const end = ends[i] as number;
    await sink.file(file, all.subarray(start, end));
    start = end;
  }
  return sink.written();
}

/** Writes a streamed file's piece and sends it back, or answers the file's end. */
function streamed(message: StreamPiece): void {
  const out = streams.get(message.fd) ?? new HashedWrites(message.fd);
  if ('end' in message) {
    streams.delete(message.fd);
    port?.postMessage({ ended: message.fd, ...out.end() } satisfies WriterAnswer);
    return;
  }
  streams.set(message.fd, out);
  out.put(new Uint8Array(message.piece, 0, message.used));
  port?.postMessage({ piece: message.piece } satisfies WriterAnswer, [message.piece]);
}

function fieldsOf(error: unknown): FailedWrite {
  if (!(error instanceof Error)) return { message: String(error) };
  const { code, errno, syscall, path } = error as NodeJS.ErrnoException;
  return { message: error.message, code, errno, syscall, path };
}
