// The rate-limit policy (API-DECISIONS.md): a fixed window of WINDOW_SECONDS from a client's
// first counted request. Exact within one process; the CDN's traffic rules are the
// distributed backstop (see netlify.toml).

export const DEFAULT_REQUESTS_PER_HOUR = 100;
export const WINDOW_SECONDS = 3600;
export const POLICY_NAME = 'hourly';

export interface RateLimitState {
  limit: number;
  /** Requests left in the window after this one. */
  remaining: number;
  /** Epoch seconds when the window ends. */
  resetAt: number;
  /** Seconds until the window ends (at least 1). */
  resetIn: number;
}

interface Window {
  start: number;
  count: number;
}

/** The counters as plain data: [client, window start (epoch ms), requests counted]. */
export type RateLimitSnapshot = [client: string, start: number, count: number][];

// Expired windows are swept once the table grows past this, so memory stays bounded by
// the number of clients seen in one window.
const SWEEP_THRESHOLD = 10_000;

export class FixedWindowRateLimiter {
  readonly #windows = new Map<string, Window>();

  constructor(
    readonly limit: number,
    private readonly now: () => number = Date.now,
    readonly windowSeconds = WINDOW_SECONDS,
  ) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError('the rate limit must be a positive integer');
  }

  snapshot(): RateLimitSnapshot {
    return [...this.#windows].map(([client, { start, count }]) => [client, start, count]);
  }

  restore(snapshot: RateLimitSnapshot): void {
    for (const [client, start, count] of snapshot) this.#windows.set(client, { start, count });
  }

  /** The client's state without counting a request: is there room for one more? */
  peek(client: string): RateLimitState & { exceeded: boolean } {
    const window = this.#current(client);
    const used = window?.count ?? 0;
    return { ...this.#state(window?.start ?? this.now(), used), exceeded: used >= this.limit };
  }

  /** Counts one request and returns the state after it. */
  hit(client: string): RateLimitState {
    let window = this.#current(client);
    if (!window) {
      if (this.#windows.size >= SWEEP_THRESHOLD) this.#sweep();
      window = { start: this.now(), count: 0 };
      this.#windows.set(client, window);
    }
    window.count++;
    return this.#state(window.start, window.count);
  }

  #current(client: string): Window | undefined {
    const window = this.#windows.get(client);
    if (window && this.now() - window.start >= this.windowSeconds * 1000) {
      this.#windows.delete(client);
      return undefined;
    }
    return window;
  }

  #state(start: number, used: number): RateLimitState {
    const resetMs = start + this.windowSeconds * 1000;
    return {
      limit: this.limit,
      remaining: Math.max(0, this.limit - used),
      resetAt: Math.ceil(resetMs / 1000),
      resetIn: Math.max(1, Math.ceil((resetMs - this.now()) / 1000)),
    };
  }

  #sweep() {
    const now = this.now();
    for (const [client, window] of this.#windows) {
      if (now - window.start >= this.windowSeconds * 1000) this.#windows.delete(client);
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
