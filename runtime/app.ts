// What `npm start` answers a request with, in named steps: the health check, the client's
// address, the canonical path and the representation asked for, the route and file in the tree
// being served, the one handler, and the answer written for this client (compressed, HEAD
// stripped), kept in memory (kept-answers.ts; a counted one is counted again each time it is
// given: counted-answers.ts). runtime/server.ts listens and hands each
// request here; src/routes.ts decides who answers it (the same table netlify.toml is checked
// against), and every answer, static file or not, goes through the handler.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import proxyaddr from 'proxy-addr';
import { createHandler, type Handler, type StaticFile } from '../src/handler.ts';
import { HEADER_NAMES, REQUEST_HEADERS } from '../src/contract/headers.ts';
import { HEALTH_PATH } from '../src/contract/output-layout.ts';
import { baseHeaders, JSON_TYPE, NEVER_STORED, RATE_LIMIT_STATE_HEADERS, refusal } from '../src/http.ts';
import { anonymousClient } from '../src/handler/limit.ts';
import { DEFAULT_IPV6_PREFIX_BITS } from '../src/limits/client-key.ts';
import { isCounted } from '../src/limits/counting.ts';
import type { GrantBook } from '../src/limits/grants.ts';
import type { RateLimitStore } from '../src/limits/rate-limit.ts';
import { type CanonicalPath, canonicalPath } from '../src/request-path.ts';
import { resolveRoute } from '../src/routes.ts';
import { type Answer, answerForClient, answerOfParts, forClient, responseOf } from './content-coding.ts';
import { forwardedOrigin } from './forwarded-origin.ts';
import type { GeneralPath, RefusalSite } from './http-server.ts';
import { type Counting, giveCounted } from './counted-answers.ts';
import { keepAnswer, keptAnswer, requestKey, writeAnswer } from './kept-answers.ts';
import { negotiateTerm, varyOnAccept } from './representation.ts';
import { NoTree, type ServedTree, type Snapshot, TreeMoved } from './served-tree.ts';

export interface AppOptions {
  tree: ServedTree;
  /** The tree as it was opened: its site facts answer until a request reads a newer one. */
  first: Snapshot;
  /** Counters; undefined: no rate limit. */
  store: RateLimitStore | undefined;
  grants?: GrantBook;
  /** Requests per hour per client (static files carry it in their headers); 0: no limit. */
  rateLimit: number;
  ipv6PrefixBits?: number;
  /** Addresses (or `loopback`, CIDR ranges) of proxies whose X-Forwarded-For is believed. */
  trustProxy?: string[];
  log?: (message: string) => void;
  /** Give answers again from memory, counting those that count (default; runtime/kept-answers.ts). */
  answersFromMemory?: boolean;
}

export interface App {
  fetch: (request: Request, env: { incoming: IncomingMessage }) => Response | Promise<Response>;
  /** What a refusal below the handler needs of the data being served. */
  site: () => RefusalSite;
  /**
   * Writes a request's answer straight from memory when one is kept for it; false otherwise.
   * `general` answers it the general way, for a counted answer the store refuses later (Redis).
   */
  fromMemory: (incoming: IncomingMessage, outgoing: ServerResponse, general: GeneralPath) => boolean;
}

/** What every request's steps share. */
interface Served {
  tree: ServedTree;
  handlers: SnapshotHandlers;
  store: RateLimitStore | undefined;
  rateLimit: number;
  /** The compiled --trust-proxy list; trustsProxies: whether it names any proxy. */
  trust: (address: string, hop: number) => boolean;
  trustsProxies: boolean;
  /** The scheme of the site's own URLs: a forwarded origin without one gets this. */
  siteScheme: 'http' | 'https';
  keeps: boolean;
  /** The store and who a request's client is, for counted answers given from memory. */
  counting: Counting | undefined;
}

