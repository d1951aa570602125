// The self-hosted server (`npm start`): serves a built dist/ on one machine exactly as the CDN and
// the function do on Netlify. @hono/node-server speaks HTTP (runtime/http-server.ts); each request
// is answered by runtime/app.ts through the one handler, so every request is counted. This module
// opens the tree, sets up the counters and grants, listens, and stops gracefully.
import type { AddressInfo } from 'node:net';
import { MemoryRateLimitStore, type RateLimitStore } from '../src/limits/rate-limit.ts';
import type { GrantBook } from '../src/limits/grants.ts';
import { createApp } from './app.ts';
import { trackConnections } from './graceful-close.ts';
import { createHttpServer } from './http-server.ts';
import { ServedTree } from './served-tree.ts';
import { DEFAULT_GRANTS_REFRESH_SECONDS, FileGrantBook, RedisGrantBook } from './grant-books.ts';
import { checkRedisUrl, RedisRateLimitStore } from './redis-store.ts';

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

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const log = options.log ?? ((message: string) => console.error(message));
  // First, as the build does: finish or roll back a swap a killed build left, then load the tree.
  const tree = new ServedTree(options.dist, log);
  const first = await tree.open();
  const { store, grants } = counters(options, log);
  const app = createApp({ ...options, store, grants, tree, first, log });
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

/**
 * Where requests are counted and grants are read: Redis when a URL is given (shared by every
 * process that uses it), else memory and the grants file; nothing without a rate limit.
 */
function counters(
  options: ServerOptions,
  log: (message: string) => void,
): { store: RateLimitStore | undefined; grants: GrantBook | undefined } {
  if (options.rateLimit <= 0) return { store: undefined, grants: undefined };
  const refreshMs = options.grantsRefreshMs ?? DEFAULT_GRANTS_REFRESH_SECONDS * 1000;
  if (options.redisUrl) {
    // A URL that cannot name a Redis server is the operator's mistake: refuse to start.
    checkRedisUrl(options.redisUrl);
    const redis = new RedisRateLimitStore({
      url: options.redisUrl,
      limit: options.rateLimit,
      timeoutMs: options.redisTimeoutMs,
      log,
    });
    return { store: redis, grants: new RedisGrantBook(redis, refreshMs) };
  }
  const grants = options.grantsFile ? new FileGrantBook(options.grantsFile, refreshMs, log) : undefined;
  return { store: new MemoryRateLimitStore(options.rateLimit), grants };
}
