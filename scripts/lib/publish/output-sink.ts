// Where the build puts its output files (OutputSink), and the sink that keeps them in memory
// (tests, and the edit loop, which renders a change before publishing it). The sink of a real
// build is the staging folder's (staging-sink.ts).
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface StreamedFile {
  /** `chunk` is the caller's again once this resolves (the dumps encode the next record into it): a file that keeps bytes copies them. */
  write(chunk: string | Uint8Array): Promise<void>;
  /** Finishes the file; resolves to its size and SHA-256. */
  close(): Promise<{ bytes: number; sha256: string }>;
}

/** Where the build puts its output files. */
export interface OutputSink {
  /** `contents` is the caller's again once this resolves (it may encode the next file into it): a sink that keeps bytes copies them. */
  file(file: string, contents: string | Uint8Array): Promise<void>;
  /**
   * A large file whose bytes come as chunks, written one after another, recorded like file()'s
   * (the list indexes: 82 MB a locale at 100,000 terms, never in one buffer).
   */
  fileInChunks(file: string, chunks: Iterable<Uint8Array>): Promise<void>;
  /** A large file, written in pieces. */
  stream(file: string): Promise<StreamedFile>;
  /**
   * A path where other code (SQLite) may build a file, in the output's scratch space: gone with
   * the build unless adopt() makes it part of the output.
   */
  scratchFile(name: string): string;
  /** Makes the complete file at `from` (a scratchFile) the output file `file`; its size and SHA-256. */
  adopt(file: string, from: string): Promise<{ bytes: number; sha256: string }>;
}

/** Collects the output in memory: for tests and for serving a corpus without a disk. */
export class MemorySink implements OutputSink {
  readonly files = new Map<string, string | Uint8Array>();
  #scratch: string | undefined;

  async file(file: string, contents: string | Uint8Array): Promise<void> {
    // A Buffer copy: the caller's bytes are its own again. Every file is kept as a Buffer, so tests
    // can read any of them with String().
    this.files.set(file, typeof contents === 'string' ? contents : Buffer.from(contents));
  }

  async fileInChunks(file: string, chunks: Iterable<Uint8Array>): Promise<void> {
    this.files.set(file, Buffer.concat([...chunks]));
  }

  async stream(file: string): Promise<StreamedFile> {
    const chunks: Buffer[] = [];
    return {
      write: async (chunk) => void chunks.push(Buffer.from(chunk)),
      close: async () => {
        const bytes = Buffer.concat(chunks);
        this.files.set(file, bytes);
        return { bytes: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex') };
      },
    };
  }

  scratchFile(name: string): string {
    this.#scratch ??= mkdtempSync(path.join(os.tmpdir(), 'lexicon-scratch-'));
    return path.join(this.#scratch, name);
  }

  async adopt(file: string, from: string): Promise<{ bytes: number; sha256: string }> {
    const bytes = readFileSync(from);
    // One scratch file at a time (the SQLite dump): its folder goes with it.
    rmSync(path.dirname(from), { recursive: true, force: true });
    this.#scratch = undefined;
    this.files.set(file, bytes);
    return { bytes: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex') };
  }
}
