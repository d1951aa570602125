// A term's searchable names (docs/api-contract.md, "Search"): what `q` is matched against. Pure and
// web-standard: the build computes them into the list index, the tests' oracle checks them.
import { LOCALES, type Locale, OTHER_LOCALE } from '../../../src/contract/facts.ts';
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

/** A written text's folded forms: its own and its romanizations'; in Cyrillic (Bulgarian readers') when first needed. */
interface FoldedText {
  readonly folded: readonly string[];
  inCyrillic?: string | null;
}

/**
 * The folded searchable names of a term in each locale, as the list index stores them: the names
 * `q` is matched against (the name in the locale, the name in the other locale, the
 * original-script form and the aliases of both locales; each also romanized (Bulgarian Cyrillic
 * and Greek), and for Bulgarian readers each Latin-script one also in Cyrillic), folded,
 * distinct, and none a substring of another (a substring search can never need it), in
 * first-seen order so the name in the served locale comes first unless another name contains it.
 * Both locales write the same texts with the same romanizations in another order: each text is
 * romanized and folded once for both (folding is the same in every locale: a test holds it).
 */
export function searchableNamesByLocale(names: TermNames): Record<Locale, string[]> {
  const texts = new Map<string, FoldedText>();
  const byLocale = {} as Record<Locale, string[]>;
  for (const locale of LOCALES) byLocale[locale] = distinctNames(writtenFoldedNames(names, locale, texts));
  return byLocale;
}

/** The folded names of a locale, in the order written, repeats and all. */
function writtenFoldedNames(names: TermNames, locale: Locale, texts: Map<string, FoldedText>): string[] {
  const other = OTHER_LOCALE[locale];
  // Each name, then its transliterations, into one array: a spread of conditional arrays per
  // name was three to five short-lived arrays each (bench/README.md, "The bundled build's
  // garbage, tenth session").
  const found: string[] = [];
  const add = (text: string) => {
    let known = texts.get(text);
    if (known === undefined) {
      known = { folded: foldedForms(text, locale) };
      texts.set(text, known);
    }
    for (const folded of known.folded) found.push(folded);
    if (locale !== 'bg') return;
    known.inCyrillic ??= LATIN_LETTER.test(text) ? foldForSearch(latinToBulgarian(text), locale) : null;
    if (known.inCyrillic !== null) found.push(known.inCyrillic);
  };
  add(names.name[locale]);
  add(names.name[other]);
  if (names.termOriginal !== null) add(names.termOriginal);
  for (const alias of names.aliases[locale]) add(alias);
  for (const alias of names.aliases[other]) add(alias);
  return found;
}

/** A text folded, then its romanizations folded. */
function foldedForms(text: string, locale: Locale): string[] {
  const forms = [foldForSearch(text, locale)];
  // A transliteration of text without letters of its script only lower-cases it, which folds
  // to the text's own fold: skipping it changes nothing but the time (a test holds this).
  if (CYRILLIC_LETTER.test(text)) forms.push(foldForSearch(bulgarianToLatin(text), locale));
  if (GREEK_LETTER.test(text)) forms.push(foldForSearch(greekToLatin(text), locale));
  return forms;
}

/** The names without repeats, empty ones and ones another contains, in first-seen order. */
function distinctNames(written: readonly string[]): string[] {
  const folded = [...new Set(written)].filter((name) => name !== '');
  return folded.filter((name, i) => !folded.some((other, j) => j !== i && other.includes(name)));
}
