// Validate and derive corpus files already read (build-site.ts reads and checks them first; the
// edit loop keeps them): the corpus's own rules, the editorial findings, the data version, the
// search names and the records. A cold build works out the editorial findings on a check thread
// while this thread makes the records (prepareWithFindingsElsewhere); the edit loop and a warm
// build work them out here (prepareCorpus). Both give the same outcome, failures in the same order.
import type { ApiRecords } from './api-records.ts';
import { deriveApiRecords } from './derive.ts';
import {
  EDITORIAL_ERRORS,
  type EditorialCheck,
  editorialFindings,
  type EditorialFinding,
  type SourceTexts,
} from '../corpus/editorial-checks.ts';
import { cachedTermFindings, completeFindings, editorialTerm, findingsMissing } from '../corpus/editorial-outcomes.ts';
import type { Corpus } from '../corpus/corpus-model.ts';
import type { EditMemo } from './edit-memo.ts';
import { fileDigest, type CorpusFiles } from '../corpus/load-corpus.ts';
import type { CheckWorkers } from '../corpus/parallel-checks.ts';
import type { ParseCache } from '../corpus/parse-cache.ts';
import { buildsPages, pagePathProblems } from '../pages/page-paths.ts';
import { corpusSearchNames, type TermSearchNames } from '../names/term-search-names.ts';
import { formatProblem, validateCorpus, type CorpusProblem } from '../corpus/validate-corpus.ts';
import { computeDataVersion } from './data-version.ts';
import type { PagesConfig } from '../pages/site-pages.ts';
import type { BuildTimings } from './build-timings.ts';

/** The options of a build (build-site.ts: BuildOptions) that preparing reads. */
export interface PrepareOptions {
  siteUrl?: string;
  deploymentUrl?: string;
  editorialErrors?: ReadonlySet<EditorialCheck>;
  timings?: BuildTimings;
  /** Started once the records are made, while this thread waits for the check thread's findings. */
  whileWaiting?: () => void;
}

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

/** A corpus that cannot be published: every problem, and each as a message. */
type PrepareFailure = { ok: false; problems: CorpusProblem[]; messages: string[] };

export type PrepareOutcome = ({ ok: true } & Prepared) | PrepareFailure;

/** A validated corpus, with its texts by path (for the findings' lines) and its files' digests. */
interface Checked {
  corpus: Corpus;
  sources: SourceTexts;
  digestOf: (file: string) => string | undefined;
  /** Once the findings are worked out: the files by path are let go (14 MB at 20,000 terms). */
  doneWithFiles: () => void;
}

function validated(
  files: CorpusFiles,
  cache: ParseCache,
  options: Pick<PrepareOptions, 'timings'>,
  memo: EditMemo | undefined,
): ({ ok: true } & Checked) | PrepareFailure {
  const validation = validateCorpus(files, { cache, outcomes: memo?.outcomes });
  options.timings?.lap('validate (the rest of the checks, rules across files)');
  if (!validation.ok) {
    return { ok: false, problems: validation.problems, messages: validation.problems.map(formatProblem) };
  }
  const byPath = new Map(files.files.map((file) => [file.path, file]));
  // A text is asked for only for a finding's line: a large corpus's texts are on disk.
  const sources = { get: (file: string) => byPath.get(file)?.text };
  const digestOf = (file: string) => {
    const found = byPath.get(file);
    return found === undefined || found.unreadable ? undefined : fileDigest(found);
  };
  return { ok: true, corpus: validation.corpus, sources, digestOf, doneWithFiles: () => byPath.clear() };
}

/**
 * A cold build's preparing with the editorial findings of the terms the cache does not know
 * worked out on a check thread (editorial-outcomes.ts) while this thread works out the data
 * version, the search names and the records: the same findings, cache entries and outcome as
 * prepareCorpus, whose order of failures it keeps (editorial findings, then page paths).
 */
