// The SQLite dump's schema (sqlite-dump.ts writes it): its tables, made before the rows, and its
// secondary indexes, made after them.

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
