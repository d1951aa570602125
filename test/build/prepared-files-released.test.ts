// A build lets its corpus files go once the editorial findings and the search names are worked
// out (prepare-corpus.ts: doneWithFiles; build-site.ts empties its file list when done with the
// cache): nothing keeps a file alive while the records are made. At 20,000 terms the files by
// path were 14 MB alive through the records (bench/README.md, eighth session).
import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { CorpusFiles } from '../../scripts/lib/corpus/load-corpus.ts';
import { ParseCache } from '../../scripts/lib/corpus/parse-cache.ts';
import { prepareCorpus } from '../../scripts/lib/publish/prepare-corpus.ts';
import { smallCorpusFiles } from '../helpers/corpus-fixtures.ts';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/** Weak references to every file, made in a function of its own so no local keeps one. */
const weakFiles = (files: CorpusFiles) => files.files.map((file) => new WeakRef(file));

describe('the corpus files while the records are made', () => {
  it('no file is alive once the build is done with them (before the records are made)', async () => {
    const files = smallCorpusFiles();
    const refs = weakFiles(files);
    expect(refs.length).toBeGreaterThan(10);
    // A WeakRef's target stays alive to the end of the job that made it.
    await new Promise((resolve) => setImmediate(resolve));
    let alive: string[] | undefined;
    const outcome = prepareCorpus(files, ParseCache.inMemory(), {}, undefined, () => {
      files.files = [];
      gc();
      alive = refs.map((ref) => ref.deref()?.path).filter((path) => path !== undefined);
    });
    expect(outcome.ok).toBe(true);
    expect(alive).toEqual([]);
  });
});
