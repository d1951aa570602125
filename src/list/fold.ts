// Search folding (docs/api-contract.md, "Search"): the same function folds term names at build
// time and `q` at request time, so both sides always agree.
import type { Locale } from '../contract/facts.ts';

// Letters with no canonical decomposition that readers still expect to match plain Latin.
const LETTER_MAP: Record<string, string> = {
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ς: 'σ',
};
const MAPPED_LETTERS = new RegExp(`[${Object.keys(LETTER_MAP).join('')}]`, 'gu');
const COMBINING_MARKS = /\p{M}+/gu;
// biome-ignore lint/suspicious/noControlCharactersInRegex: every ASCII character, controls too
const ASCII = /^[\u0000-\u007f]*$/;

/** Whether every character of `text` is ASCII: no marks, no decompositions, the same in every normal form. */
export const isAscii = (text: string): boolean => ASCII.test(text);

/**
 * Folds text for case- and accent-insensitive substring search. Lower case without the locale:
 * Unicode tailors lower-casing for Turkish, Azeri and Lithuanian only, so English and Bulgarian
 * get the same letters either way, and toLocaleLowerCase costs about six times as much a call.
 * `locale` stays in the signature for a locale that would need its own (none of LOCALES does).
 */
export function foldForSearch(text: string, _locale: Locale): string {
  // ASCII has no decomposition, no combining mark and none of LETTER_MAP: lower-casing is all
  // that would change it (a test holds this), and most names and romanizations are ASCII.
  if (isAscii(text)) return text.toLowerCase();
  return text
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .toLowerCase()
    .replace(MAPPED_LETTERS, (letter) => LETTER_MAP[letter] ?? letter)
    .normalize('NFC');
}
