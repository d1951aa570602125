// The searchable names as scripts/lib/names/search-names.ts worked them out before the eleventh
// session (commit 462228e4): one locale at a time, every text romanized and folded again for
// each. Kept as the oracle of searchableNamesByLocale (search-names.test.ts); not shipped.
import { type Locale, OTHER_LOCALE } from '../../src/contract/facts.ts';
import { foldForSearch } from '../../src/list/fold.ts';
import type { TermNames } from '../../scripts/lib/names/search-names.ts';
import { bulgarianToLatin, greekToLatin, latinToBulgarian } from '../../scripts/lib/names/transliteration.ts';

const LATIN_LETTER = /\p{Script=Latin}/u;
const CYRILLIC_LETTER = /\p{Script=Cyrillic}/u;
const GREEK_LETTER = /\p{Script=Greek}/u;

function writtenSearchNames(names: TermNames, locale: Locale): string[] {
  const other = OTHER_LOCALE[locale];
  const found: string[] = [];
  const add = (text: string) => {
    found.push(text);
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

export function searchableNamesBefore(names: TermNames, locale: Locale): string[] {
  const folded = [...new Set(writtenSearchNames(names, locale).map((text) => foldForSearch(text, locale)))].filter(
    (name) => name !== '',
  );
  return folded.filter((name, i) => !folded.some((other, j) => j !== i && other.includes(name)));
}
