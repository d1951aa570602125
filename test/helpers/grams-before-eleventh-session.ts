// The list index's gram sections as main encoded them before the eleventh session (commit
// 462228e4: src/list/list-index/grams.ts and posting-lists.ts), kept as the oracle of
// encodeGramSections: the rewrite must give the same bytes. Not shipped; not to be edited.
import type { EncodedGrams } from '../../src/list/list-index/posting-lists.ts';

const GRAM_LENGTH = 3;

/** The gram sections as the earlier code made them. */
export function encodeGramsBefore(namesByItem: readonly (readonly string[])[], bitmapLength: number): EncodedGrams {
  return encodeGrams(namesByItem, bitmapLength);
}

type GramWalk = (visit: (key: number, position: number) => void) => void;

/** Each gram's key and its items' positions (ascending, each once), ordered by key. */
interface PostingLists {
  keys: number[];
  lists: Uint32Array[];
}

/** The keys seen, numbered in the order first seen, and per number its count and last position + 1. */
class KeyTally {
  readonly ids = new Map<number, number>();
  readonly keys: number[] = [];
  counts = new Uint32Array(1024);
  lastSeen = new Uint32Array(1024);

  idOf(key: number): number {
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.keys.length;
      this.ids.set(key, id);
      this.keys.push(key);
      if (id === this.counts.length) this.#grow();
    }
    return id;
  }

  #grow(): void {
    const counts = new Uint32Array(this.counts.length * 2);
    counts.set(this.counts);
    this.counts = counts;
    const lastSeen = new Uint32Array(counts.length);
    lastSeen.set(this.lastSeen);
    this.lastSeen = lastSeen;
  }
}

/** Every gram's posting list, from two walks over the same names. */
function postingLists(walk: GramWalk): PostingLists {
  const tally = new KeyTally();
  // An item's names hold a gram more than once: each item is counted once (positions ascend).
  walk((key, position) => {
    const id = tally.idOf(key);
    if (tally.lastSeen[id] === position + 1) return;
    tally.lastSeen[id] = position + 1;
    tally.counts[id] = (tally.counts[id] ?? 0) + 1;
  });
  const order = tally.keys.map((_, id) => id).sort((a, b) => (tally.keys[a] ?? 0) - (tally.keys[b] ?? 0));
  const starts = new Uint32Array(tally.keys.length);
  let total = 0;
  for (const id of order) {
    starts[id] = total;
    total += tally.counts[id] ?? 0;
  }
  const positions = new Uint32Array(total);
  const next = starts.slice();
  const seen = tally.lastSeen.fill(0);
  walk((key, position) => {
    const id = tally.ids.get(key) ?? 0;
    if (seen[id] === position + 1) return;
    seen[id] = position + 1;
    const at = next[id] ?? 0;
    positions[at] = position;
    next[id] = at + 1;
  });
  return {
    keys: order.map((id) => tally.keys[id] ?? 0),
    lists: order.map((id) => positions.subarray(starts[id], (starts[id] ?? 0) + (tally.counts[id] ?? 0))),
  };
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
