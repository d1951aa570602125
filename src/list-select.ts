// Finds the page of item positions a list query asks for, and how many items match in all.
// Positions are in the endpoint's order, so a filter never needs a sort.
import type { ListIndex } from './list-index.ts';

export interface ListSelector {
  /** Pillar code (position in index.pillars), or -1 for every pillar. */
  pillarCode: number;
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
  const { pillarCode, foldedQ, limit, offset } = selector;
  if (foldedQ === undefined) {
    if (pillarCode < 0) {
      const start = Math.min(offset, index.count);
      const end = Math.min(offset + limit, index.count);
      return { total: index.count, positions: range(start, end) };
    }
    const members = index.pillarMembers[pillarCode]!;
    return { total: members.length, positions: members.subarray(Math.min(offset, members.length), offset + limit) };
  }
  return searchNames(index, foldedQ, pillarCode, limit, offset);
}

/** Substring search over the folded names, all joined in one string: one indexOf per match. */
function searchNames(index: ListIndex, foldedQ: string, pillarCode: number, limit: number, offset: number): Selection {
  const page = new Int32Array(limit);
  let filled = 0;
  let total = 0;
  // Names are joined by "\n"; a search text containing one can match no single name.
  if (foldedQ.includes('\n') || foldedQ === '') return { total: 0, positions: page.subarray(0, 0) };
  const { names, nameStarts, pillarCodes } = index;
  let from = 0;
  for (;;) {
    const hit = names.indexOf(foldedQ, from);
    if (hit < 0) break;
    const position = positionOf(nameStarts, hit);
    if (pillarCode < 0 || pillarCodes[position] === pillarCode) {
      if (total >= offset && filled < limit) page[filled++] = position;
      total++;
    }
    from = nameStarts[position + 1]!; // the next name: one match per item is enough
  }
  return { total, positions: page.subarray(0, filled) };
}

/** The item whose name contains character offset `at`: the last start at or before it. */
function positionOf(starts: Uint32Array, at: number): number {
  let low = 0;
  let high = starts.length - 2;
  while (low < high) {
    const mid = (low + high + 1) >>> 1;
    if (starts[mid]! <= at) low = mid;
    else high = mid - 1;
  }
  return low;
}

function range(start: number, end: number): Int32Array {
  const out = new Int32Array(Math.max(0, end - start));
  for (let i = 0; i < out.length; i++) out[i] = start + i;
  return out;
}
