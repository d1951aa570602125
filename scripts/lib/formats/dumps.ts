// The offline dumps: every term record the API serves, per locale and combined, as JSON,
// NDJSON and CSV (RFC 4180), one SQLite database holding both locales, and the terminology
// formats (SKOS as Turtle and JSON-LD, TBX-Basic, schema.org DefinedTermSet). Text dumps are
// streamed term by term while the build writes the term files, so no dump is ever held in
// memory whole; the manifest records every file's size and SHA-256.
// Names carry the data version, so a dump URL never changes content and caches forever; the
// last few versions stay published beside the current one (dump-history.ts).
import { DUMPS_DIR, MANIFEST_PATH } from '../../../src/contract/output-layout.ts';
import { LICENSE, LICENSE_SPDX, LICENSE_URL, LOCALES, type Locale } from '../../../src/contract/facts.ts';
import { DUMP_FORMATS, type DumpFile, type DumpVersion, type Manifest } from '../../../src/contract/dump-schemas.ts';
import type { Term } from '../../../src/contract/response-schemas.ts';
import { type Concept, conceptsOf } from './concepts.ts';
import type { SkosDumpFiles, SkosFormat } from './skos-files.ts';
import { type DumpFormat, type DumpLocale, dumpName } from './dump-names.ts';
import { CSV_BOM, CSV_COLUMNS, csvCells, csvLine, csvLocaleCell } from './csv-dump.ts';
import { type ApiRecords, detailsOf, type TermDetails } from '../publish/api-records.ts';
import {
  linkOrCopy,
  NO_PREVIOUS_DUMPS,
  type PreviousDumps,
  supersededVersions,
  verifiedFiles,
} from './dump-history.ts';
import { writeDefinedTermSet } from './schema-org.ts';
import { sqliteHeadRows } from './sqlite-dump.ts';
import { SqliteTermRowsInOrder } from './sqlite-term-rows.ts';
import { startSqliteDump, type SqliteJob } from './sqlite-thread.ts';
import { MIN_TERMS_FOR_THREAD } from './sqlite-thread-size.ts';
import type { TermSearchNames } from '../names/term-search-names.ts';
import { writeTbx } from './tbx.ts';
import type { OutputSink, StreamedFile } from '../publish/write-output.ts';
import { ReusedUtf8 } from '../publish/reused-utf8.ts';

export { DUMPS_DIR };

/** What the dumps carry beyond the API's record: the corpus's details, in a fixed key order. */
export function dumpDetails(details: TermDetails, locale: Locale) {
  return {
    termOriginalLang: details.termOriginalLang,
    aliases: details.aliases[locale],
    references: details.references,
    broader: details.broader,
  };
}

/** The terminology formats written here: whole-lexicon files written from the concepts after the terms. */
const TERMINOLOGY_FORMATS: readonly DumpFormat[] = ['tbx', 'schema-org-jsonld'];

interface Opened {
  locale: DumpLocale;
  format: DumpFormat;
  name: string;
  file: StreamedFile;
}

/**
 * Streams the text dumps while the build walks the terms: open, then term(), then finish(); the
 * SQLite dump is built meanwhile on a worker thread. Disposing of it ends that thread: `await
 * using`, so a build failing before finish() does not leave it running.
 */
export class DumpWriter {
  readonly #opened: Opened[] = [];
  readonly #entries: DumpFile[] = [];
  readonly #firstOfLocale = new Map<string, boolean>();
  /** `,"license":...,"attribution":...}` and a line feed: the end of every NDJSON line, so each line carries them. */
  #ndjsonEnd: Uint8Array = Buffer.from('}\n');
  #sqlite: { job: SqliteJob; rows: SqliteTermRowsInOrder } | undefined;
  /** Where the SQLite database is written until finish() adopts it into the output. */
  #sqliteFile = '';
  /** Each locale's terms so far: a term's position in its list. */
  readonly #position = new Map<Locale, number>();
  /** What the manifest counts, taken at open(): the records may be let go while the terms are written. */
  #counts: Manifest['counts'] = { en: 0, bg: 0, posts: 0, pillars: 0 };
  /** Whether writeTerminology() has run. */
  #terminologyWritten = false;
  /** Where a term's dump record, then its CSV record (once for both CSV dumps), is made: each write copies it. */
  readonly #encoded = new ReusedUtf8();

  private constructor(
    private readonly sink: OutputSink,
    private readonly records: ApiRecords,
    private readonly dataVersion: string,
  ) {}

