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
  // Each name, then its transliterations, into one array: a spread of conditional arrays per
  // name was three to five short-lived arrays each (bench/README.md, "The bundled build's
  // garbage, tenth session").
  const found: string[] = [];
  const add = (text: string) => {
    found.push(text);
    // A transliteration of text without letters of its script only lower-cases it, which folds
    // to the text's own fold: skipping it changes nothing but the time (a test holds this).
    if (CYRILLIC_LETTER.test(text)) found.push(bulgarianToLatin(text));
    if (GREEK_LETTER.test(text)) found.push(greekToLatin(text));
    if (locale === 'bg' && LATIN_LETTER.test(text)) found.push(latinToBulgarian(text));
  };
  add(names.name[locale]);
  add(names.name[other]);
  if (names.termOriginal !== null) add(names.termOriginal);
  for (const alias of names.aliases[locale]) add(alias);
  for (const alias of names.aliases[other]) add(alias);
  return found;
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
