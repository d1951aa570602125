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
  const passes = new Passes();
  walkGrams(namesByItem, table, passes);
  const order = table.sortedIds();
  passes.lay(order, bitmapLength);
  walkGrams(namesByItem, table, passes);
  return { gramKeys: table.dictionary(order), gramStarts: passes.gramStarts, postings: passes.words };
}

/**
 * Every 1-, 2- and 3-unit gram of every name, to `passes` once per item (positions ascend).
 * One loop over everything, with no call per item or name: the build runs it once per locale,
 * so most of it runs before V8 has optimized it unless the loop itself is.
 */
function walkGrams(namesByItem: readonly (readonly string[])[], table: GramTable, passes: Passes): void {
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
        if (passes.lastSeen[id] !== mark) passes.visit(id, position);
        if (at >= 1) {
          id = table.idOf(second, third << 16);
          if (passes.lastSeen[id] !== mark) passes.visit(id, position);
        }
        if (at >= 2) {
          id = table.idOf(first, (second << 16) | third);
          if (passes.lastSeen[id] !== mark) passes.visit(id, position);
        }
        first = second;
        second = third;
      }
    }
  }
}

/**
 * What the two passes keep, in one object: the first counts each gram's items; the second
 * (after lay) writes each item's position into the gram's list or bitmap. One kind of object, so
 * that the walk's calls stay monomorphic (two visitor classes had V8 optimize the walk twice).
 */
class Passes {
  /** By gram id: the position + 1 of the last item counted or placed. */
  lastSeen = new Uint32Array(1024);
  counts = new Uint32Array(1024);
  filling = false;
  /** By gram id, once laid out: where its next position goes, or where its bitmap starts. */
  next = new Uint32Array(0);
  bitmap = new Uint8Array(0);
  gramStarts = new Uint32Array(0);
  words = new Uint32Array(0);

  visit(id: number, position: number): void {
    if (!this.filling) {
      if (id >= this.counts.length) {
        this.counts = widened(this.counts);
        this.lastSeen = widened(this.lastSeen);
      }
      this.lastSeen[id] = position + 1;
      this.counts[id] = (this.counts[id] ?? 0) + 1;
      return;
    }
    this.lastSeen[id] = position + 1;
    const at = this.next[id] ?? 0;
    if (this.bitmap[id] === 1) {
      const word = at + (position >>> 5);
      this.words[word] = (this.words[word] ?? 0) | (1 << (position & 31));
    } else {
      this.words[at] = position;
      this.next[id] = at + 1;
    }
  }

  /** Each gram's list or bitmap at its place in dictionary order; then the second pass can start. */
  lay(order: Uint32Array, bitmapLength: number): void {
    this.gramStarts = new Uint32Array(order.length + 1);
    this.next = new Uint32Array(order.length);
    this.bitmap = new Uint8Array(order.length);
    let at = 0;
    for (let i = 0; i < order.length; i++) {
      const id = order[i] ?? 0;
      const count = this.counts[id] ?? 0;
      this.gramStarts[i] = at;
      this.next[id] = at;
      // A list at least as long as the bitmap becomes the bitmap, so every shorter range is a list.
      this.bitmap[id] = count < bitmapLength ? 0 : 1;
      at += Math.min(count, bitmapLength);
    }
    this.gramStarts[order.length] = at;
    this.words = new Uint32Array(at);
    this.lastSeen.fill(0);
    this.filling = true;
  }
}

function widened(from: Uint32Array<ArrayBuffer>): Uint32Array<ArrayBuffer> {
  const to = new Uint32Array(from.length * 2);
  to.set(from);
  return to;
}