  /** `searchNames`: the list index's, which the SQLite dump carries too. */
  static async open(
    sink: OutputSink,
    records: ApiRecords,
    dataVersion: string,
    searchNames: TermSearchNames,
  ): Promise<DumpWriter> {
    const writer = new DumpWriter(sink, records, dataVersion);
    writer.#counts = {
      en: records.locales.en.terms.length,
      bg: records.locales.bg.terms.length,
      posts: records.posts.length,
      pillars: records.pillars.data.length,
    };
    const ndjsonLicense = JSON.stringify({ license: LICENSE, attribution: records.attribution.required }).slice(1);
    writer.#ndjsonEnd = Buffer.from(`,${ndjsonLicense}\n`);
    const license = JSON.stringify({
      license: LICENSE,
      licenseSpdx: LICENSE_SPDX,
      licenseUrl: LICENSE_URL,
      attribution: records.attribution,
      dataVersion,
    }).slice(0, -1);
    for (const locale of [...LOCALES, 'all'] as const) {
      const json = await writer.#open(locale, 'json');
      await json.write(
        locale === 'all'
          ? `${license},"locales":${JSON.stringify(LOCALES)},"terms":{`
          : `${license},"locale":"${locale}","terms":[`,
      );
      await writer.#open(locale, 'ndjson');
      const csv = await writer.#open(locale, 'csv');
      await csv.write(CSV_BOM + csvLine(locale === 'all' ? ['locale', ...CSV_COLUMNS] : [...CSV_COLUMNS]));
    }
    // Started last: once open() has returned, the caller disposes of the writer, ending the thread.
    const terms = LOCALES.reduce((sum, locale) => sum + records.locales[locale].terms.length, 0);
    writer.#sqliteFile = sink.scratchFile(dumpName(dataVersion, 'all', 'sqlite'));
    const job = startSqliteDump(writer.#sqliteFile, { thread: terms >= MIN_TERMS_FOR_THREAD });
    const rows = new SqliteTermRowsInOrder(records, searchNames, { ...writer.#counts });
    writer.#sqlite = { job, rows };
    await job.add(sqliteHeadRows(records, dataVersion));
    // On a thread, the terms' rows go from now on, a few batches ahead of its inserts, while this thread
    // writes other files: its last steps (the full-text index) then overlap the term files, not follow them.
    job.feed(() => rows.next());
    return writer;
  }

  /** Tops the SQLite thread's feed up: for a caller writing other files, between two of them. */
  feedSqlite(): void {
    this.#sqlite?.job.topUp();
  }

  async #open(locale: DumpLocale, format: DumpFormat): Promise<StreamedFile> {
    const name = dumpName(this.dataVersion, locale, format);
    const file = await this.sink.stream(`${DUMPS_DIR}/${name}`);
    this.#opened.push({ locale, format, name, file });
    return file;
  }

  #openedAs(locale: DumpLocale, format: DumpFormat): Opened {
    const opened = this.#opened.find((o) => o.locale === locale && o.format === format);
    if (opened === undefined) throw new Error(`DumpWriter: the ${locale} ${format} dump is not open`);
    return opened;
  }

