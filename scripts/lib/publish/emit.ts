// API records -> every file of dist/, written to an OutputSink as they are produced: one
// pass over the terms writes the term files, feeds the dumps and collects the list index.
import {
  API_ROOT,
  DOCS_PATH,
  LOCALES,
  type Locale,
  OPENAPI_PATH,
  SCHEMAS_PATH,
  termFilePath,
} from '../../../src/contract/facts.ts';
import type { Manifest } from '../../../src/contract/dump-schemas.ts';
import { HEADERS_FILE, REDIRECTS_FILE, SITE_FACTS_PATH } from '../../../src/contract/output-layout.ts';
import type { Term, VocabularyResponse } from '../../../src/contract/response-schemas.ts';
import { VOCABULARIES, VOCABULARY_NAMES } from '../../../src/contract/vocabularies.ts';
import { encodeSiteFacts } from '../../../src/site-facts.ts';
import { FILE_REWRITES, headersFileRules, renderHeadersFile, renderRedirectsFile } from './deploy-files.ts';
import type { ApiRecords } from './api-records.ts';
import { renderDocsPage } from '../docs-page/index.ts';
import type { SkosDumpFiles } from '../formats/skos-files.ts';
import type { PreviousDumps } from '../formats/dump-history.ts';
import { DumpWriter } from '../formats/dumps.ts';
import { buildOpenApiDocument, jsonSchemaDocument, SCHEMA_FILES } from '../formats/openapi.ts';
import { searchNamesOf, termSearchNames, type TermSearchNames } from '../names/term-search-names.ts';
import { vocabularyEntries, vocabularyValues } from './vocabulary-files.ts';
import type { OutputSink } from './write-output.ts';
import type { BuildTimings } from './build-timings.ts';
import { writeConceptFormats } from './concept-formats.ts';
import { type ListIndexEntry, listEntry, writeListIndex } from './list-index-file.ts';
import { ReusedUtf8 } from './reused-utf8.ts';

