// `npm run build`: validates the corpus and writes the complete static API to --out (scripts/build.ts
// starts the check threads, then loads this).
import { DEFAULT_OUTPUT_DIR } from '../../../src/contract/output-layout.ts';
import { Command } from 'commander';
import { buildSite } from '../publish/build-site.ts';
import { BuildTimings } from '../publish/build-timings.ts';
import { OutputLockedError } from '../../../runtime/output-lock.ts';
import { EDITORIAL_CHECKS, type EditorialFinding, formatFinding } from '../corpus/editorial-checks.ts';
import { isPlaceholderOrigin, LOCALES } from '../../../src/contract/facts.ts';
import { rateLimitFromEnv } from '../../../src/limits/rate-limit.ts';
import { existsSync, readFileSync } from 'node:fs';
import {
  DEFAULT_GRANTS_FILE,
  type GrantRecord,
  isActive,
  parseGrantsFile,
  publicGrants,
  type PublicGrant,
} from '../../../src/limits/grants.ts';
import { backstopProblem } from '../../../src/limits/backstop.ts';
import { formatBytes, formatNumber } from '../pages/number-format.ts';

/** The summary's numbers, as English groups them (the CLI speaks English). */
const count = (n: number) => formatNumber(n, 'en');
const number = (n: number, fractionDigits: number) => formatNumber(n, 'en', fractionDigits);

const program = new Command()
  .name('build')
  .description('Validate the corpus and build the static API.')
  .option('--corpus <dir>', 'corpus folder', 'corpus')
  .option('--out <dir>', 'output folder, replaced atomically when the build succeeds', DEFAULT_OUTPUT_DIR)
  .option(
    '--site-url <url>',
    'public site URL (default: the URL environment variable, then site.yaml; with `pages: elsewhere`, site.yaml)',
  )
  .option('--cache-dir <dir>', 'keep parsed corpus files here between builds', 'node_modules/.cache/lexicon-api')
  .option('--no-cache', 'parse every corpus file, and keep no cache')
  .option(
    '--grants-file <file>',
    'grants of `npm run grant` to copy (keys hashed, no names) into the output for the function (env GRANTS_FILE)',
    process.env.GRANTS_FILE || DEFAULT_GRANTS_FILE,
  )
  .option('--quiet', 'print nothing but errors')
  .option('--timings', "then print where the build spent its time, step by step (wall, CPU, the main thread's CPU)")
  .option('--watch', 'then watch the corpus, and publish each change into --out at once (development)')
  .parse();

const options = program.opts<{
  corpus: string;
  out: string;
  siteUrl?: string;
  cacheDir: string;
  cache: boolean;
  grantsFile: string;
  quiet?: boolean;
  timings?: boolean;
  watch?: boolean;
}>();
const rateLimitPerHour = rateLimit(process.env.RATE_LIMIT_PER_HOUR);
const grants = deployedGrants(options.grantsFile, rateLimitPerHour);
const started = performance.now();
const log = (line: string) => {
  if (!options.quiet) process.stderr.write(`${line}\n`);
};
const showProgress = !options.quiet && process.stderr.isTTY;
// What the full build and the edit loop both build from.
const siteInputs = {
  corpusDir: options.corpus,
  outDir: options.out,
  cacheDir: options.cache ? options.cacheDir : undefined,
  siteUrl: options.siteUrl,
  deploymentUrl: process.env.URL || undefined,
  builtAt: sourceDateEpoch(process.env.SOURCE_DATE_EPOCH),
  rateLimitPerHour,
  grants,
};

const timings = options.timings ? new BuildTimings() : undefined;
const result = await buildSite({
  timings,
  write: {
    onWait: (holder) =>
      log(`Waiting for another build${holder ? ` (pid ${holder.pid})` : ''} writing ${options.out}/ to finish...`),
    onRecovered: (actions) => {
      for (const action of actions) log(`Recovered ${options.out}/: ${action}`);
    },
  },
  ...siteInputs,
  // A progress line for large corpora, on a terminal only (CI logs stay quiet).
  onProgress: showProgress
    ? (written) =>
        process.stderr.write(
          `\rwriting: ${count(written)} files (${number((performance.now() - started) / 1000, 0)} s)`,
        )
    : undefined,
}).catch((error: unknown) => {
  // Another build holding the output past the timeout, or the file system refusing the output (an
  // --out under a file, a full disk), is an operator's message, not a crash: the message names the
  // path and the system's reason, where a stack trace would show only our compiled chunks. Any
  // other error is a defect of ours, and its stack is what a report of it needs.
  if (error instanceof OutputLockedError) process.stderr.write(`${error.message}\n`);
  else if (isSystemError(error)) process.stderr.write(`Build failed: ${error.message}\n`);
  else throw error;
  process.exit(1);
});
if (showProgress) process.stderr.write('\r\x1b[K');
if (timings) process.stderr.write(`Where the build spent its time:\n${timings.report().join('\n')}\n`);

