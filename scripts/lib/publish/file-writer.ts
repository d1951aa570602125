// The file writer thread: takes the creation of the main thread's small output files (term
// files, pages, concept files: tens of thousands a build) off the main thread, which is the
// build's critical path from 2,000 terms on. Creating a file is kernel work (open, write, close:
// 0.65 s of the main thread's CPU at 5,000 terms on a RAM disk, 1.5 s on the disk) plus its
// SHA-1 for the next build's reuse; the main thread only encodes each file's text into a batch.
//
// A batch is one buffer holding many files' bytes back to back, with their paths: it is
// transferred (not copied) to the thread, which writes its files with a StagingSink of its own
// into the same staging folder and transfers the buffer back with what it wrote (hashes and
// counts, merged into the main sink as they come). The buffers are a fixed pool: when every one
// is with the thread, the main thread waits for one, so the memory held stays BATCHES x
// BATCH_BYTES whatever the corpus. The dumps (streams) are encoded here into pieces that are
// transferred the same way: the thread hashes and writes them (SHA-256 and the write system calls
// of 180 MB at 5,000 terms, off the main thread). Adopted files stay on the main thread.
// A write that fails fails the build with the file system's own error (its message names the
// file), and the thread is ended before the staging folder is removed.
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { MIN_TERMS_FOR_THREAD } from '../formats/sqlite-thread-size.ts';
import { MODULE_EXTENSION, siblingModule, startWorker } from '../workers/worker-entry.ts';
import type { OutputSink, StreamedFile } from './output-sink.ts';
import type { SharedStaging, StagingSink, StagingWritten } from './staging-sink.ts';
import { STREAM_PIECE_BYTES, streamedFile } from './streamed-file.ts';

const FILE_WRITER_WORKER = siblingModule('./file-writer-worker', import.meta.url);
/** A batch is sent once it holds this many bytes. */
const BATCH_BYTES = 256 * 1024;
/** A pool buffer's size: room for a batch and one more file of up to that size (larger ones get their own). */
const BUFFER_BYTES = 2 * BATCH_BYTES;
/** The pool: at most this many batches are being written or filled at once (8 MB: room for the writer thread to be scheduled late on a busy machine). */
const BATCHES = 16;

/** At most this many pieces of streamed files are with the thread at once (then a stream waits). */
const PIECES_OUT = 16;

/** A batch of files for the thread: the paths, where each file's bytes end in `bytes`. */
export interface WriteBatch {
  files: string[];
  ends: number[];
  bytes: ArrayBuffer;
}

/** The next `used` bytes of the streamed file open as `fd` (opened and closed by the main thread); `end`: none, the file is complete. */
export type StreamPiece = { fd: number; piece: ArrayBuffer; used: number } | { fd: number; end: true };

/**
 * What the thread answers for each batch (the buffer back), for each piece (its buffer back),
 * for each streamed file's end (its size and SHA-256), or why it failed.
 */
export type WriterAnswer =
  | { written: StagingWritten; bytes: ArrayBuffer }
  | { piece: ArrayBuffer }
  | { ended: number; bytes: number; sha256: string }
  | { failed: FailedWrite };

/** A file system error's fields, sent across the thread (an Error is not). */
export interface FailedWrite {
  message: string;
  code?: string;
  errno?: number;
  syscall?: string;
  path?: string;
}

/**
 * Whether a build of `terms` terms (both locales) creates its files on the writer thread by
 * default: from MIN_TERMS_FOR_THREAD terms, where the output thread is not used (below, that
 * thread has the second core and the main thread's files are few: bench/README.md), by the
 * compiled code (from the sources the thread would load tsx first) and on two cores or more.
 */
export function fileWriterPays(terms: number, compiled = MODULE_EXTENSION === '.js'): boolean {
  return compiled && terms >= MIN_TERMS_FOR_THREAD && availableParallelism() > 1;
}

/**
 * Runs `use` with a sink whose files() the writer thread writes into `staging`'s folder; resolves
 * once every file is written and counted in `staging`. Without a thread (it could not start),
 * `use` gets `staging` itself. `module` replaces the worker (tests).
 */
