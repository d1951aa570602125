// Answers `npm start` gives again without working them out again. The general path (routing
// table, handler, content coding) gives the same answer to the same request from the same tree,
// except for what is counted: a static file or a list page. So its first answer is kept with the
// tree it came from and written straight to Node's response for every later request that is the
// same in everything the general path reads: method, request target, Accept, Accept-Encoding and
// If-None-Match. Nothing here decides anything: a request that is not exactly one already
// answered goes the general way.
//
// A counted answer (a term file, a list page under a rate limit) is the same bytes for every
// client but for its counters: it is kept with whether it counts (a 304 only looks), and
// runtime/counted-answers.ts counts each request and writes that client's counters into it.
//
// What the general path reads of a request (runtime/server.ts, src/handler.ts, content-coding.ts):
// the method, the URL's path and query, and those three headers; the Host only to refuse a bad
// one (@hono/node-server), so only a Host it takes without looking further is answered here.
// Authorization is read only for counted requests, which are then never answered here (a grant
// is the general path's); the client's address only to count; X-Forwarded-* only with
// --trust-proxy, for links, and then only files are kept. A tree replaced by a build is another
// snapshot: its answers go with it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Answer } from './content-coding.ts';
import { type HeaderBlock, headerBlock, writeHeaderBlock } from './header-block.ts';
import type { ServedTree, Snapshot } from './served-tree.ts';
import { REQUEST_HEADERS } from '../src/contract/headers.ts';

// Node gives request header names in lower case.
const lower = <T extends string>(name: T) => name.toLowerCase() as Lowercase<T>;
const ACCEPT = lower(REQUEST_HEADERS.accept);
const ACCEPT_ENCODING = lower(REQUEST_HEADERS.acceptEncoding);
const IF_NONE_MATCH = lower(REQUEST_HEADERS.ifNoneMatch);

/** How many answers a tree keeps at most, and how many bytes of bodies (shared ones counted each time). */
const MAX_ANSWERS = 10_000;
const MAX_BYTES = 64 * 1024 * 1024;
/** How many variants (method, Accept, Accept-Encoding, If-None-Match) of one request target are kept; the oldest goes first. */
export const MAX_VARIANTS = 32;
/** Larger bodies (the dumps) are not kept: their transfer, not the work before it, is their cost. */
export const MAX_KEPT_BODY = 1024 * 1024;
/**
 * Bodies up to this size are also kept as text, one byte a character (see writeAnswer): with the
 * header block they fit the 16 KB Node writes a string from without allocating.
 */
const MAX_TEXT_BODY = 12 * 1024;
/** Longer keys are not kept: request targets and these headers are the client's choice. */
const MAX_KEY_LENGTH = 1024;
/** @hono/node-server's own test of a Host it builds the URL from without parsing it (src/url.ts). */
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;

/** What the general path reads of a request: the same in all of these, the same answer. */
export interface RequestKey {
  method: 'GET' | 'HEAD';
  url: string;
  accept: string | undefined;
  acceptEncoding: string | undefined;
  ifNoneMatch: string | undefined;
}

/** A kept answer; `counts`: absent when nothing counts it, else whether it counts (true) or only looks (a 304). */
export interface KeptAnswer {
  key: RequestKey;
  answer: Answer;
  /** Its headers as a flat list (name, value, name, value...), as writeAnswer takes them. */
  lines: string[];
  /** The same lines validated once, for Node's header store (header-block.ts); uncounted answers only. */
  block: HeaderBlock | undefined;
  /** Its body as one byte a character (latin1), when small: see writeAnswer. */
  text: string | undefined;
  counts?: boolean;
}

interface Kept {
  /** By request target, then its variants: a lookup compares a few header values, building no key. */
  answers: Map<string, KeptAnswer[]>;
  count: number;
  bytes: number;
}
const keptOf = new WeakMap<Snapshot, Kept>();
let given = 0;

/** How many answers this process has given from memory (for tests and the benchmark). */
export function answersGivenFromMemory(): number {
  return given;
}

/**
 * What makes two requests the same for the general path, or undefined when this request is not
 * one an answer may be kept for or given from memory (another method, no or an unusual Host).
 */
export function requestKey(incoming: IncomingMessage): RequestKey | undefined {
  const { method, url, headers } = incoming;
  if ((method !== 'GET' && method !== 'HEAD') || url === undefined || !plainHost(headers.host)) return undefined;
  const key = {
    method,
    url,
    accept: headers[ACCEPT],
    acceptEncoding: headers[ACCEPT_ENCODING],
    ifNoneMatch: headers[IF_NONE_MATCH],
  } satisfies RequestKey;
  const length = url.length + (key.accept?.length ?? 0) + (key.acceptEncoding?.length ?? 0);
  return length + (key.ifNoneMatch?.length ?? 0) <= MAX_KEY_LENGTH ? key : undefined;
}

