// The SQLite dump, inline or on a worker thread: the same bytes whatever the thread and the
// batch size (and from one build to the next), and a thread that fails or stops early fails
// the dump (and the build) with a message, never a hang (the test timeout would catch one) and
// never a half-written output.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildSite } from '../../scripts/lib/publish/build-site.ts';
import { deriveApiRecords } from '../../scripts/lib/publish/derive.ts';
import { sqliteBytes, sqliteRows, toSqlite, type SqliteRows } from '../../scripts/lib/formats/sqlite-dump.ts';
import { startSqliteDump, type SqliteJobOptions } from '../../scripts/lib/formats/sqlite-thread.ts';
import { MIN_TERMS_FOR_THREAD } from '../../scripts/lib/formats/sqlite-thread-size.ts';
import { termSearchNames } from '../../scripts/lib/names/term-search-names.ts';
import { validateCorpus } from '../../scripts/lib/corpus/validate-corpus.ts';
import { SMALL_CORPUS, smallCorpusFiles } from '../helpers/corpus-fixtures.ts';
import { tempDir } from '../helpers/temp-dir.ts';

// The build's own calls take these options when set: the fixture corpus is below the thread's threshold.
// Its jobs count the build's top-ups of their feed (the job's own, unchanged, runs each time).
const forced = vi.hoisted(() => ({ options: undefined as SqliteJobOptions | undefined, topUps: 0 }));
vi.mock('../../scripts/lib/formats/sqlite-thread.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../scripts/lib/formats/sqlite-thread.ts')>();
  return {
    ...actual,
    startSqliteDump: (file: string, options?: SqliteJobOptions) => {
      const job = actual.startSqliteDump(file, { ...options, ...forced.options });
      const topUp = job.topUp.bind(job);
      job.topUp = () => {
        forced.topUps++;
        topUp();
      };
      return job;
    },
  };
});

