// The build pipeline: load -> validate -> derive -> emit -> atomic write. The CLI in
// scripts/build.ts is a thin shell over this, and the tests call it directly.
import path from 'node:path';
import type { PublicGrant } from '../../../src/limits/grants.ts';
import { DUMPS_DIR } from '../../../src/contract/output-layout.ts';
import type { EditorialCheck, EditorialFinding } from '../corpus/editorial-checks.ts';
import { MODULE_EXTENSION } from '../workers/worker-entry.ts';
import { CorpusFileChangedError, isOnDisk, type CorpusFiles, type TermTexts } from '../corpus/load-corpus.ts';
import { CheckWorkers } from '../corpus/parallel-checks.ts';
import { ParseCache } from '../corpus/parse-cache.ts';
import { formatProblem, type CorpusProblem } from '../corpus/validate-corpus.ts';
import type { WriteOptions, WriteSummary } from './write-output.ts';
import { OutputThread, outputThreadPays } from './output-thread.ts';
import { holdHeapGrowth } from './heap-growth.ts';
import { readCorpus } from './read-corpus.ts';
import type { BuildTimings } from './build-timings.ts';

export { computeDataVersion, OUTPUT_FORMAT_VERSION } from './data-version.ts';
export { prepareCorpus, type BuildCounts, type Prepared } from './prepare-corpus.ts';
import {
  prepareCorpus,
  prepareWithFindingsElsewhere,
  type BuildCounts,
  type PrepareOptions,
  type PrepareOutcome,
} from './prepare-corpus.ts';

export interface BuildOptions {
  corpusDir: string;
  outDir: string;
  /** Overrides site.yaml siteUrl (the CLI passes --site-url). */
  siteUrl?: string;
  /**
   * The address this deployment is served at (the CLI passes the URL variable Netlify sets):
   * the site URL when this deployment serves the pages, ignored when site.yaml says
   * `pages: elsewhere` (the pages, and so the links, are on the site of site.yaml).
   */
  deploymentUrl?: string;
  /** The manifest's build time (the CLI passes SOURCE_DATE_EPOCH when set). */
  builtAt?: Date;
  /** Requests per hour per client the API advertises and enforces (RATE_LIMIT_PER_HOUR). */
  rateLimitPerHour?: number;
  /** Grants (public part) the deployment's function checks keys against: dist/_data/grants.json. */
  grants?: PublicGrant[];
  /** Called every 1,000 files written. */
  onProgress?: (written: number) => void;
  /** Keep parsed YAML here between builds (parse-cache.ts); none: parse everything. */
  cacheDir?: string;
  /** false: check every file on the main thread (parallel-checks.ts). */
  parallelChecks?: boolean;
  /**
   * Whether the site pages and concept files are written on their own thread (output-thread.ts);
   * default: where it pays (outputThreadPays).
   */
  parallelOutput?: boolean;
  /**
   * Whether a cold build's editorial findings are worked out on a check thread while the records
   * are made (editorial-outcomes.ts); default: by the compiled code, the texts in memory.
   */
  editorialThread?: boolean;
  /** Replaces the output thread's module (tests). */
  outputWorker?: string;
  /** Whether the files are created on the file writer thread (file-writer.ts); default: where it pays. */
  fileWriter?: boolean;
  /** Replaces the file writer thread's module (tests). */
  fileWriterWorker?: string;
  /** The output's lock, recovery and swap (see write-output.ts and publish.ts). */
  write?: WriteOptions;
  /** The editorial checks whose findings fail the build (default EDITORIAL_ERRORS); the others warn. */
  editorialErrors?: ReadonlySet<EditorialCheck>;
  /** Records where the build spends its time (the CLI's --timings). */
  timings?: BuildTimings;
  /** Where the terms' Markdown texts stay between the steps (load-corpus.ts: TermTexts); default `auto`. */
  termTexts?: TermTexts;
}

