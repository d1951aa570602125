// The gram dictionary and its posting lists: how a search finds the items whose names contain it
// without reading every name.
//
// Every 1-, 2- and 3-code-unit gram of every folded search name has a posting list: the
// ascending positions of the items with a name that contains it. The dictionary is one UTF-16LE
// string of fixed 3-unit slots (shorter grams padded with U+0000, which no name contains),
// sorted, so a lookup is a binary search with no per-gram objects at load; it is decoded on the
// first search. A posting list that would take at least as many 32-bit words as a bitmap of all
// items (ceil(count / 32) words) is stored as that bitmap instead, which keeps the grams shared by
// most items (single letters, common pairs) small: a stored range of exactly that length is a
// bitmap, and is expanded into positions when a search uses it.
import type { Locale } from '../../contract/facts.ts';
import { GRAM_LENGTH } from './gram-table.ts';
import { encodeGramSections, type EncodedGrams } from './posting-lists.ts';
import { CorruptListIndexError, int32View, startAt, uint32View } from './words.ts';

export { GRAM_LENGTH } from './gram-table.ts';
const PAD = '\u0000';
const EMPTY = new Int32Array(0);
/** Expanded bitmaps kept per index: at most this many times 4 bytes per item. */
const EXPANDED_BITMAPS_KEPT = 32;
const utf16 = new TextDecoder('utf-16le');

/** Words of a bitmap with one bit per item; 0 when there are no items. */
function bitmapWords(count: number): number {
  return Math.ceil(count / 32);
}

/**
 * The last grams encoded per locale, and the names they were encoded from. The edit loop encodes
 * the index again after every change, nearly always with the very same names (the same arrays,
 * from the build cache) in the same order; encoding the grams was then most of its work.
 */
const lastGrams = new Map<
  Locale,
  { names: readonly (readonly string[])[]; bitmapLength: number; grams: EncodedGrams }
>();

/**
 * Lets go of the last encoding of a locale: a one-off build encodes each index once, and the memo
 * would keep that locale's names and postings alive for the rest of the build (megabytes at
 * 20,000 terms). The edit loop, which gains from it, never calls this.
 */
export function forgetGrams(locale: Locale): void {
  lastGrams.delete(locale);
}

/** The grams of each item's names (items in list order), reusing the last encoding if the names are the same. */
export function gramsOf(locale: Locale, names: readonly (readonly string[])[]): EncodedGrams {
  const bitmapLength = bitmapWords(names.length);
  const last = lastGrams.get(locale);
  if (
    last &&
    last.bitmapLength === bitmapLength &&
    last.names.length === names.length &&
    names.every((item, i) => item === last.names[i])
  )
    return last.grams;
  const grams = encodeGramSections(names, bitmapLength);
  lastGrams.set(locale, { names, bitmapLength, grams });
  return grams;
}

/**
 * A search's posting lists, read from the index's three gram sections of an index of `count`
 * items: the ascending positions of the items with a name that contains `gram` (1 to
 * GRAM_LENGTH code units). Shared between searches: never modify what it returns.
 */
export function gramPostings(
  sections: { gramKeys: Uint8Array; gramStarts: Uint8Array; postings: Uint8Array },
  count: number,
): (gram: string) => Int32Array {
  const gramStarts = uint32View(sections.gramStarts, 'gramStarts');
  const postings = int32View(sections.postings, 'postings');
  const slotBytes = 2 * GRAM_LENGTH;
  if (sections.gramKeys.length % slotBytes !== 0 || gramStarts.length !== sections.gramKeys.length / slotBytes + 1) {
    throw new CorruptListIndexError('the list index has a gram dictionary and posting starts of different sizes');
  }
  if (gramStarts.at(-1) !== postings.length) {
    throw new CorruptListIndexError("the list index's posting starts do not end where its postings end");
  }
  let keys: string | undefined;
  const bitmapLength = bitmapWords(count);
  // Expanding a bitmap allocates up to 4 bytes per item: keep the last few expanded, so the
  // common one-letter searches neither repeat the work nor churn the heap.
  const expanded = new Map<number, Int32Array>();
  return (gram) => {
    keys ??= utf16.decode(sections.gramKeys);
    const slot = findGram(keys, gram.padEnd(GRAM_LENGTH, PAD));
    if (slot < 0) return EMPTY;
    const stored = postings.subarray(
      startAt(gramStarts, slot, 'gramStarts'),
      startAt(gramStarts, slot + 1, 'gramStarts'),
    );
    if (stored.length !== bitmapLength) return stored;
    let positions = expanded.get(slot);
    if (!positions) {
      positions = bitmapPositions(stored);
      if (expanded.size >= EXPANDED_BITMAPS_KEPT) {
        const oldest = expanded.keys().next();
        if (!oldest.done) expanded.delete(oldest.value);
      }
      expanded.set(slot, positions);
    }
    return positions;
  };
}

/** Binary search over the fixed-width slots of the sorted dictionary string. */
function findGram(keys: string, padded: string): number {
  let low = 0;
  let high = keys.length / GRAM_LENGTH - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const key = keys.slice(mid * GRAM_LENGTH, mid * GRAM_LENGTH + GRAM_LENGTH);
    if (key === padded) return mid;
    if (key < padded) low = mid + 1;
    else high = mid - 1;
  }
  return -1;
}

/** The ascending positions of the set bits. */
function bitmapPositions(words: Int32Array): Int32Array {
  let total = 0;
  for (const word of words) {
    for (let bits = word; bits !== 0; bits &= bits - 1) total++;
  }
  const out = new Int32Array(total);
  let n = 0;
  let base = 0;
  for (const word of words) {
    for (let bits = word; bits !== 0; ) {
      const low = bits & -bits;
      out[n++] = base + 31 - Math.clz32(low);
      bits ^= low;
    }
    base += 32;
  }
  return out;
}
