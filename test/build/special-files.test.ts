// Issue 22, finding 7: a FIFO in the corpus hung the build forever. It is refused, by name.
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSite } from '../../scripts/lib/publish/build-site.ts';
import { loadCorpusFiles } from '../../scripts/lib/corpus/load-corpus.ts';
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

// Issue 22, finding 7: 20,000 levels of YAML nesting reported "Maximum call stack size exceeded".
describe('deeply nested YAML', () => {
  it('is a precise corpus problem with its file and line', async () => {
    const corpus = path.join(tempDir(), 'corpus');
    cpSync(SMALL_CORPUS, corpus, { recursive: true });
    const file = path.join(corpus, 'terms/aeon/term.yaml');
    writeFileSync(file, `${readFileSync(file, 'utf8')}extra: ${'['.repeat(20_000)}${']'.repeat(20_000)}\n`);
    const result = await buildSite({ corpusDir: corpus, outDir: path.join(tempDir(), 'dist') });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.messages.join('\n')).toMatch(
        /terms\/aeon\/term\.yaml.*nests lists or maps more than 100 levels deep/,
      );
      expect(result.messages.join('\n')).not.toContain('call stack');
    }
  });
});

// Issue 22, finding 7: a term name made only of combining marks was accepted.
describe('a name of combining marks alone', () => {
  it('is a precise corpus problem', async () => {
    const corpus = path.join(tempDir(), 'corpus');
    cpSync(SMALL_CORPUS, corpus, { recursive: true });
    const file = path.join(corpus, 'terms/aeon/en.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^term: .*$/m, 'term: "\u0301\u0302\u0303"'));
    const result = await buildSite({ corpusDir: corpus, outDir: path.join(tempDir(), 'dist') });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.messages.join('\n')).toMatch(
        /terms\/aeon\/en\.md.*term.*must contain a letter or a digit \(combining marks alone name nothing\)/,
      );
    }
  });
});
