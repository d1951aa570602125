// Writes a list response body from pre-serialized items: byte copies, no JSON.stringify of
// items per request. Consecutive positions are copied as one range.
import type { ListIndex } from './list-index/decode.ts';
import { startAt } from './list-index/words.ts';

export interface ListMeta {
  total: number;
  limit: number;
  offset: number;
  locale: string;
  hasMore: boolean;
  warnings?: string[];
}

const encoder = new TextEncoder();
const OPEN = encoder.encode('{"data":[');
const COMMA = 0x2c;

export function renderListBody(index: ListIndex, positions: Int32Array, meta: ListMeta): Uint8Array<ArrayBuffer> {
  const tail = encoder.encode(`],"meta":${JSON.stringify(meta)},"attribution":${index.attributionJson}}`);
  const { items, itemStarts } = index;
  const body = new Uint8Array(OPEN.length + copyRuns(items, itemStarts, positions) + tail.length);
  body.set(OPEN, 0);
  const at = OPEN.length + copyRuns(items, itemStarts, positions, body, OPEN.length);
  body.set(tail, at);
  return body;
}

/**
 * The items at `positions`, separated by commas, copied into `body` from `at` when it is given;
 * either way, how many bytes they take. Consecutive positions are copied as one range, which
 * already holds the commas between them.
 */
function copyRuns(
  items: Uint8Array,
  itemStarts: Uint32Array,
  positions: Int32Array,
  body?: Uint8Array,
  at = 0,
): number {
  let written = 0;
  let first = -1;
  let last = -2;
  for (let i = 0; i < positions.length; i++) {
    const position = positions[i];
    if (position === undefined) throw new RangeError(`no position ${i} of ${positions.length}`);
    if (position === last + 1) {
      last = position;
      continue;
    }
    if (first >= 0) written += copyRun(items, itemStarts, first, last, written > 0, body, at + written);
    first = last = position;
  }
  if (first >= 0) written += copyRun(items, itemStarts, first, last, written > 0, body, at + written);
  return written;
}

/** Items first..last (after a comma if `comma`) into `body` at `at` when it is given; the bytes they take. */
function copyRun(
  items: Uint8Array,
  itemStarts: Uint32Array,
  first: number,
  last: number,
  comma: boolean,
  body: Uint8Array | undefined,
  at: number,
): number {
  const from = startAt(itemStarts, first, 'itemStarts');
  const to = startAt(itemStarts, last + 1, 'itemStarts') - 1; // the comma (or end) after the last item
  const separator = comma ? 1 : 0;
  if (body) {
    if (comma) body[at] = COMMA;
    body.set(items.subarray(from, to), at + separator);
  }
  return separator + to - from;
}
