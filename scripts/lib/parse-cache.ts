// A parse cache keyed by file content: a rebuild parses only the YAML it has not seen.
// It lives in one file (v8 serialization: exact for every YAML value, Infinity included) in a folder CI and Netlify keep between builds (by default
// node_modules/.cache/lexicon-api, which Netlify's build cache keeps with node_modules).
// Only results are cached; line numbers for messages come from a fresh parse, on demand.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';

/** Bump when the parser, its options or the shape of a cached result changes. */
const CACHE_VERSION = 'yaml-2.9-v1';
const CACHE_FILE = `parse-cache-${CACHE_VERSION}.v8`;

export interface CachedParse {
  value: unknown;
  errors: { line: number; message: string }[];
}

export class ParseCache {
  private readonly previous: Map<string, CachedParse>;
  /** Entries used in this build: only these are saved, so the cache never outgrows the corpus. */
  private readonly used = new Map<string, CachedParse>();
  hits = 0;
  misses = 0;

  private constructor(entries: Map<string, CachedParse>) {
    this.previous = entries;
  }

  /** An empty cache that is never saved (tests, one-off validation). */
  static inMemory(): ParseCache {
    return new ParseCache(new Map());
  }

  /** Reads the cache of `dir`; a missing or unreadable cache is an empty one. */
  static load(dir: string): ParseCache {
    try {
      return new ParseCache(deserialize(readFileSync(path.join(dir, CACHE_FILE))) as Map<string, CachedParse>);
    } catch {
      return new ParseCache(new Map());
    }
  }

  static keyOf(text: string, firstLine: number): string {
    return createHash('sha1').update(`${firstLine}\0`).update(text).digest('base64url');
  }

  get(key: string): CachedParse | undefined {
    const entry = this.previous.get(key) ?? this.used.get(key);
    if (entry) {
      this.hits++;
      this.used.set(key, entry);
    } else this.misses++;
    return entry;
  }

  set(key: string, entry: CachedParse): void {
    this.used.set(key, entry);
  }

  /** Written under a temporary name and renamed: a killed build leaves the old cache whole. */
  save(dir: string): void {
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, CACHE_FILE);
    writeFileSync(`${file}.tmp-${process.pid}`, serialize(this.used));
    renameSync(`${file}.tmp-${process.pid}`, file);
  }
}
