// What the build tests assert about a whole output folder: the same files with the same bytes,
// or, after a failed build, the output in place untouched with nothing left beside it.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { readTree } from './output-tree.ts';

/** Two trees hold the same files with the same bytes (a differing file is named). */
export function expectSameTree(actual: Map<string, Buffer>, expected: Map<string, Buffer>): void {
  expect([...actual.keys()]).toEqual([...expected.keys()]);
  for (const [file, bytes] of expected) expect(actual.get(file)?.equals(bytes), file).toBe(true);
}

/** The output in place is `before`, and no staging or retired folder is left beside it (the lock may stay). */
export function expectOutputUntouched(outDir: string, before: Map<string, Buffer>): void {
  expectSameTree(readTree(outDir), before);
  const siblings = readdirSync(path.dirname(outDir)).filter((name) => name.startsWith(`${path.basename(outDir)}.`));
  expect(siblings.filter((name) => !name.endsWith('.lock'))).toEqual([]);
}
