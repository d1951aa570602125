// The grams met while a list index is encoded, numbered 0, 1, 2... in the order first met: an
// open-addressing hash table over typed arrays. A padded gram is two integers, its first code unit
// (`head`) and the other two (`tail`: second << 16 | third, U+0000 padding), so looking one up
// makes no string and no boxed number; a Map keyed by numbers was most of the encoding's time
// (bench/README.md, "The list indexes, eleventh session"). Pure.

/** Grams of up to this many UTF-16 code units have posting lists. */
export const GRAM_LENGTH = 3;

export class GramTable {
  /** Each gram's id + 1 in its hash slot; 0 is an empty slot. */
  #slots = new Int32Array(1 << 12);
  #heads = new Uint16Array(1 << 11);
  #tails = new Int32Array(1 << 11);
  size = 0;

  /** The id of the gram, numbered now if it is new. */
  idOf(head: number, tail: number): number {
    const slots = this.#slots;
    const mask = slots.length - 1;
    for (let slot = hashOf(head, tail) & mask; ; slot = (slot + 1) & mask) {
      const entry = slots[slot] ?? 0;
      if (entry === 0) return this.#add(slot, head, tail);
      const id = entry - 1;
      if (this.#heads[id] === head && this.#tails[id] === tail) return id;
    }
  }

  /**
   * The ids in the dictionary's order: by code units, shorter grams (padded with U+0000) first.
   * A radix sort, a code unit at a time from the last, each unit by its rank among the units the
   * names use (a few hundred buckets, not 65,536): a comparison sort of the grams' 48-bit numbers
   * took longer than collecting them.
   */
  sortedIds(): Uint32Array {
    const rank = this.#unitRanks();
    let ids = new Uint32Array(this.size);
    for (let id = 0; id < this.size; id++) ids[id] = id;
    let spare = new Uint32Array(this.size);
    const starts = new Uint32Array(this.size + 2);
    for (let unit = GRAM_LENGTH - 1; unit >= 0; unit--) {
      starts.fill(0);
      for (let id = 0; id < this.size; id++) {
        const next = (rank[this.#unitOf(id, unit)] ?? 0) + 1;
        starts[next] = (starts[next] ?? 0) + 1;
      }
      for (let r = 1; r < starts.length; r++) starts[r] = (starts[r] ?? 0) + (starts[r - 1] ?? 0);
      for (const id of ids) {
        const r = rank[this.#unitOf(id, unit)] ?? 0;
        const at = starts[r] ?? 0;
        spare[at] = id;
        starts[r] = at + 1;
      }
      const sorted = spare;
      spare = ids;
      ids = sorted;
    }
    return ids;
  }

  /**
   * Each code unit's rank in code unit order, from 1 (0 is the padding): every unit of a gram is
   * a gram of its own, so the one-unit grams are every unit there is.
   */
  #unitRanks(): Uint16Array {
    const units: number[] = [];
    for (let id = 0; id < this.size; id++) if (this.#tails[id] === 0) units.push(this.#heads[id] ?? 0);
    const sorted = Uint16Array.from(units).sort();
    const rank = new Uint16Array(0x10000);
    sorted.forEach((unit, i) => {
      rank[unit] = i + 1;
    });
    return rank;
  }

  /** The dictionary section: each gram's code units in `order`, UTF-16LE. */
  dictionary(order: Uint32Array): Uint8Array {
    const bytes = new Uint8Array(order.length * GRAM_LENGTH * 2);
    const view = new DataView(bytes.buffer);
    for (let i = 0; i < order.length; i++) {
      const id = order[i] ?? 0;
      for (let unit = 0; unit < GRAM_LENGTH; unit++)
        view.setUint16((i * GRAM_LENGTH + unit) * 2, this.#unitOf(id, unit), true);
    }
    return bytes;
  }

  /** Code unit `unit` (0 to 2) of gram `id`, 0 for padding. */
  #unitOf(id: number, unit: number): number {
    if (unit === 0) return this.#heads[id] ?? 0;
    const tail = this.#tails[id] ?? 0;
    return unit === 1 ? tail >>> 16 : tail & 0xffff;
  }

  #add(slot: number, head: number, tail: number): number {
    const id = this.size++;
    if (id === this.#heads.length) {
      this.#heads = grown(this.#heads, new Uint16Array(id * 2));
      this.#tails = grown(this.#tails, new Int32Array(id * 2));
    }
    this.#heads[id] = head;
    this.#tails[id] = tail;
    // At most half full, so that a lookup meets an empty slot after a probe or two.
    if (this.size * 2 > this.#slots.length) this.#rehash(this.#slots.length * 2);
    else this.#slots[slot] = id + 1;
    return id;
  }

  #rehash(length: number): void {
    const slots = new Int32Array(length);
    const mask = length - 1;
    for (let id = 0; id < this.size; id++) {
      let slot = hashOf(this.#heads[id] ?? 0, this.#tails[id] ?? 0) & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = id + 1;
    }
    this.#slots = slots;
  }
}

function hashOf(head: number, tail: number): number {
  const mixed = Math.imul(tail ^ Math.imul(head, 0x9e3779b1), 0x85ebca6b);
  return mixed ^ (mixed >>> 15);
}

function grown<T extends Uint16Array | Int32Array | Uint32Array>(from: T, to: T): T {
  to.set(from);
  return to;
}