export type BuildResult =
  | {
      ok: true;
      counts: BuildCounts;
      slugs: string[];
      dataVersion: string;
      siteUrl: string;
      summary: WriteSummary;
      pages: PagesOutcome;
      /** Editorial findings (editorial-checks.ts) of the checks that warn rather than fail. */
      warnings: EditorialFinding[];
    }
  | { ok: false; problems: CorpusProblem[]; messages: string[] };

/** The site pages of a build: written here (how many; where posts link when a blog elsewhere has them), or not. */
export type PagesOutcome = { built: true; count: number; postsElsewhere?: string } | { built: false };

/**
 * The output's code (write-site.ts and what only it imports: the formats, xmlbuilder, the list
 * indexes, the docs page), loaded once the corpus is prepared rather than in the start-up: a cold
 * build loads it while the main thread waits for the check thread's editorial findings
 * (prepare-corpus.ts: whileWaiting), where the main thread has nothing else to do.
 */
type WriteSiteCode = typeof import('./write-site.ts');
let writeSiteCode: Promise<WriteSiteCode> | undefined;
const loadWriteSite = (): Promise<WriteSiteCode> => (writeSiteCode ??= import('./write-site.ts'));
/** Starts loading it; a failure shows where the output is written, which awaits it. */
const preloadWriteSite = (): void => {
  loadWriteSite().catch(() => undefined);
};

export async function buildSite(options: BuildOptions): Promise<BuildResult> {
  try {
    return await buildOnce(options);
  } catch (error) {
    // A term text read from disk again (a large corpus) that is no longer the text checked.
    if (!(error instanceof CorpusFileChangedError)) throw error;
    const problems: CorpusProblem[] = [
      {
        file: error.file,
        message:
          'changed while the build was running (it differs from the text that was checked); nothing was published: build again',
      },
    ];
    return { ok: false, problems, messages: problems.map(formatProblem) };
  }
}

async function buildOnce(options: BuildOptions): Promise<BuildResult> {
  const { timings } = options;
  timings?.lap('start-up (loading the code)');
  let thread: OutputThread | undefined;
  let releaseHeap: (() => void) | undefined;
  const hooks: PreparingHooks = {
    // Texts left on disk: a corpus so large that V8's own heap growth would peak in gigabytes.
    // Held before any file is read, so before the checks (which run while the corpus is read)
    // fill the parse cache: held after them, a limit V8 had set by its default growth let
    // validation peak at 1,080-1,500 MiB at 100,000 terms, from run to run (bench/README.md, "The
    // 100,000-term peak, eleventh session").
    textsOnDisk: () => {
      releaseHeap ??= holdHeapGrowth();
    },
    afterChecks: (files) => {
      if (options.parallelOutput ?? outputThreadPays(files)) thread = OutputThread.start(options.outputWorker);
    },
  };
  let prepared: Awaited<ReturnType<typeof prepare>>;
  let written: Awaited<ReturnType<WriteSiteCode['writeSite']>>;
  let slugs: string[];
  try {
    prepared = await prepare({ ...options, whileWaiting: preloadWriteSite }, hooks);
    if (!prepared.ok) return prepared;
    // Taken first: writing lets the records go (emit.ts releaseRecords).
    slugs = prepared.records.locales.en.terms.map((term) => term.slug);
    written = await (await loadWriteSite()).writeSite(prepared, options, thread);
  } finally {
    // Ended here too when the build failed before the thread had work (or after it finished).
    await thread?.stop();
    releaseHeap?.();
  }
  const { records, dataVersion, counts, pages, warnings } = prepared;
  const { summary, pages: pageCount } = written;
  timings?.lap('output hashes, publish');
  // Imported here, not at the top: the dumps' history (and the response schemas its dump schemas
  // use) is then loaded with the output's code, not in the start-up; by now it is loaded.
  if (options.cacheDir !== undefined) {
    const { archiveDumps } = await import('../formats/dump-history.ts');
    archiveDumps(path.join(options.outDir, DUMPS_DIR), path.join(options.cacheDir, DUMPS_DIR));
  }
  timings?.lap('archive dumps in the cache');
  const postsElsewhere = pages && !pages.paths.post.startsWith('/') ? new URL(pages.paths.post).origin : undefined;
  return {
    ok: true,
    counts,
    slugs,
    dataVersion,
    siteUrl: records.siteUrl,
    summary,
    pages: pages ? { built: true, count: pageCount, ...(postsElsewhere ? { postsElsewhere } : {}) } : { built: false },
    warnings,
  };
}

