// A cache keyed by content: a rebuild parses and checks only the files it has not seen.
// It holds parsed YAML (value and syntax errors), the outcome of a file's own checks (YAML,
// characters, schema, its file-local rules) for files that passed them, so an unchanged clean
// file costs one hash, and each term's searchable names (term-search-names.ts). Cross-file
// rules (slugs, references, vocabularies) run on every build, on the cached values. It also
// holds each term's editorial findings (editorial-outcomes.ts), keyed by its three files.
//
// It lives in one file (v8 serialization: exact for every YAML value, Infinity included) in a
// folder CI and Netlify keep between builds (by default node_modules/.cache/lexicon-api, which
// Netlify's build cache keeps with node_modules). The file records a fingerprint of the code
// that produced it: after any change to the parser, the schemas or the checks, it is ignored.
// Only results are cached; line numbers for messages come from a fresh parse, on demand.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';

const CACHE_FILE = 'parse-cache-v2.v8';
/** Remembered keys per kind before they are forgotten (a corpus of 100,000 terms has 300,000 files). */
const MEMO_LIMIT = 400_000;

/** The modules whose code decides what a cached entry holds, from the repository's root. */
const CACHED_CODE = [
  'scripts/lib/corpus/parse-cache.ts',
  'scripts/lib/corpus/yaml-source.ts',
  'scripts/lib/corpus/yaml-fast-path.ts',
  'scripts/lib/corpus/validate-corpus.ts',
  'scripts/lib/corpus/file-checks.ts',
  'scripts/lib/corpus/corpus-checks.ts',
  'scripts/lib/corpus/text-hygiene.ts',
  'scripts/lib/corpus/editorial-checks.ts',
  'scripts/lib/corpus/editorial-outcomes.ts',
  'scripts/lib/corpus/anonymous-views.ts',
  'scripts/lib/corpus/scholar-checks.ts',
  'scripts/lib/corpus/reference-checks.ts',
  'scripts/lib/names/capitalised-words.ts',
  'scripts/lib/names/edit-distance.ts',
  'scripts/lib/names/family-spellings.ts',
  'scripts/lib/names/russian-romanizations.ts',
  'scripts/lib/names/sound-key.ts',
  'scripts/lib/names/term-search-names.ts',
  'scripts/lib/corpus/corpus-schema.ts',
  'src/contract/response-schemas.ts',
  'src/contract/key-schemas.ts',
  'src/contract/facts.ts',
  'scripts/lib/names/search-names.ts',
  'scripts/lib/names/transliteration.ts',
  'src/list/fold.ts',
];

/** Set by scripts/compile.mjs in compiled/ (computeCodeFingerprint of the sources it bundled). */
declare const LEXICON_CODE_FINGERPRINT: string | undefined;

export interface CachedParse {
  value: unknown;
  errors: { line: number; message: string }[];
}

interface CacheFile {
  fingerprint: string;
  entries: Map<string, unknown>;
}

let codeFingerprintMemo: string | undefined;

/** A hash of the checking code and the YAML libraries' versions. */
export function codeFingerprint(): string {
  if (typeof LEXICON_CODE_FINGERPRINT === 'string') return LEXICON_CODE_FINGERPRINT;
  codeFingerprintMemo ??= computeCodeFingerprint(fileURLToPath(new URL('../../../', import.meta.url)));
  return codeFingerprintMemo;
}

/** The fingerprint of the checking code under `root` (the compile step calls this too). */
export function computeCodeFingerprint(root: string): string {
  const hash = createHash('sha1');
  for (const file of CACHED_CODE) hash.update(readFileSync(path.join(root, file)));
  const packageOf = createRequire(path.join(root, 'package.json'));
  const yamlPackage = packageOf('yaml/package.json') as { version: string };
  const jsYamlPackage = packageOf('js-yaml/package.json') as { version: string };
  hash.update(`yaml@${yamlPackage.version}\0js-yaml@${jsYamlPackage.version}\0zod`);
  return hash.digest('base64url');
}

export class ParseCache {
  private readonly previous: Map<string, unknown>;
  /** Entries used in this build: only these are saved, so the cache never outgrows the corpus. */
  private readonly used = new Map<string, unknown>();
  /** YAML texts found parsed / parsed now. */
  hits = 0;
  misses = 0;
  /** Files whose checks were skipped / run now. */
  outcomeHits = 0;
  outcomeMisses = 0;
  /** Terms whose editorial findings were found here / worked out now (editorial-outcomes.ts). */
  findingsHits = 0;
  findingsMisses = 0;

  private constructor(entries: Map<string, unknown>) {
    this.previous = entries;
  }

  /** An empty cache that is never saved (tests, one-off validation). */
  static inMemory(): ParseCache {
    return new ParseCache(new Map());
  }

