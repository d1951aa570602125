// The SQLite dump: both locales in one database, written to disk by SQLite itself
// (better-sqlite3), with the API's search folding in a column and a full-text index, so
// `sqlite3` users can reproduce `q` and search definitions. Rows are made a term at a time
// (sqliteTermRows) while the build walks the terms, and inserted as they come, in one
// transaction, on a worker thread or here (sqlite-thread.ts): no table, and no copy of the
// database, is ever held whole in memory (the slug-keyed tables' rows wait in SQLite's temporary
// database, a file beyond its cache, until they are copied in key order: KEY_ORDERED).
//
// Reproducible bytes: the file is a function of the statements run on it, so the same rows
// in the same order give the same file. What is pinned for that: the page size, the text
// encoding, no journal and one transaction (the header's change counter counts transactions),
// deleted content zeroed (secure_delete: the full-text index's merges free pages), and the
// SQLite library itself (its version is written into the header: better-sqlite3 is locked,
// and OUTPUT_FORMAT_VERSION is bumped when it changes). A test builds it in memory, inline and
// on a thread, with different batch sizes, and compares the bytes.
import Database from 'better-sqlite3';
import { LICENSE, LICENSE_SPDX, LICENSE_URL, LOCALES, type Locale } from '../../../src/contract/facts.ts';
import { foldForSearch } from '../../../src/list/fold.ts';
import type { Term } from '../../../src/contract/response-schemas.ts';
import { type ApiRecords, detailsOf } from '../publish/api-records.ts';
import { searchNamesOf, termSearchNames, type TermSearchNames } from '../names/term-search-names.ts';

// FTS4 (the dump's readers' queries use its syntax; every SQLite build since 2010 reads it).
// `unicode61` folds case in every script and `remove_diacritics=2` removes accents, like the
// API's folding does for `q`.
// WITHOUT ROWID (every table but `terms`, whose rowid the full-text index joins on): a table
// whose key is most of its row is then stored once, in key order, not as rows plus an index of
// the key. Larger pages are not used: they make files of a few long articles larger, and tiny
// corpora four times larger.
export const SQLITE_TABLES = `
CREATE TABLE metadata (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE pillars (key TEXT PRIMARY KEY, label_en TEXT NOT NULL, label_bg TEXT NOT NULL, term_count INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE terms (
  locale TEXT NOT NULL, slug TEXT NOT NULL, position INTEGER NOT NULL,
  term TEXT NOT NULL, term_folded TEXT NOT NULL, definition TEXT NOT NULL, pillar TEXT NOT NULL REFERENCES pillars(key),
  tradition TEXT NOT NULL, etymology TEXT, pronunciation TEXT, term_original TEXT, term_original_lang TEXT,
  url TEXT NOT NULL, full_content TEXT NOT NULL,
  PRIMARY KEY (locale, slug)
);
CREATE VIRTUAL TABLE terms_fts USING fts4(content="terms", term, definition, full_content, tokenize=unicode61 "remove_diacritics=2");
-- Every name the API's q matches in a locale (both names, the original form, aliases, their
-- transliterations), folded as the API folds them: q is a substring test on search_names.name.
CREATE TABLE search_names (locale TEXT NOT NULL, slug TEXT NOT NULL, name TEXT NOT NULL, PRIMARY KEY (locale, slug, name)) WITHOUT ROWID;
CREATE TABLE aliases (locale TEXT NOT NULL, slug TEXT NOT NULL, position INTEGER NOT NULL, alias TEXT NOT NULL, PRIMARY KEY (locale, slug, position)) WITHOUT ROWID;
CREATE TABLE term_references (
  slug TEXT NOT NULL, position INTEGER NOT NULL, kind TEXT NOT NULL, author TEXT NOT NULL, title TEXT NOT NULL,
  year INTEGER NOT NULL, locator TEXT, PRIMARY KEY (slug, position)
) WITHOUT ROWID;
CREATE TABLE related_terms (slug TEXT NOT NULL, related_slug TEXT NOT NULL, position INTEGER NOT NULL, PRIMARY KEY (slug, related_slug)) WITHOUT ROWID;
-- The hierarchy: each term's broader terms (term.yaml broader); narrower is the same table read the other way.
CREATE TABLE broader_terms (slug TEXT NOT NULL, broader_slug TEXT NOT NULL, position INTEGER NOT NULL, PRIMARY KEY (slug, broader_slug)) WITHOUT ROWID;
CREATE TABLE posts (locale TEXT NOT NULL, slug TEXT NOT NULL, title TEXT NOT NULL, url TEXT NOT NULL, date TEXT NOT NULL, PRIMARY KEY (locale, slug)) WITHOUT ROWID;
CREATE TABLE term_posts (term_slug TEXT NOT NULL, post_slug TEXT NOT NULL, position INTEGER NOT NULL, PRIMARY KEY (term_slug, post_slug)) WITHOUT ROWID;
`;
/** Made after the rows, one sort each: inserted into as the rows came, they took them scattered. */
export const SQLITE_INDEXES = `
CREATE INDEX terms_slug ON terms(slug);
CREATE INDEX terms_pillar ON terms(pillar);
CREATE INDEX broader_terms_broader ON broader_terms(broader_slug);
CREATE INDEX term_posts_post ON term_posts(post_slug);
`;

