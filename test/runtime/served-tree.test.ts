// The tree npm start answers from while a publisher swaps it: a request that comes while a live
// publisher (the output's lock held by a running process) is mid-swap (its journal written) waits
// for the new tree, however long the publisher takes on a loaded machine; one whose publisher died
// there gets the swap finished (or rolled back); only a live publisher stuck past the bound, or no
// tree and no publisher, gives NoTree (503). Once a request took the edit loop's swap past one
// second under load, and the server answered 503 while the publisher was alive and about to finish.
import { copyFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { acquireOutputLock } from '../../runtime/output-lock.ts';
import { outputSiblings } from '../../runtime/publish.ts';
import { NoTree, ServedTree, TREE_CHECK_MS } from '../../runtime/served-tree.ts';
import { buildSite } from '../../scripts/lib/publish/build-site.ts';
import { listIndexPath } from '../../src/contract/output-layout.ts';
import { SMALL_CORPUS } from '../helpers/corpus-fixtures.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A journal of a publish in place that has nothing left to rename (what matters is that it exists). */
const inPlaceJournal = JSON.stringify({
  staging: 'dist.tmp-x',
  retired: 'dist.tmp-x',
  inPlace: { files: [], removed: [] },
});

/** Replaces the English list index by a copy of itself: a new inode, so another tree's identity. */
function republishIndex(dist: string): void {
  const index = path.join(dist, listIndexPath('en'));
  copyFileSync(index, `${index}.new`);
  renameSync(`${index}.new`, index);
}

describe('the served tree while a publisher swaps it', () => {
  let dist: string;
  beforeAll(async () => {
    dist = path.join(tempDir(), 'dist');
    const built = await buildSite({ corpusDir: SMALL_CORPUS, outDir: dist, rateLimitPerHour: 0 });
    if (!built.ok) throw new Error(built.messages.join('\n'));
  });

  it('waits for a live publisher mid-swap past the absent wait, and answers from its new tree', async () => {
    const tree = new ServedTree(dist);
    const before = await tree.open();
    const release = await acquireOutputLock(dist, { timeoutMs: 0 });
    writeFileSync(outputSiblings(dist).journal, inPlaceJournal);
    await sleep(TREE_CHECK_MS + 50); // the next request looks at dist/ again
    const finished = sleep(2_500).then(async () => {
      republishIndex(dist);
      rmSync(outputSiblings(dist).journal);
      await release();
    });
    const after = await tree.current().finally(() => finished);
    expect(after).not.toBe(before);
    expect(after.identity).not.toBe(before.identity);
  });

  it('gives up on a live publisher stuck past the publishing wait (503)', async () => {
    const tree = new ServedTree(dist, () => {}, { absentMs: 100, publishingMs: 600 });
    await tree.open();
    const release = await acquireOutputLock(dist, { timeoutMs: 0 });
    writeFileSync(outputSiblings(dist).journal, inPlaceJournal);
    try {
      await sleep(TREE_CHECK_MS + 50);
      await expect(tree.current()).rejects.toBeInstanceOf(NoTree);
    } finally {
      rmSync(outputSiblings(dist).journal);
      await release();
    }
  });

  it('finishes the swap of a publisher that died in it, without waiting for the publishing bound', async () => {
    const logged: string[] = [];
    const tree = new ServedTree(dist, (line) => logged.push(line), { absentMs: 100, publishingMs: 60_000 });
    const before = await tree.open();
    // PID 2^22 + 1 is above Linux's pid_max: no process has it, so the lock is a dead publisher's.
    writeFileSync(
      outputSiblings(dist).lock,
      JSON.stringify({ pid: 4_194_305, host: hostname(), since: 'then', token: 'dead' }),
    );
    writeFileSync(outputSiblings(dist).journal, inPlaceJournal);
    await sleep(TREE_CHECK_MS + 50);
    expect(await tree.current()).toBe(before);
    expect(logged.join('\n')).toMatch(/finished publishing 0 changed file\(s\) into dist/);
  });
});
