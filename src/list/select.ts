// Finds the page of item positions a list query asks for, and how many items match in all.
// Positions are in the endpoint's order, so a filter never needs a sort.
import type { ListIndex } from './list-index/decode.ts';
import { GRAM_LENGTH } from './list-index/grams.ts';
import { startAt } from './list-index/words.ts';

/** Only the items whose code in `codes` is `code`; `members` are those items, ascending. */
export interface VocabularyFilter {
  codes: Uint8Array;
  code: number;
  members: Int32Array;
}

export interface ListSelector {
  /** Every filter must hold; none: every item. */
  filters: readonly VocabularyFilter[];
  /** The search text already folded with foldForSearch, or undefined for no search. */
  foldedQ: string | undefined;
  limit: number;
  offset: number;
}

export interface Selection {
  /** Items matching the filters, before pagination. */
  total: number;
  /** Positions of the page's items, ascending. */
  positions: Int32Array;
}

export function selectPage(index: ListIndex, selector: ListSelector): Selection {
  const { filters, foldedQ, limit, offset } = selector;
  if (foldedQ !== undefined) return searchNames(index, foldedQ, filters, limit, offset);
  if (filters.length === 0) {
    const start = Math.min(offset, index.count);
    const end = Math.min(offset + limit, index.count);
    return { total: index.count, positions: range(start, end) };
  }
  // The members of the rarest value, checked against the other filters.
  const rarest = filters.reduce((a, b) => (b.members.length < a.members.length ? b : a));
  return paginate(
    rarest.members,
    filters.filter((filter) => filter !== rarest),
    limit,
    offset,
  );
}

/**
 * Substring search through the gram postings: a search of up to GRAM_LENGTH code units is
 * one posting list; a longer one intersects the lists of its trigrams, rarest first, and checks
 * the remaining candidates against their names (all of an item's names in one string: the
 * "\n" between them is never part of a search, so a match never spans two names).
 */
function searchNames(
  index: ListIndex,
  foldedQ: string,
  filters: readonly VocabularyFilter[],
  limit: number,
  offset: number,
): Selection {
  // Names never contain these (the build refuses them), so neither can a match: "\n" separates
  // names, and a gram with U+0000 would find the padding of the gram dictionary's short grams.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: U+0000 is the gram dictionary's padding, never in a name
  if (foldedQ === '' || /[\n\u0000]/.test(foldedQ)) return { total: 0, positions: new Int32Array(0) };
  if (foldedQ.length <= GRAM_LENGTH) return paginate(index.postings(foldedQ), filters, limit, offset);

  const lists: Int32Array[] = [];
  for (let at = 0; at + GRAM_LENGTH <= foldedQ.length; at++) {
    const list = index.postings(foldedQ.slice(at, at + GRAM_LENGTH));
    if (list.length === 0) return { total: 0, positions: list };
    lists.push(list);
  }
  // Rarest first; each further list costs one merge and can only shrink what is checked byte by
  // byte, which is what costs (a Cyrillic name of six letters left 700 candidates after two).
  const [rarest, ...others] = lists.sort((a, b) => a.length - b.length);
  if (!rarest) throw new RangeError(`a search of ${foldedQ.length} code units has no trigram`);
  let candidates = rarest;
  for (const list of others) {
    if (candidates.length <= FEW_CANDIDATES) break;
    candidates = intersect(candidates, list);
  }
  const { nameBytes, nameStarts } = index;
  const needle = utf8.encode(foldedQ);
  const matches = candidates.filter((position) =>
    containsBytes(
      nameBytes,
      startAt(nameStarts, position, 'nameStarts'),
      startAt(nameStarts, position + 1, 'nameStarts') - 1,
      needle,
    ),
  );
  return paginate(matches, filters, limit, offset);
}

/** Total and page of an ascending list of positions, of the items every filter keeps. */
function paginate(list: Int32Array, filters: readonly VocabularyFilter[], limit: number, offset: number): Selection {
  if (filters.length === 0)
    return { total: list.length, positions: list.subarray(Math.min(offset, list.length), offset + limit) };
  const page = new Int32Array(limit);
  let filled = 0;
  let total = 0;
  outer: for (let i = 0; i < list.length; i++) {
    const position = positionAt(list, i);
    for (const filter of filters) if (filter.codes[position] !== filter.code) continue outer;
    if (total >= offset && filled < limit) page[filled++] = position;
    total++;
  }
  return { total, positions: page.subarray(0, filled) };
}

/** Positions in both ascending lists. */
function intersect(a: Int32Array, b: Int32Array): Int32Array {
  if (a.length * 16 < b.length) return intersectBySearch(a, b);
  const out = new Int32Array(Math.min(a.length, b.length));
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    const x = positionAt(a, i);
    const y = positionAt(b, j);
    if (x < y) i++;
    else if (x > y) j++;
    else {
      out[n++] = x;
      i++;
      j++;
    }
  }
  return out.subarray(0, n);
}

/** A short ascending list against a long one: each element found by binary search, onwards. */
function intersectBySearch(short: Int32Array, long: Int32Array): Int32Array {
  const out = new Int32Array(short.length);
  let n = 0;
  let low = 0;
  for (let i = 0; i < short.length; i++) {
    const value = positionAt(short, i);
    let high = long.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (positionAt(long, middle) < value) low = middle + 1;
      else high = middle;
    }
    if (low === long.length) break;
    if (long[low] === value) out[n++] = value;
  }
  return out.subarray(0, n);
}

/** Element i of a list of positions, which the caller keeps within the list. */
function positionAt(list: Int32Array, i: number): number {
  const position = list[i];
  if (position === undefined) throw new RangeError(`position ${i} of a list of ${list.length}`);
  return position;
}

function range(start: number, end: number): Int32Array {
  const out = new Int32Array(Math.max(0, end - start));
  for (let i = 0; i < out.length; i++) out[i] = start + i;
  return out;
}

const utf8 = new TextEncoder();
/** Few enough candidates to check their names directly rather than intersect further. */
const FEW_CANDIDATES = 64;

/**
 * Whether bytes[start, end) contain `needle`: a few hundred bytes of one item's names. The
 * needle's last byte is tested first: in Cyrillic or Greek every other byte is the same lead
 * byte (0xD0, 0xCE...), while a last byte is a continuation byte that varies with the letter.
 */
function containsBytes(bytes: Uint8Array, start: number, end: number, needle: Uint8Array): boolean {
  const tail = needle.length - 1;
  const lastByte = needle[tail];
  const firstByte = needle[0];
  const stop = end - needle.length;
  outer: for (let at = start; at <= stop; at++) {
    if (bytes[at + tail] !== lastByte || bytes[at] !== firstByte) continue;
    for (let k = 1; k < tail; k++) if (bytes[at + k] !== needle[k]) continue outer;
    return true;
  }
  return false;
}