/** Set before the schema: what the bytes of the file depend on besides its rows (see the top). */
const PRAGMAS = [
  'page_size = 4096',
  'encoding = "UTF-8"',
  'journal_mode = OFF',
  'synchronous = OFF',
  'locking_mode = EXCLUSIVE',
  'secure_delete = ON',
  // Pages kept in memory before they are written: 64 MiB, whatever the corpus size.
  'cache_size = -65536',
];

const TABLES = [
  'metadata',
  'pillars',
  'terms',
  'search_names',
  'aliases',
  'posts',
  'term_references',
  'related_terms',
  'broader_terms',
  'term_posts',
] as const;
export type SqliteTable = (typeof TABLES)[number];
/**
 * The WITHOUT ROWID tables that take a term's rows: their keys start with the slug, which the list
 * order scatters, so inserted as they come each row lands elsewhere in B-trees that outgrow the
 * page cache (1.8x the CPU a term at 100,000 terms than at 20,000). Their rows are appended to
 * staging tables in the temporary database instead (rowid tables: in order, cheap) and copied
 * over in key order, one sort each, once the first locale's rows are in and at the end.
 */
const KEY_ORDERED: readonly SqliteTable[] = [
  'search_names',
  'aliases',
  'term_references',
  'related_terms',
  'broader_terms',
  'term_posts',
];
type SqliteValue = string | number | null;
/** Rows in insertion order, each with its table: plain arrays, so they cross to a worker thread as they are. */
export type SqliteRows = [SqliteTable, SqliteValue[]][];

/** The rows that come before the terms: metadata, pillars, posts. */
export function sqliteHeadRows(records: ApiRecords, dataVersion: string): SqliteRows {
  const rows: SqliteRows = [];
  const metadata: [string, string][] = [
    ['license', LICENSE],
    ['license_spdx', LICENSE_SPDX],
    ['license_url', LICENSE_URL],
    ['attribution_source', records.attribution.source],
    ['attribution_url', records.attribution.url],
    ['attribution_required', records.attribution.required],
    ['data_version', dataVersion],
    ['locales', LOCALES.join(',')],
  ];
  for (const row of metadata) rows.push(['metadata', row]);
  for (const p of records.pillars.data) rows.push(['pillars', [p.key, p.label.en, p.label.bg, p.count]]);
  for (const l of LOCALES)
    for (const p of records.posts) rows.push(['posts', [l, p.slug, p.title[l], p.url[l], p.date]]);
  return rows;
}

/**
 * The rows of one term in one locale, `position` its place in the locale's list. Relations and
 * references are the same in both locales: they come with the first locale's rows.
 */
export function sqliteTermRows(
  records: ApiRecords,
  searchNames: TermSearchNames,
  l: Locale,
  t: Term,
  position: number,
): SqliteRows {
  const details = detailsOf(records, t.slug);
  const rows: SqliteRows = [
    [
      'terms',
      [
        l,
        t.slug,
        position,
        t.term,
        foldForSearch(t.term, l),
        t.definition,
        t.pillar,
        t.tradition,
        t.etymology,
        t.pronunciation,
        t.termOriginal,
        details.termOriginalLang,
        t.url,
        t.fullContent,
      ],
    ],
  ];
  for (const name of searchNamesOf(searchNames, l, t.slug)) rows.push(['search_names', [l, t.slug, name]]);
  for (const [i, alias] of details.aliases[l].entries()) rows.push(['aliases', [l, t.slug, i, alias]]);
  if (l !== LOCALES[0]) return rows;
  for (const [i, r] of details.references.entries())
    rows.push(['term_references', [t.slug, i, r.kind, r.author, r.title, r.year, r.locator ?? null]]);
  for (const [i, related] of t.relatedTerms.entries()) rows.push(['related_terms', [t.slug, related, i]]);
  for (const [i, broader] of details.broader.entries()) rows.push(['broader_terms', [t.slug, broader, i]]);
  for (const [i, post] of t.relatedPosts.entries()) rows.push(['term_posts', [t.slug, post.slug, i]]);
  return rows;
}