export async function prepareWithFindingsElsewhere(
  files: CorpusFiles,
  cache: ParseCache,
  options: Pick<PrepareOptions, 'siteUrl' | 'deploymentUrl' | 'editorialErrors' | 'timings' | 'whileWaiting'>,
  workers: CheckWorkers,
  doneWithCache: () => void,
): Promise<PrepareOutcome> {
  const { timings } = options;
  const checked = validated(files, cache, options, undefined);
  if (!checked.ok) return checked;
  const missing = findingsMissing(checked.corpus, cache, checked.digestOf);
  const lineless =
    missing.terms.length === 0
      ? Promise.resolve([])
      : workers.editorial(missing.terms.map(editorialTerm), missing.headings);
  timings?.lap('editorial checks: the terms sent to a check thread');
  const made = madeRecords(checked.corpus, files, cache, options, undefined, () => undefined);
  options.whileWaiting?.();
  const found = (await lineless) ?? [];
  timings?.lap('waiting for the editorial checks (check thread)');
  const findings = editorialFindings(checked.corpus, checked.sources, completeFindings(missing, found, cache));
  timings?.lap('editorial checks');
  checked.doneWithFiles();
  doneWithCache();
  return withFindings(findings, options) ?? outcome(checked.corpus, files, made, findings, options, undefined);
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
  options: Pick<PrepareOptions, 'siteUrl' | 'deploymentUrl' | 'editorialErrors' | 'timings'>,
  edit?: EditContext,
  doneWithCache?: () => void,
): PrepareOutcome {
  const memo = edit?.memo;
  const checked = validated(files, cache, options, memo);
  if (!checked.ok) return checked;
  const { corpus, sources, digestOf } = checked;
  const findings = editorialFindings(corpus, sources, memo?.termFindings ?? cachedTermFindings(cache, digestOf));
  checked.doneWithFiles();
  options.timings?.lap('editorial checks');
  const failed = withFindings(findings, options);
  if (failed) return failed;
  const made = madeRecords(corpus, files, cache, options, edit, doneWithCache ?? (() => undefined));
  return outcome(corpus, files, made, findings, options, memo);
}

interface EditContext {
  previous?: ApiRecords;
  dataVersion: (files: CorpusFiles, siteUrl: string) => string;
  memo: EditMemo;
}

/** The build's failure when a finding of a failing check is among `findings`. */
function withFindings(
  findings: EditorialFinding[],
  options: Pick<PrepareOptions, 'editorialErrors'>,
): PrepareFailure | undefined {
  const failing = options.editorialErrors ?? EDITORIAL_ERRORS;
  const editorialErrors: CorpusProblem[] = findings
    .filter((finding) => failing.has(finding.check))
    .map(({ file, line, field, message }) => ({ file, line, field, message }));
  if (editorialErrors.length === 0) return undefined;
  return { ok: false, problems: editorialErrors, messages: editorialErrors.map(formatProblem) };
}

interface MadeRecords {
  records: ApiRecords;
  searchNames: TermSearchNames;
  dataVersion: string;
}

/** The data version, the search names and the records; `doneWithCache` between the last two. */
function madeRecords(
  corpus: Corpus,
  files: CorpusFiles,
  cache: ParseCache,
  options: Pick<PrepareOptions, 'siteUrl' | 'deploymentUrl' | 'timings'>,
  edit: EditContext | undefined,
  doneWithCache: () => void,
): MadeRecords {
  const { timings } = options;
  const memo = edit?.memo;
  const pagesHere = buildsPages(corpus.site);
  const siteUrl = (options.siteUrl ?? (pagesHere ? options.deploymentUrl : undefined) ?? corpus.site.siteUrl).replace(
    /\/+$/,
    '',
  );
  const dataVersion = (edit?.dataVersion ?? computeDataVersion)(files, siteUrl);
  // From the validated terms, not the records: the cache is then done with before they exist.
  const searchNames = corpusSearchNames(corpus.terms, cache, memo?.searchNames);
  timings?.lap('data version, search names');
  doneWithCache();
  const records = deriveApiRecords(corpus, siteUrl, { previous: edit?.previous, memo: memo?.derived });
  timings?.lap('derive records');
  return { records, searchNames, dataVersion };
}

/** The page paths' problems, or what the output is made of. */
function outcome(
  corpus: Corpus,
  files: CorpusFiles,
  { records, searchNames, dataVersion }: MadeRecords,
  findings: EditorialFinding[],
  options: Pick<PrepareOptions, 'editorialErrors' | 'timings'>,
  memo: EditMemo | undefined,
): PrepareOutcome {
  const failing = options.editorialErrors ?? EDITORIAL_ERRORS;
  const warnings = findings.filter((finding) => !failing.has(finding.check));
  const pagesHere = buildsPages(corpus.site);
  if (pagesHere) {
    const siteFile = files.root === '.' ? 'site.yaml' : `${files.root}/site.yaml`;
    const problems = memo
      ? memo.pagePathProblems(corpus.site, records, siteFile)
      : pagePathProblems(corpus.site, records, siteFile);
    if (problems.length > 0) return { ok: false, problems, messages: problems.map(formatProblem) };
  }
  options.timings?.lap('page paths');
  const counts = { terms: corpus.terms.length, posts: corpus.posts.length };
  const pages = pagesHere ? { paths: corpus.site.paths, traditionLabels: corpus.site.traditionLabels } : undefined;
  return { ok: true, records, searchNames, source: corpus.site.source, dataVersion, counts, pages, warnings };
}
