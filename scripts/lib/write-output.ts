// Writes the build output so that readers only ever see a complete dist/: everything goes
// into a sibling temporary folder, which replaces the old output only once it is whole
// (publish.ts: the swap, its recovery after a kill, and the lock that serialises builds).
//
// Files are written as the build produces them (the output of a large corpus never sits in
// memory), and a file whose content is the same as in the output being replaced is
// hard-linked from it instead of written again: a rebuild after a small change writes only
// what changed. The previous output's content hashes are kept in OUTPUT_HASHES_PATH.
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { link, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  acquireOutputLock,
  outputSiblings,
  publish,
  recoverOutput,
  type LockOptions,
  type PublishHooks,
} from './publish.ts';

export interface StreamedFile {
  write(chunk: string | Uint8Array): Promise<void>;
  /** Finishes the file; resolves to its size and SHA-256. */
  close(): Promise<{ bytes: number; sha256: string }>;
}

/** Where the build puts its output files. */
export interface OutputSink {
  file(file: string, contents: string | Uint8Array): Promise<void>;
  /** A large file, written in pieces. */
  stream(file: string): Promise<StreamedFile>;
}

export interface WriteSummary {
  files: number;
  bytes: number;
  /** Files hard-linked from the previous output because their content had not changed. */
  reused: number;
}

export interface WriteOptions extends PublishHooks, LockOptions {
  /** Told what the recovery of an interrupted earlier build did, if anything. */
  onRecovered?: (actions: string[]) => void;
}

export const OUTPUT_HASHES_PATH = '_data/output-hashes.json';
const WRITE_CONCURRENCY = 64;
/** About this many bytes (at most; strings are counted at 3 bytes a code unit) go to a stream at once. */
const STREAM_PIECE_BYTES = 256 * 1024;

const hashOf = (contents: string | Uint8Array) => createHash('sha1').update(contents).digest('base64url');
const sizeOf = (contents: string | Uint8Array) =>
  typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength;

/**
 * Runs `produce` against a staging folder and swaps it into place only if it succeeds,
 * holding the output's lock throughout (after recovering what an interrupted build left).
 */
export async function writeAtomically(
  outDir: string,
  produce: (sink: OutputSink) => Promise<void>,
  onProgress?: (written: number) => void,
  options: WriteOptions = {},
): Promise<WriteSummary> {
  const target = path.resolve(outDir);
  await mkdir(path.dirname(target), { recursive: true });
  const release = await acquireOutputLock(target, options);
  try {
    const recovered = await recoverOutput(target);
    if (recovered.length > 0) options.onRecovered?.(recovered);
    return await writeLocked(target, produce, onProgress, options);
  } finally {
    await release();
  }
}