  #file(locale: DumpLocale, format: DumpFormat): StreamedFile {
    return this.#openedAs(locale, format).file;
  }

  /** Pieces written one after another to a dump (an empty string is skipped). */
  async #write(locale: DumpLocale, format: DumpFormat, ...pieces: (string | Uint8Array)[]): Promise<void> {
    const file = this.#file(locale, format);
    for (const piece of pieces) if (piece.length > 0) await file.write(piece);
  }

  /** The SQLite dump and its term rows, which open() starts. */
  #sqliteDump(): { job: SqliteJob; rows: SqliteTermRowsInOrder } {
    if (this.#sqlite) return this.#sqlite;
    throw new Error('DumpWriter: the SQLite dump was not started (use DumpWriter.open)');
  }

  /**
   * One term, in list order, locale after locale; `termJson` is JSON.stringify(term) as UTF-8,
   * copied at once (the caller's again). The record goes to four files as bytes: encoded once.
   */
  async term(locale: Locale, term: Term, termJson: Uint8Array): Promise<void> {
    const details = detailsOf(this.records, term.slug);
    // The API's record, then the details: `{...term, ...details}` without re-serialising the term.
    const json = this.#encoded.after(
      termJson.subarray(0, termJson.byteLength - 1),
      `,${JSON.stringify(dumpDetails(details, locale)).slice(1)}`,
    );
    // `{` and `}` are one byte each: the record's members are the bytes between them.
    const record = json.subarray(1, json.byteLength - 1);
    const first = !this.#firstOfLocale.has(locale);
    this.#firstOfLocale.set(locale, false);
    const allFirstLocale = locale === LOCALES[0];
    await this.#write(locale, 'json', first ? '' : ',', json);
    await this.#write('all', 'json', first ? `${allFirstLocale ? '' : '],'}"${locale}":[` : ',', json);
    await this.#write(locale, 'ndjson', '{', record, this.#ndjsonEnd);
    await this.#write('all', 'ndjson', `{"locale":"${locale}",`, record, this.#ndjsonEnd);
    const line = this.#encoded.encode(csvLine(csvCells(term, details, locale)));
    await this.#file(locale, 'csv').write(line);
    await this.#write('all', 'csv', csvLocaleCell(locale), line);
    const position = this.#position.get(locale) ?? 0;
    this.#position.set(locale, position + 1);
    const { job, rows } = this.#sqliteDump();
    await job.add(rows.through(locale, position));
    // The last rows: the full-text index is built now (on the thread, for a large corpus), while
    // this thread writes the list indexes, rather than at finish(), with nothing left to overlap.
    if (rows.done) void job.finish();
  }

  /**
   * Closes every dump, writes the SQLite database, publishes the earlier versions still kept
   * (byte for byte, from `previous`) and writes the manifest. `skos`: the SKOS dump, written with
   * the concept files (concept-rdf.ts), on the output thread or before this on this one.
   */
  async finish(
    builtAt: Date,
    skos: Promise<SkosDumpFiles>,
    previous: PreviousDumps = NO_PREVIOUS_DUMPS,
  ): Promise<Manifest> {
    for (const locale of LOCALES) await this.#file(locale, 'json').write(']}\n');
    await this.#file('all', 'json').write(this.#firstOfLocale.size > 0 ? ']}}\n' : '}}\n');
    for (const opened of this.#opened.filter((o) => !TERMINOLOGY_FORMATS.includes(o.format)))
      this.#entries.push(await this.#entry(opened));

    await this.writeTerminology();
    await this.#skosEntries(skos);

    await this.#sqliteDump().job.finish();
    const sqliteName = dumpName(this.dataVersion, 'all', 'sqlite');
    const sqliteFile = {
      name: sqliteName,
      path: `/${DUMPS_DIR}/${sqliteName}`,
      format: 'sqlite',
      locale: 'all',
    } as const;
    this.#entries.push({ ...sqliteFile, ...(await this.sink.adopt(`${DUMPS_DIR}/${sqliteName}`, this.#sqliteFile)) });

    const rank = (f: DumpFile) => [...LOCALES, 'all'].indexOf(f.locale) * 10 + DUMP_FORMATS.indexOf(f.format);
    const files = [...this.#entries].sort((a, b) => rank(a) - rank(b));
    const current = { dataVersion: this.dataVersion, builtAt: builtAt.toISOString() };
    const kept: DumpVersion[] = [];
    for (const version of supersededVersions(previous.versions, current)) {
      // A version with any file missing or changed is no longer published: never other bytes under its names.
      const found = verifiedFiles(version, previous);
      if (!found) continue;
      // Linked (or copied) into the scratch space and adopted from there: never read whole into memory.
      for (const [name, from] of found) {
        const scratch = this.sink.scratchFile(name);
        linkOrCopy(from, scratch);
        await this.sink.adopt(`${DUMPS_DIR}/${name}`, scratch);
      }
      kept.push(version);
    }
    const manifest: Manifest = {
      dataVersion: this.dataVersion,
      builtAt: builtAt.toISOString(),
      license: LICENSE,
      licenseUrl: LICENSE_URL,
      attribution: this.records.attribution,
      counts: this.#counts,
      files,
      versions: [{ ...current, status: 'current', files }, ...kept],
    };
    await this.sink.file(MANIFEST_PATH, `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  }

  /**
   * TBX and schema.org, whole, from both locales' records in slug order: before the terms' passes
   * (emit.ts), which may let the records go; finish() writes them if nothing did before. `given`:
   * the records' concepts (conceptsOf), when the caller has made them already.
   */
  async writeTerminology(given?: readonly Concept[]): Promise<void> {
    if (this.#terminologyWritten) return;
    this.#terminologyWritten = true;
    // Asked for only now: once written, the records may have been let go.
    const concepts = given ?? conceptsOf(this.records);
    await writeTbx(this.records, concepts, await this.#open('all', 'tbx'));
    await writeDefinedTermSet(this.records, this.dataVersion, concepts, await this.#open('all', 'schema-org-jsonld'));
    for (const format of TERMINOLOGY_FORMATS) this.#entries.push(await this.#entry(this.#openedAs('all', format)));
  }

  /** The SKOS files' entries, asked for last (another thread may write them). */
  async #skosEntries(skos: Promise<SkosDumpFiles>): Promise<void> {
    const written = await skos;
    for (const format of Object.keys(written) as SkosFormat[]) {
      const { name, bytes, sha256 } = written[format];
      this.#entries.push({ name, path: `/${DUMPS_DIR}/${name}`, format, locale: 'all', bytes, sha256 });
    }
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.#sqlite?.job.stop();
  }

  async #entry({ locale, format, name, file }: Opened): Promise<DumpFile> {
    const { bytes, sha256 } = await file.close();
    return { name, path: `/${DUMPS_DIR}/${name}`, format, locale, bytes, sha256 };
  }
}
