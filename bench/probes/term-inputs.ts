// The input both term-file generators get: every single-term response of a built output,
// parsed back into objects (so both serialize them again), and a check that what a
// generator wrote is byte-for-byte the build's output, so the comparison is of the same work.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { LOCALES, termFilePath } from '../../src/contract/facts.ts';

export interface TermFile {
  /** Relative to the output folder, as the build writes it. */
  file: string;
  value: unknown;
}

export function readTermFiles(builtDir: string): TermFile[] {
  return LOCALES.flatMap((locale) => {
    const dir = path.dirname(path.join(builtDir, termFilePath(locale, 'x')));
    return readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .map((name) => {
        const file = path.relative(builtDir, path.join(dir, name));
        return { file, value: JSON.parse(readFileSync(path.join(builtDir, file), 'utf8')) };
      });
  });
}

/** Throws unless every term file under outDir equals the build's. */
export function assertSameFiles(builtDir: string, outDir: string, files: readonly TermFile[]): void {
  for (const { file } of files) {
    if (!readFileSync(path.join(outDir, file)).equals(readFileSync(path.join(builtDir, file)))) {
      throw new Error(`${file} differs from the build's output`);
    }
  }
}