/** Every row of the dump, in the order the build inserts them (tests, benchmarks). */
export function sqliteRows(
  records: ApiRecords,
  dataVersion: string,
  searchNames: TermSearchNames = termSearchNames(records),
): SqliteRows {
  const rows = sqliteHeadRows(records, dataVersion);
  for (const l of LOCALES)
    for (const [position, t] of records.locales[l].terms.entries())
      rows.push(...sqliteTermRows(records, searchNames, l, t, position));
  return rows;
}

/**
 * A database being written at `file` (which must not exist), or in memory without one: insert(),
 * then finish() or close().
 */
export class SqliteFile {
  readonly #db: Database.Database;
  readonly #statements = new Map<SqliteTable, Database.Statement>();
  /** The locale of the terms rows inserted last: when the next one starts, the staged rows are copied. */
  #locale: SqliteValue | undefined;

  constructor(file?: string) {
    this.#db = new Database(file ?? ':memory:');
    try {
      for (const pragma of PRAGMAS) this.#db.pragma(pragma);
      this.#db.exec('BEGIN');
      this.#db.exec(SQLITE_TABLES);
      for (const table of KEY_ORDERED)
        this.#db.exec(`CREATE TEMP TABLE staged_${table} AS SELECT * FROM main.${table} WHERE 0`);
    } catch (error) {
      this.#db.close();
      throw error;
    }
  }

  insert(rows: SqliteRows): void {
    for (const [table, row] of rows) {
      // The first locale's rows are all in (the relations come with them alone): copied now, while
      // the second locale's rows are still being made, rather than all in the file's last step.
      if (table === 'terms' && row[0] !== this.#locale) {
        if (this.#locale !== undefined) this.#copyStaged();
        this.#locale = row[0];
      }
      this.#statement(table, row.length).run(row);
    }
  }

  /** Builds the full-text index, commits and closes: the file is complete (in memory: its bytes). */
  finish(): Uint8Array | undefined {
    try {
      this.#copyStaged();
      this.#db.exec(SQLITE_INDEXES);
      this.#db.exec("INSERT INTO terms_fts(terms_fts) VALUES ('rebuild')");
      this.#db.exec('COMMIT');
      if (!this.#db.memory) return undefined;
      const version = this.#db.prepare('SELECT sqlite_version()').pluck().get() as string;
      return asCommittedFile(this.#db.serialize(), version);
    } finally {
      this.#db.close();
    }
  }

  /** Closes without finishing (a failed build: the file is discarded). */
  close(): void {
    if (this.#db.open) this.#db.close();
  }

  /** The staged rows into their tables, sorted by each one's primary key (the schema's); the staging emptied. */
  #copyStaged(): void {
    for (const table of KEY_ORDERED) {
      const key = this.#db
        .prepare('SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk')
        .pluck()
        .all(table) as string[];
      this.#db.exec(`INSERT INTO main.${table} SELECT * FROM temp.staged_${table} ORDER BY ${key.join(', ')}`);
      this.#db.exec(`DELETE FROM temp.staged_${table}`);
    }
  }

  #statement(table: SqliteTable, columns: number): Database.Statement {
    let statement = this.#statements.get(table);
    if (!statement) {
      if (!TABLES.includes(table)) throw new Error(`SQLite dump: no table ${JSON.stringify(table)}`);
      const into = KEY_ORDERED.includes(table) ? `temp.staged_${table}` : `main.${table}`;
      statement = this.#db.prepare(`INSERT INTO ${into} VALUES (${Array(columns).fill('?').join(', ')})`);
      this.#statements.set(table, statement);
    }
    return statement;
  }
}

/**
 * What SQLite's pager writes into a file's header as it commits, and skips for a database in
 * memory: the change counter (one transaction), the number it is valid for (the same) and the
 * library's version (3.53.0 is 3053000). With them a database made in memory has the bytes of the
 * same database written to a file (a test compares the two).
 */
function asCommittedFile(bytes: Buffer, sqliteVersion: string): Uint8Array {
  const [major = 0, minor = 0, patch = 0] = sqliteVersion.split('.').map(Number);
  bytes.writeUInt32BE(1, 24);
  bytes.writeUInt32BE(1, 92);
  bytes.writeUInt32BE(major * 1_000_000 + minor * 1000 + patch, 96);
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The database of `rows` as bytes, made in memory: no file is written. */
export function sqliteBytes(rows: SqliteRows): Uint8Array {
  const db = new SqliteFile();
  try {
    db.insert(rows);
  } catch (error) {
    db.close();
    throw error;
  }
  return db.finish() as Uint8Array;
}

/** The database of `records` as bytes; `searchNames` saves recomputing what the list index computed. */
export function toSqlite(records: ApiRecords, dataVersion: string, searchNames?: TermSearchNames): Uint8Array {
  return sqliteBytes(sqliteRows(records, dataVersion, searchNames));
}
