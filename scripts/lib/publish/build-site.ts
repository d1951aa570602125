// The build pipeline: load -> validate -> derive -> emit -> atomic write. The CLI in
// scripts/build.ts is a thin shell over this, and the tests call it directly.
import path from 'node:path';
import type { PublicGrant } from '../../../src/limits/grants.ts';
import { deriveApiRecords, type ApiRecords } from './derive.ts';
import { archiveDumps } from '../formats/dump-history.ts';
import { DUMPS_DIR } from '../formats/dumps.ts';
import {
  EDITORIAL_ERRORS,
  type EditorialCheck,
  editorialFindings,
  type EditorialFinding,
} from '../corpus/editorial-checks.ts';
import { cachedTermFindings } from '../corpus/editorial-outcomes.ts';
import type { EditMemo } from './edit-memo.ts';
import {
  CorpusFileChangedError,
  fileDigest,
  isOnDisk,
  loadCorpusFiles,
  type CorpusFiles,
  type TermTexts,
} from '../corpus/load-corpus.ts';
import { CheckWorkers } from '../corpus/parallel-checks.ts';
import { ParseCache } from '../corpus/parse-cache.ts';
import { buildsPages, pagePathProblems } from '../pages/page-paths.ts';
import type { PagesConfig } from '../pages/site-pages.ts';
import { corpusSearchNames, type TermSearchNames } from '../names/term-search-names.ts';
import { formatProblem, validateCorpus, type CorpusProblem } from '../corpus/validate-corpus.ts';
import type { WriteOptions, WriteSummary } from './write-output.ts';
import { OutputThread, outputThreadPays } from './output-thread.ts';
import { writeSite } from './write-site.ts';
import { computeDataVersion } from './data-version.ts';
import type { BuildTimings } from './build-timings.ts';

export { computeDataVersion, OUTPUT_FORMAT_VERSION } from './data-version.ts';

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
  /** Replaces the output thread's module (tests). */
  outputWorker?: string;
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

export interface BuildCounts {
  /** Per locale: every term is in both. */
  terms: number;
  posts: number;
}

/** What the output is made of: everything else read or parsed on the way is garbage once this exists. */
export interface Prepared {
  records: ApiRecords;
  searchNames: TermSearchNames;
  source: string;
  dataVersion: string;
  counts: BuildCounts;
  /** What the pages are made from; none when another site serves them. */
  pages?: PagesConfig;
  warnings: EditorialFinding[];
}

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
  const startOutputThread = (files: CorpusFiles) => {
    if (options.parallelOutput ?? outputThreadPays(files)) thread = OutputThread.start(options.outputWorker);
  };
  let prepared: Awaited<ReturnType<typeof prepare>>;
  let written: Awaited<ReturnType<typeof writeSite>>;
  let slugs: string[];
  try {
    prepared = await prepare(options, startOutputThread);
    if (!prepared.ok) return prepared;
    // Taken first: writing lets the records go (emit.ts releaseRecords).
    slugs = prepared.records.locales.en.terms.map((term) => term.slug);
    written = await writeSite(prepared, options, thread);
  } finally {
    // Ended here too when the build failed before the thread had work (or after it finished).
    await thread?.stop();
  }
  const { records, dataVersion, counts, pages, warnings } = prepared;
  const { summary, pages: pageCount } = written;
  timings?.lap('output hashes, publish');
  if (options.cacheDir !== undefined)
    archiveDumps(path.join(options.outDir, DUMPS_DIR), path.join(options.cacheDir, DUMPS_DIR));
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

/**
 * Load, check, validate, derive. A function of its own so that the corpus texts, the parsed
 * files and the validated corpus are unreachable while the output is written: at 100,000
 * terms they are gigabytes, and the records hold what the output needs.
 */
async function prepare(
  options: BuildOptions,
  afterChecks: (files: CorpusFiles) => void,
): Promise<({ ok: true } & Prepared) | { ok: false; problems: CorpusProblem[]; messages: string[] }> {
  // Started first: they load while the corpus is read.
  const { timings } = options;
  const workers = options.parallelChecks === false ? undefined : CheckWorkers.start();
  timings?.lap('start check threads');
  const files = await loadCorpusFiles(options.corpusDir, { termTexts: options.termTexts ?? 'auto' }).catch(
    async (error: unknown) => {
      await workers?.stop();
      throw error;
    },
  );
  timings?.lap('read corpus files');
  if (files.missingRoot) {
    await workers?.stop();
    const problems = files.problems ?? [];
    return { ok: false, problems, messages: problems.map(formatProblem) };
  }
  // Without a cache folder, a cache in memory still carries the workers' outcomes to validation.
  const cache = options.cacheDir === undefined ? ParseCache.inMemory() : ParseCache.load(options.cacheDir);
  // Each text's cache key is worked out once while the checks run (texts on disk: every time).
  const forgetKeys = files.files.some(isOnDisk) ? () => undefined : ParseCache.rememberKeysFor();
  let prepared: Awaited<ReturnType<typeof prepare>>;
  let saved = false;
  // Saved for failed builds too: the files an author fixes next are the only ones parsed again.
  const saveCache = () => {
    if (saved) return;
    saved = true;
    if (options.cacheDir !== undefined) cache.save(options.cacheDir);
    timings?.lap('save the parse cache');
  };
  try {
    try {
      await workers?.prefill(files, cache);
    } finally {
      await workers?.stop();
    }
    // The check threads' core is free while validation and the editorial checks run here.
    afterChecks(files);
    timings?.lap("each file's own checks (YAML, schema), on the check threads");
    // Once the search names are worked out nothing asks the cache again: it is saved, and its
    // entries (every file's parsed outcome) are let go before the records are made.
    prepared = prepareCorpus(files, cache, options, undefined, () => {
      saveCache();
      cache.forget();
      forgetKeys();
    });
  } finally {
    forgetKeys();
  }
  saveCache();
  return prepared;
}

