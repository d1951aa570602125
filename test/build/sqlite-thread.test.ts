// The SQLite dump on a worker thread: the same bytes as inline, and a thread that fails or stops
// early fails the dump (and the build) with a message, never a hang (the test timeout would
// catch one) and never a half-written output.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { deriveApiRecords } from '../../scripts/lib/publish/derive.ts';
import { buildSite } from '../../scripts/lib/publish/build-site.ts';
import { sqliteRows, toSqlite, writeSqlite } from '../../scripts/lib/formats/sqlite-dump.ts';
import {
  MIN_TERMS_FOR_THREAD,
  startSqliteDump,
  type SqliteJobOptions,
} from '../../scripts/lib/formats/sqlite-thread.ts';
import { termSearchNames } from '../../scripts/lib/names/term-search-names.ts';
import { validateCorpus } from '../../scripts/lib/corpus/validate-corpus.ts';
import { SMALL_CORPUS, smallCorpusFiles } from '../helpers/corpus-fixtures.ts';
import { tempDir } from '../helpers/temp-dir.ts';

// The build's own calls take these options when set: the fixture corpus is below the thread's threshold.
const forced = vi.hoisted(() => ({ options: undefined as SqliteJobOptions | undefined }));
vi.mock('../../scripts/lib/formats/sqlite-thread.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../scripts/lib/formats/sqlite-thread.ts')>();
  return {
    ...actual,
    startSqliteDump: (rows: Parameters<typeof actual.startSqliteDump>[0], options?: SqliteJobOptions) =>
      actual.startSqliteDump(rows, forced.options ?? options),
  };
});

const helper = (name: string) => new URL(`../helpers/${name}`, import.meta.url).href;
const validation = validateCorpus(smallCorpusFiles());
if (!validation.ok) throw new Error('the small fixture corpus is invalid');
const records = deriveApiRecords(validation.corpus, 'https://api.test');
const rows = () => sqliteRows(records, 'v1', termSearchNames(records));

describe('the SQLite dump on a worker thread', () => {
  it('gives the same bytes as building it inline, and as toSqlite', async () => {
    expect(rows().terms.length).toBeLessThan(MIN_TERMS_FOR_THREAD);
    const inline = await startSqliteDump(rows()).bytes();
    const threaded = await startSqliteDump(rows(), { thread: true }).bytes();
    expect(Buffer.from(threaded).equals(Buffer.from(inline))).toBe(true);
    expect(Buffer.from(await toSqlite(records, 'v1')).equals(Buffer.from(inline))).toBe(true);
  });

  it('releasing the rows as they are inserted gives the same bytes and empties them', async () => {
    const consumed = rows();
    const released = await writeSqlite(consumed, { release: true });
    expect(Buffer.from(released).equals(Buffer.from(await writeSqlite(rows())))).toBe(true);
    expect(Object.values(consumed).every((table) => table.length === 0)).toBe(true);
  });

  it('an error in the dump rejects with the thread and SQLite messages', async () => {
    const broken = rows();
    broken.search_names.push(broken.search_names[0]!);
    await expect(startSqliteDump(broken, { thread: true }).bytes()).rejects.toThrow(
      /^SQLite dump: its worker thread failed: .*UNIQUE constraint failed: search_names/,
    );
  });

  it('a worker that fails as it loads rejects with its message', async () => {
    const job = startSqliteDump(rows(), { thread: true, module: helper('broken-worker.ts') });
    await expect(job.bytes()).rejects.toThrow('SQLite dump: its worker thread failed: this worker fails on purpose');
  });

  it('a worker that ends without answering rejects', async () => {
    const job = startSqliteDump(rows(), { thread: true, module: helper('silent-worker.ts') });
    await expect(job.bytes()).rejects.toThrow('SQLite dump: its worker thread exited (code 0) without answering');
  });

  it('stop() ends a thread still at work, and whoever waits learns it', async () => {
    const job = startSqliteDump(rows(), { thread: true });
    await job.stop();
    await expect(job.bytes()).rejects.toThrow(/without answering/);
  });
});

describe('a build with its SQLite dump on a thread', () => {
  const work = tempDir();

  it('writes the same dump as an inline build', async () => {
    const sqliteOf = (outDir: string) => {
      const manifest = JSON.parse(readFileSync(path.join(outDir, 'dumps/manifest.json'), 'utf8'));
      const file = manifest.files.find((f: { format: string }) => f.format === 'sqlite');
      return readFileSync(path.join(outDir, file.path));
    };
    const builtAt = new Date(0);
    expect((await buildSite({ corpusDir: SMALL_CORPUS, outDir: path.join(work, 'inline'), builtAt })).ok).toBe(true);
    forced.options = { thread: true };
    try {
      expect((await buildSite({ corpusDir: SMALL_CORPUS, outDir: path.join(work, 'thread'), builtAt })).ok).toBe(true);
    } finally {
      forced.options = undefined;
    }
    expect(sqliteOf(path.join(work, 'thread')).equals(sqliteOf(path.join(work, 'inline')))).toBe(true);
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