/** An error the operating system gave (a failed open, mkdir, write: it carries the call and its code). */
function isSystemError(error: unknown): error is NodeJS.ErrnoException {
  const { code, syscall } = (error ?? {}) as NodeJS.ErrnoException;
  return error instanceof Error && typeof code === 'string' && typeof syscall === 'string';
}

/** RATE_LIMIT_PER_HOUR, as the function reads it: the static files advertise the same policy. */
function rateLimit(value: string | undefined): number {
  try {
    return rateLimitFromEnv(value);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(2);
  }
}

/**
 * The grants file's public part (none when there is no file), after checking, on Netlify (which
 * sets NETLIFY=true in its builds), that the CDN backstop allows the configured limit and every
 * active grant: a build that would publish a policy the CDN contradicts is refused.
 */
function deployedGrants(file: string, limit: number): PublicGrant[] | undefined {
  let records: GrantRecord[] | undefined;
  try {
    records = existsSync(file) ? parseGrantsFile(readFileSync(file, 'utf8'), file) : undefined;
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(2);
  }
  if (process.env.NETLIFY === 'true') {
    const problems = [
      backstopProblem(limit, `RATE_LIMIT_PER_HOUR=${limit}`),
      ...(records ?? [])
        .filter((grant) => isActive(grant, Date.now()))
        .map((grant) => backstopProblem(grant.perHour, `grant ${grant.id} (${grant.perHour} requests per hour)`)),
    ].filter((problem) => problem !== undefined);
    if (problems.length > 0) {
      process.stderr.write(`The build was refused:\n${problems.map((p) => `  ${p}`).join('\n')}\n`);
      process.exit(2);
    }
  }
  return records && publicGrants(records);
}

/** A count per editorial check that warns, with its first findings; corpus:stats lists them all. */
function editorialWarnings(findings: EditorialFinding[]): string[] {
  const lines: string[] = [];
  for (const check of EDITORIAL_CHECKS) {
    const found = findings.filter((finding) => finding.check === check);
    if (found.length === 0) continue;
    lines.push(`Warning: ${found.length} ${check} finding(s) (npm run corpus:stats lists them all), such as:`);
    for (const finding of found.slice(0, 3)) lines.push(`  ${formatFinding(finding)}`);
  }
  return lines;
}

/** SOURCE_DATE_EPOCH (reproducible-builds.org): seconds since the epoch. */
function sourceDateEpoch(value: string | undefined): Date | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^[0-9]+$/.test(value)) {
    process.stderr.write(`SOURCE_DATE_EPOCH must be a whole number of seconds, not "${value}"\n`);
    process.exit(2);
  }
  return new Date(Number(value) * 1000);
}

if (!result.ok) {
  process.stderr.write(`The corpus has ${result.problems.length} problem(s); ${options.out}/ was left as it was.\n\n`);
  for (const message of result.messages) process.stderr.write(`  ${message}\n`);
  process.exitCode = 1;
} else {
  const seconds = number((performance.now() - started) / 1000, 2);
  const perLocale = LOCALES.map((locale) => `${count(result.counts.terms)} ${locale}`).join(', ');
  log(`Built ${options.out}/ from ${options.corpus}/ in ${seconds} s`);
  log(`  terms:  ${perLocale}`);
  log(`  posts:  ${count(result.counts.posts)}`);
  log(
    `  files:  ${count(result.summary.files)} (${formatBytes(result.summary.bytes, 'en')}; ${count(result.summary.reused)} unchanged, linked from the previous build)`,
  );
  log(`  site:   ${result.siteUrl}`);
  log(
    result.pages.built
      ? `  pages:  ${count(result.pages.count)} (term pages, the indexes, the root${result.pages.postsElsewhere ? '' : ', the posts'})`
      : '  pages:  none: site.yaml says `pages: elsewhere`, so the term and post URLs name another site',
  );
  if (result.pages.built && result.pages.postsElsewhere)
    log(
      `  posts:  link to ${result.pages.postsElsewhere} (paths.post), another site: its pages are not built or checked here`,
    );
  log(`  data version: ${result.dataVersion}`);
  for (const line of editorialWarnings(result.warnings)) log(line);
  if (isPlaceholderOrigin(result.siteUrl)) {
    process.stderr.write(
      `Warning: the output names ${result.siteUrl}, a placeholder origin: problem types, term and post URLs, ` +
        'OpenAPI servers and concept URIs point at a site nobody owns. Build with --site-url https://<your site> ' +
        '(or set URL, or siteUrl in corpus/site.yaml).\n',
    );
  }
}

// The edit loop, after the full build (which it does not repeat when the output is the corpus's).
if (options.watch) {
  const { startEditLoop } = await import('../publish/edit-loop.ts');
  process.exitCode = 0;
  await startEditLoop({
    ...siteInputs,
    log: (line) => process.stderr.write(`${line}\n`),
  });
}