/**
 * Validate and derive corpus files already read: what a build and every change of the edit loop
 * (edit-session.ts) do alike. `previous` (the edit loop's last records) only speeds the sort;
 * `dataVersion` replaces computeDataVersion (the edit loop's own, from per-file digests);
 * `memo` (edit-memo.ts) keeps every per-file and per-term result between changes.
 * `doneWithCache` is called once nothing more is asked of `cache` (before the records are made).
 */
export function prepareCorpus(
  files: CorpusFiles,
  cache: ParseCache,
  options: Pick<BuildOptions, 'siteUrl' | 'deploymentUrl' | 'editorialErrors' | 'timings'>,
  edit?: {
    previous?: ApiRecords;
    dataVersion: (files: CorpusFiles, siteUrl: string) => string;
    memo: EditMemo;
  },
  doneWithCache?: () => void,
): ({ ok: true } & Prepared) | { ok: false; problems: CorpusProblem[]; messages: string[] } {
  const { timings } = options;
  const memo = edit?.memo;
  const validation = validateCorpus(files, { cache, outcomes: memo?.outcomes });
  timings?.lap('validate (the rest of the checks, rules across files)');
  if (!validation.ok) {
    return { ok: false, problems: validation.problems, messages: validation.problems.map(formatProblem) };
  }
  const { corpus } = validation;
  const byPath = new Map(files.files.map((file) => [file.path, file]));
  // A text is asked for only for a finding's line: a large corpus's texts are on disk.
  const sources = { get: (file: string) => byPath.get(file)?.text };
  const digestOf = (file: string) => {
    const found = byPath.get(file);
    return found === undefined || found.unreadable ? undefined : fileDigest(found);
  };
  const findings = editorialFindings(corpus, sources, memo?.termFindings ?? cachedTermFindings(cache, digestOf));
  timings?.lap('editorial checks');
  const failing = options.editorialErrors ?? EDITORIAL_ERRORS;
  const editorialErrors: CorpusProblem[] = findings
    .filter((finding) => failing.has(finding.check))
    .map(({ file, line, field, message }) => ({ file, line, field, message }));
  if (editorialErrors.length > 0) {
    return { ok: false, problems: editorialErrors, messages: editorialErrors.map(formatProblem) };
  }
  const warnings = findings.filter((finding) => !failing.has(finding.check));
  const pagesHere = buildsPages(corpus.site);
  const siteUrl = (options.siteUrl ?? (pagesHere ? options.deploymentUrl : undefined) ?? corpus.site.siteUrl).replace(
    /\/+$/,
    '',
  );
  const dataVersion = (edit?.dataVersion ?? computeDataVersion)(files, siteUrl);
  // From the validated terms, not the records: the cache is then done with before they exist.
  const searchNames = corpusSearchNames(corpus.terms, cache, memo?.searchNames);
  timings?.lap('data version, search names');
  doneWithCache?.();
  const records = deriveApiRecords(corpus, siteUrl, { previous: edit?.previous, memo: memo?.derived });
  timings?.lap('derive records');
  if (pagesHere) {
    const siteFile = files.root === '.' ? 'site.yaml' : `${files.root}/site.yaml`;
    const problems = memo
      ? memo.pagePathProblems(corpus.site, records, siteFile)
      : pagePathProblems(corpus.site, records, siteFile);
    if (problems.length > 0) return { ok: false, problems, messages: problems.map(formatProblem) };
  }
  timings?.lap('page paths');
  const counts = { terms: corpus.terms.length, posts: corpus.posts.length };
  const pages = pagesHere ? { paths: corpus.site.paths, traditionLabels: corpus.site.traditionLabels } : undefined;
  return { ok: true, records, searchNames, source: corpus.site.source, dataVersion, counts, pages, warnings };
}
