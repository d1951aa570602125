// The self-hosted server (`npm start`): serves a built dist/ on one machine exactly as the CDN and
// the function do on Netlify. @hono/node-server speaks HTTP; src/routes.ts decides who answers
// each request (the same table netlify.toml is checked against); every answer, static file or
// not, goes through the one handler, so every request is counted.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import proxyaddr from 'proxy-addr';
import { createHandler, type Handler, type StaticFile } from '../src/handler.ts';
import { baseHeaders, JSON_TYPE, NEVER_STORED, refusal } from '../src/http.ts';
import { canonicalPath } from '../src/request-path.ts';
import { resolveRoute } from '../src/routes.ts';
import { MemoryRateLimitStore, type RateLimitStore } from '../src/limits/rate-limit.ts';
import { answerForClient, answerOfParts, forClient, responseOf } from './content-coding.ts';
import { trackConnections } from './graceful-close.ts';
import { forwardedOrigin } from './forwarded-origin.ts';
import { createHttpServer, type RefusalSite } from './http-server.ts';
import { NoTree, ServedTree, type Snapshot, TreeMoved } from './served-tree.ts';
import type { GrantBook } from '../src/limits/grants.ts';
import { DEFAULT_GRANTS_REFRESH_SECONDS, FileGrantBook, RedisGrantBook } from './grant-books.ts';
import { checkRedisUrl, RedisRateLimitStore } from './redis-store.ts';
import { negotiateTerm, varyOnAccept } from './representation.ts';
import { answerFromMemory, keepAnswer, requestKey } from './kept-answers.ts';
import { isCounted } from '../src/limits/counting.ts';
import { HEALTH_PATH } from '../src/contract/output-layout.ts';
import { HEADER_NAMES, REQUEST_HEADERS } from '../src/contract/headers.ts';

export { HEALTH_PATH };

export interface ServerOptions {
  /** The built output folder. */
  dist: string;
  port: number;
  host?: string;
  /** Requests per hour per client; 0: no limit. */
  rateLimit: number;
  /** Counters in Redis (shared by every process that uses it); in memory when absent. */
  redisUrl?: string;
  redisTimeoutMs?: number;
  /** Grants without Redis: the operator's grants file (scripts/grant.ts), read again when it changes. */
  grantsFile?: string;
  /** How long a grant is believed before it is read again (revocation's delay); default 30 s. */
  grantsRefreshMs?: number;
  /** How many leading bits of an IPv6 address name one client; default 64. */
  ipv6PrefixBits?: number;
  /** Addresses (or `loopback`, CIDR ranges) of proxies whose X-Forwarded-For is believed. */
  trustProxy?: string[];
  log?: (message: string) => void;
  /** How long a client may take to send its request headers before a 408 (default 60 s). */
  headersTimeoutMs?: number;
  /** Give uncounted static files' answers again from memory (default; runtime/kept-answers.ts). */
  answersFromMemory?: boolean;
}

export interface RunningServer {
  port: number;
  /**
   * Stops accepting, lets responses in flight finish (within `graceMs`, default
   * SHUTDOWN_GRACE_MS), closes Redis; resolves with how many connections the deadline cut.
   */
  close(graceMs?: number): Promise<{ cut: number }>;
  /** Switches to the tree now at `dist` at once (the edit loop calls it after each publish). */
  refresh(): void;
}

/** How long a stop waits for responses in flight (a dump downloading slowly) by default. */
export const SHUTDOWN_GRACE_MS = 30_000;

/** Why the server cannot listen, in words an operator can act on. */
function listenFailure(error: NodeJS.ErrnoException, host: string, port: number): Error {
  if (error.code === 'EADDRINUSE')
    return new Error(`port ${port} on ${host} is already in use (EADDRINUSE); stop the other server or choose --port`);
  if (error.code === 'EACCES')
    return new Error(`no permission to listen on port ${port} (EACCES); choose a port above 1023`);
  if (error.code === 'EADDRNOTAVAIL')
    return new Error(`${host} is not an address of this machine (EADDRNOTAVAIL); check --host`);
  return new Error(`cannot listen on ${host}:${port} (${error.code ?? error.message})`);
}

export interface App {
  fetch: (request: Request, env: { incoming: IncomingMessage }) => Response | Promise<Response>;
  /** What a refusal below the handler needs of the data being served. */
  site: () => RefusalSite;
  /** Writes a request's answer straight from memory when one is kept for it; false otherwise. */
  fromMemory: (incoming: IncomingMessage, outgoing: ServerResponse) => boolean;
}

