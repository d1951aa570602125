// A term's list item (toListItem) as UTF-8, cut from its record's JSON, which the build has just
// made for the term file and the dumps: the item's members are the record's first ones, in the same
// order (derive.ts makes the record so, and TermWithContentOnDisk serialises so), and the
// record's next member is fullContent. Serialising the item again and encoding it cost about 50 ms
// of the main thread's CPU at the bundled size, the copy about 5 (bench/README.md, "The main and
// output threads' CPU, thirteenth session"). test/build/list-item-bytes.test.ts holds the order.
import type { Term } from '../../../src/contract/response-schemas.ts';

const RECORD_START = Buffer.from('{"term":');
const CLOSE_BRACE = 0x7d;

/**
 * The item's bytes in a buffer of their own (see listEntry), or undefined when `recordJson`
 * (JSON.stringify(term) as UTF-8) does not start with the term's name or does not have the url
 * member right before fullContent: then the caller serialises the item itself. Inside a JSON
 * string every quote is escaped, so `,"url":` followed by the term's URL and `,"fullContent":`
 * is found only where the record's own members are.
 */
export function listItemOfRecord(term: Term, recordJson: Uint8Array): Uint8Array | undefined {
  const record = Buffer.from(recordJson.buffer, recordJson.byteOffset, recordJson.byteLength);
  if (!record.subarray(0, RECORD_START.byteLength).equals(RECORD_START)) return undefined;
  const url = `,"url":${JSON.stringify(term.url)}`;
  const at = record.indexOf(`${url},"fullContent":`);
  if (at < 0) return undefined;
  const end = at + Buffer.byteLength(url);
  const item = new Uint8Array(end + 1);
  item.set(record.subarray(0, end));
  item[end] = CLOSE_BRACE;
  return item;
}
