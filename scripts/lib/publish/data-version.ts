// The data version: a content hash of everything a build's output depends on. Dump names carry
// it, so the same name never names other bytes.
import { createHash } from 'node:crypto';
import { DATA_VERSION_HEX_DIGITS } from '../../../src/contract/facts.ts';
import type { CorpusFiles } from '../corpus/load-corpus.ts';

/**
 * Bump when the build writes other bytes for the same corpus (a dump format, a library that
 * writes one, the SQLite engine): dump names carry the data version and are cached forever,
 * so the same name must never name other bytes. The golden test refuses new dump bytes under
 * an unchanged version.
 */
export const OUTPUT_FORMAT_VERSION = 6;

/**
 * A content hash (DATA_VERSION_HEX_DIGITS of a SHA-256) of everything the output depends on:
 * the output format's version, every corpus file (by its path inside the corpus, so the same
 * corpus elsewhere has the same version) and the site URL.
 */
export function computeDataVersion({ root, files }: CorpusFiles, siteUrl: string): string {
  const hash = createHash('sha256');
  hash.update(`format\0${OUTPUT_FORMAT_VERSION}\0site-url\0${siteUrl}\0`);
  for (const file of files) {
    const inner = root === '.' ? file.path : file.path.slice(root.length + 1);
    hash.update(`${inner}\0${file.text}\0`);
  }
  return hash.digest('hex').slice(0, DATA_VERSION_HEX_DIGITS);
}
