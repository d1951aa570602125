// Writes a list response body from pre-serialized items: byte copies, no JSON.stringify of
// items per request. Consecutive positions are copied as one range.
import type { ListIndex } from './list-index/decode.ts';

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
  // Runs of consecutive positions: [startByte, endByte) of each, items separated by commas.
  const runs: number[] = [];
  let size = OPEN.length + tail.length;
  for (let i = 0; i < positions.length; ) {
    let j = i;
    while (j + 1 < positions.length && positions[j + 1] === positions[j]! + 1) j++;
    const from = itemStarts[positions[i]!]!;
    const to = itemStarts[positions[j]! + 1]! - 1; // the comma (or end) after the last item
    runs.push(from, to);
    size += to - from + (runs.length > 2 ? 1 : 0);
    i = j + 1;
  }
  const body = new Uint8Array(size);
  body.set(OPEN, 0);
  let at = OPEN.length;
  for (let r = 0; r < runs.length; r += 2) {
    if (r > 0) body[at++] = COMMA;
    body.set(items.subarray(runs[r]!, runs[r + 1]!), at);
    at += runs[r + 1]! - runs[r]!;
  }
  body.set(tail, at);
  return body;
}
