// The edit loop's oracle: the files of an output the loop kept up to date, against a full build
// of the same corpus. What the loop leaves for the next full build (the dumps and their manifest,
// OpenAPI and the documentation page, which name the data version or count the whole corpus) is
// listed, and nothing else is let through; the loop's data version is its own, on purpose.
import { readTree as readOutputTree } from './output-tree.ts';

/** Left for the next full build (README "The edit loop"). */
export const FOLLOWS_FULL_BUILD = [
  /^dumps\//,
  /^api\/lexicon\/openapi\.json$/,
  /^api\/lexicon\/index\.html$/,
  /^_data\/output-hashes\.json$/,
];
// The files that carry the data version: the list indexes and the site facts.
const CARRIES_VERSION = /^_data\/(list-index\.\w+\.bin|site\.json)$/;

/** An output's files but those the loop leaves for the next full build. */
export const readTree = (dir: string): Map<string, Buffer> => readOutputTree(dir, FOLLOWS_FULL_BUILD);

/** The 16 hex digits of the data version, as the list index header and the site facts hold them. */
const versionOf = (bytes: Buffer) => /"dataVersion":"([0-9a-f]{16})"/.exec(bytes.toString('latin1'))?.[1];

/** The files of `edited` that are missing, extra or differ from `built` (none: the same output). */
export function treeDifferences(edited: string, built: string): string[] {
  const mine = readTree(edited);
  const theirs = readTree(built);
  const names = new Set([...mine.keys(), ...theirs.keys()]);
  return [...names].sort().filter((name) => {
    const a = mine.get(name);
    const b = theirs.get(name);
    if (!a || !b) return true;
    if (!CARRIES_VERSION.test(name)) return !a.equals(b);
    const ours = versionOf(a);
    const full = versionOf(b);
    return !ours || !full || ours === full || a.toString('latin1').replace(ours, full) !== b.toString('latin1');
  });
}