/** A build's options, and what its main thread does while it waits (prepare-corpus.ts: whileWaiting). */
type BuildPreparing = BuildOptions & Pick<PrepareOptions, 'whileWaiting'>;

/** What the build does once it knows the texts stay on disk, and once the files' own checks are done. */
interface PreparingHooks {
  textsOnDisk: () => void;
  afterChecks: (files: CorpusFiles) => void;
}

/**
 * Load, check, validate, derive. A function of its own so that the corpus texts, the parsed
 * files and the validated corpus are unreachable while the output is written: at 100,000
 * terms they are gigabytes, and the records hold what the output needs.
 */
async function prepare(options: BuildPreparing, hooks: PreparingHooks): Promise<PrepareOutcome> {
  // Started first (workers/early-threads.ts): they load while the corpus is read, and check each file read.
  const { timings } = options;
  const workers = options.parallelChecks === false ? undefined : CheckWorkers.start();
  timings?.lap('start check threads');
  // Without a cache folder, a cache in memory still carries the workers' outcomes to validation.
  const cache = options.cacheDir === undefined ? ParseCache.inMemory() : ParseCache.load(options.cacheDir);
  const { files, finishChecks } = await readCorpus(options, workers, cache, hooks.textsOnDisk);
  timings?.lap('read corpus files');
  if (files.missingRoot) {
    await workers?.stop();
    const problems = files.problems ?? [];
    return { ok: false, problems, messages: problems.map(formatProblem) };
  }
  // Each text's cache key is worked out once while the checks run (texts on disk: every time).
  const onDisk = files.files.some(isOnDisk);
  const forgetKeys = onDisk ? () => undefined : ParseCache.rememberKeysFor();
  const editorialThread = !onDisk && (options.editorialThread ?? MODULE_EXTENSION === '.js');
  let prepared: PrepareOutcome;
  let saved = false;
  // Saved for failed builds too: the files an author fixes next are the only ones parsed again.
  const saveCache = () => {
    if (saved) return;
    saved = true;
    if (options.cacheDir !== undefined) cache.save(options.cacheDir);
    timings?.lap('save the parse cache');
  };
  // Once the search names and the editorial findings are worked out nothing asks the cache or
  // the files again: the cache is saved, its entries (every file's parsed outcome) are let go, and
  // so is the file list (every file's digest and path, the texts kept in memory) before the records exist.
  const doneWithCache = () => {
    saveCache();
    cache.forget();
    forgetKeys();
    files.files = [];
  };
  try {
    try {
      // Cold: warmUpEditorial.
      if ((await finishChecks()) && editorialThread) workers?.warmUpEditorial();
    } finally {
      // One stays, for the editorial findings.
      await workers?.retire(editorialThread ? 1 : 0);
    }
    // The check threads' core is free while validation and the editorial checks run here.
    hooks.afterChecks(files);
    timings?.lap("each file's own checks (YAML, schema), on the check threads");
    prepared =
      editorialThread && workers?.available
        ? await prepareWithFindingsElsewhere(files, cache, options, workers, doneWithCache)
        : prepareCorpus(files, cache, options, undefined, doneWithCache);
  } finally {
    forgetKeys();
    await workers?.stop();
  }
  saveCache();
  return prepared;
}
