// The text of OUTPUT_HASHES_PATH (each output file's SHA-1, by path: the next build's hint), made
// in pieces. At 100,000 terms it holds about 650,000 entries: a sorted copy of the dictionary,
// stringified whole and then encoded, made a spike of memory in the build's last
// seconds (bench/README.md, "Output hashes at 100,000 terms, tenth session").
import type { OutputHashes } from './output-hashes.ts';

/** Entries per piece: about 60 bytes each, so a piece is a few hundred KB. */
const ENTRIES_PER_PIECE = 4096;

/**
 * `${JSON.stringify(sorted)}\n` as UTF-8 pieces, where `sorted` holds each path's last hash in
 * `hashes`, in sorted order of the paths: the same bytes as the dictionary the sinks kept before
 * (output-hashes.ts), without the whole text at once.
 */
export function outputHashesText(hashes: OutputHashes): Iterable<Uint8Array> {
  // Taken now: the sink records the hashes file's own hash once it is written.
  const last = hashes.lastWrites();
  return pieces(inJsonOrder([...last.keys()].sort()), (file) => hashes.digestText(last.get(file) as number));
}

function* pieces(paths: string[], digestOf: (file: string) => string): Generator<Uint8Array> {
  for (let from = 0; from < paths.length || from === 0; from += ENTRIES_PER_PIECE) {
    const entries: string[] = [];
    for (const file of paths.slice(from, from + ENTRIES_PER_PIECE))
      entries.push(`${JSON.stringify(file)}:${JSON.stringify(digestOf(file))}`);
    const opening = from === 0 ? '{' : ',';
    const closing = from + ENTRIES_PER_PIECE >= paths.length ? '}\n' : '';
    yield Buffer.from(`${opening}${entries.join(',')}${closing}`);
  }
}

/**
 * Keys as an object built in that order enumerates them (so as JSON.stringify writes them):
 * array-index keys first, in numeric order, then the others in the order given.
 */
function inJsonOrder(sorted: string[]): string[] {
  const indexes = sorted.filter(isArrayIndex);
  if (indexes.length === 0) return sorted;
  indexes.sort((a, b) => Number(a) - Number(b));
  return [...indexes, ...sorted.filter((key) => !isArrayIndex(key))];
}

function isArrayIndex(key: string): boolean {
  return /^(?:0|[1-9]\d{0,9})$/.test(key) && Number(key) < 2 ** 32 - 1;
}
