// The edit loop's engine: the corpus held in memory, one change at a time. A change re-reads the
// files it names, validates the whole corpus again (each unchanged file is a cache hit, and the
// rules across files run on every change, as in a build), derives the records and publishes, in
// place, the files the change reaches (edit-outputs.ts). An invalid corpus publishes nothing:
// the output stays the last good one, and the problems are reported with file, line and field.
// A change to site.yaml reaches every file: it runs a full build.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { DATA_VERSION_HEX_DIGITS } from '../../../src/contract/facts.ts';
import { SITE_FACTS_PATH } from '../../../src/contract/output-layout.ts';
import { decodeSiteFacts } from '../../../src/site-facts.ts';
import { buildSite, type BuildOptions, computeDataVersion, type Prepared, prepareCorpus } from './build-site.ts';
import { planEdit } from './edit-outputs.ts';
import { type CorpusFiles, loadCorpusFiles, reloadCorpusPaths, type SourceFile } from '../corpus/load-corpus.ts';
import { ParseCache } from '../corpus/parse-cache.ts';
import { EditMemo } from './edit-memo.ts';
import { publishInPlace } from '../../../runtime/publish.ts';
import { readFileSync } from 'node:fs';

export type EditSessionOptions = Omit<BuildOptions, 'onProgress' | 'parallelChecks'>;

export type EditOutcome =
  | {
      kind: 'published';
      terms: string[];
      files: number;
      removed: number;
      dataVersion: string;
      /** Milliseconds spent reading the changed files, validating and deriving, rendering, publishing. */
      phases: { read: number; check: number; render: number; publish: number };
    }
  | { kind: 'rebuilt'; dataVersion: string }
  | { kind: 'unchanged' }
  | { kind: 'invalid'; messages: string[] };

/** site.yaml, relative to the corpus root: a change there reaches every output file. */
const SITE_FILE = 'site.yaml';
const TERM_PATH = /^terms\/([^/]+)(?:\/|$)/;
const POST_PATH = /^posts\/([^/]+)\.yaml$/;

const isAt = (file: string, at: string) => file === at || file.startsWith(`${at}/`);

export class EditSession {
  private readonly digests = new WeakMap<SourceFile, string>();
  /** Every per-file and per-term result, kept between changes. */
  private readonly memo = new EditMemo();

  private constructor(
    private readonly options: EditSessionOptions,
    private files: CorpusFiles,
    private readonly cache: ParseCache,
    /** The last good corpus, as published; undefined while the corpus has been invalid since the start. */
    private current: Prepared | undefined,
  ) {}

  /**
   * Reads and validates the corpus. If the output in place was not built from it (or is missing),
   * runs a full build first; an invalid corpus leaves the output as it is, and its problems in
   * `messages`.
   */
  static async open(
    options: EditSessionOptions,
  ): Promise<{ session: EditSession; built: boolean; messages: string[] }> {
    ParseCache.rememberKeys();
    const files = await loadCorpusFiles(options.corpusDir);
    const cache = options.cacheDir === undefined ? ParseCache.inMemory() : ParseCache.load(options.cacheDir);
    const session = new EditSession(options, files, cache, undefined);
    if (files.missingRoot)
      return { session, built: false, messages: (files.problems ?? []).map((p) => `${p.file}: ${p.message}`) };
    const prepared = session.prepare();
    if (!prepared.ok) return { session, built: false, messages: prepared.messages };
    session.current = prepared;
    const current = outputVersion(options.outDir) === computeDataVersion(files, prepared.records.siteUrl);
    const result = current ? undefined : await buildSite(options);
    // Renders (and drops) what a change would, so the memo holds every term's list entry, index
    // line and encoding: otherwise the first edit pays for all of them.
    await planEdit(prepared, prepared, { terms: new Set(), posts: new Set() }, session.memo);
    if (!result) return { session, built: false, messages: [] };
    return { session, built: result.ok, messages: result.ok ? [] : result.messages };
  }

  /** Applies the changes a watcher saw (paths relative to the corpus folder). */
  async apply(changed: readonly string[]): Promise<EditOutcome> {
    let mark = performance.now();
    const lap = () => {
      const now = performance.now();
      const ms = Math.round(now - mark);
      mark = now;
      return ms;
    };
    const paths = [...new Set(changed.map((p) => p.split(path.sep).join('/')))];
    if (!this.reload(paths)) return { kind: 'unchanged' };
    if (paths.some((p) => isAt(SITE_FILE, p)) || !this.current) return this.rebuild();
    const read = lap();
    const prepared = this.prepare(this.current);
    if (!prepared.ok) return { kind: 'invalid', messages: prepared.messages };
    const check = lap();
    const touched = {
      terms: new Set(paths.flatMap((p) => TERM_PATH.exec(p)?.[1] ?? [])),
      posts: new Set([...this.postSlugs(paths, this.current), ...this.postSlugs(paths, prepared)]),
    };
    const plan = await planEdit(this.current, prepared, touched, this.memo);
    const render = lap();
    await publishInPlace(path.resolve(this.options.outDir), plan.files, plan.removed, this.options.write);
    this.current = prepared;
    const publish = lap();
    return {
      kind: 'published',
      terms: [...touched.terms].sort(),
      files: plan.files.size,
      removed: plan.removed.length,
      dataVersion: prepared.dataVersion,
      phases: { read, check, render, publish },
    };
  }

