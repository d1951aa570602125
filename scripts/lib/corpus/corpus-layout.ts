// Where a corpus keeps what: site.yaml, terms/<slug>/{term.yaml,en.md,bg.md}, posts/<slug>.yaml.
// Validation sorts the files by these rules, and the parallel checks pick the files whose own
// checks need no other file.
import { LOCALES, type Locale } from '../../../src/contract/facts.ts';
import type { CorpusProblem } from './corpus-model.ts';
import type { FileKind } from './file-checks.ts';
import type { CorpusFiles, SourceFile } from './load-corpus.ts';

const TERM_FILE = /^terms\/([^/]+)\/(term\.yaml|[a-z]{2}\.md)$/;
const POST_FILE = /^posts\/[^/]+\.yaml$/;
export const SITE_FILE = 'site.yaml';

const relativePath = (root: string, file: SourceFile) => (root === '.' ? file.path : file.path.slice(root.length + 1));

/** The kind of a data file whose own checks need no other file, by its path inside the corpus; none for any other. */
export function checkableKind(rel: string): FileKind | undefined {
  if (POST_FILE.test(rel)) return 'post';
  const name = TERM_FILE.exec(rel)?.[2];
  if (name === 'term.yaml') return name;
  if (name && LOCALES.includes(name.slice(0, 2) as Locale)) return name as FileKind;
  return undefined;
}

/** The readable data files whose own checks need no other file, with their kind. */
export function checkableFiles({ root, files }: CorpusFiles): { kind: FileKind; file: SourceFile }[] {
  const checkable: { kind: FileKind; file: SourceFile }[] = [];
  for (const file of files) {
    if (file.unreadable) continue;
    const kind = checkableKind(relativePath(root, file));
    if (kind !== undefined) checkable.push({ kind, file });
  }
  return checkable;
}

/** The files of a corpus by role; unexpected files are reported while sorting. */
export interface SortedFiles {
  siteFile: SourceFile | undefined;
  /** Term folder name -> file name (term.yaml, en.md, bg.md) -> file. */
  termDirs: Map<string, Map<string, SourceFile>>;
  postFiles: SourceFile[];
}

/** The files of a corpus by role; what is neither site.yaml, a term's file nor a post is reported. */
export function sortFiles(
  root: string,
  files: readonly SourceFile[],
  report: (problem: CorpusProblem) => void,
): SortedFiles {
  // A file that could not be read exists, so its absence is not reported, but it is not parsed.
  const unreadable = new Set(files.filter((file) => file.unreadable).map((file) => file.path));
  const sorted: SortedFiles = { siteFile: undefined, termDirs: new Map(), postFiles: [] };
  for (const file of files) {
    const rel = relativePath(root, file);
    const termMatch = TERM_FILE.exec(rel);
    const termDir = termMatch?.[1];
    const termFile = termMatch?.[2];
    if (rel === SITE_FILE) sorted.siteFile = file;
    else if (POST_FILE.test(rel)) sorted.postFiles.push(file);
    else if (termDir && termFile && (termFile === 'term.yaml' || LOCALES.includes(termFile.slice(0, 2) as Locale))) {
      const dirFiles = sorted.termDirs.get(termDir) ?? new Map<string, SourceFile>();
      sorted.termDirs.set(termDir, dirFiles.set(termFile, file));
    } else if (!unreadable.has(file.path)) {
      report({
        file: file.path,
        message: rel.split('/').some((part) => part.startsWith('.'))
          ? 'hidden file (editors and file managers leave such files); delete it: the corpus holds only its data files'
          : 'unexpected file; the corpus holds site.yaml, terms/<slug>/{term.yaml,en.md,bg.md} and posts/<slug>.yaml',
      });
    }
  }
  return sorted;
}
