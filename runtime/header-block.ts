// A kept answer's header lines handed to Node so that it does not validate them again on every
// request. Node 20's ServerResponse validates each header name and value on every `writeHead`
// (a flat list, a record or pairs) and on every `setHeader`: two regular expressions per line, run
// over about 700 bytes of a counted answer's 15 lines for each request, and each line is a piece
// of the header string, lower-cased and matched (_http_outgoing.js: processHeader, storeHeader,
// matchHeader). The one way in that skips it is Node's own header store (the `kOutHeaders`
// symbol, what `setHeader` fills after validating): `writeHead(status)` with no headers writes the
// store's entries in order, as `name: value\r\n`, without validating them again.
//
// So a kept answer's lines are validated once, by Node's public validateHeaderName and
// validateHeaderValue, and given to Node as entries of such a store: lines that stay the same are
// joined into one entry (a name, and a value holding the rest of the lines); a line Node reads
// when it writes (Content-Length, Connection, Date: its framing) or one a request fills in (a
// counter) stays an entry of its own. What Node writes from the block is checked, once per kept
// answer, to be byte for byte what it writes from the plain list (`_header`, and the framing it
// decided): if this Node has no such store, writes it otherwise, or the lines are not valid, there
// is no block and the answer goes the public way, `writeHead(status, lines)`, as before.
import { IncomingMessage, OutgoingMessage, ServerResponse, validateHeaderName, validateHeaderValue } from 'node:http';
import { Socket } from 'node:net';

/** Node's header store of a response: lower-case name -> [name, value], written in order. */
type Store = Record<string, [string, string]>;

/** Lines Node reads as it writes a header block (its framing, and two it re-encodes): never joined. */
const READ_BY_NODE = new Set([
  'connection',
  'content-disposition',
  'content-length',
  'cookie',
  'date',
  'expect',
  'keep-alive',
  'set-cookie',
  'trailer',
  'transfer-encoding',
]);

/** What Node decided about the framing as it wrote a header block: the same both ways, or no block. */
const FRAMING = ['_header', '_hasBody', 'chunkedEncoding', 'shouldKeepAlive', '_last', '_contentLength', 'sendDate'];

const OUT_HEADERS: symbol | undefined = Object.getOwnPropertySymbols(new OutgoingMessage()).find(
  (symbol) => symbol.description === 'kOutHeaders',
);

/** A kept answer's headers as Node's header store, and the entries each request fills in. */
export interface HeaderBlock {
  store: Store;
  /** The entries of the lines named by `slots` (value positions in the list), in that order. */
  slots: [string, string][];
}

/**
 * The block of a flat header list (name, value, ...) whose values at `slots` change per request,
 * or undefined: the list goes to Node as it is.
 */
export function headerBlock(
  status: number,
  lines: readonly string[],
  slots: readonly number[] = [],
): HeaderBlock | undefined {
  if (OUT_HEADERS === undefined || !valid(lines)) return undefined;
  const store: Store = {};
  const filled = new Map<number, [string, string]>();
  let run: [string, string] | undefined;
  for (let at = 0; at < lines.length; at += 2) {
    const name = lines[at] as string;
    const value = lines[at + 1] as string;
    const own = slots.includes(at + 1) || READ_BY_NODE.has(name.toLowerCase());
    if (run && !own) {
      run[1] += `\r\n${name}: ${value}`;
      continue;
    }
    const key = name.toLowerCase();
    if (Object.hasOwn(store, key) || key === '__proto__') return undefined;
    const entry: [string, string] = [name, value];
    store[key] = entry;
    run = own ? undefined : entry;
    if (own) filled.set(at + 1, entry);
  }
  const block = { store, slots: slots.map((at) => filled.get(at) as [string, string]) };
  return sameAsPlain(status, lines, block) ? block : undefined;
}

function valid(lines: readonly string[]): boolean {
  try {
    for (let at = 0; at < lines.length; at += 2) {
      validateHeaderName(lines[at] as string);
      validateHeaderValue(lines[at] as string, lines[at + 1] as string);
    }
    return true;
  } catch {
    return false;
  }
}

let written = 0;

/** How many header blocks this process has written (for tests: that answers do go this way). */
export function headerBlocksWritten(): number {
  return written;
}

/** Writes the status line and the block's headers (the slots as filled in now) to Node's response. */
export function writeHeaderBlock(outgoing: ServerResponse, status: number, block: HeaderBlock): void {
  writeStore(outgoing, status, block.store);
  written++;
}

function writeStore(outgoing: ServerResponse, status: number, store: Store): void {
  const response = outgoing as unknown as Record<symbol, Store | null>;
  response[OUT_HEADERS as symbol] = store;
  outgoing.writeHead(status);
  // Node has written the block into its header string; the store is shared by every request of
  // the answer (and filled in again by the next), so this response keeps none of it.
  response[OUT_HEADERS as symbol] = null;
}

let probeRequest: IncomingMessage | undefined;

/** Whether Node writes the same header block, and decides the same framing, from the block as from the list. */
function sameAsPlain(status: number, lines: readonly string[], block: HeaderBlock): boolean {
  probeRequest ??= Object.assign(new IncomingMessage(new Socket()), {
    method: 'GET',
    httpVersionMajor: 1,
    httpVersionMinor: 1,
  });
  const plain = new ServerResponse(probeRequest);
  const joined = new ServerResponse(probeRequest);
  for (const response of [plain, joined]) {
    response.sendDate = false;
    response.shouldKeepAlive = true;
  }
  try {
    plain.writeHead(status, lines as string[]);
    writeStore(joined, status, block.store);
  } catch {
    return false;
  }
  const framing = (response: ServerResponse) =>
    FRAMING.map((name) => (response as unknown as Record<string, unknown>)[name]);
  const [a, b] = [framing(plain), framing(joined)];
  return typeof a[0] === 'string' && a.every((value, i) => value === b[i]);
}
