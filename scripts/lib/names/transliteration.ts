// Transliterations that make a name findable in the other script (docs/api-contract.md, "Search").
// Each system is declared once, here, as data; the functions only apply it. They are for search:
// output is lower case and letters of other scripts pass through unchanged.
//
// - Bulgarian Cyrillic -> Latin: the Streamlined System of the Transliteration Act
//   (Закон за транслитерацията, State Gazette 19/2009), including its one contextual rule:
//   "ия" at the end of a word is "ia" (София -> Sofia, България -> Bulgaria).
// - Greek -> Latin: ALA-LC romanization of Greek (Library of Congress), the system of
//   English-language scholarship on ancient texts, which is what our readers type (every
//   Greek termOriginal in the corpus is Ancient Greek): η -> ē, ω -> ō, φ -> ph, χ -> ch,
//   υ -> y except in diphthongs, γ before γ/κ/ξ/χ -> n, rough breathing -> h, initial ρ -> rh.
// - Latin -> Bulgarian Cyrillic (our decision): how Bulgarian writes the Greek-, Latin-,
//   Hebrew- and German-derived names of this lexicon (Archon -> Архонт, Chesed -> Хесед,
//   Bythos -> Битос, Caduceus -> Кадуцей, Yesod -> Йесод). It is the Streamlined System read
//   backwards where that agrees with usage (sht, zh, ts, sh, yu, ya, final ia), but "ch" is х and
//   "y" between consonants is и, as in Greek loans; c is ц before e, i, y and к elsewhere.
import { isAscii } from '../../../src/list/fold.ts';

/** Bulgarian Streamlined System (2009), letter by letter. */
export const BULGARIAN_STREAMLINED: Readonly<Record<string, string>> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'h',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'sht',
  ъ: 'a',
  ь: 'y',
  ю: 'yu',
  я: 'ya',
};
/** The Act's contextual rule: "ия" closing a word. */
const BULGARIAN_FINAL_IA = /ия(?![\p{L}\p{M}])/gu;
/** Words the Act names as exceptions, with their established form (Art. 6). */
export const BULGARIAN_EXCEPTIONS: Readonly<Record<string, string>> = { българия: 'bulgaria' };
const BULGARIAN_EXCEPTION_WORDS = Object.keys(BULGARIAN_EXCEPTIONS);
const BULGARIAN_WORD = /[\p{L}\p{M}]+/gu;

/** ALA-LC Greek, base letters (after canonical decomposition and lower-casing). */
export const GREEK_ALA_LC: Readonly<Record<string, string>> = {
  α: 'a',
  β: 'b',
  γ: 'g',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'ē',
  θ: 'th',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'm',
  ν: 'n',
  ξ: 'x',
  ο: 'o',
  π: 'p',
  ρ: 'r',
  σ: 's',
  ς: 's',
  τ: 't',
  υ: 'y',
  φ: 'ph',
  χ: 'ch',
  ψ: 'ps',
  ω: 'ō',
  ϝ: 'w',
};
/** υ after these vowels (without a diaeresis) is the second half of a diphthong: u. */
const GREEK_U_DIPHTHONG_FIRST = new Set(['α', 'ε', 'η', 'ο']);
const GREEK_NASAL_GAMMA_BEFORE = new Set(['γ', 'κ', 'ξ', 'χ']);
const GREEK_VOWELS = new Set(['α', 'ε', 'η', 'ι', 'ο', 'υ', 'ω']);
const ROUGH_BREATHING = '\u0314';
const DIAERESIS = '\u0308';

/** Latin -> Bulgarian Cyrillic: sequences tried longest first at each position. */
export const LATIN_TO_BULGARIAN: Readonly<Record<string, string>> = {
  sht: 'щ',
  sch: 'ш',
  ch: 'х',
  kh: 'х',
  ph: 'ф',
  th: 'т',
  sh: 'ш',
  zh: 'ж',
  ts: 'ц',
  tz: 'ц',
  ck: 'к',
  qu: 'кв',
  ae: 'е',
  oe: 'е',
  æ: 'е',
  œ: 'е',
  x: 'кс',
  a: 'а',
  b: 'б',
  c: 'к',
  d: 'д',
  e: 'е',
  f: 'ф',
  g: 'г',
  h: 'х',
  i: 'и',
  j: 'й',
  k: 'к',
  l: 'л',
  m: 'м',
  n: 'н',
  o: 'о',
  p: 'п',
  q: 'к',
  r: 'р',
  s: 'с',
  t: 'т',
  u: 'у',
  v: 'в',
  w: 'у',
  y: 'и',
  z: 'з',
};
/** c before these is ц (Caduceus, Citrinitas). */
const SOFT_C_BEFORE = new Set(['e', 'i', 'y']);
/** A consonantal y or j (initial or after a vowel for y, always for j) before a vowel: й, or one letter with it. */
const CONSONANTAL_Y_WITH: Readonly<Record<string, string>> = { a: 'я', u: 'ю' };
/** The keys of LATIN_TO_BULGARIAN by their first letter, longest first (a sequence at `at` starts with its letter). */
const LATIN_SEQUENCES_BY_FIRST = new Map<string, string[]>();
for (const sequence of Object.keys(LATIN_TO_BULGARIAN).sort((a, b) => b.length - a.length)) {
  const first = sequence.charAt(0);
  LATIN_SEQUENCES_BY_FIRST.set(first, [...(LATIN_SEQUENCES_BY_FIRST.get(first) ?? []), sequence]);
}
const LATIN_VOWELS = new Set(['a', 'e', 'i', 'o', 'u', 'y']);

