// The gram sections of a list index (grams.ts), made in two passes over the names: the first
// numbers the grams (gram-table.ts) and counts each one's items, the second writes every position
// straight into the postings section, into the gram's list or its bitmap. A JavaScript array per
// gram, grown as positions came, held about 250 MB at 100,000 terms per locale (bench/README.md,
// "Memory at 100,000 terms, ninth session"); a list per gram made and then copied into the
// section, a Map from gram to list and a callback per gram were most of the encoding's time
// (bench/README.md, "The list indexes, eleventh session"). Pure.
import { GramTable } from './gram-table.ts';

export { GRAM_LENGTH } from './gram-table.ts';

export interface EncodedGrams {
  /** The sorted dictionary of padded grams, UTF-16LE. */
  gramKeys: Uint8Array;
  /** Gram i's posting list is postings[gramStarts[i], gramStarts[i + 1]). */
  gramStarts: Uint32Array;
  postings: Uint32Array;
}

/**
 * The gram sections of items' names (items in list order; no name empty or holding "\n" or
 * U+0000: encode.ts refuses those): a gram's list holds each item once, ascending; a list of at
 * least `bitmapLength` words is stored as a bitmap of that many words.
 */
export function encodeGramSections(namesByItem: readonly (readonly string[])[], bitmapLength: number): EncodedGrams {
  const table = new GramTable();
  const tally = new Tally();
  walkGrams(namesByItem, table, tally);
  const order = table.sortedIds();
  const postings = new Postings(order, tally, bitmapLength);
  walkGrams(namesByItem, table, postings);
  return { gramKeys: table.dictionary(order), gramStarts: postings.gramStarts, postings: postings.words };
}

/** What a pass does with each gram of an item, the first time the item meets it. */
interface GramVisitor {
  readonly lastSeen: Uint32Array;
  visit(id: number, position: number): void;
}

/**
 * Every 1-, 2- and 3-unit gram of every name, to `visitor` once per item (positions ascend).
 * One loop over everything, with no call per item or name: the build runs it once per locale,
 * so most of it runs before V8 has optimized it unless the loop itself is.
 */
function walkGrams(namesByItem: readonly (readonly string[])[], table: GramTable, visitor: GramVisitor): void {
  for (let position = 0; position < namesByItem.length; position++) {
    const names = namesByItem[position] ?? [];
    // Marks are position + 1, so that a zeroed array has seen nothing.
    const mark = position + 1;
    for (let n = 0; n < names.length; n++) {
      const name = names[n] ?? '';
      let first = 0;
      let second = 0;
      for (let at = 0; at < name.length; at++) {
        // The grams ending at this unit: its own, with the one before, with the two before.
        const third = name.charCodeAt(at);
        let id = table.idOf(third, 0);
        if (visitor.lastSeen[id] !== mark) visitor.visit(id, position);
        if (at >= 1) {
          id = table.idOf(second, third << 16);
          if (visitor.lastSeen[id] !== mark) visitor.visit(id, position);
        }
        if (at >= 2) {
          id = table.idOf(first, (second << 16) | third);
          if (visitor.lastSeen[id] !== mark) visitor.visit(id, position);
        }
        first = second;
        second = third;
      }
    }
  }
}

/** The first pass: each gram's number of items. */
class Tally implements GramVisitor {
  lastSeen: Uint32Array = new Uint32Array(1024);
  counts: Uint32Array = new Uint32Array(1024);

  visit(id: number, position: number): void {
    if (id >= this.counts.length) {
      this.counts = widened(this.counts);
      this.lastSeen = widened(this.lastSeen);
    }
    this.lastSeen[id] = position + 1;
    this.counts[id] = (this.counts[id] ?? 0) + 1;
  }
}

/** The second pass: the postings section, each gram's list or bitmap at its place in dictionary order. */
class Postings implements GramVisitor {
  readonly lastSeen: Uint32Array;
  readonly gramStarts: Uint32Array;
  readonly words: Uint32Array;
  /** By gram id: where its next position goes, or where its bitmap starts. */
  readonly #next: Uint32Array;
  readonly #bitmap: Uint8Array;

  constructor(order: Uint32Array, { counts, lastSeen }: Tally, bitmapLength: number) {
    this.lastSeen = lastSeen.fill(0);
    this.gramStarts = new Uint32Array(order.length + 1);
    this.#next = new Uint32Array(order.length);
    this.#bitmap = new Uint8Array(order.length);
    let at = 0;
    for (let i = 0; i < order.length; i++) {
      const id = order[i] ?? 0;
      const count = counts[id] ?? 0;
      this.gramStarts[i] = at;
      this.#next[id] = at;
      // A list at least as long as the bitmap becomes the bitmap, so every shorter range is a list.
      this.#bitmap[id] = count < bitmapLength ? 0 : 1;
      at += Math.min(count, bitmapLength);
    }
    this.gramStarts[order.length] = at;
    this.words = new Uint32Array(at);
  }

  visit(id: number, position: number): void {
    this.lastSeen[id] = position + 1;
    const at = this.#next[id] ?? 0;
    if (this.#bitmap[id] === 1) {
      const word = at + (position >>> 5);
      this.words[word] = (this.words[word] ?? 0) | (1 << (position & 31));
    } else {
      this.words[at] = position;
      this.#next[id] = at + 1;
    }
  }
}

function widened(from: Uint32Array): Uint32Array<ArrayBuffer> {
  const to = new Uint32Array(from.length * 2);
  to.set(from);
  return to;
}