export function createApp(
  options: ServerOptions & { store: RateLimitStore | undefined; grants?: GrantBook; tree: ServedTree; first: Snapshot },
): App {
  const { tree } = options;
  const log = options.log ?? ((message: string) => console.error(message));
  const trustsProxies = (options.trustProxy ?? []).length > 0;
  const trust = proxyaddr.compile(options.trustProxy ?? []);
  const siteScheme = options.first.site.docsUrl.startsWith('http:') ? 'http' : 'https';
  // One handler per data version: the indexes, the files and the redirects of one tree together.
  const handlers = new WeakMap<Snapshot, Handler>();
  let latest = options.first;
  const handlerOf = (snapshot: Snapshot) => {
    latest = snapshot;
    let handle = handlers.get(snapshot);
    if (!handle) {
      handle = createHandler({
        indexes: snapshot.indexes,
        site: snapshot.site,
        rateLimit: options.store,
        grants: options.grants,
        ipv6PrefixBits: options.ipv6PrefixBits,
        forwardedOrigin: trustsProxies,
        onError: (error, request) =>
          log(`lexicon: ${request.method} ${new URL(request.url).pathname} failed: ${String(error)}`),
      });
      handlers.set(snapshot, handle);
    }
    return handle;
  };
  const unavailable = (request: Request) => {
    const { status, headers, body } = refusal(
      latest.site,
      options.store?.limit,
      'unavailable',
      'the data is being replaced or is not built; retry in a few seconds',
    );
    headers[HEADER_NAMES.retryAfter] = '5';
    return forClient(request, new Response(request.method === 'HEAD' ? null : body, { status, headers }), undefined);
  };

  async function health(request: Request): Promise<Response> {
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

  // A plain fetch function, not a Hono app: Hono answers HEAD itself by copying the GET's
  // response into a Headers object, which drops Content-Length and lowercases every name.
  async function fetch(request: Request, env: { incoming: IncomingMessage }): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === HEALTH_PATH && (request.method === 'GET' || request.method === 'HEAD')) return health(request);
    const ip = (proxyaddr(env.incoming, trust) ?? '').replace(/^::ffff:/, '');
    // Routed and served by the same canonical path; a path with none is the handler's 404.
    const canonical = canonicalPath(url.pathname);
    // A term URL answers the representation Accept asks for (the CDN cannot: ?format= there).
    const negotiated = canonical.ok
      ? negotiateTerm(canonical.path, url.searchParams, request.headers.get(REQUEST_HEADERS.accept))
      : { search: url.searchParams, varies: false };
    // Routed, read and answered from one tree; if dist/ moved meanwhile, again from the new one.
    let snapshot: Snapshot;
    let file: StaticFile | undefined;
    for (let attempt = 0; ; attempt++) {
      try {
        snapshot = await tree.current();
        const route = canonical.ok
          ? resolveRoute(request.method.toUpperCase(), canonical.path, negotiated.search, (p) => snapshot.hasFile(p))
          : { kind: 'none' as const };
        file = route.kind === 'file' ? snapshot.read(route.path, options.rateLimit) : undefined;
        break;
      } catch (error) {
        if (error instanceof NoTree || (error instanceof TreeMoved && attempt >= 3)) return unavailable(request);
        if (!(error instanceof TreeMoved)) throw error;
      }
    }
    const origin = trustsProxies ? forwardedOrigin(env.incoming, (a) => trust(a, 0), siteScheme) : undefined;
    // HEAD is answered as the GET it stands for, then stripped of its body (forClient), so its
    // headers are the GET's, Content-Length and Content-Encoding included.
    const asked = request.method === 'HEAD' ? new Request(request, { method: 'GET' }) : request;
    // Functions (and paths nobody answers) get the original URL, as on Netlify.
    // Vary is settled on the handler's response: forClient builds the final one from its headers.
    const answered = await handlerOf(snapshot)(asked, { ip, origin }, file);
    // From the parts the handler made its response of (no stream, no Headers), when it did.
    let answer = answerOfParts(request, answered, file, negotiated.varies);
    const response = answer ? answered : negotiated.varies ? varyOnAccept(answered) : answered;
    answer ??= await answerForClient(request, response, file);
    if (!answer) return response;
    // What nothing counts answers this request the same way every time (kept-answers.ts): a static
    // file, or a list page whose links no forwarded origin decides.
    const uncounted = !options.store || !isCounted(url.pathname);
    const sameEveryTime = uncounted && (file !== undefined || !trustsProxies);
    if (keeps && sameEveryTime && (answer.status === 200 || answer.status === 304)) {
      const key = requestKey(env.incoming);
      if (key !== undefined) keepAnswer(snapshot, key, answer);
    }
    return responseOf(answer);
  }
  const keeps = options.answersFromMemory ?? true;
  return {
    fetch,
    site: () => latest.site,
    fromMemory: (incoming, outgoing) => keeps && answerFromMemory(tree, incoming, outgoing),
  };
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const log = options.log ?? ((message: string) => console.error(message));
  // First, as the build does: finish or roll back a swap a killed build left, then load the tree.
  const tree = new ServedTree(options.dist, log);
  const first = await tree.open();
  let store: RateLimitStore | undefined;
  let grants: GrantBook | undefined;
  const refreshMs = options.grantsRefreshMs ?? DEFAULT_GRANTS_REFRESH_SECONDS * 1000;
  if (options.rateLimit > 0) {
    if (options.redisUrl) {
      // A URL that cannot name a Redis server is the operator's mistake: refuse to start.
      checkRedisUrl(options.redisUrl);
      const redis = new RedisRateLimitStore({
        url: options.redisUrl,
        limit: options.rateLimit,
        timeoutMs: options.redisTimeoutMs,
        log,
      });
      store = redis;
      grants = new RedisGrantBook(redis, refreshMs);
    } else {
      store = new MemoryRateLimitStore(options.rateLimit);
      if (options.grantsFile) grants = new FileGrantBook(options.grantsFile, refreshMs, log);
    }
  }
  const app = createApp({ ...options, store, grants, tree, first });
  const host = options.host ?? '0.0.0.0';
  const server = createHttpServer(app.fetch, {
    site: () => app.site(),
    rateLimit: store?.limit,
    log,
    headersTimeoutMs: options.headersTimeoutMs,
    fromMemory: app.fromMemory,
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', (error: NodeJS.ErrnoException) => reject(listenFailure(error, host, options.port)));
      server.listen(options.port, host, resolve);
    });
  } catch (error) {
    if (store instanceof RedisRateLimitStore) await store.close();
    throw error;
  }
  const connections = trackConnections(server);
  return {
    port: (server.address() as AddressInfo).port,
    refresh: () => void tree.refresh(),
    async close(graceMs = SHUTDOWN_GRACE_MS) {
      const result = await connections.close(graceMs);
      if (store instanceof RedisRateLimitStore) await store.close();
      return result;
    },
  };
}
