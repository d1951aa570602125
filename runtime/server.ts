// The self-hosted server (`npm start`): serves a built dist/ on one machine exactly as the CDN and
// the function do on Netlify. @hono/node-server speaks HTTP; src/routes.ts decides who answers
// each request (the same table netlify.toml is checked against); every answer, static file or
// not, goes through the one handler, so every request is counted.
import { createHash } from 'node:crypto';
import { lstatSync, readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { getMimeType } from 'hono/utils/mime';
import proxyaddr from 'proxy-addr';
import { createHandler, type StaticFile } from '../src/handler.ts';
import { baseHeaders, JSON_TYPE } from '../src/http.ts';
import { canonicalPath } from '../src/request-path.ts';
import { resolveRoute, staticHeaders } from '../src/routes.ts';
import { MemoryRateLimitStore, type RateLimitStore } from '../src/rate-limit.ts';
import { forClient } from './content-coding.ts';
import { trackConnections } from './graceful-close.ts';
import { forwardedOrigin } from './forwarded-origin.ts';
import { createHttpServer, type RefusalSite } from './http-server.ts';
import { loadIndexes } from './load-indexes.ts';
import type { GrantBook } from '../src/grants.ts';
import { DEFAULT_GRANTS_REFRESH_SECONDS, FileGrantBook, RedisGrantBook } from './grant-books.ts';
import { checkRedisUrl, RedisRateLimitStore } from './redis-store.ts';
import { negotiateTerm, varyOnAccept } from './representation.ts';

export const HEALTH_PATH = '/healthz';

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
}

