// The rate-limit policy (docs/api-contract.md): a fixed window of WINDOW_SECONDS from a
// client's first counted request. A store decides and counts in one step, so concurrent
// requests can never both take the last slot. Web-standard: the stores that need Node
// (the dev log, Redis) live in runtime/.

export const DEFAULT_REQUESTS_PER_HOUR = 100;
export const WINDOW_SECONDS = 3600;
export const POLICY_NAME = 'hourly';
/**
 * The most requests per window a deployment on Netlify may allow one client, configured
 * (RATE_LIMIT_PER_HOUR) or granted: the CDN's backstop (./backstop.ts) lets this many through
 * in its short window, so raising it here raises the backstop. `npm start` has no such cap.
 */
export const LARGEST_REQUESTS_PER_HOUR = DEFAULT_REQUESTS_PER_HOUR;

export interface RateLimitState {
  limit: number;
  /** Requests left in the window after this one. */
  remaining: number;
  /** Epoch seconds when the window ends. */
  resetAt: number;
  /** Seconds until the window ends (at least 1). */
  resetIn: number;
}

export interface RateLimitDecision extends RateLimitState {
  /** False when the request was refused: it was not counted. */
  allowed: boolean;
  /** The store could not be asked (it failed open): no counters to report. */
  unknown?: boolean;
}

/**
 * Where the counters live. `consume` checks and counts as one atomic step (a refused request
 * is not counted); `peek` answers whether one more request would be allowed, counting nothing
 * (for responses that do not count, such as 304). `limit` is the store's own (the anonymous
 * policy) unless a call names another (a granted key's).
 */
export interface RateLimitStore {
  readonly limit: number;
  consume(client: string, limit?: number): RateLimitDecision | Promise<RateLimitDecision>;
  peek(client: string, limit?: number): RateLimitDecision | Promise<RateLimitDecision>;
}

/** The state of a window that started at `startMs` with `used` requests counted. */
export function windowState(
  limit: number,
  startMs: number,
  used: number,
  nowMs: number,
  windowSeconds = WINDOW_SECONDS,
): RateLimitState {
  const { allowed: _allowed, ...state } = windowDecision(true, limit, startMs, used, nowMs, windowSeconds);
  return state;
}

/**
 * A decision with its window's state, made as one object: the in-memory store answers every
 * counted request of `npm start` with one, and a copy of the state spread into another cost
 * more than the count itself.
 */
export function windowDecision(
  allowed: boolean,
  limit: number,
  startMs: number,
  used: number,
  nowMs: number,
  windowSeconds = WINDOW_SECONDS,
): RateLimitDecision {
  const resetMs = startMs + windowSeconds * 1000;
  return {
    allowed,
    limit,
    remaining: Math.max(0, limit - used),
    resetAt: Math.ceil(resetMs / 1000),
    resetIn: Math.max(1, Math.ceil((resetMs - nowMs) / 1000)),
  };
}

interface Window {
  start: number;
  count: number;
}

/** How many clients the in-memory store remembers at most (about 100 MB at the cap). */
export const MEMORY_STORE_MAX_CLIENTS = 1_000_000;

/**
 * Exact within one process. Every window has the same length, so windows end in the order they
 * start: a queue in start order finds the expired ones at its head, a constant amount of work per
 * request amortised, and past `maxClients` the window closest to its end is forgotten first.
 * (Deleting from the front of a Map is not enough: V8 leaves holes that every walk from the
 * front must skip again.)
 */
export class MemoryRateLimitStore implements RateLimitStore {
  readonly #windows = new Map<string, Window>();
  /** Windows in start order; entries whose client has a newer window are skipped. */
  #queue: [client: string, window: Window][] = [];
  #head = 0;
  readonly #windowMs: number;

  constructor(
    readonly limit: number,
    private readonly now: () => number = Date.now,
    windowSeconds = WINDOW_SECONDS,
    private readonly maxClients = MEMORY_STORE_MAX_CLIENTS,
  ) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError('the rate limit must be a positive integer');
    this.#windowMs = windowSeconds * 1000;
  }

  get size(): number {
    return this.#windows.size;
  }

  consume(client: string, limit = this.limit): RateLimitDecision {
    const now = this.now();
    this.#evict(now);
    let window = this.#windows.get(client);
    if (!window) {
      window = { start: now, count: 0 };
      this.#windows.set(client, window);
      this.#queue.push([client, window]);
    }
    const allowed = window.count < limit;
    if (allowed) window.count++;
    return windowDecision(allowed, limit, window.start, window.count, now, this.#windowMs / 1000);
  }

  peek(client: string, limit = this.limit): RateLimitDecision {
    const now = this.now();
    this.#evict(now);
    const window = this.#windows.get(client);
    const used = window?.count ?? 0;
    return windowDecision(used < limit, limit, window?.start ?? now, used, now, this.#windowMs / 1000);
  }

  /** Drops expired windows, then the oldest ones while there are too many clients. */
  #evict(now: number): void {
    for (let entry = this.#queue[this.#head]; entry; entry = this.#queue[this.#head]) {
      const [client, window] = entry;
      const live = this.#windows.get(client) === window;
      if (live && now - window.start < this.#windowMs && this.#windows.size < this.maxClients) break;
      if (live) this.#windows.delete(client);
      this.#head++;
    }
    // Compact once the consumed head is half the queue: each entry is moved at most once more.
    if (this.#head > 1024 && this.#head * 2 > this.#queue.length) {
      this.#queue = this.#queue.slice(this.#head);
      this.#head = 0;
    }
  }
}

/** RATE_LIMIT_PER_HOUR: unset -> the default, "0" -> no limit, else a positive integer. */
export function rateLimitFromEnv(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_REQUESTS_PER_HOUR;
  if (!/^[0-9]+$/.test(value.trim())) {
    throw new RangeError(`RATE_LIMIT_PER_HOUR must be a whole number (0 disables the limit), not "${value}"`);
  }
  return Number(value.trim());
}
