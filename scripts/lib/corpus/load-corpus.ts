// The only corpus I/O: finds and reads every file under the corpus folder. Everything
// after this works on the returned texts, so validation is pure and testable.
//
// The corpus may come from people the operator does not know, so reading is defensive:
// nothing outside the corpus folder is ever read (symbolic links are reported, never
// followed, and files are opened with O_NOFOLLOW), files larger than MAX_FILE_BYTES are
// not read, and text must be valid UTF-8 (the first invalid byte is named).
import { existsSync, lstatSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { type CorpusPlace, readCorpusFile, type SourceFile, TermTextOnDisk } from './source-file.ts';
import { parseStyleVariants, type StyleVariantsResult } from './style-variants.ts';

export { decodeUtf8 } from './strict-utf8.ts';
export {
  CorpusFileChangedError,
  fileDigest,
  isOnDisk,
  MAX_FILE_BYTES,
  type SourceFile,
  TermTextOnDisk,
} from './source-file.ts';

/** A problem found while reading, in the shape validation reports (validate-corpus.ts). */
export interface LoadProblem {
  file: string;
  line?: number;
  message: string;
}

export interface CorpusFiles {
  root: string;
  /** Every file under the corpus root except documentation (README.md, LICENSE), sorted by path. */
  files: SourceFile[];
  /** What made files unreadable; the build reports them with the validation problems. */
  problems?: LoadProblem[];
  /** Set when the corpus folder itself is missing: nothing else is worth reporting. */
  missingRoot?: true;
}

/**
 * How the loader keeps the terms' Markdown texts: all in memory, or on disk, read again whenever
 * one is needed (see TermTextOnDisk). `auto`: on disk from TEXTS_ON_DISK_FROM files on.
 */
export type TermTexts = 'memory' | 'disk' | 'auto';

/**
 * About 50,000 terms. Below it the texts are a few hundred MB, reading each again (about seven
 * times a build) cost 28% more CPU at 20,000 terms, and did not lower that build's peak (bench/README.md).
 */
export const TEXTS_ON_DISK_FROM = 150_000;

/** Documentation beside the data, and the style checker's list: never read by the build. */
const DOCUMENTATION_FILES = ['**/README.md', 'STYLE.md', 'REVIEW-LOG.md', 'style.yaml', 'LICENSE', 'LICENSE.*'];
/** Version control of a corpus kept in its own repository. */
const VERSION_CONTROL = ['.git/**', '.git'];

export async function loadCorpusFiles(
  root: string,
  options: {
    shownAs?: string;
    termTexts?: TermTexts;
    /**
     * Called with each readable file as soon as it is read, and its path inside the corpus (the
     * build starts checking meanwhile). A text that stays on disk is passed with its text as
     * read, and `kept` false: the files returned do not hold it, so neither may the callee.
     */
    onRead?: OnRead;
    /** Called once, before any file is read, when the corpus's term texts stay on disk. */
    onTextsOnDisk?: () => void;
  } = {},
): Promise<CorpusFiles> {
  const shown = options.shownAs ?? (path.relative(process.cwd(), root).split(path.sep).join('/') || '.');
  const shownPath = (name: string) => (shown === '.' ? name : `${shown}/${name}`);
  if (!existsSync(root) || !statSync(root).isDirectory()) {
    return {
      root: shown,
      files: [],
      problems: [
        {
          file: shown,
          message: 'is not a folder; pass --corpus with the folder that holds site.yaml, terms/ and posts/',
        },
      ],
      missingRoot: true,
    };
  }
  const entries = await fg('**/*', corpusGlob(root));
  const termTexts = options.termTexts ?? 'memory';
  const onDisk = termTexts === 'disk' || (termTexts === 'auto' && entries.length >= TEXTS_ON_DISK_FROM);
  const place = onDisk ? { root, shown } : undefined;
  if (onDisk) options.onTextsOnDisk?.();
  const { files, problems } = readEntries(root, entries, shownPath, place, options.onRead);
  return { root: shown, files, problems };
}

// Not following links, fast-glob lists a link (to a file or a folder) as one entry.
const corpusGlob = (root: string) => ({
  cwd: root,
  dot: true,
  onlyFiles: false,
  followSymbolicLinks: false,
  objectMode: true as const,
  ignore: [...DOCUMENTATION_FILES, ...VERSION_CONTROL],
});

/** A file just read, its path inside the corpus, and whether the returned files keep its text. */
export type OnRead = (file: SourceFile, rel: string, kept: boolean) => void;

/** A term's Markdown text (terms/<folder>/<locale>.md): most of a corpus's bytes. */
const TERM_TEXT = /^terms\/[^/]+\/[a-z]{2}\.md$/;

function readEntries(
  root: string,
  entries: fg.Entry[],
  shownPath: (name: string) => string,
  termTextsOnDisk?: CorpusPlace,
  onRead?: OnRead,
): { files: SourceFile[]; problems: LoadProblem[] } {
  entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const problems: LoadProblem[] = [];
  const files: SourceFile[] = [];
  // Sequential synchronous reads: corpus files are small, and hundreds of thousands of
  // concurrent promises cost more than they overlap.
  for (const entry of entries) {
    if (entry.dirent.isDirectory()) continue;
    const file = shownPath(entry.path);
    const onDisk = termTextsOnDisk !== undefined && TERM_TEXT.test(entry.path);
    const read = readCorpusFile(path.join(root, entry.path), entry.dirent.isSymbolicLink());
    if ('problem' in read) {
      problems.push({ file, line: read.line, message: read.problem });
      files.push({ path: file, text: '', unreadable: true });
    } else if (onDisk) {
      // Checked from this read (streamed-checks.ts), not from a second one: one pass over 200,000
      // texts is about 3.5 s of CPU (bench/README.md, "The 100,000-term time, thirteenth session").
      files.push(new TermTextOnDisk(termTextsOnDisk, entry.path, read.digest));
      onRead?.({ path: file, text: read.text, digest: read.digest }, entry.path, false);
    } else {
      const kept = { path: file, text: read.text, digest: read.digest };
      files.push(kept);
      onRead?.(kept, entry.path, true);
    }
  }
  return { files, problems };
}

/**
 * The corpus files at or below some paths inside the corpus (what a watcher saw change), read
 * exactly as loadCorpusFiles reads them: the same files skipped, the same checks. `shownRoot`
 * is the `root` loadCorpusFiles returned. A path with nothing there now yields nothing.
 */
export function reloadCorpusPaths(
  root: string,
  shownRoot: string,
  changed: readonly string[],
): { files: SourceFile[]; problems: LoadProblem[] } {
  // A folder stands for everything below it (a term folder created or removed at once).
  const patterns = changed.flatMap((rel) => {
    const info = lstatSync(path.join(root, rel), { throwIfNoEntry: false });
    return info?.isDirectory() ? [fg.escapePath(rel), `${fg.escapePath(rel)}/**/*`] : info ? [fg.escapePath(rel)] : [];
  });
  if (patterns.length === 0) return { files: [], problems: [] };
  const entries = fg.sync(patterns, corpusGlob(root));
  const unique = [...new Map(entries.map((entry) => [entry.path, entry])).values()];
  // The edit loop keeps its texts in memory (TermTextOnDisk is for one-off builds).
  return readEntries(root, unique, (name) => (shownRoot === '.' ? name : `${shownRoot}/${name}`));
}

/** corpus/style.yaml, the machine-checkable variants of STYLE.md; none when the file is absent. */
export async function loadStyleVariants(root: string): Promise<StyleVariantsResult> {
  const file = path.join(root, 'style.yaml');
  if (!existsSync(file)) return { ok: true, variants: { en: [], bg: [] } };
  return parseStyleVariants(readFileSync(file, 'utf8'), file.split(path.sep).join('/'));
}
