// The offline dumps: every term record the API serves, per locale and combined, as JSON,
// NDJSON and CSV (RFC 4180), and one SQLite database holding both locales. Text dumps are
// streamed term by term while the build writes the term files, so no dump is ever held in
// memory whole; the manifest records every file's size and SHA-256.
// Names carry the data version, so a dump URL never changes content and caches forever.
import { stringify as stringifyCsv } from 'csv-stringify/sync';
import initSqlJs from 'sql.js';
import { LICENSE, LICENSE_SPDX, LICENSE_URL, LOCALES, type Locale } from '../../src/contract.ts';
import { DUMP_FORMATS, type DumpFile, type Manifest, type Term } from '../../src/schema.ts';
import type { ApiRecords } from './derive.ts';
import type { OutputSink, StreamedFile } from './write-output.ts';

export const DUMPS_DIR = 'dumps';
export type DumpLocale = Locale | 'all';

export function dumpName(dataVersion: string, locale: DumpLocale, extension: string): string {
  return `lexicon-${dataVersion}-${locale}.${extension}`;
}

/** The columns of the CSV dumps, in order. */
export const CSV_COLUMNS = [
  'slug', 'term', 'definition', 'pillar', 'tradition', 'etymology', 'pronunciation', 'termOriginal',
  'relatedTerms', 'url', 'relatedPosts', 'fullContent',
] as const;
// RFC 4180: CRLF after every record, quotes where a cell needs them.
const csvLine = (cells: string[]) => stringifyCsv([cells], { record_delimiter: 'windows' });

function csvCells(term: Term): string[] {
  return [
    term.slug, term.term, term.definition, term.pillar, term.tradition,
    term.etymology ?? '', term.pronunciation ?? '', term.termOriginal ?? '',
    term.relatedTerms.join(' '), term.url, JSON.stringify(term.relatedPosts), term.fullContent,
  ];
}

interface Opened {
  locale: DumpLocale;
  format: DumpFile['format'];
  name: string;
  file: StreamedFile;
}

/** Streams the text dumps while the build walks the terms: open, then term(), then finish(). */
export class DumpWriter {
  readonly #opened: Opened[] = [];
  readonly #entries: DumpFile[] = [];
  readonly #firstOfLocale = new Map<string, boolean>();

  private constructor(
    private readonly sink: OutputSink,
    private readonly records: ApiRecords,
    private readonly dataVersion: string,
  ) {}

  static async open(sink: OutputSink, records: ApiRecords, dataVersion: string): Promise<DumpWriter> {
    const writer = new DumpWriter(sink, records, dataVersion);
    const license = JSON.stringify({
      license: LICENSE,
      licenseSpdx: LICENSE_SPDX,
      licenseUrl: LICENSE_URL,
      attribution: records.attribution,
      dataVersion,
    }).slice(0, -1);
    for (const locale of [...LOCALES, 'all'] as const) {
      const json = await writer.#open(locale, 'json', 'json');
      await json.write(locale === 'all' ? `${license},"locales":${JSON.stringify(LOCALES)},"terms":{` : `${license},"locale":"${locale}","terms":[`);
      await writer.#open(locale, 'ndjson', 'ndjson');
      const csv = await writer.#open(locale, 'csv', 'csv');
      await csv.write(csvLine(locale === 'all' ? ['locale', ...CSV_COLUMNS] : [...CSV_COLUMNS]));
    }
    return writer;
  }

  async #open(locale: DumpLocale, format: DumpFile['format'], extension: string): Promise<StreamedFile> {
    const name = dumpName(this.dataVersion, locale, extension);
    const file = await this.sink.stream(`${DUMPS_DIR}/${name}`);
    this.#opened.push({ locale, format, name, file });
    return file;
  }

  #file(locale: DumpLocale, format: DumpFile['format']): StreamedFile {
    return this.#opened.find((o) => o.locale === locale && o.format === format)!.file;
  }

  /** One term, in list order, locale after locale; `json` is JSON.stringify(term). */
  async term(locale: Locale, term: Term, json: string): Promise<void> {
    const first = !this.#firstOfLocale.has(locale);
    this.#firstOfLocale.set(locale, false);
    const allFirstLocale = locale === LOCALES[0];
    await this.#file(locale, 'json').write(first ? json : `,${json}`);
    await this.#file('all', 'json').write(first ? `${allFirstLocale ? '' : '],'}"${locale}":[${json}` : `,${json}`);
    await this.#file(locale, 'ndjson').write(`${json}\n`);
    await this.#file('all', 'ndjson').write(`{"locale":"${locale}",${json.slice(1)}\n`);
    const cells = csvCells(term);
    await this.#file(locale, 'csv').write(csvLine(cells));
    await this.#file('all', 'csv').write(csvLine([locale, ...cells]));
  }

  /** Closes every dump, writes the SQLite database and the manifest. */
  async finish(builtAt: Date): Promise<Manifest> {
    for (const locale of LOCALES) await this.#file(locale, 'json').write(']}\n');
    await this.#file('all', 'json').write(this.#firstOfLocale.size > 0 ? ']}}\n' : '}}\n');
    for (const opened of this.#opened) this.#entries.push(await this.#entry(opened));

    const sqlite = await this.#open('all', 'sqlite', 'sqlite');
    await sqlite.write(await toSqlite(this.records, this.dataVersion));
    this.#entries.push(await this.#entry(this.#opened.at(-1)!));

    const rank = (f: DumpFile) => [...LOCALES, 'all'].indexOf(f.locale) * 10 + DUMP_FORMATS.indexOf(f.format);
    const manifest: Manifest = {
      dataVersion: this.dataVersion,
      builtAt: builtAt.toISOString(),
      license: LICENSE,
      licenseUrl: LICENSE_URL,
      attribution: this.records.attribution,
      counts: {
        en: this.records.locales.en.terms.length,
        bg: this.records.locales.bg.terms.length,
        posts: this.records.posts.length,
        pillars: this.records.pillars.data.length,
      },
      files: [...this.#entries].sort((a, b) => rank(a) - rank(b)),
    };
    await this.sink.file(`${DUMPS_DIR}/manifest.json`, `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  }

  async #entry({ locale, format, name, file }: Opened): Promise<DumpFile> {
    const { bytes, sha256 } = await file.close();
    return { name, path: `/${DUMPS_DIR}/${name}`, format, locale, bytes, sha256 };
  }
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

async function toSqlite(records: ApiRecords, dataVersion: string): Promise<Uint8Array> {
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  try {
    db.run(SQLITE_SCHEMA);
    db.run('BEGIN');
    const insert = (sql: string, rows: Iterable<(string | number | null)[]>) => {
      const statement = db.prepare(sql);
      for (const row of rows) statement.run(row);
      statement.free();
    };
    insert('INSERT INTO metadata VALUES (?, ?)', [
      ['license', LICENSE],
      ['license_spdx', LICENSE_SPDX],
      ['license_url', LICENSE_URL],
      ['attribution_source', records.attribution.source],
      ['attribution_url', records.attribution.url],
      ['attribution_required', records.attribution.required],
      ['data_version', dataVersion],
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
