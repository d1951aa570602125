// A build's output as its tests compare it: every file (dot files too) by its path inside the
// output, in path order, with its bytes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';

/** Every file of `dir` but those matching one of `except`, by relative path, in path order. */
export function readTree(dir: string, except: readonly RegExp[] = []): Map<string, Buffer> {
  return new Map(
    fg
      .sync('**/*', { cwd: dir, onlyFiles: true, dot: true })
      .filter((file) => !except.some((pattern) => pattern.test(file)))
      .sort()
      .map((file) => [file, readFileSync(path.join(dir, file))]),
  );
}