export function createApp(options: AppOptions): App {
  const log = options.log ?? ((message: string) => console.error(message));
  const trustsProxies = (options.trustProxy ?? []).length > 0;
  const trust = proxyaddr.compile(options.trustProxy ?? []);
  const prefixBits = options.ipv6PrefixBits ?? DEFAULT_IPV6_PREFIX_BITS;
  const served: Served = {
    tree: options.tree,
    handlers: snapshotHandlers(options, trustsProxies, log),
    store: options.store,
    rateLimit: options.rateLimit,
    trust,
    trustsProxies,
    siteScheme: options.first.site.docsUrl.startsWith('http:') ? 'http' : 'https',
    keeps: options.answersFromMemory ?? true,
    counting: options.store && {
      store: options.store,
      // As the handler names an anonymous client (src/handler/limit.ts), from the same address.
      clientOf: trustsProxies
        ? (incoming) => anonymousClient(clientAddress(incoming, true, trust), prefixBits)
        : socketClients(prefixBits),
    },
  };
  return {
    // A plain fetch function, not a Hono app: Hono answers HEAD itself by copying the GET's
    // response into a Headers object, which drops Content-Length and lowercases every name.
    fetch: (request, env) => answerRequest(served, request, env.incoming),
    site: () => served.handlers.latest().site,
    fromMemory: (incoming, outgoing, general) => fromMemory(served, incoming, outgoing, general),
  };
}

/**
 * The client's address: the socket's, or with trusted proxies what proxyaddr reads of
 * X-Forwarded-For (with none, proxyaddr gives the socket's address: the same, without parsing).
 */
function clientAddress(
  incoming: IncomingMessage,
  trustsProxies: boolean,
  trust: (address: string, hop: number) => boolean,
): string {
  const address = trustsProxies ? proxyaddr(incoming, trust) : incoming.socket.remoteAddress;
  return (address ?? '').replace(/^::ffff:/, '');
}

/**
 * Without trusted proxies, a connection's client is its socket's address for its whole life: the
 * key is worked out once per connection, not per request (a keep-alive client sends many).
 */
function socketClients(prefixBits: number): (incoming: IncomingMessage) => string {
  const keys = new WeakMap<Socket, string>();
  const nobody = () => false;
  return (incoming) => {
    const { socket } = incoming;
    let key = keys.get(socket);
    if (key === undefined) {
      key = anonymousClient(clientAddress(incoming, false, nobody), prefixBits);
      // A socket already closed has no address (the key of ''): not one to remember.
      if (socket.remoteAddress !== undefined) keys.set(socket, key);
    }
    return key;
  };
}

/** The kept answer to this request, counted when it counts; false: the general path answers. */
function fromMemory(served: Served, incoming: IncomingMessage, outgoing: ServerResponse, general: GeneralPath) {
  const kept = served.keeps ? keptAnswer(served.tree, incoming) : undefined;
  if (!kept) return false;
  if (kept.counts === undefined) {
    writeAnswer(outgoing, kept.answer, kept.block ?? kept.lines, kept.text);
    return true;
  }
  const { counting } = served;
  return counting !== undefined && giveCounted(kept, incoming, outgoing, counting, general);
}

interface SnapshotHandlers {
  /** The handler of a snapshot; it becomes the latest one seen. */
  of(snapshot: Snapshot): Handler;
  latest(): Snapshot;
}

/** One handler per data version: the indexes, the files and the redirects of one tree together. */
function snapshotHandlers(options: AppOptions, trustsProxies: boolean, log: (message: string) => void) {
  const handlers = new WeakMap<Snapshot, Handler>();
  let latest = options.first;
  const handlerOf = (snapshot: Snapshot): Handler =>
    createHandler({
      indexes: snapshot.indexes,
      site: snapshot.site,
      rateLimit: options.store,
      grants: options.grants,
      ipv6PrefixBits: options.ipv6PrefixBits,
      forwardedOrigin: trustsProxies,
      onError: (error, request) =>
        log(`lexicon: ${request.method} ${new URL(request.url).pathname} failed: ${String(error)}`),
    });
  return {
    of(snapshot) {
      latest = snapshot;
      let handle = handlers.get(snapshot);
      if (!handle) handlers.set(snapshot, (handle = handlerOf(snapshot)));
      return handle;
    },
    latest: () => latest,
  } satisfies SnapshotHandlers;
}

