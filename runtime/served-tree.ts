// The one data version the self-hosted server answers from at any moment, and the switch to the
// next one when a build publishes it (or the edit loop does: in this process it calls `refresh()`).
//
// A build publishes by renaming a complete folder to dist/ (runtime/publish.ts). Each rename
// gives dist/ another identity (device, inode, change time); the edit loop replaces a few files
// in place, its list index last, which gives that index another inode. So the server knows which
// tree a read came from: a snapshot holds the indexes of one tree, and every lookup it makes on disk is
// followed by a look at dist/'s identity. If the identity moved, what was read may belong to the
// next tree: the snapshot is dropped and the request is answered again from the new one. What a
// snapshot has read once (lookups, file bodies) it keeps, since a published tree never changes.
// So every response comes from one complete tree, and once a newer tree has answered, no older
// one does.
import { createHash } from 'node:crypto';
import { lstatSync, readFileSync, type Stats } from 'node:fs';
import path from 'node:path';
import type { StaticFile } from '../src/handler.ts';
import { staticHeaders } from '../src/routes.ts';
import { publisherAlive } from './output-lock.ts';
import { outputSiblings, recoverUnderLock } from './publish.ts';
import { listIndexPath } from '../src/contract/output-layout.ts';
import { HEADER_NAMES } from '../src/contract/headers.ts';
import { mediaTypeOf, UNKNOWN_MEDIA_TYPE } from '../src/contract/media-types.ts';
import type { SiteFacts } from '../src/site-facts.ts';
import { loadIndexes, loadSiteFacts, type Indexes } from './load-indexes.ts';

/** How often, at most, the server looks whether a build has published a new tree. */
export const TREE_CHECK_MS = 100;
/**
 * How long a request waits for a complete tree at dist/ before it asks whether a publisher is at
 * work (a swap normally takes a few renames: milliseconds).
 */
const ABSENT_WAIT_MS = 1000;
/**
 * How long a request waits, at most, while a live publisher (the output's lock held by a running
 * process) is in its swap: on a loaded machine a publisher can be off the CPU for seconds between
 * two renames, and answering 503 then would fail a request the next instant serves. A publisher
 * that died there is found at once (its lock is stale) and its swap finished instead.
 */
const PUBLISHING_WAIT_MS = 10_000;
/** Bounded: request paths are the client's choice. */
const MAX_CACHED = 20_000;

/** How long a request waits for a tree (ServedTree's defaults: ABSENT_WAIT_MS, PUBLISHING_WAIT_MS). */
export interface TreeWaits {
  /** With no complete tree in place, before looking for a live publisher (and again between looks). */
  absentMs: number;
  /** In all, while a live publisher is mid-swap. */
  publishingMs: number;
}

/** dist/ moved to another tree while a snapshot read from it: answer again from the new one. */
export class TreeMoved extends Error {}
/** No complete tree at dist/ (a build killed in its swap, or none built): 503. */
export class NoTree extends Error {}

