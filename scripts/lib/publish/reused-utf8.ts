// Text made UTF-8 in one buffer used again for the next text: for code that hands each text's
// bytes on (writes, hashes or copies them) before it encodes the next, such as a sink's files and
// a dump's records. Buffer.from measured the text, allocated a buffer per text (a backing store
// of its own above 4 KB) and then encoded into it: tens of thousands of texts a build.

/** Text of up to this many code units is encoded into the reused buffer (at most 3 bytes each); longer text gets its own. */
const REUSED_BUFFER_UNITS = 4 * 1024 * 1024;

export class ReusedUtf8 {
  #buffer = Buffer.allocUnsafe(0);

  /** `text` as UTF-8: valid until the next call. */
  encode(text: string): Uint8Array {
    if (text.length > REUSED_BUFFER_UNITS) return Buffer.from(text);
    if (this.#buffer.byteLength < text.length * 3)
      this.#buffer = Buffer.allocUnsafe(Math.max(text.length * 3, 64 * 1024));
    return this.#buffer.subarray(0, this.#buffer.write(text));
  }

  /**
   * `bytes`, then `text` as UTF-8 (a dump's record: the API's, then the details), valid until the
   * next call: Buffer.concat allocated a buffer per record, a backing store of its own above 4 KB.
   */
  after(bytes: Uint8Array, text: string): Uint8Array {
    const room = bytes.byteLength + text.length * 3;
    if (room > REUSED_BUFFER_UNITS * 3) return Buffer.concat([bytes, Buffer.from(text)]);
    if (this.#buffer.byteLength < room) this.#buffer = Buffer.allocUnsafe(Math.max(room, 64 * 1024));
    this.#buffer.set(bytes, 0);
    return this.#buffer.subarray(0, bytes.byteLength + this.#buffer.write(text, bytes.byteLength));
  }
}
