// The edit loop's start-up: a change made while it opens (during its initial build) or at the very
// moment it reports that it watches must be published, not lost until the next change. The loop
// used to set up its watcher only after opening and after saying so, and a recursive watch of a
// large corpus takes seconds: an edit in that window was never published (issue 27).
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type EditLoop, startEditLoop } from '../../scripts/lib/publish/edit-loop.ts';
import { termFile } from '../../scripts/lib/publish/emit.ts';
import { SMALL_CORPUS } from '../helpers/corpus-fixtures.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const ORIGINAL = 'It exists for the golden build.';

/** Waits until the output's term file holds `marker` (a liveness bound, not a speed limit). */
async function published(out: string, marker: string): Promise<boolean> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const json = readFileSync(path.join(out, termFile('en', 'sophia')), 'utf8');
    if (json.includes(marker)) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('an edit made while the edit loop starts', () => {
  const work = tempDir();
  let loop: EditLoop | undefined;
  afterEach(() => loop?.close());

  function copy(name: string) {
    const corpus = path.join(work, name, 'corpus');
    cpSync(SMALL_CORPUS, corpus, { recursive: true });
    const editSophia = (marker: string) => {
      const file = path.join(corpus, 'terms/sophia/en.md');
      writeFileSync(file, readFileSync(file, 'utf8').replace(ORIGINAL, marker));
    };
    return { corpus, out: path.join(work, name, 'out'), editSophia };
  }

  it('is published when made right as the loop says it watches', async () => {
    const { corpus, out, editSophia } = copy('ready');
    const lines: string[] = [];
    loop = await startEditLoop({
      corpusDir: corpus,
      outDir: out,
      log: (line) => {
        lines.push(line);
        if (line.startsWith('edit loop: watching')) editSophia('Edited as the loop became ready.');
      },
    });
    expect(await published(out, 'Edited as the loop became ready.')).toBe(true);
    await loop.settled();
    expect(lines.filter((line) => line.includes('problem'))).toEqual([]);
  });

  it('is published when made during the initial build', async () => {
    const { corpus, out, editSophia } = copy('building');
    let edited = false;
    loop = await startEditLoop({
      corpusDir: corpus,
      outDir: out,
      log: () => undefined,
      // The build's swap: its files were read long before, so the edit is not in this build.
      write: {
        onStep: (step) => {
          if (step !== 'journal-written' || edited) return;
          edited = true;
          editSophia('Edited during the initial build.');
        },
      },
    });
    expect(edited).toBe(true);
    expect(await published(out, 'Edited during the initial build.')).toBe(true);
  });

  // The change's quiet time (debounce) ends while the initial build is still finishing, as it does
  // on a loaded machine: the change waits for the session, and is not dropped because the
  // session did not exist yet when its turn came (it was, one run in three at load 17).
  it('is published when its quiet time ends before the initial build has finished', async () => {
    const { corpus, out, editSophia } = copy('slow-open');
    let edited = false;
    loop = await startEditLoop({
      corpusDir: corpus,
      outDir: out,
      log: () => undefined,
      debounceMs: 1,
      write: {
        onStep: async (step) => {
          if (step !== 'journal-written' || edited) return;
          edited = true;
          editSophia('Edited while the initial build finished.');
          await new Promise((resolve) => setTimeout(resolve, 200));
        },
      },
    });
    expect(edited).toBe(true);
    await loop.settled();
    expect(await published(out, 'Edited while the initial build finished.')).toBe(true);
  });
});
