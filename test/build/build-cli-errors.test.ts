// What an operator sees when the file system refuses the build's output: one line naming the path
// and the system's reason, exit code 1, no stack trace, and no output written anywhere.
import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { SMALL_CORPUS } from '../helpers/corpus-fixtures.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const REPO = path.resolve(import.meta.dirname, '../..');
const work = tempDir('lexicon-cli-errors-');

it('an --out the file system refuses fails with one line naming the path, exit code 1', async () => {
  const parent = path.join(work, 'parent');
  mkdirSync(parent);
  const file = path.join(parent, 'a-file');
  writeFileSync(file, 'not a folder');
  const args = ['--import', 'tsx', 'scripts/build.ts', '--corpus', SMALL_CORPUS, '--out', path.join(file, 'dist')];
  const failure = await promisify(execFile)(process.execPath, [...args, '--quiet', '--no-cache'], {
    cwd: REPO,
    env: { ...process.env, URL: 'https://lexicon.test' },
  }).then(
    () => undefined,
    (error: { code: number; stderr: string }) => error,
  );
  expect(failure?.code).toBe(1);
  expect(failure?.stderr).toBe(`Build failed: EEXIST: file already exists, mkdir '${file}'\n`);
  expect(readdirSync(parent)).toEqual(['a-file']);
}, 120_000);
