// The only corpus I/O: finds and reads every file under the corpus folder. Everything
// after this works on the returned texts, so validation is pure and testable.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';

export interface SourceFile {
  /** Path shown in messages: relative to the working directory, with forward slashes. */
  path: string;
  text: string;
}

export interface CorpusFiles {
  root: string;
  /** Every file under the corpus root except documentation (README.md, LICENSE), sorted by path. */
  files: SourceFile[];
}

/** Documentation beside the data: read by people, never by the build. */
const DOCUMENTATION_FILES = ['**/README.md', 'STYLE.md', 'REVIEW-LOG.md', 'style.yaml', 'LICENSE', 'LICENSE.*'];

export async function loadCorpusFiles(root: string): Promise<CorpusFiles> {
  const names = await fg('**/*', { cwd: root, dot: false, onlyFiles: true, ignore: DOCUMENTATION_FILES });
  names.sort();
  const shown = path.relative(process.cwd(), root).split(path.sep).join('/') || '.';
  // Sequential synchronous reads: corpus files are small, and hundreds of thousands of
  // concurrent promises cost more than they overlap.
  const files = names.map((name) => ({
    path: shown === '.' ? name : `${shown}/${name}`,
    text: readFileSync(path.join(root, name), 'utf8'),
  }));
  return { root: shown, files };
}
