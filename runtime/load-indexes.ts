// Reads the list indexes and the site facts of a built output folder: the one way the function,
// the dev server, the self-hosted server and the benchmarks load them.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCALES, type Locale } from '../src/contract/facts.ts';
import { decodeListIndex, type ListIndex } from '../src/list/list-index/decode.ts';
import { listIndexPath, SITE_FACTS_PATH } from '../src/contract/output-layout.ts';
import { decodeSiteFacts, type SiteFacts } from '../src/site-facts.ts';

export type Indexes = Record<Locale, ListIndex>;

/** Both locales' indexes from an output folder (dist/). */
export function loadIndexes(outDir: string): Indexes {
  return Object.fromEntries(
    LOCALES.map((locale) => [locale, decodeListIndex(readFileSync(path.join(outDir, listIndexPath(locale))))]),
  ) as Indexes;
}

/** The build's site-wide facts from an output folder (dist/). */
export function loadSiteFacts(outDir: string): SiteFacts {
  const file = path.join(outDir, SITE_FACTS_PATH);
  return decodeSiteFacts(readFileSync(file, 'utf8'), file);
}

/**
 * The first candidate that holds a built output (or, with `within`, the given subfolder of one),
 * or an error that says what to do. `marker`: the file of the output that must be there.
 */
export function findOutputDir(
  candidates: (string | undefined | '')[],
  within = '',
  marker = listIndexPath('en'),
): string {
  const dirs = candidates.filter((dir): dir is string => Boolean(dir));
  const found = dirs.find((dir) => existsSync(path.join(dir, path.relative(within, marker))));
  if (!found) throw new Error(`no built API found (looked in ${dirs.join(', ')}); run \`npm run build\` first`);
  return found;
}
