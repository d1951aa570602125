// The posting lists of the list index's grams (grams.ts), collected in two passes over the names:
// the first counts each gram's items, the second writes every position into one typed array. A
// JavaScript array per gram, grown as positions came, held about 250 MB at 100,000 terms per
// locale (8 bytes a position, and room to grow) while one index was encoded: the build's peak
// (bench/README.md, "Memory at 100,000 terms, ninth session"). Pure.

/** Calls `visit` with each gram's key of each item's names, items in ascending position. */
export type GramWalk = (visit: (key: number, position: number) => void) => void;

/** Each gram's key and its items' positions (ascending, each once), ordered by key. */
export interface PostingLists {
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
export function postingLists(walk: GramWalk): PostingLists {
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
