// Where a running server finds grants (src/limits/grants.ts), and how a revocation reaches it:
// - Redis, when counters are in Redis: one hash shared by every instance and process; a grant is
//   looked up by its key's hash and remembered for at most the refresh interval, so a revocation
//   (scripts/grant.ts) reaches every instance within that interval.
// - A grants file otherwise: npm start reads the operator's file and checks it again once per
//   interval; a Netlify function reads the copy the build put in dist/_data/ (a deploy replaces it).
import { readFileSync, statSync } from 'node:fs';
import { grantBookOf, parseGrantsFile, type GrantBook, type GrantRecord } from '../src/limits/grants.ts';
import type { RedisRateLimitStore } from './redis-store.ts';

/** The Redis hash of grants: field = the key's SHA-256, value = the grant record as JSON. */
export const GRANTS_REDIS_KEY = 'lexicon-api:grants';

/** How long a grant (or its absence) is believed before it is read again: revocation's delay. */
export const DEFAULT_GRANTS_REFRESH_SECONDS = 30;

/** GRANTS_REFRESH_SECONDS: unset -> 30; else 1 to 60 (revocation must reach everyone within 60 s). */
export function grantsRefreshFromEnv(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_GRANTS_REFRESH_SECONDS;
  const seconds = /^[0-9]+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  if (!(seconds >= 1 && seconds <= 60)) {
    throw new RangeError(`GRANTS_REFRESH_SECONDS must be a whole number of seconds from 1 to 60, not "${value}"`);
  }
  return seconds;
}

interface Remembered {
  at: number;
  grant: GrantRecord | undefined;
}

export class RedisGrantBook implements GrantBook {
  readonly #remembered = new Map<string, Remembered>();

  constructor(
    private readonly store: Pick<RedisRateLimitStore, 'command'>,
    private readonly refreshMs: number,
    private readonly now: () => number = performance.now.bind(performance),
  ) {}

  async find(keyHash: string): Promise<GrantRecord | undefined | 'unavailable'> {
    const known = this.#remembered.get(keyHash);
    if (known && this.now() - known.at < this.refreshMs) return known.grant;
    let reply: unknown;
    try {
      reply = await this.store.command(['HGET', GRANTS_REDIS_KEY, keyHash]);
    } catch {
      // Redis did not answer in time: the request is served uncounted, as its counter would be.
      return 'unavailable';
    }
    const grant = typeof reply === 'string' ? (JSON.parse(reply) as GrantRecord) : undefined;
    // Bounded: the hashes of keys a client sends are the client's choice.
    if (this.#remembered.size >= 10_000) this.#remembered.clear();
    this.#remembered.set(keyHash, { at: this.now(), grant });
    return grant;
  }
}

/** A grants file, read again when it changes (checked at most once per refresh interval). */
export class FileGrantBook implements GrantBook {
  #book: GrantBook = grantBookOf([]);
  #version = '';
  #checkedAt = Number.NEGATIVE_INFINITY;

  constructor(
    readonly file: string,
    private readonly refreshMs: number,
    private readonly log: (message: string) => void = (message) => console.error(message),
    private readonly now: () => number = performance.now.bind(performance),
  ) {
    this.#reload(true);
  }

  find(keyHash: string): GrantRecord | undefined {
    if (this.now() - this.#checkedAt >= this.refreshMs) this.#reload(false);
    return this.#book.find(keyHash) as GrantRecord | undefined;
  }

  /** `strict`: a broken file is an error (at start); later, the grants read before stay in force. */
  #reload(strict: boolean): void {
    this.#checkedAt = this.now();
    const info = statSync(this.file, { throwIfNoEntry: false });
    const version = info ? `${info.size}:${info.mtimeMs}:${info.ino}` : 'missing';
    if (version === this.#version) return;
    try {
      const records = info ? parseGrantsFile(readFileSync(this.file, 'utf8'), this.file) : [];
      this.#book = grantBookOf(records);
      this.#version = version;
    } catch (error) {
      if (strict) throw error;
      this.log(`lexicon: grants not reloaded, the previous ones stay in force: ${(error as Error).message}`);
      this.#version = version;
    }
  }
}
