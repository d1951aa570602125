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
import { postingLists } from './posting-lists.ts';
import { CorruptListIndexError, int32View, startAt, uint32View } from './words.ts';

/** Grams of up to this many UTF-16 code units have posting lists. */
export const GRAM_LENGTH = 3;
const PAD = '\u0000';
const EMPTY = new Int32Array(0);
/** Expanded bitmaps kept per index: at most this many times 4 bytes per item. */
const EXPANDED_BITMAPS_KEPT = 32;
const utf16 = new TextDecoder('utf-16le');

export interface EncodedGrams {
  /** The sorted dictionary of padded grams, UTF-16LE. */
  gramKeys: Uint8Array;
  /** Gram i's posting list is postings[gramStarts[i], gramStarts[i + 1]). */
  gramStarts: Uint32Array;
  postings: Uint32Array;
}

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
  const grams = encodeGrams(names, bitmapLength);
  lastGrams.set(locale, { names, bitmapLength, grams });
  return grams;
}

/**
 * A padded gram as one number: its code units, most significant first, 16 bits each (48 bits in
 * all, exact in a double). Numbers order as the padded strings do (U+0000 padding lowest), and
 * a Map of numbers spares a string per gram of every name.
 */
const gramNumber = (name: string, at: number, length: number): number => {
  let value = 0;
  for (let i = 0; i < GRAM_LENGTH; i++) value = value * 0x10000 + (i < length ? name.charCodeAt(at + i) : 0);
  return value;
};

function encodeGrams(namesByItem: readonly (readonly string[])[], bitmapLength: number): EncodedGrams {
  const ranks = unitRanks(namesByItem);
  const sorted = ranks ? rankedGramLists(namesByItem, ranks) : numberedGramLists(namesByItem);
  // A list at least as long as the bitmap becomes the bitmap, so every shorter range is a list.
  const stored = sorted.map(([, list]) => (list.length < bitmapLength ? list : bitmapOf(list, bitmapLength)));
  const gramStarts = new Uint32Array(sorted.length + 1);
  const postings = new Uint32Array(stored.reduce((total, list) => total + list.length, 0));
  let at = 0;
  stored.forEach((list, i) => {
    gramStarts[i] = at;
    postings.set(list, at);
    at += list.length;
  });
  gramStarts[sorted.length] = at;
  const gramKeys = new Uint8Array(sorted.length * GRAM_LENGTH * 2);
  const view = new DataView(gramKeys.buffer);
  sorted.forEach(([gram], i) => {
    for (let unit = 0; unit < GRAM_LENGTH; unit++) {
      const code = Math.floor(gram / 0x10000 ** (GRAM_LENGTH - 1 - unit)) % 0x10000;
      view.setUint16((i * GRAM_LENGTH + unit) * 2, code, true);
    }
  });
  return { gramKeys, gramStarts, postings };
}

/** Bits of a code unit's rank: three ranks make a key of 30 bits, a small integer to V8. */
const RANK_BITS = 10;
const MOST_RANKS = 1 << RANK_BITS;

/**
 * Each code unit of the names ranked in code unit order, from 1 (U+0000 shares the padding's 0),
 * and the unit of each rank; none when there are too many for RANK_BITS (then the grams are keyed
 * by their 48-bit number). Names use a few dozen code units in practice.
 */
function unitRanks(namesByItem: readonly (readonly string[])[]): { rank: Uint16Array; unit: number[] } | undefined {
  const seen = new Uint8Array(0x10000);
  for (const names of namesByItem)
    for (const name of names) for (let i = 0; i < name.length; i++) seen[name.charCodeAt(i)] = 1;
  const rank = new Uint16Array(0x10000);
  const unit = [0];
  for (let code = 1; code < 0x10000; code++) {
    if (seen[code] === 0) continue;
    if (unit.length === MOST_RANKS) return undefined;
    rank[code] = unit.length;
    unit.push(code);
  }
  return { rank, unit };
}

/**
 * Every gram's posting list, sorted by gram, keyed while collected by its three ranks (a small
 * integer: a Map of those costs about half of one keyed by 48-bit numbers, which V8 boxes).
 * Ranks order as their code units do, so keys order as the padded grams.
 */
function rankedGramLists(
  namesByItem: readonly (readonly string[])[],
  { rank, unit }: { rank: Uint16Array; unit: number[] },
): [number, Uint32Array][] {
  const { keys, lists } = postingLists((add) =>
    namesByItem.forEach((names, position) => {
      for (const name of names) {
        // The grams ending at each code unit: its own, with the one before, with the two before
        // (GRAM_LENGTH is 3; a key holds three ranks).
        let first = 0;
        let second = 0;
        for (let at = 0; at < name.length; at++) {
          const third = rank[name.charCodeAt(at)] ?? 0;
          add(third << (2 * RANK_BITS), position);
          if (at >= 1) add((second << (2 * RANK_BITS)) | (third << RANK_BITS), position);
          if (at >= 2) add((first << (2 * RANK_BITS)) | (second << RANK_BITS) | third, position);
          first = second;
          second = third;
        }
      }
    }),
  );
  const mask = MOST_RANKS - 1;
  const gramOf = (key: number) =>
    ((unit[key >>> (2 * RANK_BITS)] ?? 0) * 0x10000 + (unit[(key >>> RANK_BITS) & mask] ?? 0)) * 0x10000 +
    (unit[key & mask] ?? 0);
  return keys.map((key, i) => [gramOf(key), lists[i] ?? EMPTY_LIST]);
}

/** Every gram's posting list, sorted by gram, keyed by the gram's number (any code units). */
function numberedGramLists(namesByItem: readonly (readonly string[])[]): [number, Uint32Array][] {
  const { keys, lists } = postingLists((add) =>
    namesByItem.forEach((names, position) => {
      for (const name of names) {
        for (let length = 1; length <= GRAM_LENGTH; length++) {
          for (let at = 0; at + length <= name.length; at++) add(gramNumber(name, at, length), position);
        }
      }
    }),
  );
  return keys.map((key, i) => [key, lists[i] ?? EMPTY_LIST]);
}

const EMPTY_LIST = new Uint32Array(0);

/** One bit per item, set for the positions in `list` (each below 32 * `length`). */
function bitmapOf(list: ArrayLike<number> & Iterable<number>, length: number): Uint32Array {
  const bitmap = new Uint32Array(length);
  for (const position of list) {
    const word = position >>> 5;
    bitmap[word] = (bitmap[word] ?? 0) | (1 << (position & 31));
  }
  return bitmap;
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