async function writeLocked(
  target: string,
  produce: (sink: OutputSink) => Promise<void>,
  onProgress: ((written: number) => void) | undefined,
  hooks: PublishHooks,
): Promise<WriteSummary> {
  const stamp = `${process.pid}-${Date.now()}-${randomBytes(4).toString('hex')}`;
  const staging = outputSiblings(target).staging(stamp);
  const retired = outputSiblings(target).retired(stamp);
  const previousHashes = readPreviousHashes(target);
  const hashes: Record<string, string> = {};
  const summary: WriteSummary = { files: 0, bytes: 0, reused: 0 };
  const createdDirs = new Set<string>();
  const inFlight = new Set<Promise<void>>();
  let failure: unknown;
  const settle = async () => {
    await Promise.all(inFlight);
    if (failure) throw failure;
  };

  const ensureDir = async (file: string) => {
    const dir = path.dirname(path.join(staging, file));
    if (createdDirs.has(dir)) return;
    await mkdir(dir, { recursive: true });
    createdDirs.add(dir);
  };
  const counted = (bytes: number) => {
    summary.files++;
    summary.bytes += bytes;
    if (onProgress && summary.files % 1000 === 0) onProgress(summary.files);
  };

  const sink: OutputSink = {
    async file(file, contents) {
      await ensureDir(file);
      const hash = hashOf(contents);
      hashes[file] = hash;
      const destination = path.join(staging, file);
      const write = (
        previousHashes[file] === hash
          ? link(path.join(target, file), destination).then(
              () => void summary.reused++,
              () => writeFile(destination, contents),
            )
          : writeFile(destination, contents)
      ).then(() => counted(sizeOf(contents)));
      // Tracked so that the first failure is reported however many writes are in flight.
      const tracked: Promise<void> = write
        .catch((error: unknown) => void (failure ??= error))
        .finally(() => inFlight.delete(tracked));
      inFlight.add(tracked);
      if (inFlight.size >= WRITE_CONCURRENCY) await Promise.race(inFlight);
      if (failure) throw failure;
    },
    async stream(file) {
      await ensureDir(file);
      const out = createWriteStream(path.join(staging, file));
      const hash = createHash('sha256');
      let bytes = 0;
      const failed = new Promise<never>((_, reject) => out.once('error', reject));
      void failed.catch(() => undefined);
      // Dumps arrive a record at a time (tens of thousands of small strings): they are joined
      // into pieces of STREAM_PIECE_BYTES, so the hash and the stream see few large writes.
      let pending: (string | Uint8Array)[] = [];
      let pendingBytes = 0;
      const flush = async () => {
        if (pending.length === 0) return;
        const only = pending.length === 1 ? pending[0]! : undefined;
        const piece =
          only !== undefined && typeof only !== 'string'
            ? only
            : pending.every((c) => typeof c === 'string')
              ? Buffer.from(pending.join(''))
              : Buffer.concat(pending.map((c) => (typeof c === 'string' ? Buffer.from(c) : c)));
        pending = [];
        pendingBytes = 0;
        hash.update(piece);
        bytes += piece.byteLength;
        if (!out.write(piece))
          await Promise.race([new Promise<void>((resolve) => out.once('drain', () => resolve())), failed]);
      };
      return {
        async write(chunk) {
          if (typeof chunk !== 'string' && chunk.byteLength >= STREAM_PIECE_BYTES) {
            // A large buffer (the SQLite database: 800 MB at 100,000 terms) goes out as it is, not copied into a piece.
            await flush();
            pending.push(chunk);
            pendingBytes = chunk.byteLength;
            await flush();
            return;
          }
          pending.push(chunk);
          pendingBytes += typeof chunk === 'string' ? chunk.length * 3 : chunk.byteLength;
          if (pendingBytes >= STREAM_PIECE_BYTES) await flush();
        },
        async close() {
          await flush();
          await Promise.race([new Promise<void>((resolve) => out.end(resolve)), failed]);
          counted(bytes);
          return { bytes, sha256: hash.digest('hex') };
        },
      };
    },
  };

  try {
    await mkdir(staging, { recursive: true });
    await produce(sink);
    await settle();
    await sink.file(OUTPUT_HASHES_PATH, `${JSON.stringify(sortedObject(hashes))}\n`);
    await settle();
    await publish(target, staging, retired, hooks);
    return summary;
  } catch (error) {
    await Promise.all(inFlight);
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

/** Writes a finished set of files atomically (small outputs and tests). */
export function writeOutputAtomically(outDir: string, files: Map<string, string | Uint8Array>): Promise<WriteSummary> {
  return writeAtomically(outDir, async (sink) => {
    for (const [file, contents] of files) await sink.file(file, contents);
  });
}

/** Collects the output in memory: for tests and for serving a corpus without a disk. */
export class MemorySink implements OutputSink {
  readonly files = new Map<string, string | Uint8Array>();

  async file(file: string, contents: string | Uint8Array): Promise<void> {
    this.files.set(file, contents);
  }

  async stream(file: string): Promise<StreamedFile> {
    const chunks: Buffer[] = [];
    return {
      write: async (chunk) => void chunks.push(Buffer.from(chunk)),
      close: async () => {
        const bytes = Buffer.concat(chunks);
        this.files.set(file, new Uint8Array(bytes));
        return { bytes: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex') };
      },
    };
  }
}

function readPreviousHashes(target: string): Record<string, string> {
  const file = path.join(target, OUTPUT_HASHES_PATH);
  if (!existsSync(file)) return {};
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  } catch {
    return {};
  }
}

function sortedObject(record: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
