// Every term's searchable names in both locales (scripts/lib/names/search-names.ts), computed once per build
// for the list index and the SQLite dump. Romanizing and folding a term's names costs about
// 70 µs, so they are kept in the build cache (parse-cache.ts), keyed by the names themselves.
import { LOCALES, type Locale } from '../../../src/contract/facts.ts';
import type { Term } from '../../../src/contract/response-schemas.ts';
import { searchableNames, type TermNames } from './search-names.ts';
import { termNamesBySlug, type ApiRecords } from '../publish/derive.ts';
import { ParseCache } from '../corpus/parse-cache.ts';

/** By locale, then slug. */
export type TermSearchNames = Record<Locale, Map<string, string[]>>;

/**
 * The edit loop's: a term's searchable names by its English record, kept while that record, the
 * Bulgarian one and the aliases stay the same objects (derive.ts: DerivedTerms), so that a
 * change does not serialize and hash the names of every term to find them in the cache.
 */
export type SearchNamesMemo = WeakMap<Term, { names: TermNames; computed: Record<Locale, string[]> }>;

/** A term's searchable names in a locale (every term of the records has them). */
export function searchNamesOf(names: TermSearchNames, locale: Locale, slug: string): string[] {
  const found = names[locale].get(slug);
  if (found === undefined) throw new Error(`no search names for the term "${slug}" (${locale})`);
  return found;
}

export function termSearchNames(records: ApiRecords, cache?: ParseCache, memo?: SearchNamesMemo): TermSearchNames {
  const bySlug = termNamesBySlug(records);
  const result = { en: new Map(), bg: new Map() } as TermSearchNames;
  for (const term of records.locales.en.terms) {
    const names = bySlug.get(term.slug);
    if (names === undefined) throw new Error(`derive.ts gave the term "${term.slug}" no names`);
    const known = memo?.get(term);
    const same =
      known?.names.name.bg === names.name.bg &&
      known.names.aliases === names.aliases &&
      known.names.termOriginal === names.termOriginal;
    const computed = same ? known.computed : namesOf(names, cache);
    if (!same) memo?.set(term, { names, computed });
    for (const locale of LOCALES) result[locale].set(term.slug, computed[locale]);
  }
  return result;
}

function namesOf(names: TermNames, cache: ParseCache | undefined): Record<Locale, string[]> {
  const key = cache ? ParseCache.keyOf(JSON.stringify(names), 'search names') : '';
  let computed = cache?.outcome<Record<Locale, string[]>>(key);
  if (!computed) {
    computed = Object.fromEntries(LOCALES.map((l) => [l, searchableNames(names, l)])) as Record<Locale, string[]>;
    cache?.setOutcome(key, computed);
  }
  return computed;
}