const LETTER_OR_MARK = /[\p{L}\p{M}]/u;
const ASCII_LETTER = /[a-zA-Z]/;
/** A letter or a combining mark; ASCII answered without the Unicode property (the same answer: no ASCII mark). */
const isLetter = (char: string | undefined) =>
  char !== undefined && (char < '\u0080' ? ASCII_LETTER.test(char) : LETTER_OR_MARK.test(char));

// Lower case without a locale: Unicode tailors lower-casing for Turkish, Azeri and Lithuanian
// only, so English and Bulgarian get the same letters (checked for every code point), and
// toLocaleLowerCase costs about six times as much per word (locale resolution on every call).

/** Bulgarian Cyrillic -> Latin by the Streamlined System; other letters unchanged. */
export function bulgarianToLatin(text: string): string {
  const lower = text.normalize('NFC').toLowerCase();
  // The exceptions are whole words, looked for word by word only in a text that holds one.
  const ruled = BULGARIAN_EXCEPTION_WORDS.some((word) => lower.includes(word))
    ? lower.replace(BULGARIAN_WORD, (word) => BULGARIAN_EXCEPTIONS[word] ?? word.replace(BULGARIAN_FINAL_IA, 'ia'))
    : lower.replace(BULGARIAN_FINAL_IA, 'ia');
  let latin = '';
  // ѝ (и with a grave accent, which only marks the pronoun) is и.
  for (const char of ruled) latin += char === 'ѝ' ? 'i' : (BULGARIAN_STREAMLINED[char] ?? char);
  return latin;
}

/** Greek (monotonic or polytonic) -> Latin by ALA-LC; other letters unchanged. */
export function greekToLatin(text: string): string {
  // One entry per base letter, with the combining marks that follow it.
  const letters: { base: string; marks: string }[] = [];
  for (const char of text.normalize('NFD').toLocaleLowerCase('el')) {
    const last = letters.at(-1);
    if (/\p{M}/u.test(char) && last) last.marks += char;
    else letters.push({ base: char, marks: '' });
  }
  let out = '';
  letters.forEach(({ base, marks }, i) => {
    const previous = letters[i - 1];
    const next = letters[i + 1];
    const wordStart = !isLetter(previous?.base);
    if (!(base in GREEK_ALA_LC)) {
      out += base + marks.replace(/[\u0300-\u036f]/g, (m) => (m === ROUGH_BREATHING ? '' : m));
      return;
    }
    // Rough breathing sits on the first vowel, or on the second of an initial diphthong.
    if (wordStart && GREEK_VOWELS.has(base)) {
      const breathing =
        marks.includes(ROUGH_BREATHING) ||
        (next !== undefined &&
          GREEK_VOWELS.has(next.base) &&
          next.marks.includes(ROUGH_BREATHING) &&
          !next.marks.includes(DIAERESIS));
      if (breathing) out += 'h';
    }
    if (base === 'ρ') {
      const aspirated = wordStart || marks.includes(ROUGH_BREATHING) || previous?.base === 'ρ';
      out += aspirated ? 'rh' : 'r';
    } else if (base === 'γ' && GREEK_NASAL_GAMMA_BEFORE.has(next?.base ?? '')) {
      out += 'n';
    } else if (base === 'υ' && !marks.includes(DIAERESIS) && GREEK_U_DIPHTHONG_FIRST.has(previous?.base ?? '')) {
      out += 'u';
    } else if (base === 'υ' && next?.base === 'ι' && !next.marks.includes(DIAERESIS)) {
      out += 'u';
    } else {
      out += GREEK_ALA_LC[base];
    }
  });
  return out.normalize('NFC');
}

/** Latin -> Bulgarian Cyrillic by this project's convention (see the top of this file). */
export function latinToBulgarian(text: string): string {
  // Accents go first so that "é" reads as "e"; letters of other scripts keep theirs. ASCII has
  // neither accents nor decompositions.
  const lower = (
    isAscii(text)
      ? text
      : text
          .normalize('NFD')
          .replace(/(?<=[a-zA-Z])\p{M}+/gu, '')
          .normalize('NFC')
  ).toLowerCase();
  let out = '';
  for (let at = 0; at < lower.length; ) {
    const char = lower.charAt(at);
    const next = lower[at + 1] ?? '';
    const wordStart = !isLetter(lower[at - 1]);
    if (char === 'i' && next === 'a' && !wordStart && !isLetter(lower[at + 2])) {
      out += 'ия'; // the Streamlined System's final "ia", read backwards (Sofia -> София)
      at += 2;
    } else if (
      (char === 'j' || (char === 'y' && (wordStart || LATIN_VOWELS.has(lower.charAt(at - 1))))) &&
      LATIN_VOWELS.has(next) &&
      next !== 'y'
    ) {
      const joined = CONSONANTAL_Y_WITH[next];
      out += joined ?? 'й';
      at += joined ? 2 : 1;
    } else if (char === 'c' && SOFT_C_BEFORE.has(next)) {
      out += 'ц';
      at += 1;
    } else {
      const sequence = latinSequenceAt(lower, at);
      out += sequence ? LATIN_TO_BULGARIAN[sequence] : char;
      at += sequence ? sequence.length : 1;
    }
  }
  return out;
}

/** The longest key of LATIN_TO_BULGARIAN that `lower` holds at `at`; a loop, not a closure per letter. */
function latinSequenceAt(lower: string, at: number): string | undefined {
  const candidates = LATIN_SEQUENCES_BY_FIRST.get(lower.charAt(at));
  if (candidates === undefined) return undefined;
  for (const sequence of candidates) if (lower.startsWith(sequence, at)) return sequence;
  return undefined;
}
