// A rate-limit store for `netlify dev`, which runs every invocation in a fresh worker thread so
// nothing in memory outlives a request. Each attempt is appended to one log file as a single
// write (O_APPEND: concurrent appends never interleave or overwrite), and every reader replays
// the same log the same way, so the count is exact without locks and a crash cannot corrupt
// it. Replay costs a read of the log per request: fine for a developer's machine, never used
// in production.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { WINDOW_SECONDS, windowState, type RateLimitDecision, type RateLimitStore } from '../src/limits/rate-limit.ts';

export class AppendLogRateLimitStore implements RateLimitStore {
  readonly #windowMs: number;

  constructor(
    readonly limit: number,
    readonly file: string,
    private readonly now: () => number = Date.now,
    windowSeconds = WINDOW_SECONDS,
  ) {
    this.#windowMs = windowSeconds * 1000;
  }

  consume(client: string, limit = this.limit): RateLimitDecision {
    const attempt = randomUUID();
    appendFileSync(this.file, `${this.now()}\t${attempt}\t${encodeURIComponent(client)}\n`);
    return this.#replay(encodeURIComponent(client), attempt, limit);
  }

  peek(client: string, limit = this.limit): RateLimitDecision {
    return this.#replay(encodeURIComponent(client), undefined, limit);
  }

  /** Replays the client's attempts in log order up to `attempt` (or to the end, to peek). */
  #replay(client: string, attempt: string | undefined, limit: number): RateLimitDecision {
    const now = this.now();
    let start = Number.NEGATIVE_INFINITY;
    let used = 0;
    let allowed = true;
    const log = existsSync(this.file) ? readFileSync(this.file, 'utf8') : '';
    for (const line of log.split('\n')) {
      const [at, id, who] = line.split('\t');
      if (who !== client) continue;
      const time = Number(at);
      if (time - start >= this.#windowMs) {
        start = time;
        used = 0;
      }
      allowed = used < limit;
      if (allowed) used++;
      if (id === attempt) return { allowed, ...windowState(limit, start, used, now, this.#windowMs / 1000) };
    }
    // Peeking: would one more attempt now be allowed?
    if (now - start >= this.#windowMs)
      return { allowed: true, ...windowState(limit, now, 0, now, this.#windowMs / 1000) };
    return { allowed: used < limit, ...windowState(limit, start, used, now, this.#windowMs / 1000) };
  }
}
