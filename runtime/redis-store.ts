// The rate-limit store for fleets: counters in Redis, shared by every function instance and
// every self-hosted process that points at the same server. One Lua script decides and counts
// atomically on the server. When Redis is slow or down the store fails open: the request is
// served uncounted (a public read-only API should not go dark with its counter store), the
// response says nothing about counters, and a log line says so at most once a minute.
import { windowState, type RateLimitDecision, type RateLimitStore } from '../src/limits/rate-limit.ts';
import { WINDOW_SECONDS } from '../src/limits/rate-limit.ts';

// KEYS[1]: the client's counter. ARGV: limit, window in ms, 1 to count (0 to peek), and the
// deadline in Redis's clock (ms). Returns { used after this request, ms until the window ends,
// 1 if allowed }, or { -1, 0, 0 } past the deadline: the caller has stopped waiting and served
// the request uncounted, so a command that a stalled Redis runs only when it resumes counts
// nothing (no request is counted twice, or counted after it was served as uncounted).
const CONSUME = `
local time = redis.call('TIME')
if tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000) > tonumber(ARGV[4]) then
  return { -1, 0, 0 }
end
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
local limit = tonumber(ARGV[1])
if used >= limit then
  return { used, redis.call('PTTL', KEYS[1]), 0 }
end
if ARGV[3] == '0' then
  local ttl = redis.call('PTTL', KEYS[1])
  return { used, ttl, 1 }
end
used = redis.call('INCR', KEYS[1])
if used == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return { used, redis.call('PTTL', KEYS[1]), 1 }
`;

export interface RedisStoreOptions {
  url: string;
  limit: number;
  /** How long a request may wait for Redis before it is served uncounted. */
  timeoutMs?: number;
  keyPrefix?: string;
  windowSeconds?: number;
  log?: (message: string) => void;
  now?: () => number;
}

export const REDIS_TIMEOUT_MS = 100;

/**
 * Throws when a URL cannot name a Redis server (redis://[user:password@]host[:port][/db], or
 * rediss:// for TLS). The message never repeats the URL: it may hold a password.
 */
export function checkRedisUrl(url: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error('the Redis URL is not a URL; expected redis://[user:password@]host[:port][/db] or rediss://…');
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') {
    throw new Error(
      `the Redis URL has the scheme "${parsed.protocol.slice(0, 20)}"; expected redis://[user:password@]host[:port][/db] or rediss://…`,
    );
  }
  if (parsed.hostname === '') throw new Error('the Redis URL names no host; expected redis://host[:port]');
  if (parsed.pathname !== '' && parsed.pathname !== '/' && !/^\/[0-9]{1,2}$/.test(parsed.pathname)) {
    throw new Error("the Redis URL's path must be a database number (/0 to /15), or nothing");
  }
}
/**
 * How long the first requests of a process wait for the connection (importing the client and
 * the TCP handshake, 200-300 ms here): they are counted like every later one. Once this has
 * passed without a connection, requests wait only REDIS_TIMEOUT_MS.
 */
export const REDIS_CONNECT_BUDGET_MS = 1_000;

/** What the store uses of a client. */
interface Client {
  readonly isOpen: boolean;
  readonly isReady: boolean;
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
  sendCommand(args: string[]): Promise<unknown>;
  close(): Promise<unknown>;
  destroy(): void;
}

export class RedisRateLimitStore implements RateLimitStore {
  readonly limit: number;
  readonly #url: string;
  /** Imported only by a store that is created: importing the client costs 200-300 ms, which a
   * function instance without Redis must not pay on its cold start. */
  #connection: Promise<Client> | undefined;
  /** The client as soon as it exists, connected or not: close() must reach it either way. */
  #client: Client | undefined;
  #connectDeadline = Number.POSITIVE_INFINITY;
  #closed = false;
  readonly #timeoutMs: number;
  readonly #prefix: string;
  readonly #windowMs: number;
  readonly #log: (message: string) => void;
  readonly #now: () => number;
  #lastLog = Number.NEGATIVE_INFINITY;
  /** Redis's clock minus ours (ms), measured as the connection opens: deadlines are in Redis's clock. */
  #clockOffset = 0;

