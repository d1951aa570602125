// Issue 22, finding 7: a FIFO in the corpus hung the build forever. It is refused, by name.
import { execFileSync } from 'node:child_process';
import { cpSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCorpusFiles } from '../../scripts/lib/load-corpus.ts';
import { SMALL_CORPUS } from '../helpers/corpus-fixtures.ts';
import { tempDir } from '../helpers/temp-dir.ts';

describe('special files in the corpus', () => {
  it('refuses a FIFO with a clear problem instead of waiting for a writer', async () => {
    const corpus = path.join(tempDir(), 'corpus');
    cpSync(SMALL_CORPUS, corpus, { recursive: true });
    execFileSync('mkfifo', [path.join(corpus, 'terms/aeon/notes.md')]);
    const loaded = await loadCorpusFiles(corpus);
    const problems = (loaded.problems ?? []).map((p) => [p.file.split('/').slice(-3).join('/'), p.message]);
    expect(problems).toEqual([['terms/aeon/notes.md', 'is not a regular file (a FIFO, socket or device); remove it']]);
  });
});
