// The file writer thread (file-writer.ts starts it): writes each batch of files it is sent into
// the build's staging folder with a StagingSink of its own (hashes, links to unchanged files of
// the previous output), then sends the batch's buffer back with what it wrote; each piece of a
// streamed file it hashes and writes, then sends back, and answers a file's end with its size
// and SHA-256. A term file marked in its batch gets its site page too, rendered here from the
// file's record and the context sent first (term-page-context.ts). After a failure it
// answers the error's fields and writes nothing more; the main thread then ends it.
import { parentPort, workerData } from 'node:worker_threads';
import type { Locale } from '../../../src/contract/facts.ts';
import type { TermPageView } from '../pages/site-view.ts';
import type { FailedWrite, StreamPiece, TermPagesStart, WriteBatch, WriterAnswer } from './file-writer.ts';
import { type SharedStaging, StagingSink, type StagingWritten } from './staging-sink.ts';
import { HashedWrites } from './streamed-file.ts';

const port = parentPort;
if (port === null) throw new Error('file-writer-worker.ts runs as the worker thread of file-writer.ts, not on its own');
const { staging } = workerData as { staging: SharedStaging };
const sink = new StagingSink(staging.staging, staging.target, staging.previousHashes);
/** The streamed files being written, by descriptor. */
const streams = new Map<number, HashedWrites>();
let failed = false;
/** How a term file's page is made, once the context came (markdown-it loaded only then). */
let termPage: ((locale: Locale, termFile: Uint8Array) => { file: string; body: string }) | undefined;
// One batch at a time, in the order sent.
let queue = Promise.resolve();

port.on('message', (message: WriteBatch | StreamPiece | TermPagesStart) => {
  queue = queue.then(() => answer(message));
});

async function answer(message: WriteBatch | StreamPiece | TermPagesStart): Promise<void> {
  if (failed) return;
  try {
    if ('fd' in message) return streamed(message);
    if ('termPages' in message) return await startTermPages(message);
    const written = await write(message);
    port?.postMessage({ written, bytes: message.bytes } satisfies WriterAnswer, [message.bytes]);
  } catch (error) {
    failed = true;
    port?.postMessage({ failed: fieldsOf(error) } satisfies WriterAnswer);
  }
}

/** Writes the batch's files; their hashes and counts (then forgotten here: the main sink keeps them). */
async function write({ files, ends, bytes, pages }: WriteBatch): Promise<StagingWritten> {
  const before = { ...sink.summary };
  const hashes: Record<string, string> = {};
  const all = new Uint8Array(bytes);
  const put = async (file: string, contents: string | Uint8Array) => {
    await sink.file(file, contents);
    hashes[file] = sink.hashes[file] as string;
    delete sink.hashes[file];
  };
  const pageLocales = new Map(pages);
  let start = 0;
  for (const [i, file] of files.entries()) {
    const end = ends[i] as number;
    const contents = all.subarray(start, end);
    await put(file, contents);
    const locale = pageLocales.get(i);
    if (locale !== undefined) {
      if (!termPage) throw new Error("a term page was asked for before the pages' context came");
      const page = termPage(locale, contents);
      await put(page.file, page.body);
    }
    start = end;
  }
  const { files: count, bytes: size, reused } = sink.summary;
  return {
    hashes,
    summary: { files: count - before.files, bytes: size - before.bytes, reused: reused - before.reused },
  };
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

async function startTermPages({ termPages }: TermPagesStart): Promise<void> {
  const { termPageOfFile, termPageView } = await import('../pages/term-page-context.ts');
  const view: TermPageView = termPageView(termPages);
  termPage = (locale, termFile) => termPageOfFile(view, locale, termFile);
}

function fieldsOf(error: unknown): FailedWrite {
  if (!(error instanceof Error)) return { message: String(error) };
  const { code, errno, syscall, path } = error as NodeJS.ErrnoException;
  return { message: error.message, code, errno, syscall, path };
}
