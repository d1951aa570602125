// The only corpus I/O: finds and reads every file under the corpus folder. Everything
// after this works on the returned texts, so validation is pure and testable.
//
// The corpus may come from people the operator does not know, so reading is defensive:
// nothing outside the corpus folder is ever read (symbolic links are reported, never
// followed, and files are opened with O_NOFOLLOW), files larger than MAX_FILE_BYTES are
// not read, and text must be valid UTF-8 (the first invalid byte is named).
import {
  closeSync,
  constants,
  existsSync,
  fstatSync,
  lstatSync,
  openSync,
  readFileSync,
  readSync,
  statSync,
} from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import fg from 'fast-glob';
import { parseStyleVariants, type StyleVariantsResult } from './style-variants.ts';
import { decodeUtf8 } from './strict-utf8.ts';

export { decodeUtf8 } from './strict-utf8.ts';

export interface SourceFile {
  /** Path shown in messages: relative to the working directory, with forward slashes. */
  path: string;
  text: string;
  /**
   * The SHA-256 of the file's bytes (base64url), worked out by the loader while it has them: what
   * the data version and the editorial findings' cache key are made of, so neither reads the
   * texts again. Files made another way (tests) have none: fileDigest hashes their text.
   */
  digest?: string;
  /** Set when the file could not be read as corpus text: it exists, but is not parsed. */
  unreadable?: true;
}

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

/** A term's text is a few KB; a megabyte is a mistake or an attack, never a term. */
export const MAX_FILE_BYTES = 1024 * 1024;

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
     * build starts checking meanwhile); not called when the corpus's texts stay on disk.
     */
    onRead?: (file: SourceFile, rel: string) => void;
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
  // A corpus whose texts stay on disk is checked in chunks read again when checked (parallel-checks.ts).
  const place = onDisk ? { root, shown } : undefined;
  const { files, problems } = readEntries(root, entries, shownPath, place, onDisk ? undefined : options.onRead);
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

/** A term's Markdown text (terms/<folder>/<locale>.md): most of a corpus's bytes. */
const TERM_TEXT = /^terms\/[^/]+\/[a-z]{2}\.md$/;

function readEntries(
  root: string,
  entries: fg.Entry[],
  shownPath: (name: string) => string,
  termTextsOnDisk?: CorpusPlace,
  onRead?: (file: SourceFile, rel: string) => void,
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
      files.push(new TermTextOnDisk(termTextsOnDisk, entry.path, read.digest));
    } else {
      const kept = { path: file, text: read.text, digest: read.digest };
      files.push(kept);
      onRead?.(kept, entry.path);
    }
  }
  return { files, problems };
}

/** A term text changed (or went away) between the build's first read of it and a later one. */
export class CorpusFileChangedError extends Error {
  constructor(readonly file: string) {
    super(`${file}: changed while the build was running`);
  }
}

/**
 * The texts read last, by absolute path and the digest they were checked with: the steps of a
 * build ask for a term's text several times in a row. The digest is part of the key, so a text
 * read for one build is never given to another that checked other bytes at that path.
 */
const recentTexts = new Map<string, string>();
const RECENT_TEXTS = 16;

/** A corpus folder and how messages show it: one object shared by every text kept on disk. */
type CorpusPlace = { root: string; shown: string };

/**
 * A term's Markdown text kept on disk: only its path inside the corpus and the digest of its bytes
 * stay in memory, and `text` reads the file again (as the loader does, with the same checks),
 * refusing it when its bytes are not the ones first read (CorpusFileChangedError). What a large
 * corpus's build does instead of holding every text: the texts of 100,000 terms are over a
 * gigabyte in memory. The path shown and the absolute path are made when asked for: every record
 * keeps its text's reader to the end (12 MB at 20,000 terms: bench/README.md, eighth session).
 */
export class TermTextOnDisk implements SourceFile {
  constructor(
    private readonly place: CorpusPlace,
    private readonly inCorpus: string, // fast-glob's entry path: relative, forward slashes
    readonly digest: string,
  ) {}

  get path(): string {
    return this.place.shown === '.' ? this.inCorpus : `${this.place.shown}/${this.inCorpus}`;
  }

  get text(): string {
    const absolute = path.join(this.place.root, this.inCorpus);
    const key = `${this.digest}\0${absolute}`;
    const known = recentTexts.get(key);
    if (known !== undefined) return known;
    const read = readCorpusFile(absolute, false);
    if (!('text' in read) || read.digest !== this.digest) throw new CorpusFileChangedError(this.path);
    if (recentTexts.size >= RECENT_TEXTS) recentTexts.delete(recentTexts.keys().next().value as string);
    recentTexts.set(key, read.text);
    return read.text;
  }
}

/** Whether a file's text is read from disk each time (TermTextOnDisk). */
export const isOnDisk = (file: SourceFile): file is TermTextOnDisk => file instanceof TermTextOnDisk;

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

/** A text kept on disk is checked against its `digest` (of the bytes) when read again. */
type ReadResult = { text: string; digest: string } | { problem: string; line?: number };

/** The digest of a file's bytes (SourceFile.digest). SHA-256: the data version must not collide. */
const digestOf = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('base64url');

/**
 * A file's digest: the loader's, or (a file made another way: tests) its text's, which is the same
 * for a file without a byte order mark.
 */
export const fileDigest = (file: SourceFile): string => file.digest ?? digestOf(file.text);

function readCorpusFile(file: string, isLink: boolean): ReadResult {
  if (isLink) {
    return {
      problem: 'is a symbolic link; the corpus must hold the file or folder itself (links can reach files outside it)',
    };
  }
  let fd: number;
  try {
    // O_NONBLOCK: opening a FIFO would otherwise wait for a writer forever (issue 22, finding 7);
    // it changes nothing for a regular file, and fstat below refuses whatever is not one.
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP')
      return { problem: 'is a symbolic link; the corpus must hold the file itself (links can reach files outside it)' };
    return { problem: `cannot be read (${code}); check its permissions` };
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) return { problem: 'is not a regular file (a FIFO, socket or device); remove it' };
    if (info.size > MAX_FILE_BYTES) {
      return {
        problem: `is ${info.size} bytes; a corpus file may be at most ${MAX_FILE_BYTES} bytes (1 MiB; a term's text is a few KB): shorten it`,
      };
    }
    const bytes = Buffer.alloc(info.size);
    let filled = 0;
    while (filled < info.size) {
      const n = readSync(fd, bytes, filled, info.size - filled, filled);
      if (n === 0) break;
      filled += n;
    }
    const read = bytes.subarray(0, filled);
    const decoded = decodeUtf8(read);
    if (!('text' in decoded)) return decoded;
    // YAML and the frontmatter splitter read a lone CR differently: one clear message
    // instead of the misleading parse errors that follow from it.
    const loneCr = /\r(?!\n)/.exec(decoded.text);
    if (loneCr) {
      return {
        line: decoded.text.slice(0, loneCr.index).split(/\r\n|\n/).length,
        problem: 'has CR-only line endings (classic Mac); save it with LF (or CRLF) line endings',
      };
    }
    return { text: decoded.text, digest: digestOf(read) };
  } finally {
    closeSync(fd);
  }
}

/** corpus/style.yaml, the machine-checkable variants of STYLE.md; none when the file is absent. */
export async function loadStyleVariants(root: string): Promise<StyleVariantsResult> {
  const file = path.join(root, 'style.yaml');
  if (!existsSync(file)) return { ok: true, variants: { en: [], bg: [] } };
  return parseStyleVariants(readFileSync(file, 'utf8'), file.split(path.sep).join('/'));
}
