// Loads fixture corpora into memory, so validation tests need no temporary folders.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import type { CorpusFiles } from '../../scripts/lib/corpus/load-corpus.ts';

export const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');
export const SMALL_CORPUS = path.join(FIXTURES, 'corpus-small');
export const INVALID_CASES = path.join(FIXTURES, 'invalid');

function readTree(dir: string): Map<string, string> {
  const names = fg.sync('**/*', { cwd: dir, onlyFiles: true, ignore: ['**/README.md', '_delete.txt', 'expected.txt'] });
  return new Map(names.map((name) => [name, readFileSync(path.join(dir, name), 'utf8')]));
}

/** The small valid corpus, shown under the root "corpus". */
export function smallCorpusFiles(): CorpusFiles {
  return toCorpusFiles(readTree(SMALL_CORPUS));
}

/** The small corpus with an invalid case's files laid over it (and its _delete.txt removed). */
export function invalidCaseFiles(name: string): CorpusFiles {
  const files = readTree(SMALL_CORPUS);
  const caseDir = path.join(INVALID_CASES, name);
  for (const [file, text] of readTree(caseDir)) files.set(file, text);
  const deletions = path.join(caseDir, '_delete.txt');
  if (existsSync(deletions)) {
    for (const file of readFileSync(deletions, 'utf8').split('\n').filter(Boolean)) files.delete(file);
  }
  return toCorpusFiles(files);
}

export function invalidCaseNames(): string[] {
  return readdirSync(INVALID_CASES).sort();
}

export function expectedMessages(name: string): string[] {
  return readFileSync(path.join(INVALID_CASES, name, 'expected.txt'), 'utf8')
    .split('\n')
    .filter(Boolean);
}

function toCorpusFiles(files: Map<string, string>): CorpusFiles {
  return {
    root: 'corpus',
    files: [...files].sort(([a], [b]) => (a < b ? -1 : 1)).map(([name, text]) => ({ path: `corpus/${name}`, text })),
  };
}