async function answerRequest(served: Served, request: Request, incoming: IncomingMessage): Promise<Response> {
  const url = new URL(request.url);
  if (url.pathname === HEALTH_PATH && (request.method === 'GET' || request.method === 'HEAD')) {
    return health(served.tree, request);
  }
  const ip = clientAddress(incoming, served.trustsProxies, served.trust);
  // Routed and served by the same canonical path; a path with none is the handler's 404.
  const canonical = canonicalPath(url.pathname);
  // A term URL answers the representation Accept asks for (the CDN cannot: ?format= there).
  const negotiated = canonical.ok
    ? negotiateTerm(canonical.path, url.searchParams, request.headers.get(REQUEST_HEADERS.accept))
    : { search: url.searchParams, varies: false };
  const found = await routeInTree(served, request.method, canonical, negotiated.search);
  if (!found) return unavailable(served, request);
  const { snapshot, file } = found;
  const origin = served.trustsProxies
    ? forwardedOrigin(incoming, (address) => served.trust(address, 0), served.siteScheme)
    : undefined;
  // HEAD is answered as the GET it stands for, then stripped of its body (forClient), so its
  // headers are the GET's, Content-Length and Content-Encoding included.
  const asked = request.method === 'HEAD' ? new Request(request, { method: 'GET' }) : request;
  // Functions (and paths nobody answers) get the original URL, as on Netlify.
  // Vary is settled on the handler's response: forClient builds the final one from its headers.
  const answered = await served.handlers.of(snapshot)(asked, { ip, origin }, file);
  // From the parts the handler made its response of (no stream, no Headers), when it did.
  let answer = answerOfParts(request, answered, file, negotiated.varies);
  const response = answer ? answered : negotiated.varies ? varyOnAccept(answered) : answered;
  answer ??= await answerForClient(request, response, file);
  if (!answer) return response;
  keepIfSameEveryTime(served, { pathname: url.pathname, request, incoming, snapshot, file, answer });
  return responseOf(answer);
}

/**
 * The snapshot a request is answered from and the static file its route names, read from one
 * tree; if dist/ moved meanwhile, again from the new one. Undefined: no tree to answer from.
 */
async function routeInTree(
  served: Served,
  method: string,
  canonical: CanonicalPath,
  search: URLSearchParams,
): Promise<{ snapshot: Snapshot; file: StaticFile | undefined } | undefined> {
  for (let attempt = 0; ; attempt++) {
    try {
      const snapshot = await served.tree.current();
      const route = canonical.ok
        ? resolveRoute(method.toUpperCase(), canonical.path, search, (p) => snapshot.hasFile(p))
        : { kind: 'none' as const };
      const file = route.kind === 'file' ? snapshot.read(route.path, served.rateLimit) : undefined;
      return { snapshot, file };
    } catch (error) {
      if (error instanceof NoTree || (error instanceof TreeMoved && attempt >= 3)) return undefined;
      if (!(error instanceof TreeMoved)) throw error;
    }
  }
}

/**
 * An answer the same for every request like this one (kept-answers.ts): a static file, or a list
 * page whose links no forwarded origin decides. A counted one is kept only as the anonymous
 * client's, with its counters (each later client's take their places), and says whether it
 * counts: a 304 only looked at the counter.
 */
function keepIfSameEveryTime(
  served: Served,
  request: {
    pathname: string;
    request: Request;
    incoming: IncomingMessage;
    snapshot: Snapshot;
    file: StaticFile | undefined;
    answer: Answer;
  },
): void {
  const { pathname, incoming, snapshot, file, answer } = request;
  if (!served.keeps || (answer.status !== 200 && answer.status !== 304)) return;
  if (file === undefined && served.trustsProxies) return;
  const key = requestKey(incoming);
  if (key === undefined) return;
  if (!served.store || !isCounted(pathname)) keepAnswer(snapshot, key, answer);
  else if (
    !request.request.headers.has(REQUEST_HEADERS.authorization) &&
    RATE_LIMIT_STATE_HEADERS.every((name) => name in answer.headers)
  )
    keepAnswer(snapshot, key, answer, answer.status !== 304);
}

/** A 503 while no complete tree is in place (or it keeps moving under the request). */
function unavailable(served: Served, request: Request): Promise<Response> {
  const { status, headers, body } = refusal(
    served.handlers.latest().site,
    served.store?.limit,
    'unavailable',
    'the data is being replaced or is not built; retry in a few seconds',
  );
  headers[HEADER_NAMES.retryAfter] = '5';
  return forClient(request, new Response(request.method === 'HEAD' ? null : body, { status, headers }), undefined);
}

async function health(tree: ServedTree, request: Request): Promise<Response> {
  const snapshot = await tree.health();
  // Never counted; the contract's headers as on every response, and never cached.
  const headers = {
    ...baseHeaders(undefined),
    [HEADER_NAMES.contentType]: JSON_TYPE,
    [HEADER_NAMES.cacheControl]: NEVER_STORED,
  };
  const body = snapshot
    ? { status: 'ok', dataVersion: snapshot.dataVersion }
    : { status: 'unavailable', detail: 'no complete data tree is in place' };
  return forClient(request, new Response(JSON.stringify(body), { status: snapshot ? 200 : 503, headers }), undefined);
}
