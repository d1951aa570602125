// A term's searchable names (docs/api-contract.md, "Search"): what `q` is matched against. Pure and
// web-standard: the build computes them into the list index, the tests' oracle checks them.
import { type Locale, OTHER_LOCALE } from '../../../src/contract/facts.ts';
import { foldForSearch } from '../../../src/list/fold.ts';
import { bulgarianToLatin, greekToLatin, latinToBulgarian } from './transliteration.ts';

/** Every name a term is written with in the corpus. */
export interface TermNames {
  name: Record<Locale, string>;
  /** Original-script form (Greek, Hebrew, Latin...). */
  termOriginal: string | null;
  aliases: Record<Locale, readonly string[]>;
}

const LATIN_LETTER = /\p{Script=Latin}/u;
const CYRILLIC_LETTER = /\p{Script=Cyrillic}/u;
const GREEK_LETTER = /\p{Script=Greek}/u;

/**
 * The names `q` is matched against in a locale, as written: the name in this locale, the name
 * in the other locale, the original-script form and the aliases of both locales; each also
 * romanized (Bulgarian Cyrillic and Greek), and for Bulgarian readers each Latin-script one
 * also in Cyrillic.
 */
export function writtenSearchNames(names: TermNames, locale: Locale): string[] {
  const other = OTHER_LOCALE[locale];
  const written = [
    names.name[locale],
    names.name[other],
    ...(names.termOriginal === null ? [] : [names.termOriginal]),
    ...names.aliases[locale],
    ...names.aliases[other],
  ];
  // A transliteration of text without letters of its script only lower-cases it, which folds
  // to the text's own fold: skipping it changes nothing but the time (a test holds this).
  return written.flatMap((text) => [
    text,
    ...(CYRILLIC_LETTER.test(text) ? [bulgarianToLatin(text)] : []),
    ...(GREEK_LETTER.test(text) ? [greekToLatin(text)] : []),
    ...(locale === 'bg' && LATIN_LETTER.test(text) ? [latinToBulgarian(text)] : []),
  ]);
}

/**
 * The folded searchable names of a term, as the list index stores them: distinct, and none a
 * substring of another (a substring search can never need it), in first-seen order so the name
 * in the served locale comes first unless another name contains it.
 */
export function searchableNames(names: TermNames, locale: Locale): string[] {
  const folded = [...new Set(writtenSearchNames(names, locale).map((text) => foldForSearch(text, locale)))].filter(
    (name) => name !== '',
  );
  return folded.filter((name, i) => !folded.some((other, j) => j !== i && other.includes(name)));
}
