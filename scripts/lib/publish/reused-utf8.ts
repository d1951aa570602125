// Text made UTF-8 in one buffer used again for the next text: for code that hands each text's
// bytes on (writes, hashes or copies them) before it encodes the next, such as a sink's files and
// a dump's records. Buffer.from measured the text, allocated a buffer per text (a backing store
// of its own above 4 KB) and then encoded into it: tens of thousands of texts a build.

/** Text of up to this many code units (with the bytes around it) goes into the reused buffer (at most 3 bytes each); longer gets its own. */
const REUSED_BUFFER_UNITS = 4 * 1024 * 1024;

const NO_BYTES = new Uint8Array(0);

export class ReusedUtf8 {
  #buffer = Buffer.allocUnsafe(0);

  /** `text` as UTF-8: valid until the next call. */
  encode(text: string): Uint8Array {
    return this.framed(NO_BYTES, text, NO_BYTES);
  }

  /**
   * `bytes`, then `text` as UTF-8 (a dump's record: the API's, then the details), valid until the
   * next call: Buffer.concat allocated a buffer per record, a backing store of its own above 4 KB.
   */
  after(bytes: Uint8Array, text: string): Uint8Array {
    return this.framed(bytes, text, NO_BYTES);
  }

  /**
   * `head`, `text` as UTF-8, then `tail` (a term file: its record between the file's two ends),
   * valid until the next call; the text's bytes are those between head.byteLength and tail.byteLength
   * from the end.
   */
  framed(head: Uint8Array, text: string, tail: Uint8Array): Uint8Array {
    // At most 3 bytes of UTF-8 per code unit.
    const room = head.byteLength + text.length * 3 + tail.byteLength;
    if (room > REUSED_BUFFER_UNITS * 3) return Buffer.concat([head, Buffer.from(text), tail]);
    if (this.#buffer.byteLength < room) this.#buffer = Buffer.allocUnsafe(Math.max(room, 64 * 1024));
    this.#buffer.set(head, 0);
    const end = head.byteLength + this.#buffer.write(text, head.byteLength);
    this.#buffer.set(tail, end);
    return this.#buffer.subarray(0, end + tail.byteLength);
  }
}
