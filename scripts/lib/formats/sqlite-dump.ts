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
import { heldUntilExit } from './sqlite-held.ts';
import { SQLITE_INDEXES, SQLITE_TABLES } from './sqlite-schema.ts';

// Pages kept in memory before they are written: 64 MiB, whatever the corpus size.
const MAIN_CACHE = 'main.cache_size = -65536';
/**
 * The staging tables' pages kept in memory, and the sort's memory while they are copied: 4 MiB
 * (KiB, negative as SQLite takes it); beyond it they go to SQLite's temporary files, not the heap.
 */
const STAGING_CACHE_KIB = -4096;
/** Set before the schema: what the bytes of the file depend on besides its rows (see the top). */
export const SQLITE_PRAGMAS = [
  'page_size = 4096',
  'encoding = "UTF-8"',
  'journal_mode = OFF',
  'synchronous = OFF',
  'locking_mode = EXCLUSIVE',
  'secure_delete = ON',
  MAIN_CACHE,
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
    // Held, like every statement made here: none may be garbage collected (sqlite-held.ts). The
    // pragmas go through exec(), which makes no statement object (pragma() makes one a call).
    this.#db = heldUntilExit(new Database(file ?? ':memory:'));
    try {
      for (const pragma of SQLITE_PRAGMAS) this.#db.exec(`PRAGMA ${pragma}`);
      this.#db.exec('BEGIN');
      this.#db.exec(SQLITE_TABLES);
      for (const table of KEY_ORDERED)
        this.#db.exec(`CREATE TEMP TABLE staged_${table} AS SELECT * FROM main.${table} WHERE 0`);
      this.#db.exec(`PRAGMA temp.cache_size = ${STAGING_CACHE_KIB}`);
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
      const version = this.#prepare('SELECT sqlite_version()').pluck().get() as string;
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
    // The sort of an ORDER BY keeps up to the main cache's size in memory before it spills to a
    // temporary file: held to the staging's cache size while it runs.
    this.#db.exec(`PRAGMA main.cache_size = ${STAGING_CACHE_KIB}`);
    for (const table of KEY_ORDERED) {
      const key = this.#prepare('SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk')
        .pluck()
        .all(table) as string[];
      this.#db.exec(`INSERT INTO main.${table} SELECT * FROM temp.staged_${table} ORDER BY ${key.join(', ')}`);
      this.#db.exec(`DELETE FROM temp.staged_${table}`);
    }
    this.#db.exec(`PRAGMA ${MAIN_CACHE}`);
  }

  #prepare(sql: string): Database.Statement {
    return heldUntilExit(this.#db.prepare(sql));
  }

  #statement(table: SqliteTable, columns: number): Database.Statement {
    let statement = this.#statements.get(table);
    if (!statement) {
      if (!TABLES.includes(table)) throw new Error(`SQLite dump: no table ${JSON.stringify(table)}`);
      const into = KEY_ORDERED.includes(table) ? `temp.staged_${table}` : `main.${table}`;
      statement = this.#prepare(`INSERT INTO ${into} VALUES (${Array(columns).fill('?').join(', ')})`);
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