  constructor(options: RedisStoreOptions) {
    this.limit = options.limit;
    this.#timeoutMs = options.timeoutMs ?? REDIS_TIMEOUT_MS;
    this.#prefix = options.keyPrefix ?? 'lexicon-api:rate:';
    this.#windowMs = (options.windowSeconds ?? WINDOW_SECONDS) * 1000;
    this.#log = options.log ?? ((message) => console.error(message));
    this.#now = options.now ?? Date.now;
    this.#url = options.url;
    // Connecting starts now, not at the first request, which then waits less.
    this.#connected().catch(() => undefined);
  }

  #connected(): Promise<Client> {
    if (this.#connection) return this.#connection;
    this.#connectDeadline = performance.now() + REDIS_CONNECT_BUDGET_MS;
    const connecting: Promise<Client> = import('@redis/client')
      .then(async ({ createClient }) => {
        if (this.#closed) throw new Error('the store is closed');
        const client = createClient({
          url: this.#url,
          // Commands fail at once while disconnected instead of queueing behind a dead server.
          disableOfflineQueue: true,
          socket: { connectTimeout: 1_000, reconnectStrategy: (retries) => Math.min(retries * 100, 2_000) },
        });
        this.#client = client;
        // Connection errors surface as failed commands below; the client keeps reconnecting.
        client.on('error', (error: Error) => this.#failed(error));
        await client.connect();
        const asked = Date.now();
        const [seconds, micros] = (await client.sendCommand(['TIME'])) as [string, string];
        this.#clockOffset = Number(seconds) * 1000 + Math.floor(Number(micros) / 1000) - (asked + Date.now()) / 2;
        return client;
      })
      .catch((error: Error) => {
        this.#connection = undefined;
        throw error;
      });
    this.#connection = connecting;
    return connecting;
  }

  consume(client: string, limit = this.limit): Promise<RateLimitDecision> {
    return this.#run(client, limit, true);
  }

  peek(client: string, limit = this.limit): Promise<RateLimitDecision> {
    return this.#run(client, limit, false);
  }

  /**
   * One command on the store's connection, within the same time budget as a count; throws when
   * Redis does not answer in time (the caller then serves the request uncounted).
   */
  async command(args: string[]): Promise<unknown> {
    try {
      const redis = await this.#ready();
      return await withTimeout(redis.sendCommand(args), this.#timeoutMs);
    } catch (error) {
      this.#failed(error as Error);
      throw error;
    }
  }

  #ready(): Promise<Client> {
    const connecting = this.#connected();
    const connectWait = Math.max(this.#timeoutMs, this.#connectDeadline - performance.now());
    return withTimeout(connecting, connectWait);
  }

  async close(): Promise<void> {
    this.#closed = true;
    const client = this.#client;
    if (!client?.isOpen) return;
    // A graceful close waits for every pending command, which a stalled server never answers,
    // and a client still reconnecting to a vanished one never closes: drop the connection then.
    if (!client.isReady) return client.destroy();
    await withTimeout(client.close(), this.#timeoutMs).catch(() => client.destroy());
  }

  async #run(client: string, limit: number, count: boolean): Promise<RateLimitDecision> {
    const now = this.#now();
    try {
      const redis = await this.#ready();
      // Half the budget: a command run after it counts nothing, and its answer still has the
      // other half to arrive, so what Redis counted is never served as uncounted.
      const deadline = Date.now() + this.#clockOffset + this.#timeoutMs / 2;
      const reply = await withTimeout(
        redis.eval(CONSUME, {
          keys: [this.#prefix + client],
          arguments: [String(limit), String(this.#windowMs), count ? '1' : '0', String(Math.floor(deadline))],
        }),
        this.#timeoutMs,
      );
      const [used, ttl, allowed] = reply as [number, number, number];
      if (used < 0) throw new Error(`no answer within ${this.#timeoutMs / 2} ms`);
      const start = ttl > 0 ? now + ttl - this.#windowMs : now;
      return { allowed: allowed === 1, ...windowState(limit, start, used, now, this.#windowMs / 1000) };
    } catch (error) {
      this.#failed(error as Error);
      return { allowed: true, unknown: true, ...windowState(limit, now, 0, now, this.#windowMs / 1000) };
    }
  }

  #failed(error: Error) {
    const now = this.#now();
    if (now - this.#lastLog < 60_000) return;
    this.#lastLog = now;
    this.#log(`lexicon: rate-limit store unavailable, serving requests uncounted: ${error.message}`);
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout>;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
