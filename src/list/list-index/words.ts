// 32-bit words of the list index: written little-endian, read as typed arrays over the file's
// own bytes, and each read that the format promises is there checked, so a corrupt index fails
// with a clear error instead of answering with wrong items.

/** An index whose sections disagree with each other or with its header: truncated, or not ours. */
export class CorruptListIndexError extends Error {
  override name = 'CorruptListIndexError';
  constructor(problem: string) {
    super(`${problem}; rebuild with \`npm run build\``);
  }
}

/** Whether this platform stores a typed array's words little-endian (every one Node and Netlify run on). */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * The words as little-endian bytes: on a little-endian platform, the words' own bytes (a view,
 * not a copy: the edit loop writes the index after every change, and a loop over every posting
 * was most of it); elsewhere, each word written in that order.
 */
export function littleEndianBytes(words: Uint32Array): Uint8Array {
  if (LITTLE_ENDIAN) return new Uint8Array(words.buffer, words.byteOffset, words.byteLength);
  const out = new Uint8Array(words.length * 4);
  const view = new DataView(out.buffer);
  for (const [i, value] of words.entries()) view.setUint32(i * 4, value, true);
  return out;
}

/** The section `name` as unsigned words, in place. */
export function uint32View(bytes: Uint8Array, name: string): Uint32Array {
  const aligned = alignedWords(bytes, name);
  return new Uint32Array(aligned.buffer, aligned.byteOffset, aligned.byteLength / 4);
}

/** The section `name` as signed words, in place (positions: what the searches work with). */
export function int32View(bytes: Uint8Array, name: string): Int32Array {
  const aligned = alignedWords(bytes, name);
  return new Int32Array(aligned.buffer, aligned.byteOffset, aligned.byteLength / 4);
}

function alignedWords(bytes: Uint8Array, name: string): Uint8Array {
  if (bytes.byteLength % 4 !== 0) {
    throw new CorruptListIndexError(`the list index section ${name} is not a whole number of 32-bit words`);
  }
  // A typed array view needs 4-byte alignment; copy in the rare case the buffer is not.
  return bytes.byteOffset % 4 === 0 ? bytes : bytes.slice();
}

/**
 * Start `i` of a table of starts (item i of a section runs from start i to start i + 1): the
 * decoder checked the table's length against the item count, so a missing start is a corrupt file.
 */
export function startAt(starts: Uint32Array, i: number, table: string): number {
  const start = starts[i];
  if (start === undefined) {
    throw new CorruptListIndexError(`the list index's ${table} has no start ${i} (it has ${starts.length})`);
  }
  return start;
}
