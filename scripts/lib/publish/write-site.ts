// A prepared build's output, written atomically (write-output.ts): the API's files and the dumps
// (emit.ts) on this thread and, on the output thread when there is one (output-thread.ts), the
// site pages, the concept files and the SKOS dump at the same time; without it, all of it here.
// This thread's small files are created by the file writer thread (file-writer.ts) where it pays.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ManifestSchema } from '../../../src/contract/dump-schemas.ts';
import { LOCALES } from '../../../src/contract/facts.ts';
import { DATA_DIR } from '../../../src/contract/output-layout.ts';
import { DEPLOYED_GRANTS_FILE, type PublicGrant } from '../../../src/limits/grants.ts';
import { DEFAULT_REQUESTS_PER_HOUR } from '../../../src/limits/rate-limit.ts';
import { loadPreviousDumps } from '../formats/dump-history.ts';
import { DUMPS_DIR, DumpWriter } from '../formats/dumps.ts';
import type { TermSearchNames } from '../names/term-search-names.ts';
import type { PagesConfig } from '../pages/site-pages.ts';
import type { BuildTimings } from './build-timings.ts';
import type { ApiRecords } from './api-records.ts';
import { emitSite } from './emit.ts';
import { contentReadWhenAsked } from './full-content.ts';
import { fileWriterPays, withFileWriter } from './file-writer.ts';
import type { OutputSink } from './output-sink.ts';
import type { OutputRun, OutputThread } from './output-thread.ts';
import type { StagingSink } from './staging-sink.ts';
import { writeAtomically, type WriteOptions, type WriteSummary } from './write-output.ts';

/** What the output is written from (build-site.ts: Prepared); the records are let go while it is written. */
export interface SiteOutput {
  records: ApiRecords;
  searchNames: TermSearchNames;
  source: string;
  dataVersion: string;
  /** What the pages are made from; none when another site serves them. */
  pages?: PagesConfig;
}

/** The options of a build (build-site.ts: BuildOptions) that writing the output reads. */
export interface WriteSiteOptions {
  outDir: string;
  builtAt?: Date;
  rateLimitPerHour?: number;
  grants?: PublicGrant[];
  onProgress?: (written: number) => void;
  cacheDir?: string;
  write?: WriteOptions;
  timings?: BuildTimings;
  /** Whether the files are created on the file writer thread (file-writer.ts); default: fileWriterPays(). */
  fileWriter?: boolean;
  /** Replaces the file writer thread's module (tests). */
  fileWriterWorker?: string;
}

/**
 * Writes and publishes the output; how many pages it has. The thread is stopped before this
 * returns or throws: a failed build's staging folder is removed only once nothing writes into it.
 */
export async function writeSite(
  prepared: SiteOutput,
  options: WriteSiteOptions,
  thread: OutputThread | undefined,
): Promise<{ summary: WriteSummary; pages: number }> {
  // Texts read from disk when asked for (a very large corpus) would all be read into the copy.
  const offload = thread && !prepared.records.locales.en.terms.some(contentReadWhenAsked) ? thread : undefined;
  if (thread && !offload) await thread.stop();
  let pages = 0;
  try {
    const summary = await writeAtomically(
      options.outDir,
      async (staging) => {
        pages = await produce(prepared, options, staging, offload);
      },
      options.onProgress,
      options.write,
    );
    return { summary, pages };
  } finally {
    await offload?.stop();
  }
}

async function produce(
  prepared: SiteOutput,
  options: WriteSiteOptions,
  staging: StagingSink,
  thread: OutputThread | undefined,
): Promise<number> {
  const { records, dataVersion, pages } = prepared;
  const { timings } = options;
  // Sent first: the thread writes while this one does.
  const job = thread?.run({ staging: staging.shared(), records, dataVersion, pages });
  const offloaded = job?.done;
  // A job given up on (this thread failed first) is not reported as unhandled as well.
  offloaded?.catch(() => undefined);
  try {
    let count: number;
    const terms = LOCALES.reduce((sum, locale) => sum + records.locales[locale].terms.length, 0);
    if (options.fileWriter ?? fileWriterPays(terms)) {
      count = await withFileWriter(staging, (files) => emit(prepared, options, files, job), options.fileWriterWorker);
      timings?.lap('waiting for the file writer thread');
    } else count = await emit(prepared, options, staging, job);
    if (!offloaded) return count;
    const done = await offloaded;
    staging.merge(done.written);
    timings?.lap('waiting for the output thread (site pages, concept files, SKOS dump)');
    return done.pages;
  } catch (error) {
    // Stopped before write-output.ts removes the staging folder, so nothing is written into it after.
    await thread?.stop();
    throw error;
  }
}