const apiFile = (sitePath: string) => sitePath.replace(/^\//, '');

// What the edit loop (edit-outputs.ts) writes again for a changed term, declared once for it and
// for the full build.

/** A term's file in the output, relative to its root. */
export const termFile = (locale: Locale, slug: string) => apiFile(termFilePath(locale, slug));

/** What comes before a single-term response's record, and after it (the attribution). */
const termFileHead = '{"data":';
const termFileTail = (attributionJson: string) => `,"attribution":${attributionJson}}`;

/** The single-term response: the record (already JSON) and the attribution. */
export const termFileContent = (termJson: string, attributionJson: string) =>
  termFileHead + termJson + termFileTail(attributionJson);

/**
 * termFileContent as UTF-8, and the record's bytes within it (the dumps'), encoded into one buffer
 * used again for the next term (the build's term files): the sink has taken a file's bytes once
 * its file() resolves, and DumpWriter.term copies the record's at once. A buffer per record and
 * another per file (Buffer.concat) were two allocations and a copy per term.
 */
function termFileEncoder(attributionJson: string): (term: Term) => { file: Uint8Array; json: Uint8Array } {
  const head = Buffer.from(termFileHead);
  const tail = Buffer.from(termFileTail(attributionJson));
  const reused = new ReusedUtf8();
  return (term) => {
    const file = reused.framed(head, JSON.stringify(term), tail);
    return { file, json: file.subarray(head.byteLength, file.byteLength - tail.byteLength) };
  };
}

/** The build's site-wide facts (src/site-facts.ts), written before the list indexes. */
export async function writeSiteFacts(records: ApiRecords, dataVersion: string, sink: OutputSink): Promise<void> {
  const docsUrl = records.siteUrl + DOCS_PATH;
  await sink.file(SITE_FACTS_PATH, encodeSiteFacts({ docsUrl, attribution: records.attribution, dataVersion }));
}

/** The files that describe the vocabularies with their counts (pillars.json, traditions.json). */
export async function writeVocabularyFiles(records: ApiRecords, sink: OutputSink): Promise<void> {
  const entries = vocabularyEntries(records);
  for (const name of VOCABULARY_NAMES) {
    const file: VocabularyResponse = { data: entries[name], attribution: records.attribution };
    await sink.file(apiFile(VOCABULARIES[name].path), JSON.stringify(file));
  }
}

/** What emitSite needs besides the records. */
export interface EmitOptions {
  source: string;
  dataVersion: string;
  builtAt: Date;
  rateLimitPerHour: number;
  /**
   * Computed here when not given. Each locale's map is emptied once that locale's term files,
   * dump records and list index are written: nothing reads them after.
   */
  searchNames?: TermSearchNames;
  /** Earlier builds' dumps, the last few of which stay published (dump-history.ts). */
  previousDumps?: PreviousDumps;
  /** Spans of the build (--timings): each step below is one. */
  timings?: BuildTimings;
  /**
   * The concept files and the SKOS dump are written elsewhere (the build's output thread:
   * output-thread.ts), which hands back this: what the manifest records of the SKOS files.
   */
  skosElsewhere?: Promise<SkosDumpFiles>;
  /**
   * The records are the build's own and are let go as they are written (releaseRecords below):
   * a locale's list reads as an error once its pass is done. The edit loop and the tests keep
   * theirs (the default).
   */
  releaseRecords?: boolean;
  /**
   * The dumps, opened by the caller (write-site.ts: before the site pages, so that the SQLite thread
   * has the terms' rows while they are written); ended here as if opened here. Default: opened here.
   */
  dumps?: DumpWriter;
}

/**
 * Every file of the API (the pages are emitPages'), step after step; the dumps' manifest. What
 * reads both locales' records (the concept files, the SKOS, TBX and schema.org dumps, the counts,
 * the docs page's example) comes first; then each locale's pass in list order, the last reader
 * of its records: with `releaseRecords` a record is let go as soon as its files are written.
 */
export async function emitSite(records: ApiRecords, options: EmitOptions, sink: OutputSink): Promise<Manifest> {
  const { dataVersion, timings } = options;
  const searchNames = options.searchNames ?? termSearchNames(records);
  // Counted once and kept (vocabulary-files.ts): every list index and the OpenAPI ask again later.
  vocabularyEntries(records);
  const docsPage = docsPageFacts(records);
  await using dumps = options.dumps ?? (await DumpWriter.open(sink, records, dataVersion, searchNames));
  await writeSiteFacts(records, dataVersion, sink);
  const { skos } = await writeConceptFormats(records, options, dumps, sink);
  for (const locale of LOCALES) await writeLocale(records, locale, { ...options, searchNames }, dumps, sink);
  await writeVocabularyFiles(records, sink);
  const manifest = await dumps.finish(options.builtAt, skos, options.previousDumps);
  timings?.lap('dumps: SQLite, manifest');
  const openapiVersion = await writeApiDescription(records, options, sink);
  await writeDocsPage(docsPage, manifest, openapiVersion, options.rateLimitPerHour, sink);
  await sink.file(HEADERS_FILE, renderHeadersFile(headersFileRules(options.rateLimitPerHour)));
  await sink.file(REDIRECTS_FILE, renderRedirectsFile(FILE_REWRITES));
  timings?.lap('OpenAPI, schemas, docs page, deploy files');
  return manifest;
}

/**
 * A locale's term files and dump records, then its list index. A function of its own so that its
 * list index entries are garbage once the index is written; the locale's search names are too
 * (this is their last reader): at 100,000 terms each is over 100 MB.
 */
async function writeLocale(
  records: ApiRecords,
  locale: Locale,
  options: EmitOptions & { searchNames: TermSearchNames },
  dumps: DumpWriter,
  sink: OutputSink,
): Promise<void> {
  const { dataVersion, searchNames, timings } = options;
  const release = options.releaseRecords === true;
  const lastPass = locale === LOCALES[LOCALES.length - 1];
  const entries = await writeTermFiles(records, locale, searchNames, dumps, sink, { release, lastPass });
  if (release) releaseLocale(records, locale);
  timings?.lap('term files and dump records');
  searchNames[locale].clear();
  await writeListIndex(records, locale, dataVersion, entries, sink);
  timings?.lap('list indexes');
}

/**
 * A locale's term files, each term fed to the dumps as it goes; its list index entries, in list
 * order. `release`: each record is dropped from its list once written, and in the last locale's
 * pass the term's details too (nothing reads them after).
 */
async function writeTermFiles(
  records: ApiRecords,
  locale: Locale,
  searchNames: TermSearchNames,
  dumps: DumpWriter,
  sink: OutputSink,
  { release, lastPass }: { release: boolean; lastPass: boolean },
): Promise<ListIndexEntry[]> {
  const encoded = termFileEncoder(JSON.stringify(records.attribution));
  const entries: ListIndexEntry[] = [];
  const terms = records.locales[locale].terms;
  for (const [position, term] of terms.entries()) {
    // Encoded once for the term file and the four JSON dumps that carry it (a copy is cheaper).
    const { file, json } = encoded(term);
    await sink.file(termFile(locale, term.slug), file);
    await dumps.term(locale, term, json);
    entries.push(listEntry(term, searchNamesOf(searchNames, locale, term.slug), json));
    if (!release) continue;
    terms[position] = RELEASED;
    if (lastPass) records.details.delete(term.slug);
  }
  return entries;
}

/** What a released record's place in its list holds until the pass ends (never read: the pass has passed it). */
const RELEASED = undefined as unknown as Term;

/** After a locale's pass with releaseRecords: its list is gone, and reading it is a mistake that says so. */
function releaseLocale(records: ApiRecords, locale: Locale): void {
  Object.defineProperty(records.locales[locale], 'terms', {
    get() {
      throw new Error(`the ${locale} records were let go once written (emitSite releaseRecords)`);
    },
  });
}

/** The OpenAPI document and the JSON Schemas it refers to; the API's version, for the docs page. */
async function writeApiDescription(
  records: ApiRecords,
  options: Pick<EmitOptions, 'source' | 'rateLimitPerHour' | 'dataVersion'>,
  sink: OutputSink,
): Promise<string> {
  const openapi = buildOpenApiDocument({
    siteUrl: records.siteUrl,
    source: options.source,
    vocabularies: vocabularyValues(vocabularyEntries(records)),
    rateLimitPerHour: options.rateLimitPerHour,
    dataVersion: options.dataVersion,
  });
  await sink.file(apiFile(OPENAPI_PATH), `${JSON.stringify(openapi, null, 2)}\n`);
  for (const [name, schema] of Object.entries(SCHEMA_FILES)) {
    const id = `${records.siteUrl}${SCHEMAS_PATH}/${name}`;
    await sink.file(apiFile(`${SCHEMAS_PATH}/${name}`), `${JSON.stringify(jsonSchemaDocument(schema, id), null, 2)}\n`);
  }
  return String((openapi.info as { version: string }).version);
}

/** What the docs page takes from the records: worked out before the passes let them go. */
interface DocsPageFacts {
  vocabularies: ReturnType<typeof vocabularyEntries>;
  exampleSlug: string;
  counts: Record<Locale, number>;
}

/** Its runnable examples use a term with related posts, so they show every field. */
function docsPageFacts(records: ApiRecords): DocsPageFacts {
  const terms = records.locales.en.terms;
  const example = terms.find((t) => t.slug === 'sophia') ?? terms.find((t) => t.relatedPosts.length > 0) ?? terms[0];
  return {
    vocabularies: vocabularyEntries(records),
    exampleSlug: example?.slug ?? '',
    counts: { en: records.locales.en.terms.length, bg: records.locales.bg.terms.length },
  };
}

/** The API's documentation page. */
async function writeDocsPage(
  facts: DocsPageFacts,
  manifest: Manifest,
  openapiVersion: string,
  rateLimitPerHour: number,
  sink: OutputSink,
): Promise<void> {
  await sink.file(
    apiFile(`${API_ROOT}/index.html`),
    renderDocsPage({ openapiVersion, manifest, rateLimitPerHour, ...facts }),
  );
}