export async function withFileWriter<T>(
  staging: StagingSink,
  use: (sink: OutputSink) => Promise<T>,
  module: string = FILE_WRITER_WORKER,
): Promise<T> {
  const writer = FileWriter.start(staging, module);
  if (!writer) return use(staging);
  try {
    const result = await use(writer);
    await writer.finish();
    return result;
  } finally {
    // Also when `use` failed: nothing is written into the staging folder after this.
    await writer.stop();
  }
}

class FileWriter implements OutputSink {
  readonly #worker: Worker;
  readonly #staging: StagingSink;
  /** Buffers back from the thread, ready to be filled. */
  readonly #free: ArrayBuffer[] = [];
  /** Who waits for the thread's next answer (a free buffer, the last batch written). */
  #waiting: (() => void)[] = [];
  #out = 0;
  #failure: Error | undefined;
  /** The batch being filled; none while every buffer is with the thread. */
  #buffer: Buffer | undefined;
  #files: string[] = [];
  #ends: number[] = [];
  #used = 0;
  /** Pieces of streamed files back from the thread, and how many are with it. */
  readonly #pieces: ArrayBuffer[] = [];
  #piecesOut = 0;
  /** Each streamed file's size and hash, by descriptor, from the thread until its close() takes them. */
  readonly #ended = new Map<number, { bytes: number; sha256: string }>();

