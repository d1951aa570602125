// Answers `npm start` gives again without working them out again. What nothing counts (no rate
// limit, or a path never counted: the documentation, the dumps, the pages) gets the same answer
// for the same request from the same tree: a static file, and with no limit a list page. So the
// first answer the general path gives (routing table, handler, content coding) is kept with the
// tree it came from and written straight to Node's response for every later request that is the
// same in everything the general path reads: method, request target, Accept, Accept-Encoding and
// If-None-Match. Nothing here decides anything: a request that is not exactly one already
// answered goes the general way.
//
// What the general path reads of a request (runtime/server.ts, src/handler.ts, content-coding.ts):
// the method, the URL's path and query, and those three headers; the Host only to refuse a bad
// one (@hono/node-server), so only a Host it takes without looking further is answered here.
// Authorization and the client's address are read only for counted requests, which are never
// kept; X-Forwarded-* only with --trust-proxy, for links, and then only files are kept. A tree
// replaced by a build is another snapshot: its answers go with it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Answer } from './content-coding.ts';
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
/** Larger bodies (the dumps) are not kept: their transfer, not the work before it, is their cost. */
export const MAX_KEPT_BODY = 1024 * 1024;
/** Longer keys are not kept: request targets and these headers are the client's choice. */
const MAX_KEY_LENGTH = 1024;
/** @hono/node-server's own test of a Host it builds the URL from without parsing it (src/url.ts). */
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;

interface Kept {
  answers: Map<string, Answer>;
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
export function requestKey(incoming: IncomingMessage): string | undefined {
  const { method, url, headers } = incoming;
  if ((method !== 'GET' && method !== 'HEAD') || url === undefined) return undefined;
  if (headers.host === undefined || !PLAIN_HOST.test(headers.host)) return undefined;
  const key = `${method} ${field(url)}${field(headers[ACCEPT])}${field(headers[ACCEPT_ENCODING])}${field(headers[IF_NONE_MATCH])}`;
  return key.length <= MAX_KEY_LENGTH ? key : undefined;
}

/** A field of a key, unambiguous whatever it holds: absent, or its length and itself. */
const field = (value: string | undefined) => (value === undefined ? '-' : `${value.length}:${value}`);

/** Keeps the answer the general path gave to a request of this key, from this snapshot's tree. */
export function keepAnswer(snapshot: Snapshot, key: string, answer: Answer): void {
  const size = answer.body?.byteLength ?? 0;
  if (size > MAX_KEPT_BODY) return;
  let kept = keptOf.get(snapshot);
  if (!kept) keptOf.set(snapshot, (kept = { answers: new Map(), bytes: 0 }));
  if (kept.answers.size >= MAX_ANSWERS || kept.bytes + size > MAX_BYTES) {
    kept.answers.clear();
    kept.bytes = 0;
  }
  kept.answers.set(key, answer);
  kept.bytes += size;
}

/**
 * Writes the kept answer to this request, if there is one from the tree being served now; false
 * when the general path must answer (nothing kept, or dist/ holds another tree or none).
 */
export function answerFromMemory(tree: ServedTree, incoming: IncomingMessage, outgoing: ServerResponse): boolean {
  const snapshot = tree.settled();
  if (!snapshot) return false;
  const kept = keptOf.get(snapshot);
  if (!kept) return false;
  const key = requestKey(incoming);
  const answer = key === undefined ? undefined : kept.answers.get(key);
  if (!answer) return false;
  // As @hono/node-server writes a Response whose headers are a record with a Content-Length.
  outgoing.writeHead(answer.status, answer.headers);
  if (answer.body === null) outgoing.end();
  else outgoing.end(answer.body);
  given++;
  return true;
}