export interface RunningServer {
  port: number;
  /**
   * Stops accepting, lets responses in flight finish (within `graceMs`, default
   * SHUTDOWN_GRACE_MS), closes Redis; resolves with how many connections the deadline cut.
   */
  close(graceMs?: number): Promise<{ cut: number }>;
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

/**
 * The file's status, or undefined for every reason it cannot be served: missing (without the
 * cost of an exception: most list requests ask about paths that are not files), a name too
 * long, a file where a folder was expected.
 */
function lstat(file: string) {
  try {
    return lstatSync(file, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/**
 * The file at a canonical URL path (src/request-path.ts: decoded once, no dot segments, no encoded
 * separators), never outside the output folder and never through a symbolic link: each component
 * is checked with lstat, so a link placed in dist/ (to /etc/passwd, or to another part of the
 * tree) is not a file. Directories answer with their index.html.
 */
function outputFile(dist: string, canonical: string): { file: string; key: string } | undefined {
  const names = canonical.split('/').filter(Boolean);
  if (canonical.endsWith('/') || names.length === 0) names.push('index.html');
  let at = dist;
  for (const [i, name] of names.entries()) {
    at = path.join(at, name);
    const info = lstat(at);
    if (!info || info.isSymbolicLink()) return undefined;
    if (i < names.length - 1) {
      if (!info.isDirectory()) return undefined;
      continue;
    }
    if (info.isFile()) return { file: at, key: `${info.size}:${info.mtimeMs}:${info.ino}` };
    if (!info.isDirectory()) return undefined;
    const index = lstat(path.join(at, 'index.html'));
    if (!index?.isFile()) return undefined;
    return { file: path.join(at, 'index.html'), key: `${index.size}:${index.mtimeMs}:${index.ino}` };
  }
  return undefined;
}

/**
 * What outputFile() said about a URL path, for up to FILE_CHECK_MS: a file system call per
 * request would cost more than the rest of the request. A build swaps dist/ in whole, so
 * after one the server answers from the new output within that time.
 */
export const FILE_CHECK_MS = 1000;

function outputFiles(dist: string, now: () => number = performance.now.bind(performance)) {
  const checked = new Map<string, { at: number; found: ReturnType<typeof outputFile> }>();
  return (urlPath: string) => {
    const time = now();
    const known = checked.get(urlPath);
    if (known && time - known.at < FILE_CHECK_MS) return known.found;
    const found = outputFile(dist, urlPath);
    // Bounded: request paths are the client's choice.
    if (checked.size >= 50_000) checked.clear();
    checked.set(urlPath, { at: time, found });
    return found;
  };
}

export interface App {
  fetch: (request: Request, env: { incoming: IncomingMessage }) => Response | Promise<Response>;
  /** What a refusal below the handler needs of the data being served. */
  site: () => RefusalSite;
}

export function createApp(options: ServerOptions & { store: RateLimitStore | undefined; grants?: GrantBook }): App {
  const dist = path.resolve(options.dist);
  const indexes = loadIndexes(dist);
  const log = options.log ?? ((message: string) => console.error(message));
  const trustsProxies = (options.trustProxy ?? []).length > 0;
  const handle = createHandler({
    indexes,
    rateLimit: options.store,
    grants: options.grants,
    ipv6PrefixBits: options.ipv6PrefixBits,
    forwardedOrigin: trustsProxies,
    onError: (error, request) =>
      log(`lexicon: ${request.method} ${new URL(request.url).pathname} failed: ${String(error)}`),
  });
  const trust = proxyaddr.compile(options.trustProxy ?? []);
  const siteScheme = indexes.en.docsUrl.startsWith('http:') ? 'http' : 'https';
  const fileAt = outputFiles(dist);
  // Files only change when a build swaps dist/ in: keyed by path, size, modification time, inode.
  const cache = new Map<string, { key: string; file: StaticFile }>();

  function readStatic(urlPath: string): StaticFile | undefined {
    const found = fileAt(urlPath);
    if (!found) return undefined;
    const { file, key } = found;
    const cached = cache.get(file);
    if (cached?.key === key) return cached.file;
    const body = new Uint8Array(readFileSync(file));
    const headers = staticHeaders(urlPath, options.rateLimit);
    headers['Content-Type'] ??= getMimeType(file) ?? 'application/octet-stream';
    const etag = `"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"`;
    if (cache.size > 20_000) cache.clear();
    cache.set(file, { key, file: { body, headers, etag } });
    return { body, headers, etag };
  }

  const health = JSON.stringify({ status: 'ok', dataVersion: indexes.en.dataVersion });

  // A plain fetch function, not a Hono app: Hono answers HEAD itself by copying the GET's
  // response into a Headers object, which drops Content-Length and lowercases every name.
  async function fetch(request: Request, env: { incoming: IncomingMessage }): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === HEALTH_PATH && (request.method === 'GET' || request.method === 'HEAD')) {
      // Never counted; the contract's headers as on every response, and never cached.
      const headers = { ...baseHeaders(undefined), 'Content-Type': JSON_TYPE, 'Cache-Control': 'no-store' };
      return forClient(request, new Response(health, { headers }), undefined);
    }
    const ip = (proxyaddr(env.incoming, trust) ?? '').replace(/^::ffff:/, '');
    // Routed and served by the same canonical path; a path with none is the handler's 404.
    const canonical = canonicalPath(url.pathname);
    // A term URL answers the representation Accept asks for (the CDN cannot: ?format= there).
    const negotiated = canonical.ok
      ? negotiateTerm(canonical.path, url.searchParams, request.headers.get('Accept'))
      : { search: url.searchParams, varies: false };
    const route = canonical.ok
      ? resolveRoute(request.method.toUpperCase(), canonical.path, negotiated.search, (p) => fileAt(p) !== undefined)
      : { kind: 'none' as const };
    const file = route.kind === 'file' ? readStatic(route.path) : undefined;
    const origin = trustsProxies ? forwardedOrigin(env.incoming, (a) => trust(a, 0), siteScheme) : undefined;
    // HEAD is answered as the GET it stands for, then stripped of its body (forClient), so its
    // headers are the GET's, Content-Length and Content-Encoding included.
    const asked = request.method === 'HEAD' ? new Request(request, { method: 'GET' }) : request;
    // Functions (and paths nobody answers) get the original URL, as on Netlify.
    const response = await forClient(request, await handle(asked, { ip, origin }, file), file);
    return negotiated.varies ? varyOnAccept(response) : response;
  }
  return { fetch, site: () => indexes.en };
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const log = options.log ?? ((message: string) => console.error(message));
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
  const app = createApp({ ...options, store, grants });
  const host = options.host ?? '0.0.0.0';
  const server = createHttpServer(app.fetch, {
    site: () => app.site(),
    rateLimit: store?.limit,
    log,
    headersTimeoutMs: options.headersTimeoutMs,
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
    async close(graceMs = SHUTDOWN_GRACE_MS) {
      const result = await connections.close(graceMs);
      if (store instanceof RedisRateLimitStore) await store.close();
      return result;
    },
  };
}
