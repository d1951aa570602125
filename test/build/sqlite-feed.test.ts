// The SQLite dump's feed (sqlite-thread.ts: feed): the terms' rows made ahead on the thread's
// demand, in the order the build's pass over the terms would make them (sqlite-term-rows.ts), give
// the same bytes as rows added one term at a time, whichever of the two makes a term's rows first;
// a source that throws fails the file with its error, never a hang or an unhandled rejection.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/contract/facts.ts';
import { deriveApiRecords } from '../../scripts/lib/publish/derive.ts';
import { sqliteBytes, sqliteHeadRows, sqliteRows, type SqliteRows } from '../../scripts/lib/formats/sqlite-dump.ts';
import { SqliteTermRowsInOrder } from '../../scripts/lib/formats/sqlite-term-rows.ts';
import { startSqliteDump, type SqliteJobOptions } from '../../scripts/lib/formats/sqlite-thread.ts';
import { termSearchNames } from '../../scripts/lib/names/term-search-names.ts';
import { validateCorpus } from '../../scripts/lib/corpus/validate-corpus.ts';
import { smallCorpusFiles } from '../helpers/corpus-fixtures.ts';

const validation = validateCorpus(smallCorpusFiles());
if (!validation.ok) throw new Error('the small fixture corpus is invalid');
const records = deriveApiRecords(validation.corpus, 'https://api.test');
const counts = { en: records.locales.en.terms.length, bg: records.locales.bg.terms.length };
const termRows = () => new SqliteTermRowsInOrder(records, termSearchNames(records), counts);
const scratch = mkdtempSync(path.join(os.tmpdir(), 'sqlite-feed-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let files = 0;

/**
 * The bytes of a dump fed ahead through a job with `options` while a pass over the terms asks
 * for each term's rows in turn (as dumps.ts does), the feed started once the pass has made
 * `passFirst` terms' rows itself; how many terms' rows the feed made.
 */
async function fedWhilePassing(options: SqliteJobOptions, passFirst = 0): Promise<[Buffer, number]> {
  const file = path.join(scratch, `fed-${files++}.sqlite`);
  const job = startSqliteDump(file, options);
  const rows = termRows();
  await job.add(sqliteHeadRows(records, 'v1'));
  let fed = 0;
  const feed = () =>
    job.feed(() => {
      const made = rows.next();
      if (made) fed++;
      return made;
    });
  let passed = 0;
  for (const locale of LOCALES)
    for (let position = 0; position < counts[locale]; position++) {
      if (passed++ === passFirst) feed();
      await job.add(rows.through(locale, position));
    }
  expect(rows.done).toBe(true);
  await job.finish();
  return [readFileSync(file), fed];
}

describe("the SQLite dump's rows made ahead", () => {
  it('makes every term row once, in the order of sqliteRows, whoever asks', () => {
    const all = sqliteRows(records, 'v1');
    const terms = all.slice(sqliteHeadRows(records, 'v1').length);
    const rows = termRows();
    const made: SqliteRows = [...rows.next()!, ...rows.next()!];
    // Already made: nothing again.
    made.push(...rows.through('en', 1));
    made.push(...rows.through('bg', 0));
    for (let next = rows.next(); next !== undefined; next = rows.next()) made.push(...next);
    expect(rows.done).toBe(true);
    expect(rows.through('bg', counts.bg - 1)).toEqual([]);
    expect(made).toEqual(terms);
  });

  it('gives the same bytes fed ahead, made by the pass, or both in turn', async () => {
    const reference = Buffer.from(sqliteBytes(sqliteRows(records, 'v1', termSearchNames(records))));
    const terms = counts.en + counts.bg;
    // The feed makes everything before the pass starts (room for every batch).
    const [whole, fedWhole] = await fedWhilePassing({ thread: true, batchRows: 3 });
    expect(whole.equals(reference)).toBe(true);
    expect(fedWhole).toBe(terms);
    // The pass first, then the feed, a batch or two ahead at a time (the thread's answers pull more).
    for (const [options, passFirst] of [
      [{ thread: true, batchRows: 2, maxInFlight: 1 }, 3],
      [{ thread: true, batchRows: 1, maxInFlight: 2 }, counts.en + 1],
    ] as const) {
      const [bytes, fed] = await fedWhilePassing(options, passFirst);
      expect(bytes.equals(reference)).toBe(true);
      expect(fed).toBe(terms - passFirst);
    }
    // Inline the feed does nothing: the pass makes every row.
    const [inline, fedInline] = await fedWhilePassing({});
    expect(inline.equals(reference)).toBe(true);
    expect(fedInline).toBe(0);
  }, 60_000);

  it("a source that throws (here on the thread's answer to a batch) fails the file with its error", async () => {
    const job = startSqliteDump(path.join(scratch, 'thrown.sqlite'), { thread: true, batchRows: 1, maxInFlight: 1 });
    const rows = termRows();
    await job.add(sqliteHeadRows(records, 'v1'));
    let asked = 0;
    job.feed(() => {
      if (++asked === 3) throw new Error('no rows today');
      return rows.next();
    });
    while (asked < 3) await new Promise((resolve) => setTimeout(resolve, 5));
    await expect(job.finish()).rejects.toThrow('no rows today');
    await job.stop();
  });

  it('tops the feed up with no event-loop turn (the thread counts its inserts where topUp() reads them)', async () => {
    const reference = Buffer.from(sqliteBytes(sqliteRows(records, 'v1', termSearchNames(records))));
    const file = path.join(scratch, 'topped-up.sqlite');
    const job = startSqliteDump(file, { thread: true, batchRows: 5, maxInFlight: 2 });
    const rows = termRows();
    await job.add(sqliteHeadRows(records, 'v1'));
    job.feed(() => rows.next());
    expect(rows.done).toBe(false);
    // As a build writing pages: this thread busy (here asleep, Atomics.wait), its event loop never
    // turning, so no answer of the thread is read; each nap's end tops the feed up. Bounded: a
    // top-up that cannot see the thread's inserts leaves the rows unmade.
    const nap = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
    for (let naps = 0; !rows.done && naps < 4000; naps++) {
      Atomics.wait(nap, 0, 0, 5);
      job.topUp();
    }
    expect(rows.done).toBe(true);
    await job.finish();
    expect(readFileSync(file).equals(reference)).toBe(true);
  }, 60_000);
});