  /** A full build of the corpus as it is now (site.yaml changed, or no good corpus yet). */
  private async rebuild(): Promise<EditOutcome> {
    const prepared = this.prepare(this.current);
    if (!prepared.ok) return { kind: 'invalid', messages: prepared.messages };
    const result = await buildSite(this.options);
    if (!result.ok) return { kind: 'invalid', messages: result.messages };
    this.current = prepared;
    return { kind: 'rebuilt', dataVersion: result.dataVersion };
  }

  /** Posts whose file is among the changed paths, by the slug each version of the corpus gives them. */
  private postSlugs(paths: readonly string[], version: Prepared): string[] {
    const named = new Set(paths.flatMap((p) => POST_PATH.exec(p)?.[1] ?? []));
    return version.records.posts.map((post) => post.slug).filter((slug) => named.has(slug));
  }

  private prepare(previous?: Prepared) {
    return prepareCorpus(this.files, this.cache, this.options, {
      previous: previous?.records,
      dataVersion: (files, siteUrl) => this.editVersion(files, siteUrl),
      memo: this.memo,
    });
  }

  /**
   * The data version of an edited output: a hash of every file's path and digest, so that a
   * change costs the digest of the changed files only. It differs from a full build's version
   * of the same corpus on purpose: the next `npm run build`, or the next start of the loop, sees
   * that the dumps are not this corpus's and builds them.
   */
  private editVersion(files: CorpusFiles, siteUrl: string): string {
    const parts = files.files.map((file) => {
      let digest = this.digests.get(file);
      if (digest === undefined) {
        digest = createHash('sha1').update(file.text).digest('base64url');
        this.digests.set(file, digest);
      }
      return `${file.path}\0${file.unreadable ? '!' : digest}\0`;
    });
    // One update of the joined parts: 15,000 small updates cost more than the hashing itself.
    return createHash('sha256')
      .update(`edit\0${siteUrl}\0${parts.join('')}`)
      .digest('hex')
      .slice(0, DATA_VERSION_HEX_DIGITS);
  }

  /** Reads the changed paths again; false when no file's text or existence changed. */
  private reload(paths: readonly string[]): boolean {
    const { root, files, problems = [] } = this.files;
    const shown = (rel: string) => (root === '.' ? rel : `${root}/${rel}`);
    const fresh = reloadCorpusPaths(this.options.corpusDir, root, paths);
    const stale = (file: string) => paths.some((p) => isAt(file, shown(p)));
    const before = files.filter((file) => stale(file.path));
    const same =
      before.length === fresh.files.length &&
      before.every((file, i) => {
        const reread = fresh.files[i];
        return reread !== undefined && file.path === reread.path && file.text === reread.text && !file.unreadable;
      });
    if (same && fresh.problems.length === 0) return false;
    this.files = {
      root,
      files: replaced(files, before, fresh.files, stale),
      problems: [...problems.filter((p) => !stale(p.file)), ...fresh.problems],
    };
    return true;
  }
}

/**
 * The corpus files with the stale ones replaced by their fresh reading, in path order. An edit
 * of existing files (the usual change) swaps them in place; otherwise the list is sorted again.
 */
function replaced(
  files: readonly SourceFile[],
  before: readonly SourceFile[],
  fresh: readonly SourceFile[],
  stale: (file: string) => boolean,
): SourceFile[] {
  if (before.length === fresh.length && before.every((file, i) => file.path === fresh[i]?.path)) {
    const byPath = new Map(fresh.map((file) => [file.path, file]));
    return files.map((file) => byPath.get(file.path) ?? file);
  }
  const kept = files.filter((file) => !stale(file.path));
  return [...kept, ...fresh].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The data version of the output folder's site facts, if there are any. */
function outputVersion(outDir: string): string | undefined {
  try {
    const file = path.join(outDir, SITE_FACTS_PATH);
    return decodeSiteFacts(readFileSync(file, 'utf8'), file).dataVersion;
  } catch {
    return undefined;
  }
}
