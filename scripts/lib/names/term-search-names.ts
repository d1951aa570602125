// Every term's searchable names in both locales (scripts/lib/names/search-names.ts), computed once per build
// for the list index and the SQLite dump. Romanizing and folding a term's names costs about
// 70 µs, so they are kept in the build cache (parse-cache.ts), keyed by the names themselves.
// A build works them out from the validated terms, before the records are derived: the parse
// cache is then no longer needed, and is saved and let go before the records exist
// (build-site.ts); from records (termSearchNames) they are the same.
import { LOCALES, type Locale } from '../../../src/contract/facts.ts';
import type { CorpusTerm } from '../corpus/corpus-model.ts';
import { searchableNamesByLocale, type TermNames } from './search-names.ts';
import { termNamesBySlug, type ApiRecords } from '../publish/api-records.ts';
import { ParseCache } from '../corpus/parse-cache.ts';

/** By locale, then slug. */
export type TermSearchNames = Record<Locale, Map<string, string[]>>;

/**
 * The edit loop's: a term's searchable names by its validated term, kept while its names stay
 * the same (a validated term is the same object while its files are: validation-memo.ts), so
 * that a change does not serialize and hash the names of every term to find them in the cache.
 */
export type SearchNamesMemo = WeakMap<object, { names: TermNames; computed: Record<Locale, string[]> }>;

/** A term's searchable names in a locale (every term of the records has them). */
export function searchNamesOf(names: TermSearchNames, locale: Locale, slug: string): string[] {
  const found = names[locale].get(slug);
  if (found === undefined) throw new Error(`no search names for the term "${slug}" (${locale})`);
  return found;
}

/** The searchable names of every term of some records. */
export function termSearchNames(records: ApiRecords, cache?: ParseCache): TermSearchNames {
  const bySlug = termNamesBySlug(records);
  const result = { en: new Map(), bg: new Map() } as TermSearchNames;
  for (const [slug, names] of bySlug) setNames(result, slug, namesOf(names, cache));
  return result;
}

const NO_ALIASES: readonly string[] = [];

/** Every name a validated term is written with: what derive.ts gives its records and details. */
export function corpusTermNames(term: CorpusTerm): TermNames {
  return {
    name: { en: term.texts.en.term, bg: term.texts.bg.term },
    termOriginal: term.termOriginal,
    aliases: { en: term.texts.en.aliases ?? NO_ALIASES, bg: term.texts.bg.aliases ?? NO_ALIASES },
  };
}

/** The searchable names of every validated term (the same as termSearchNames of their records). */
export function corpusSearchNames(
  terms: readonly CorpusTerm[],
  cache?: ParseCache,
  memo?: SearchNamesMemo,
): TermSearchNames {
  const result = { en: new Map(), bg: new Map() } as TermSearchNames;
  for (const term of terms) {
    const names = corpusTermNames(term);
    const known = memo?.get(term);
    const same =
      known !== undefined &&
      known.names.name.en === names.name.en &&
      known.names.name.bg === names.name.bg &&
      known.names.termOriginal === names.termOriginal &&
      LOCALES.every((locale) => known.names.aliases[locale] === names.aliases[locale]);
    const computed = same ? known.computed : namesOf(names, cache);
    if (!same) memo?.set(term, { names, computed });
    setNames(result, term.slug, computed);
  }
  return result;
}

function setNames(result: TermSearchNames, slug: string, computed: Record<Locale, string[]>): void {
  for (const locale of LOCALES) result[locale].set(slug, computed[locale]);
}

function namesOf(names: TermNames, cache: ParseCache | undefined): Record<Locale, string[]> {
  const key = cache ? ParseCache.keyOf(JSON.stringify(names), 'search names') : '';
  let computed = cache?.outcome<Record<Locale, string[]>>(key);
  if (!computed) {
    computed = searchableNamesByLocale(names);
    cache?.setOutcome(key, computed);
  }
  return computed;
}