  private constructor(worker: Worker, staging: StagingSink) {
    this.#worker = worker;
    this.#staging = staging;
    for (let i = 0; i < BATCHES; i++) this.#free.push(new ArrayBuffer(BUFFER_BYTES));
    worker.on('message', (answer: WriterAnswer) => {
      if ('failed' in answer) return this.#fail(Object.assign(new Error(answer.failed.message), answer.failed));
      if (!('written' in answer)) return this.#streamed(answer);
      this.#out--;
      // A buffer made for one large file is not kept: the pool's memory stays bounded.
      this.#free.push(answer.bytes.byteLength === BUFFER_BYTES ? answer.bytes : new ArrayBuffer(BUFFER_BYTES));
      this.#staging.merge(answer.written);
      this.#wake();
    });
    worker.once('error', (error) => this.#fail(new Error(`writing files on their thread failed: ${error.message}`)));
    worker.once('exit', (code) =>
      this.#fail(new Error(`writing files on their thread failed: it exited (code ${code})`)),
    );
  }

  static start(staging: StagingSink, module: string): FileWriter | undefined {
    try {
      return new FileWriter(startWorker(module, { staging: staging.shared() satisfies SharedStaging }), staging);
    } catch {
      return undefined;
    }
  }

  async file(file: string, contents: string | Uint8Array): Promise<void> {
    // At most 3 bytes of UTF-8 per code unit: a text that short fits whole.
    const room = typeof contents === 'string' ? contents.length * 3 : contents.byteLength;
    for (;;) {
      if (this.#failure) throw this.#failure;
      if (this.#buffer && room <= this.#buffer.byteLength - this.#used) break;
      if (this.#buffer && this.#files.length > 0) this.#post();
      else if (this.#buffer) this.#buffer = Buffer.from(new ArrayBuffer(room));
      else if (this.#free.length > 0) this.#buffer = Buffer.from(this.#free.pop() as ArrayBuffer);
      else await this.#answer();
    }
    // No await from the check to here: the batch is this call's alone.
    if (typeof contents === 'string') this.#used += this.#buffer.write(contents, this.#used);
    else {
      this.#buffer.set(contents, this.#used);
      this.#used += contents.byteLength;
    }
    this.#files.push(file);
    this.#ends.push(this.#used);
    if (this.#used >= BATCH_BYTES) this.#post();
  }

  // The list indexes: written here, a chunk at a time (a copy for the thread would be a whole index).
  async fileInChunks(file: string, chunks: Iterable<Uint8Array>): Promise<void> {
    if (this.#failure) throw this.#failure;
    await this.#staging.fileInChunks(file, chunks);
  }

  // The dumps: large, encoded here a piece at a time, each piece hashed and written by the thread.
  async stream(file: string): Promise<StreamedFile> {
    const fd = this.#staging.openStreamed(file);
    const streamed = streamedFile(Buffer.from(this.#pieces.pop() ?? new ArrayBuffer(STREAM_PIECE_BYTES)), {
      full: async (piece, used) => {
        await this.#sendPiece(fd, piece.buffer as ArrayBuffer, used);
        return Buffer.from(this.#pieces.pop() ?? new ArrayBuffer(STREAM_PIECE_BYTES));
      },
      large: (chunk) => this.#sendPiece(fd, new Uint8Array(chunk).buffer, chunk.byteLength),
      end: () => this.#end(fd),
    });
    return {
      write: streamed.write,
      // Closed here once the thread has written it all; after a failure, with the staging sink's other files.
      close: async () => {
        const written = await streamed.close();
        this.#staging.closeStreamed(fd, written.bytes);
        return written;
      },
    };
  }

  scratchFile(name: string): string {
    return this.#staging.scratchFile(name);
  }

  adopt(file: string, from: string): Promise<{ bytes: number; sha256: string }> {
    return this.#staging.adopt(file, from);
  }

  /** Sends what is left and waits until the thread has written everything; throws its failure. */
  async finish(): Promise<void> {
    if (this.#buffer && this.#files.length > 0) this.#post();
    while (this.#out > 0 && !this.#failure) await this.#answer();
    if (this.#failure) throw this.#failure;
  }

  /** Ends the thread; resolves once it has stopped writing. */
  async stop(): Promise<void> {
    this.#worker.removeAllListeners('exit');
    await this.#worker.terminate();
  }

  /** Transfers the batch being filled to the thread. */
  #post(): void {
    const batch: WriteBatch = {
      files: this.#files,
      ends: this.#ends,
      bytes: (this.#buffer as Buffer).buffer as ArrayBuffer,
    };
    this.#worker.postMessage(batch, [batch.bytes]);
    this.#out++;
    this.#buffer = undefined;
    this.#files = [];
    this.#ends = [];
    this.#used = 0;
  }

  /** Transfers a streamed file's piece to the thread, once fewer than PIECES_OUT are with it. */
  async #sendPiece(fd: number, piece: ArrayBuffer, used: number): Promise<void> {
    while (this.#piecesOut >= PIECES_OUT && !this.#failure) await this.#answer();
    if (this.#failure) throw this.#failure;
    this.#worker.postMessage({ fd, piece, used } satisfies StreamPiece, [piece]);
    this.#piecesOut++;
  }

  /** A streamed file's size and SHA-256, once the thread has written all of it. */
  async #end(fd: number): Promise<{ bytes: number; sha256: string }> {
    if (this.#failure) throw this.#failure;
    this.#worker.postMessage({ fd, end: true } satisfies StreamPiece);
    for (;;) {
      const ended = this.#ended.get(fd);
      if (ended) {
        this.#ended.delete(fd);
        return ended;
      }
      if (this.#failure) throw this.#failure;
      await this.#answer();
    }
  }

  /** An answer about a streamed file: a piece back (kept for the next if it has a piece's size), or its end. */
  #streamed(answer: { piece: ArrayBuffer } | { ended: number; bytes: number; sha256: string }): void {
    if ('piece' in answer) {
      this.#piecesOut--;
      if (answer.piece.byteLength === STREAM_PIECE_BYTES) this.#pieces.push(answer.piece);
    } else this.#ended.set(answer.ended, { bytes: answer.bytes, sha256: answer.sha256 });
    this.#wake();
  }

  /** Resolves at the thread's next answer or failure. */
  #answer(): Promise<void> {
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  #fail(error: Error): void {
    this.#failure ??= error;
    this.#wake();
  }

  #wake(): void {
    const waiting = this.#waiting;
    this.#waiting = [];
    for (const resolve of waiting) resolve();
  }
}