// The Host of a client is the same on each of its requests: the last one found plain is not tested again.
let lastPlainHost = '';
function plainHost(host: string | undefined): boolean {
  if (host === undefined) return false;
  if (host === lastPlainHost) return true;
  if (!PLAIN_HOST.test(host)) return false;
  lastPlainHost = host;
  return true;
}

/** Keeps the answer the general path gave to a request of this key, from this snapshot's tree. */
export function keepAnswer(snapshot: Snapshot, key: RequestKey, answer: Answer, counts?: boolean): void {
  const size = answer.body?.byteLength ?? 0;
  if (size > MAX_KEPT_BODY) return;
  let kept = keptOf.get(snapshot);
  if (!kept) keptOf.set(snapshot, (kept = { answers: new Map(), count: 0, bytes: 0 }));
  if (kept.count >= MAX_ANSWERS || kept.bytes + size > MAX_BYTES) {
    kept.answers.clear();
    kept.count = 0;
    kept.bytes = 0;
  }
  let variants = kept.answers.get(key.url);
  if (!variants) kept.answers.set(key.url, (variants = []));
  const same = variants.findIndex((variant) => sameRequest(variant.key, key));
  if (same >= 0) variants.splice(same, 1);
  else if (variants.length >= MAX_VARIANTS) variants.shift();
  else kept.count++;
  const lines = Object.entries(answer.headers).flat();
  // A counted answer's block has its counters' places (runtime/counted-answers.ts), made when first given.
  const block = counts === undefined ? headerBlock(answer.status, lines) : undefined;
  const text = answer.body && size <= MAX_TEXT_BODY ? Buffer.from(answer.body).toString('latin1') : undefined;
  variants.push(
    counts === undefined ? { key, answer, lines, block, text } : { key, answer, lines, block, text, counts },
  );
  kept.bytes += text === undefined ? size : 2 * size;
}

const sameRequest = (a: RequestKey, b: RequestKey) =>
  a.method === b.method &&
  a.accept === b.accept &&
  a.acceptEncoding === b.acceptEncoding &&
  a.ifNoneMatch === b.ifNoneMatch &&
  a.url === b.url;

/** The answer kept for this request from the tree being served now; undefined: the general path answers. */
export function keptAnswer(tree: ServedTree, incoming: IncomingMessage): KeptAnswer | undefined {
  const snapshot = tree.settled();
  if (!snapshot) return undefined;
  const kept = keptOf.get(snapshot);
  if (!kept) return undefined;
  const { method, url, headers } = incoming;
  if ((method !== 'GET' && method !== 'HEAD') || url === undefined) return undefined;
  const variants = kept.answers.get(url);
  if (variants === undefined || !plainHost(headers.host)) return undefined;
  const accept = headers[ACCEPT];
  const acceptEncoding = headers[ACCEPT_ENCODING];
  const ifNoneMatch = headers[IF_NONE_MATCH];
  for (const variant of variants) {
    const { key } = variant;
    if (
      key.method === method &&
      key.accept === accept &&
      key.acceptEncoding === acceptEncoding &&
      key.ifNoneMatch === ifNoneMatch
    )
      return variant;
  }
  return undefined;
}

/**
 * Writes an answer to Node's response: with `headers`, its header block (validated once) or a
 * flat list of its headers (name, value...) in the order of its record (with a client's counters),
 * or else its own record; with `text`, its body as latin1 text (the same bytes).
 */
export function writeAnswer(
  outgoing: ServerResponse,
  answer: Answer,
  headers?: string[] | HeaderBlock,
  text?: string,
): void {
  // As @hono/node-server writes a Response whose headers are a record with a Content-Length: Node
  // writes a flat list's lines (or a block's) in the same order, without walking an object's keys.
  if (headers === undefined || Array.isArray(headers)) outgoing.writeHead(answer.status, headers ?? answer.headers);
  else writeHeaderBlock(outgoing, answer.status, headers);
  // Node joins a latin1 string body to the header block and writes both with one write() from the
  // string; a Buffer body goes out as a second piece of a writev (_http_outgoing.js: _send).
  if (answer.body === null) outgoing.end();
  else if (text !== undefined) outgoing.end(text, 'latin1');
  else outgoing.end(answer.body);
  given++;
}