  /** Reads the cache of `dir`; a missing, unreadable or other code's cache is an empty one. */
  static load(dir: string): ParseCache {
    try {
      const file = deserialize(readFileSync(path.join(dir, CACHE_FILE))) as CacheFile;
      return new ParseCache(file.fingerprint === codeFingerprint() ? file.entries : new Map());
    } catch {
      return new ParseCache(new Map());
    }
  }

  /**
   * Keys already computed, by kind and text: in a process that validates the same corpus again
   * and again (the edit loop), where hashing every text dominated a check of one change, and in
   * a build while its checks run (rememberKeysFor). A build keeps none after: it must not hold
   * the corpus texts once the records exist.
   */
  private static keyMemo: Map<string | number, Map<string, string>> | undefined;
  /** Set by rememberKeys: the memo stays for good (the edit loop). */
  private static keyMemoKept = false;

  /** Keeps every key computed from now on (bounded: forgotten past MEMO_LIMIT per kind). */
  static rememberKeys(): void {
    ParseCache.keyMemo ??= new Map();
    ParseCache.keyMemoKept = true;
  }

  /**
   * Keeps the keys computed until the returned function is called: a build's checks ask for the
   * same text's key several times (what the check threads still need, validation, the editorial
   * findings), and hold the texts meanwhile anyway. Not for texts read from disk on demand:
   * the memo would hold every one of them.
   */
  static remembersKeys(): boolean {
    return ParseCache.keyMemo !== undefined;
  }

  static rememberKeysFor(): () => void {
    if (ParseCache.keyMemo) return () => undefined;
    ParseCache.keyMemo = new Map();
    return () => {
      if (!ParseCache.keyMemoKept) ParseCache.keyMemo = undefined;
    };
  }

  /** `kind` tells apart what is cached of the same text (YAML at a line, a locale's checks). */
  static keyOf(text: string, kind: string | number): string {
    const memo = ParseCache.keyMemo;
    const known = memo?.get(kind)?.get(text);
    if (known !== undefined) return known;
    const key = createHash('sha1').update(`${kind}\0`).update(text).digest('base64url');
    if (memo) {
      const ofKind = memo.get(kind) ?? new Map<string, string>();
      if (ofKind.size >= MEMO_LIMIT) ofKind.clear();
      memo.set(kind, ofKind.set(text, key));
    }
    return key;
  }

  /**
   * The key of what is worked out of several texts together (a term's editorial findings, of its
   * three files): each part's length goes before it, so no two lists of parts hash the same text.
   */
  static keyOfParts(parts: readonly string[], kind: string): string {
    const hash = createHash('sha1').update(`${kind}\0`);
    for (const part of parts) hash.update(`${part.length}\0`).update(part);
    return hash.digest('base64url');
  }

  get(key: string): CachedParse | undefined {
    const entry = this.lookup(key) as CachedParse | undefined;
    if (entry) this.hits++;
    else this.misses++;
    return entry;
  }

  set(key: string, entry: CachedParse): void {
    this.used.set(key, entry);
  }

  /** The checked value of a file that passed its own checks before. */
  outcome<T>(key: string): T | undefined {
    const entry = this.lookup(key) as T | undefined;
    if (entry === undefined) this.outcomeMisses++;
    else this.outcomeHits++;
    return entry;
  }

  /** A term's editorial findings kept by an earlier build or a check thread (editorial-outcomes.ts). */
  findings<T>(key: string): T | undefined {
    const entry = this.lookup(key) as T | undefined;
    if (entry === undefined) this.findingsMisses++;
    else this.findingsHits++;
    return entry;
  }

  /** Whether an entry exists, without using it or counting the lookup. */
  has(key: string): boolean {
    return this.previous.has(key) || this.used.has(key);
  }

  setOutcome(key: string, value: unknown): void {
    this.used.set(key, value);
  }

  private lookup(key: string): unknown {
    const entry = this.previous.get(key) ?? this.used.get(key);
    if (entry !== undefined) this.used.set(key, entry);
    return entry;
  }

  /**
   * Lets go of every entry (a build whose steps ask nothing more of the cache, once it is saved):
   * at 100,000 terms they are every file's parsed outcome. It is an empty cache after this.
   */
  forget(): void {
    this.previous.clear();
    this.used.clear();
  }

  /** Written under a temporary name and renamed: a killed build leaves the old cache whole. */
  save(dir: string): void {
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, CACHE_FILE);
    const contents: CacheFile = { fingerprint: codeFingerprint(), entries: this.used };
    writeFileSync(`${file}.tmp-${process.pid}`, serialize(contents));
    renameSync(`${file}.tmp-${process.pid}`, file);
  }
}
