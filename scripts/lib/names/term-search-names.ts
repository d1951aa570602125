// Every term's searchable names in both locales (scripts/lib/names/search-names.ts), computed once per build
// for the list index and the SQLite dump. Romanizing and folding a term's names costs about
// 70 µs, so they are kept in the build cache (parse-cache.ts), keyed by the names themselves.
import { LOCALES, type Locale } from '../../../src/contract/facts.ts';
import { searchableNames } from './search-names.ts';
import { termNamesBySlug, type ApiRecords } from '../publish/derive.ts';
import { ParseCache } from '../corpus/parse-cache.ts';

/** By locale, then slug. */
export type TermSearchNames = Record<Locale, Map<string, string[]>>;

export function termSearchNames(records: ApiRecords, cache?: ParseCache): TermSearchNames {
  const bySlug = termNamesBySlug(records);
  const result = { en: new Map(), bg: new Map() } as TermSearchNames;
  for (const [slug, names] of bySlug) {
    const key = cache ? ParseCache.keyOf(JSON.stringify(names), 'search names') : '';
    let computed = cache?.outcome<Record<Locale, string[]>>(key);
    if (!computed) {
      computed = Object.fromEntries(LOCALES.map((l) => [l, searchableNames(names, l)])) as Record<Locale, string[]>;
      cache?.setOutcome(key, computed);
    }
    for (const locale of LOCALES) result[locale].set(slug, computed[locale]);
  }
  return result;
}
