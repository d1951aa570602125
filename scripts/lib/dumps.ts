// The offline dumps: every term record the API serves, per locale and combined, as JSON,
// NDJSON and CSV (RFC 4180), and one SQLite database holding both locales. Pure apart from
// loading the SQLite engine (WASM).
// Names carry the data version, so a dump URL never changes content and caches forever.
import { createHash } from 'node:crypto';
import { stringify as stringifyCsv } from 'csv-stringify/sync';
import initSqlJs from 'sql.js';
import { LICENSE, LICENSE_SPDX, LICENSE_URL, LOCALES, type Locale } from '../../src/contract.ts';
import type { DumpFile, Manifest, Term } from '../../src/schema.ts';
import type { ApiRecords } from './derive.ts';

export const DUMPS_DIR = 'dumps';
export type DumpLocale = Locale | 'all';
const DUMP_LOCALES: DumpLocale[] = [...LOCALES, 'all'];

export function dumpName(dataVersion: string, locale: DumpLocale, extension: string): string {
  return `lexicon-${dataVersion.slice(0, 12)}-${locale}.${extension}`;
}

/** The columns of the CSV dumps, in order. Arrays: see CSV_ARRAY_NOTE. */
export const CSV_COLUMNS = [
  'slug', 'term', 'definition', 'pillar', 'tradition', 'etymology', 'pronunciation', 'termOriginal',
  'relatedTerms', 'url', 'relatedPosts', 'fullContent',
] as const;
export const CSV_ARRAY_NOTE =
  'relatedTerms: slugs separated by single spaces; relatedPosts: a JSON array of {title, slug, url}; an empty cell is null.';

interface LicenseBlock {
  license: string;
  licenseSpdx: string;
  licenseUrl: string;
  attribution: ApiRecords['attribution'];
  dataVersion: string;
}

export interface DumpOutputs {
  files: Map<string, Uint8Array>;
  manifest: Manifest;
}

