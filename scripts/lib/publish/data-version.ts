// The data version: a content hash of everything a build's output depends on. Dump names carry
// it, so the same name never names other bytes.
import { createHash } from 'node:crypto';
import { DATA_VERSION_HEX_DIGITS } from '../../../src/contract/facts.ts';
import { fileDigest, type CorpusFiles } from '../corpus/load-corpus.ts';

/**
 * Bump when the build writes other bytes for the same corpus (a dump format, a library that
 * writes one, the SQLite engine): dump names carry the data version and are cached forever,
 * so the same name must never name other bytes. The golden test refuses new dump bytes under
 * an unchanged version.
 */
export const OUTPUT_FORMAT_VERSION = 7;

/**
 * A content hash (DATA_VERSION_HEX_DIGITS of a SHA-256) of everything the output depends on:
 * the output format's version, the site URL and every corpus file, by its path inside the corpus
 * (so the same corpus elsewhere has the same version) and the SHA-256 of its bytes, which the
 * loader worked out while reading it (load-corpus.ts: SourceFile.digest): no text is read or
 * hashed again here, at 100,000 terms half a gigabyte of strings.
 */
export function computeDataVersion({ root, files }: CorpusFiles, siteUrl: string): string {
  const parts = files.map((file) => {
    const inner = root === '.' ? file.path : file.path.slice(root.length + 1);
    return `${inner}\0${file.unreadable ? '!' : fileDigest(file)}\0`;
  });
  // One update of the joined parts: hundreds of thousands of small updates cost more than the hashing.
  return createHash('sha256')
    .update(`format\0${OUTPUT_FORMAT_VERSION}\0site-url\0${siteUrl}\0file-digests\0${parts.join('')}`)
    .digest('hex')
    .slice(0, DATA_VERSION_HEX_DIGITS);
}