/** Writes this thread's part into `files`: how many pages it wrote (none when the output thread writes them). */
async function emit(
  prepared: SiteOutput,
  options: WriteSiteOptions,
  files: OutputSink,
  job: OutputRun | undefined,
): Promise<number> {
  const { records, searchNames, source, dataVersion, pages } = prepared;
  const { timings } = options;
  const offloaded = job?.done;
  const sink = timings ? timings.timed(files) : files;
  // Read under the output's lock, after an interrupted swap was recovered.
  const builtAt = options.builtAt ?? (await previousBuildTime(options.outDir, dataVersion)) ?? new Date();
  const rateLimitPerHour = options.rateLimitPerHour ?? DEFAULT_REQUESTS_PER_HOUR;
  // The output in place first (a self-hosted rebuild), then the cache (a platform that
  // starts every build with an empty publish folder).
  const previousDumps = loadPreviousDumps([
    path.join(options.outDir, DUMPS_DIR),
    ...(options.cacheDir === undefined ? [] : [path.join(options.cacheDir, DUMPS_DIR)]),
  ]);
  // Opened before the pages: from MIN_TERMS_FOR_THREAD terms the SQLite thread then inserts the
  // terms' rows while this thread writes them, with half of its core idle (bench/README.md,
  // "Idle cores at 5,000 and 20,000 terms"); emitSite ends it, or this frame when it fails first.
  await using dumps = await DumpWriter.open(sink, records, dataVersion, searchNames);
  timings?.lap('output lock, previous dumps');
  const fed = feedingBetweenFiles(sink, () => dumps.feedSqlite());
  // Without the thread, the pages first: they read every record, which the API's passes then
  // let go one by one (emit.ts releaseRecords); the thread has its own copy.
  let count = 0;
  if (!offloaded && pages) {
    // Loaded only here (markdown-it): at most sizes the output thread writes the pages.
    const { emitPages } = await import('../pages/site-pages.ts');
    count = await emitPages(records, pages, fed);
  }
  if (!offloaded) timings?.lap('site pages');
  const emitOptions = { source, dataVersion, builtAt, rateLimitPerHour, searchNames, previousDumps, timings };
  await emitSite(records, { ...emitOptions, skosElsewhere: job?.skos, releaseRecords: true, dumps }, fed);
  if (options.grants)
    await sink.file(`${DATA_DIR}/${DEPLOYED_GRANTS_FILE}`, JSON.stringify({ grants: options.grants }));
  return count;
}

/**
 * The build time of the output already in place, if it holds the same data version: a
 * rebuild of unchanged data then writes identical bytes, and builtAt keeps meaning "when
 * this data was first published".
 */
async function previousBuildTime(outDir: string, dataVersion: string): Promise<Date | undefined> {
  try {
    const text = await readFile(path.join(outDir, DUMPS_DIR, 'manifest.json'), 'utf8');
    const manifest = ManifestSchema.safeParse(JSON.parse(text));
    return manifest.success && manifest.data.dataVersion === dataVersion ? new Date(manifest.data.builtAt) : undefined;
  } catch {
    return undefined;
  }
}

/** `sink`, calling `between` before each file() (the SQLite feed's top-up: this thread's event loop seldom turns while it writes files). */
function feedingBetweenFiles(sink: OutputSink, between: () => void): OutputSink {
  return {
    file: (file, contents) => {
      between();
      return sink.file(file, contents);
    },
    fileInChunks: (file, chunks) => sink.fileInChunks(file, chunks),
    stream: (file) => sink.stream(file),
    scratchFile: (name) => sink.scratchFile(name),
    adopt: (file, from) => sink.adopt(file, from),
  };
}