const helper = (name: string) => new URL(`../helpers/${name}`, import.meta.url).href;
const validation = validateCorpus(smallCorpusFiles());
if (!validation.ok) throw new Error('the small fixture corpus is invalid');
const records = deriveApiRecords(validation.corpus, 'https://api.test');
const rows = () => sqliteRows(records, 'v1', termSearchNames(records));
const scratch = mkdtempSync(path.join(os.tmpdir(), 'sqlite-thread-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let files = 0;

/**
 * The bytes of the database `rows` give through a job with `options`, fed `perCall` rows at a
 * time; `waiting`: each call waits until add() has room, as the build does.
 */
async function viaJob(all: SqliteRows, options: SqliteJobOptions, perCall = 7, waiting = false): Promise<Buffer> {
  const file = path.join(scratch, `job-${files++}.sqlite`);
  const job = startSqliteDump(file, options);
  for (let at = 0; at < all.length; at += perCall) {
    const room = job.add(all.slice(at, at + perCall));
    if (waiting) await room;
  }
  await job.finish();
  return readFileSync(file);
}

describe('the SQLite dump', () => {
  it('gives the same bytes inline, on a thread, in any batch size, and twice in a row', async () => {
    expect(records.locales.en.terms.length * 2).toBeLessThan(MIN_TERMS_FOR_THREAD);
    const reference = Buffer.from(sqliteBytes(rows()));
    expect(Buffer.from(toSqlite(records, 'v1')).equals(reference)).toBe(true);
    expect((await viaJob(rows(), {}, 1)).equals(reference)).toBe(true);
    expect((await viaJob(rows(), { thread: true, batchRows: 1 })).equals(reference)).toBe(true);
    expect((await viaJob(rows(), { thread: true, batchRows: 100_000 }, 1000)).equals(reference)).toBe(true);
    // The header: SQLite's own format, pages of 4 KiB, UTF-8, one transaction.
    expect(reference.subarray(0, 16).toString('latin1')).toBe('SQLite format 3\0');
    expect(reference.readUInt16BE(16)).toBe(4096);
    expect(reference.readUInt32BE(56)).toBe(1);
    expect(reference.readUInt32BE(24)).toBe(1);
    // Five databases, one of them a row at a time through a thread: over 15 s on a loaded machine.
  }, 60_000);

  it('gives the same bytes when every batch waits for the one before to be inserted', async () => {
    const reference = Buffer.from(sqliteBytes(rows()));
    expect((await viaJob(rows(), { thread: true, batchRows: 40, maxInFlight: 1 }, 40, true)).equals(reference)).toBe(
      true,
    );
  });

  it('an error in the dump rejects with the thread and SQLite messages', async () => {
    const broken = rows();
    broken.push(broken.find(([table]) => table === 'search_names')!);
    await expect(viaJob(broken, { thread: true })).rejects.toThrow(
      /^SQLite dump: its worker thread failed: .*UNIQUE constraint failed: search_names/,
    );
    await expect(viaJob(broken, {})).rejects.toThrow(/UNIQUE constraint failed: search_names/);
  });

  it('a worker that fails as it loads rejects with its message', async () => {
    await expect(viaJob(rows(), { thread: true, module: helper('broken-worker.ts') })).rejects.toThrow(
      'SQLite dump: its worker thread failed: this worker fails on purpose',
    );
  });

  it('a worker that ends without answering rejects', async () => {
    await expect(viaJob(rows(), { thread: true, module: helper('silent-worker.ts') })).rejects.toThrow(
      'SQLite dump: its worker thread exited (code 0) without answering',
    );
  });

  it('add() waits while maxInFlight batches are not yet inserted, and stop() ends the wait', async () => {
    const [row] = rows();
    const job = startSqliteDump(path.join(scratch, 'mute.sqlite'), {
      thread: true,
      module: helper('mute-worker.ts'),
      batchRows: 1,
      maxInFlight: 2,
    });
    await job.add([row!]);
    let room = false;
    const waiting = job.add([row!]).then(() => {
      room = true;
    });
    // The thread never answers: however long this waits, add() has no room.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(room).toBe(false);
    await job.stop();
    await waiting;
    expect(room).toBe(true);
    await expect(job.finish()).rejects.toThrow(/without answering/);
  });

  it('stop() ends a thread still at work, and whoever waits learns it', async () => {
    const job = startSqliteDump(path.join(scratch, 'stopped.sqlite'), { thread: true });
    job.add(rows());
    await job.stop();
    await expect(job.finish()).rejects.toThrow(/without answering/);
  });
});

describe('a build with its SQLite dump on a thread', () => {
  const work = tempDir();
  const sqliteOf = (outDir: string) => {
    const manifest = JSON.parse(readFileSync(path.join(outDir, 'dumps/manifest.json'), 'utf8'));
    const file = manifest.files.find((f: { format: string }) => f.format === 'sqlite');
    return readFileSync(path.join(outDir, file.path));
  };

  it('writes the same dump as an inline build, and leaves no scratch files', async () => {
    const builtAt = new Date(0);
    const inline = path.join(work, 'inline');
    expect((await buildSite({ corpusDir: SMALL_CORPUS, outDir: inline, builtAt })).ok).toBe(true);
    forced.options = { thread: true, batchRows: 5 };
    try {
      expect((await buildSite({ corpusDir: SMALL_CORPUS, outDir: path.join(work, 'thread'), builtAt })).ok).toBe(true);
    } finally {
      forced.options = undefined;
    }
    // Rows fed a batch ahead at a time, more as the thread answers: the same file.
    forced.options = { thread: true, batchRows: 3, maxInFlight: 1 };
    try {
      expect((await buildSite({ corpusDir: SMALL_CORPUS, outDir: path.join(work, 'one-ahead'), builtAt })).ok).toBe(
        true,
      );
    } finally {
      forced.options = undefined;
    }
    expect(sqliteOf(path.join(work, 'thread')).equals(sqliteOf(inline))).toBe(true);
    expect(sqliteOf(path.join(work, 'one-ahead')).equals(sqliteOf(inline))).toBe(true);
    expect(readdirSync(inline)).not.toContain('.scratch');
  });

  it("tops the thread's feed up before each file it writes (its event loop seldom turns there)", async () => {
    forced.options = { thread: true, batchRows: 3, maxInFlight: 1 };
    forced.topUps = 0;
    try {
      expect((await buildSite({ corpusDir: SMALL_CORPUS, outDir: path.join(work, 'topped-up') })).ok).toBe(true);
    } finally {
      forced.options = undefined;
    }
    // Before each file the pages and emitSite write: every page (no output thread here) and every
    // file of the API (term, concept and vocabulary files), at least.
    const written = readdirSync(path.join(work, 'topped-up'), { recursive: true }).map(String);
    const pages = written.filter((f) => f.endsWith('.html'));
    const api = written.filter((f) => f.startsWith('api/') && /\.(json|ttl|jsonld)$/.test(f));
    expect(pages.length).toBeGreaterThan(0);
    expect(api.length).toBeGreaterThan(2 * records.locales.en.terms.length);
    expect(forced.topUps).toBeGreaterThanOrEqual(pages.length + api.length);
  });

  it("fails with the thread's message when the thread fails, and publishes nothing", async () => {
    const outDir = path.join(work, 'failed');
    forced.options = { thread: true, module: helper('broken-worker.ts') };
    try {
      await expect(buildSite({ corpusDir: SMALL_CORPUS, outDir })).rejects.toThrow(
        'SQLite dump: its worker thread failed: this worker fails on purpose',
      );
    } finally {
      forced.options = undefined;
    }
    expect(existsSync(outDir)).toBe(false);
  });
});