export async function emitDumps(records: ApiRecords, dataVersion: string, builtAt: Date): Promise<DumpOutputs> {
  const licenseBlock: LicenseBlock = {
    license: LICENSE,
    licenseSpdx: LICENSE_SPDX,
    licenseUrl: LICENSE_URL,
    attribution: records.attribution,
    dataVersion,
  };
  const termsOf = (locale: DumpLocale): { locale: Locale; term: Term }[] =>
    (locale === 'all' ? LOCALES : [locale]).flatMap((l) => records.locales[l].terms.map((term) => ({ locale: l, term })));
  const encoder = new TextEncoder();
  const SQL = await initSqlJs();

  const files = new Map<string, Uint8Array>();
  const entries: DumpFile[] = [];
  const add = (locale: DumpLocale, format: DumpFile['format'], extension: string, bytes: Uint8Array) => {
    const name = dumpName(dataVersion, locale, extension);
    files.set(`${DUMPS_DIR}/${name}`, bytes);
    entries.push({
      name,
      path: `/${DUMPS_DIR}/${name}`,
      format,
      locale,
      bytes: bytes.byteLength,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
  };

  for (const locale of DUMP_LOCALES) {
    const rows = termsOf(locale);
    const json =
      locale === 'all'
        ? { ...licenseBlock, locales: [...LOCALES], terms: Object.fromEntries(LOCALES.map((l) => [l, records.locales[l].terms])) }
        : { ...licenseBlock, locale, terms: records.locales[locale].terms };
    add(locale, 'json', 'json', encoder.encode(`${JSON.stringify(json)}\n`));
    add(
      locale,
      'ndjson',
      'ndjson',
      encoder.encode(rows.map(({ locale: l, term }) => `${JSON.stringify(locale === 'all' ? { locale: l, ...term } : term)}\n`).join('')),
    );
    add(locale, 'csv', 'csv', encoder.encode(toCsv(rows, locale === 'all')));
  }
  // One database serves both locales: every table that varies by language has a locale column.
  add('all', 'sqlite', 'sqlite', toSqlite(SQL, records, licenseBlock));

  const manifest: Manifest = {
    dataVersion,
    builtAt: builtAt.toISOString(),
    license: LICENSE,
    licenseUrl: LICENSE_URL,
    attribution: records.attribution,
    counts: {
      en: records.locales.en.terms.length,
      bg: records.locales.bg.terms.length,
      posts: records.posts.length,
      pillars: records.pillars.data.length,
    },
    files: entries,
  };
  files.set(`${DUMPS_DIR}/manifest.json`, encoder.encode(`${JSON.stringify(manifest, null, 2)}\n`));
  return { files, manifest };
}

function toCsv(rows: { locale: Locale; term: Term }[], withLocale: boolean): string {
  const columns = withLocale ? ['locale', ...CSV_COLUMNS] : [...CSV_COLUMNS];
  const records = rows.map(({ locale, term }) => {
    const cells: Record<string, string> = {
      locale,
      slug: term.slug,
      term: term.term,
      definition: term.definition,
      pillar: term.pillar,
      tradition: term.tradition,
      etymology: term.etymology ?? '',
      pronunciation: term.pronunciation ?? '',
      termOriginal: term.termOriginal ?? '',
      relatedTerms: term.relatedTerms.join(' '),
      url: term.url,
      relatedPosts: JSON.stringify(term.relatedPosts),
      fullContent: term.fullContent,
    };
    return columns.map((column) => cells[column]!);
  });
  // RFC 4180: CRLF between records, a header row, quotes where a cell needs them.
  return stringifyCsv([columns, ...records], { record_delimiter: 'windows' });
}

const SQLITE_SCHEMA = `
CREATE TABLE metadata (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE pillars (key TEXT PRIMARY KEY, label_en TEXT NOT NULL, label_bg TEXT NOT NULL, term_count INTEGER NOT NULL);
CREATE TABLE terms (
  locale TEXT NOT NULL, slug TEXT NOT NULL, position INTEGER NOT NULL,
  term TEXT NOT NULL, definition TEXT NOT NULL, pillar TEXT NOT NULL REFERENCES pillars(key),
  tradition TEXT NOT NULL, etymology TEXT, pronunciation TEXT, term_original TEXT,
  url TEXT NOT NULL, full_content TEXT NOT NULL,
  PRIMARY KEY (locale, slug)
);
CREATE INDEX terms_slug ON terms(slug);
CREATE INDEX terms_pillar ON terms(pillar);
CREATE TABLE related_terms (slug TEXT NOT NULL, related_slug TEXT NOT NULL, position INTEGER NOT NULL, PRIMARY KEY (slug, related_slug));
CREATE TABLE posts (locale TEXT NOT NULL, slug TEXT NOT NULL, title TEXT NOT NULL, url TEXT NOT NULL, date TEXT NOT NULL, PRIMARY KEY (locale, slug));
CREATE TABLE term_posts (term_slug TEXT NOT NULL, post_slug TEXT NOT NULL, position INTEGER NOT NULL, PRIMARY KEY (term_slug, post_slug));
CREATE INDEX term_posts_post ON term_posts(post_slug);
`;

type SqlJs = Awaited<ReturnType<typeof initSqlJs>>;

function toSqlite(SQL: SqlJs, records: ApiRecords, license: LicenseBlock): Uint8Array {
  const db = new SQL.Database();
  try {
    db.run(SQLITE_SCHEMA);
    db.run('BEGIN');
    const insert = (sql: string, rows: (string | number | null)[][]) => {
      const statement = db.prepare(sql);
      for (const row of rows) statement.run(row);
      statement.free();
    };
    insert('INSERT INTO metadata VALUES (?, ?)', [
      ['license', license.license],
      ['license_spdx', license.licenseSpdx],
      ['license_url', license.licenseUrl],
      ['attribution_source', license.attribution.source],
      ['attribution_url', license.attribution.url],
      ['attribution_required', license.attribution.required],
      ['data_version', license.dataVersion],
      ['locales', LOCALES.join(',')],
    ]);
    insert('INSERT INTO pillars VALUES (?, ?, ?, ?)', records.pillars.data.map((p) => [p.key, p.label.en, p.label.bg, p.count]));
    for (const l of LOCALES) {
      insert(
        'INSERT INTO terms VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
        records.locales[l].terms.map((t, position) => [
          l, t.slug, position, t.term, t.definition, t.pillar, t.tradition, t.etymology, t.pronunciation, t.termOriginal, t.url, t.fullContent,
        ]),
      );
      insert('INSERT INTO posts VALUES (?, ?, ?, ?, ?)', records.posts.map((p) => [l, p.slug, p.title[l], p.url[l], p.date]));
    }
    // Relations are the same in both locales; the English records state them.
    const terms = records.locales.en.terms;
    insert('INSERT INTO related_terms VALUES (?, ?, ?)', terms.flatMap((t) => t.relatedTerms.map((r, i) => [t.slug, r, i])));
    insert('INSERT INTO term_posts VALUES (?, ?, ?)', terms.flatMap((t) => t.relatedPosts.map((p, i) => [t.slug, p.slug, i])));
    db.run('COMMIT');
    return db.export();
  } finally {
    db.close();
  }
}