function lstat(file: string): Stats | undefined {
  try {
    return lstatSync(file, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/**
 * Which tree dist/ is: the folder's own identity (a build swaps in a new folder), and its English
 * list index's (the edit loop replaces files in place, that index last). None while a publish is
 * under way (its journal exists): the tree is then neither the old one nor the new one yet.
 */
function identityOf(dist: string): string | undefined {
  const info = lstat(dist);
  if (!info?.isDirectory() || lstat(outputSiblings(dist).journal)) return undefined;
  const index = lstat(path.join(dist, listIndexPath('en')));
  return `${info.dev}:${info.ino}:${info.ctimeMs}:${index?.ino}:${index?.ctimeMs}`;
}

/**
 * The file at a canonical URL path (src/request-path.ts), never through a symbolic link: each
 * component is checked with lstat, so a link placed in dist/ is not a file. A folder answers
 * with its index.html.
 */
function outputFile(dist: string, canonical: string): string | undefined {
  const names = canonical.split('/').filter(Boolean);
  if (canonical.endsWith('/') || names.length === 0) names.push('index.html');
  let at = dist;
  for (const [i, name] of names.entries()) {
    at = path.join(at, name);
    const info = lstat(at);
    if (!info || info.isSymbolicLink()) return undefined;
    if (i < names.length - 1) {
      if (!info.isDirectory()) return undefined;
      continue;
    }
    if (info.isFile()) return at;
    if (!info.isDirectory()) return undefined;
    const index = path.join(at, 'index.html');
    return lstat(index)?.isFile() ? index : undefined;
  }
  return undefined;
}

export class Snapshot {
  private readonly found = new Map<string, string | undefined>();
  private readonly files = new Map<string, StaticFile>();

  constructor(
    private readonly tree: ServedTree,
    readonly identity: string,
    readonly indexes: Indexes,
    readonly site: SiteFacts,
  ) {}

  get dataVersion(): string {
    return this.site.dataVersion;
  }

  /** Whether this tree has a file at the canonical URL path. */
  hasFile(urlPath: string): boolean {
    return this.fileAt(urlPath) !== undefined;
  }

  /** The file this tree serves at the canonical URL path, with its headers and ETag. */
  read(urlPath: string, rateLimit: number): StaticFile | undefined {
    const file = this.fileAt(urlPath);
    if (file === undefined) return undefined;
    const known = this.files.get(file);
    if (known) return known;
    const body = new Uint8Array(readFileSync(file));
    this.tree.confirm(this);
    const headers = staticHeaders(urlPath, rateLimit);
    headers[HEADER_NAMES.contentType] ??= mediaTypeOf(file) ?? UNKNOWN_MEDIA_TYPE;
    const etag = `"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"`;
    if (this.files.size >= MAX_CACHED) this.files.clear();
    const read = { body, headers, etag };
    this.files.set(file, read);
    return read;
  }

  private fileAt(urlPath: string): string | undefined {
    if (this.found.has(urlPath)) return this.found.get(urlPath);
    const file = outputFile(this.tree.dist, urlPath);
    // Absent, or a file: only true of this tree if dist/ still is this tree.
    this.tree.confirm(this);
    if (this.found.size >= MAX_CACHED) this.found.clear();
    this.found.set(urlPath, file);
    return file;
  }
}

export class ServedTree {
  readonly dist: string;
  private snapshot: Snapshot | undefined;
  /**
   * Whether dist/ was looked at within TREE_CHECK_MS: set by a look, cleared by a timer, so that
   * a request reads no clock (a clock read cost about a twentieth of a kept answer's CPU).
   */
  private recent = false;
  private recentTimer: NodeJS.Timeout | undefined;
  private recoveryAt = 0;

  constructor(
    dist: string,
    private readonly log: (message: string) => void = () => {},
    private readonly waits: TreeWaits = { absentMs: ABSENT_WAIT_MS, publishingMs: PUBLISHING_WAIT_MS },
  ) {
    this.dist = path.resolve(dist);
  }

  /**
   * Finishes or rolls back a swap a killed build left (the build's own journal, publish.ts), then
   * loads the tree. Throws what `npm start` should say when there is no tree at all.
   */
  async open(): Promise<Snapshot> {
    const actions = await recoverUnderLock(this.dist, { timeoutMs: 0 }).catch(() => [] as string[]);
    for (const action of actions) this.log(`lexicon: ${action}`);
    const snapshot = this.load();
    if (!snapshot) throw new NoTree(`no built API found in ${this.dist}; run \`npm run build\` first`);
    return snapshot;
  }

  /** The snapshot to answer from now: the current one, or the newly published tree's. */
  async current(): Promise<Snapshot> {
    if (this.snapshot && this.recent) return this.snapshot;
    this.lookedAt();
    const started = performance.now();
    let deadline = started + this.waits.absentMs;
    for (;;) {
      const identity = identityOf(this.dist);
      if (identity !== undefined) {
        if (this.snapshot?.identity === identity) return this.snapshot;
        const loaded = this.load();
        if (loaded) return loaded;
      }
      const now = performance.now();
      if (now >= deadline) {
        // A live publisher mid-swap finishes it: wait on, up to the bound, looking again each time.
        if (now - started < this.waits.publishingMs && (await publisherAlive(this.dist))) {
          deadline = Math.min(now + this.waits.absentMs, started + this.waits.publishingMs);
          continue;
        }
        // A build killed between its two renames: finish or roll back its swap, as it would.
        if (await this.recover()) {
          const recovered = this.load();
          if (recovered) return recovered;
        }
        throw new NoTree('no complete data tree is in place');
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /**
   * The snapshot `current()` would return, when that needs no waiting and no loading: the current
   * one, looked at within TREE_CHECK_MS or found still in place now; otherwise undefined.
   */
  settled(): Snapshot | undefined {
    if (!this.snapshot) return undefined;
    if (this.recent) return this.snapshot;
    if (identityOf(this.dist) !== this.snapshot.identity) return undefined;
    this.lookedAt();
    return this.snapshot;
  }

  /** dist/ was looked at now: the next look in TREE_CHECK_MS. */
  private lookedAt(): void {
    this.recent = true;
    if (this.recentTimer) this.recentTimer.refresh();
    else {
      this.recentTimer = setTimeout(() => {
        this.recent = false;
      }, TREE_CHECK_MS);
      this.recentTimer.unref();
    }
  }

  /** Whether a complete tree is in place now (for /healthz). */
  async health(): Promise<Snapshot | undefined> {
    this.recent = false;
    return this.current().catch(() => undefined);
  }

  /** Throws TreeMoved when dist/ is no longer the snapshot's tree (what was read may not be its). */
  confirm(snapshot: Snapshot): void {
    if (identityOf(this.dist) !== snapshot.identity) {
      this.recent = false;
      throw new TreeMoved();
    }
  }

  /** Switches to the tree now at dist/ (an edit loop calls this after it publishes). */
  refresh(): Snapshot | undefined {
    this.lookedAt();
    return this.load();
  }

  /** Reads the indexes of the tree at dist/, sure they came from one tree; undefined if none. */
  private load(): Snapshot | undefined {
    for (let attempt = 0; attempt < 5; attempt++) {
      const before = identityOf(this.dist);
      if (before === undefined) return undefined;
      let indexes: Indexes;
      let site: SiteFacts;
      try {
        indexes = loadIndexes(this.dist);
        site = loadSiteFacts(this.dist);
      } catch {
        continue;
      }
      if (identityOf(this.dist) !== before) continue;
      if (this.snapshot?.identity !== before) {
        if (this.snapshot) this.log(`lexicon: now serving data version ${site.dataVersion}`);
        this.snapshot = new Snapshot(this, before, indexes, site);
      }
      return this.snapshot;
    }
    return undefined;
  }

  /** A build killed during its swap leaves no dist/: finish or roll back its swap (once a second). */
  private async recover(): Promise<boolean> {
    const now = performance.now();
    if (now - this.recoveryAt < 1000) return false;
    this.recoveryAt = now;
    try {
      const actions = await recoverUnderLock(this.dist, { timeoutMs: 0 });
      for (const action of actions) this.log(`lexicon: ${action}`);
      return actions.length > 0;
    } catch {
      // A live build holds the lock: it publishes or recovers on its own.
      return false;
    }
  }
}
