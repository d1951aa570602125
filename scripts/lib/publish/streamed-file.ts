// A streamed output file (the dumps): its text encoded into pieces, each written and hashed
// once full, on this thread (writtenHere) or on the file writer thread (file-writer.ts).
import { type BinaryToTextEncoding, createHash, type Hash } from 'node:crypto';
import { writeSync } from 'node:fs';
import type { StreamedFile } from './output-sink.ts';

/** At most this many bytes go to a stream's file at once (a string is counted at 3 bytes a code unit). */
export const STREAM_PIECE_BYTES = 256 * 1024;

/** Where the pieces of a streamed file go (streamedFile): here, or to the file writer thread (file-writer.ts). */
export interface PieceSink {
  /** Takes the first `used` bytes of `piece`; the piece to fill next (the same one, once its bytes are out). */
  full(piece: Buffer, used: number): Buffer | Promise<Buffer>;
  /** Takes a chunk larger than a piece, as it is. */
  large(chunk: Uint8Array): void | Promise<void>;
  /** After the last piece: the file's size and SHA-256. */
  end(): Promise<{ bytes: number; sha256: string }>;
}

/**
 * A file written in pieces of `first`'s size. Dumps arrive a record at a time (tens of
 * thousands of small strings): each is encoded straight into a piece, so the hash and the file
 * see few large writes and no text is copied twice.
 */
export function streamedFile(first: Buffer, out: PieceSink): StreamedFile {
  let piece = first;
  let used = 0;
  // A full piece may be handed to another thread (and so be gone here) until `out` gives the next.
  let flushing = false;
  const flush = async () => {
    if (used === 0) return;
    const full = used;
    used = 0;
    flushing = true;
    piece = await out.full(piece, full);
    flushing = false;
  };
  return {
    async write(chunk) {
      if (flushing) throw new Error('a streamed file is written one piece at a time: await each write');
      // A string of n code units is at most 3n bytes of UTF-8: one that short fits whole.
      const room = typeof chunk === 'string' ? chunk.length * 3 : chunk.byteLength;
      if (room > piece.byteLength - used) await flush();
      if (room > piece.byteLength) {
        // Larger than a piece (the SQLite database: 800 MB at 100,000 terms): out as it is.
        await out.large(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
      } else if (typeof chunk === 'string') {
        used += piece.write(chunk, used);
      } else {
        piece.set(chunk, used);
        used += chunk.byteLength;
      }
    },
    async close() {
      await flush();
      return out.end();
    },
  };
}

/** A streamed file's pieces written to `fd` on this thread, hashed as they go. */
export function writtenHere(fd: number): PieceSink {
  const out = new HashedWrites(fd);
  return {
    full: (piece, used) => {
      out.put(piece.subarray(0, used));
      return piece;
    },
    large: (chunk) => out.put(chunk),
    end: async () => out.end(),
  };
}

/**
 * Bytes written to `fd` as they come, and hashed on the way: a streamed file (SHA-256, here or on
 * the file writer thread), or a file written in chunks (the sink's SHA-1, StagingSink.fileInChunks).
 */
export class HashedWrites {
  readonly #hash: Hash;
  #bytes = 0;

  constructor(
    private readonly fd: number,
    algorithm: 'sha256' | 'sha1' = 'sha256',
  ) {
    this.#hash = createHash(algorithm);
  }

  put(data: Uint8Array): void {
    this.#hash.update(data);
    this.#bytes += data.byteLength;
    for (let at = 0; at < data.byteLength; ) at += writeSync(this.fd, data, at);
  }

  /** The size and digest of what was written (the file stays open: its opener closes it). */
  digest(encoding: BinaryToTextEncoding): { bytes: number; digest: string } {
    return { bytes: this.#bytes, digest: this.#hash.digest(encoding) };
  }

  /** A streamed file's size and SHA-256 (hex), as the dumps' manifest records them. */
  end(): { bytes: number; sha256: string } {
    const { bytes, digest } = this.digest('hex');
    return { bytes, sha256: digest };
  }
}
