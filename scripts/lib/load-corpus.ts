// The only corpus I/O: finds and reads every file under the corpus folder. Everything
// after this works on the returned texts, so validation is pure and testable.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { parse as parseYamlText } from 'yaml';
import { StyleVariantsSchema, type StyleVariants } from './style-variants.ts';

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

/** Documentation beside the data, and the style checker's list: never read by the build. */
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

/** corpus/style.yaml, the machine-checkable variants of STYLE.md; none when the file is absent. */
export async function loadStyleVariants(root: string): Promise<StyleVariants> {
  const file = path.join(root, 'style.yaml');
  if (!existsSync(file)) return { en: [], bg: [] };
  const parsed = StyleVariantsSchema.safeParse(parseYamlText(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return parsed.data;
}
