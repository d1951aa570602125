// One corpus file as the build holds it (SourceFile), and the reading of one file with the
// loader's checks (no link followed, at most MAX_FILE_BYTES, strict UTF-8: load-corpus.ts says
// why), apart from the finding of the files (load-corpus.ts, fast-glob): the check threads use
// the digests and the texts kept on disk, not the file listing, and so need not load fast-glob.
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { hash } from 'node:crypto';
import path from 'node:path';
import { decodeUtf8 } from './strict-utf8.ts';

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

/** A term's text is a few KB; a megabyte is a mistake or an attack, never a term. */
export const MAX_FILE_BYTES = 1024 * 1024;

/** A corpus folder and how messages show it: one object shared by every text kept on disk. */
export type CorpusPlace = { root: string; shown: string };

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

/** A text kept on disk is checked against its `digest` (of the bytes) when read again. */
type ReadResult = { text: string; digest: string } | { problem: string; line?: number };

/**
 * The digest of a file's bytes (SourceFile.digest). SHA-256: the data version must not collide.
 * One call, not a Hash object per file: every corpus file, and a kept text each time it is read.
 */
const digestOf = (bytes: Uint8Array | string) => hash('sha256', bytes, 'base64url');

/**
 * A file's digest: the loader's, or (a file made another way: tests) its text's, which is the same
 * for a file without a byte order mark.
 */
export const fileDigest = (file: SourceFile): string => file.digest ?? digestOf(file.text);

/**
 * Where each file's bytes are read: they are decoded and hashed before the next file is read, and
 * kept by nothing, so one buffer serves every file (Buffer.alloc zeroed a buffer of its own per
 * file: every corpus file, and a kept text each time it is read).
 */
let readInto = Buffer.allocUnsafe(64 * 1024);

export function readCorpusFile(file: string, isLink: boolean): ReadResult {
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
    if (readInto.byteLength < info.size) readInto = Buffer.allocUnsafe(Math.max(info.size, 2 * readInto.byteLength));
    const bytes = readInto;
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
