// Each output file's hash by path, as the sinks record them (staging-sink.ts) for the next build's
// hint (output-hashes-file.ts writes them). At 100,000 terms a build writes about 650,000 files and
// the main thread holds their hashes to the end: as a dictionary of path strings and base64 strings
// that was tens of MB of heap through the passes, where the build's peak is (bench/README.md,
// "Memory at 100,000 terms, eleventh session"). Here the paths are UTF-8 back to back in one
// buffer and the digests 20 bytes each in another: no object per file.

/** How output-hashes.json spells each file's hash: SHA-1, whose 20 bytes are written in base64url. */
export const OUTPUT_HASH = { algorithm: 'sha1', encoding: 'base64url', bytes: 20 } as const;

/** What a table recorded, as plain data (postMessage): the paths' UTF-8, where each ends, the digests. */
export interface OutputHashesData {
  paths: Uint8Array;
  ends: Uint32Array;
  digests: Uint8Array;
}

/** Room for this many entries at first; each buffer doubles when full. */
const FIRST_ENTRIES = 1024;

/**
 * Paths and their digests in the order recorded. A path recorded twice keeps both entries; the
 * later is the file (lastWrites), as when a dictionary's entry was assigned again.
 */
export class OutputHashes {
  #paths = Buffer.allocUnsafe(FIRST_ENTRIES * 64);
  #pathBytes = 0;
  #ends = new Uint32Array(FIRST_ENTRIES);
  #digests = Buffer.allocUnsafe(FIRST_ENTRIES * OUTPUT_HASH.bytes);
  #count = 0;

  /** Entries recorded (a path written twice counts twice). */
  get size(): number {
    return this.#count;
  }

  /** Records `file`'s digest (OUTPUT_HASH.bytes bytes). */
  add(file: string, digest: Uint8Array): void {
    if (digest.byteLength !== OUTPUT_HASH.bytes)
      throw new Error(`an output hash is ${OUTPUT_HASH.bytes} bytes, not ${digest.byteLength}`);
    this.#room(1, file.length * 3);
    this.#pathBytes += this.#paths.write(file, this.#pathBytes);
    this.#ends[this.#count] = this.#pathBytes;
    this.#digests.set(digest, this.#count * OUTPUT_HASH.bytes);
    this.#count++;
  }

  /** Records every entry of another table's data (another thread's sink), in its order. */
  addAll({ paths, ends, digests }: OutputHashesData): void {
    this.#room(ends.length, paths.byteLength);
    this.#paths.set(paths, this.#pathBytes);
    for (let i = 0; i < ends.length; i++) this.#ends[this.#count + i] = this.#pathBytes + (ends[i] as number);
    this.#digests.set(digests.subarray(0, ends.length * OUTPUT_HASH.bytes), this.#count * OUTPUT_HASH.bytes);
    this.#pathBytes += paths.byteLength;
    this.#count += ends.length;
  }

  /** A copy of what was recorded, as plain data; the table is then empty. */
  take(): OutputHashesData {
    const data = {
      // Copies of their own size: a view would take its whole buffer through postMessage.
      paths: new Uint8Array(this.#paths.subarray(0, this.#pathBytes)),
      ends: this.#ends.slice(0, this.#count),
      digests: new Uint8Array(this.#digests.subarray(0, this.#count * OUTPUT_HASH.bytes)),
    };
    this.#pathBytes = 0;
    this.#count = 0;
    return data;
  }

  /** Each path recorded, with the entry of its last write. */
  lastWrites(): Map<string, number> {
    const last = new Map<string, number>();
    for (let entry = 0, start = 0; entry < this.#count; entry++) {
      const end = this.#ends[entry] as number;
      last.set(this.#paths.toString('utf8', start, end), entry);
      start = end;
    }
    return last;
  }

  /** An entry's digest as output-hashes.json spells it. */
  digestText(entry: number): string {
    const at = entry * OUTPUT_HASH.bytes;
    return this.#digests.toString(OUTPUT_HASH.encoding, at, at + OUTPUT_HASH.bytes);
  }

  /** Makes room for `entries` more entries and `pathBytes` more bytes of paths. */
  #room(entries: number, pathBytes: number): void {
    this.#paths = grown(this.#paths, this.#pathBytes, this.#pathBytes + pathBytes);
    this.#digests = grown(this.#digests, this.#count * OUTPUT_HASH.bytes, (this.#count + entries) * OUTPUT_HASH.bytes);
    if (this.#count + entries > this.#ends.length) {
      const ends = new Uint32Array(Math.max(this.#ends.length * 2, this.#count + entries));
      ends.set(this.#ends.subarray(0, this.#count));
      this.#ends = ends;
    }
  }
}

/** `buffer`, or a buffer twice as large (at least `needed`) holding its first `used` bytes. */
function grown(buffer: Buffer<ArrayBuffer>, used: number, needed: number): Buffer<ArrayBuffer> {
  if (needed <= buffer.byteLength) return buffer;
  const larger = Buffer.allocUnsafe(Math.max(buffer.byteLength * 2, needed));
  buffer.copy(larger, 0, 0, used);
  return larger;
}
