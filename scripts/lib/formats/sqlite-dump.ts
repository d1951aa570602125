// The SQLite dump: both locales in one database, through sql.js (SQLite compiled to WASM), with
// the API's search folding in a column and a full-text index, so `sqlite3` users can reproduce
// `q` and search definitions. Pure: records in, database bytes out, in two steps so the second
// can run on a worker thread (sqlite-thread.ts): records to rows, rows to the database.
import initSqlJs from 'sql.js';
import { LICENSE, LICENSE_SPDX, LICENSE_URL, LOCALES } from '../../../src/contract/facts.ts';
import { foldForSearch } from '../../../src/list/fold.ts';
import type { ApiRecords } from '../publish/derive.ts';
import { termSearchNames, type TermSearchNames } from '../names/term-search-names.ts';

// FTS4, not FTS5: sql.js is compiled without FTS5. `unicode61` folds case in every script and
// `remove_diacritics=2` removes accents, like the API's folding does for `q`.
// WITHOUT ROWID (every table but `terms`, whose rowid the full-text index joins on): a table
// whose key is most of its row is then stored once, in key order, not as rows plus an index of
// the key; the file is 8% smaller (bundled corpus) and written 5% faster. Larger pages are not
// used: they make files of a few long articles larger, and tiny corpora four times larger.
const SQLITE_SCHEMA = `
CREATE TABLE metadata (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE pillars (key TEXT PRIMARY KEY, label_en TEXT NOT NULL, label_bg TEXT NOT NULL, term_count INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE terms (
  locale TEXT NOT NULL, slug TEXT NOT NULL, position INTEGER NOT NULL,
  term TEXT NOT NULL, term_folded TEXT NOT NULL, definition TEXT NOT NULL, pillar TEXT NOT NULL REFERENCES pillars(key),
  tradition TEXT NOT NULL, etymology TEXT, pronunciation TEXT, term_original TEXT, term_original_lang TEXT,
  url TEXT NOT NULL, full_content TEXT NOT NULL,
  PRIMARY KEY (locale, slug)
);
CREATE INDEX terms_slug ON terms(slug);
CREATE INDEX terms_pillar ON terms(pillar);
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
CREATE INDEX broader_terms_broader ON broader_terms(broader_slug);
CREATE TABLE posts (locale TEXT NOT NULL, slug TEXT NOT NULL, title TEXT NOT NULL, url TEXT NOT NULL, date TEXT NOT NULL, PRIMARY KEY (locale, slug)) WITHOUT ROWID;
CREATE TABLE term_posts (term_slug TEXT NOT NULL, post_slug TEXT NOT NULL, position INTEGER NOT NULL, PRIMARY KEY (term_slug, post_slug)) WITHOUT ROWID;
CREATE INDEX term_posts_post ON term_posts(post_slug);
`;

type SqliteValue = string | number | null;

/** Every row of the dump by table, in insertion order: plain arrays, so they cross to a worker thread as they are. */
export interface SqliteRows {
  metadata: SqliteValue[][];
  pillars: SqliteValue[][];
  terms: SqliteValue[][];
  search_names: SqliteValue[][];
  aliases: SqliteValue[][];
  posts: SqliteValue[][];
  term_references: SqliteValue[][];
  related_terms: SqliteValue[][];
  broader_terms: SqliteValue[][];
  term_posts: SqliteValue[][];
}

/** The database of `records`; `searchNames` saves recomputing what the list index computed. */
export async function toSqlite(
  records: ApiRecords,
  dataVersion: string,
  searchNames: TermSearchNames = termSearchNames(records),
): Promise<Uint8Array> {
  return writeSqlite(sqliteRows(records, dataVersion, searchNames));
}

export function sqliteRows(
  records: ApiRecords,
  dataVersion: string,
  searchNames: TermSearchNames = termSearchNames(records),
): SqliteRows {
  const details = (slug: string) => records.details.get(slug)!;
  const perLocale = <T>(row: (locale: (typeof LOCALES)[number]) => T[]) => LOCALES.flatMap(row);
  // Relations and references are the same in both locales; the English records state them.
  const terms = records.locales.en.terms;
  return {
    metadata: [
      ['license', LICENSE],
      ['license_spdx', LICENSE_SPDX],
      ['license_url', LICENSE_URL],
      ['attribution_source', records.attribution.source],
      ['attribution_url', records.attribution.url],
      ['attribution_required', records.attribution.required],
      ['data_version', dataVersion],
      ['locales', LOCALES.join(',')],
    ],
    pillars: records.pillars.data.map((p) => [p.key, p.label.en, p.label.bg, p.count]),
    terms: perLocale((l) =>
      records.locales[l].terms.map((t, position) => [
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
        details(t.slug).termOriginalLang,
        t.url,
        t.fullContent,
      ]),
    ),
    search_names: perLocale((l) =>
      records.locales[l].terms.flatMap((t) => searchNames[l].get(t.slug)!.map((n) => [l, t.slug, n])),
    ),
    aliases: perLocale((l) =>
      records.locales[l].terms.flatMap((t) => details(t.slug).aliases[l].map((a, i) => [l, t.slug, i, a])),
    ),
    posts: perLocale((l) => records.posts.map((p) => [l, p.slug, p.title[l], p.url[l], p.date])),
    term_references: terms.flatMap((t) =>
      details(t.slug).references.map((r, i) => [t.slug, i, r.kind, r.author, r.title, r.year, r.locator ?? null]),
    ),
    related_terms: terms.flatMap((t) => t.relatedTerms.map((r, i) => [t.slug, r, i])),
    broader_terms: terms.flatMap((t) => details(t.slug).broader.map((b, i) => [t.slug, b, i])),
    term_posts: terms.flatMap((t) => t.relatedPosts.map((p, i) => [t.slug, p.slug, i])),
  };
}

/**
 * The database of `rows`. `release`: empty each table's rows once inserted (the caller's copy is
 * consumed), so they are garbage before the full-text index and the export, where the
 * database's memory peaks.
 */
export async function writeSqlite(rows: SqliteRows, options: { release?: boolean } = {}): Promise<Uint8Array> {
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  try {
    db.run(SQLITE_SCHEMA);
    db.run('BEGIN');
    for (const [table, tableRows] of Object.entries(rows) as [keyof SqliteRows, SqliteValue[][]][]) {
      if (tableRows.length === 0) continue;
      const statement = db.prepare(`INSERT INTO ${table} VALUES (${tableRows[0]!.map(() => '?').join(', ')})`);
      for (const row of tableRows) statement.run(row);
      statement.free();
      if (options.release) tableRows.length = 0;
    }
    db.run("INSERT INTO terms_fts(terms_fts) VALUES ('rebuild')");
    db.run('COMMIT');
    return db.export();
  } finally {
    db.close();
  }
}
