// scripts/lib/names/transliteration.ts as it was before the eleventh session (commit 462228e4), kept
// as the oracle of the faster lookups that replaced it (transliteration-oracle.test.ts): not
// shipped; not to be edited. Its header, as it was:
// Transliterations that make a name findable in the other script (docs/api-contract.md, "Search").
// Each system is declared once, as data; the functions only apply it. They are for search:
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
// The tables (the systems' data) are the module's own, imported: the oracle holds the old
// algorithm only, so a change of a system's data is made once, in the module.
import {
  BULGARIAN_EXCEPTIONS,
  BULGARIAN_STREAMLINED,
  GREEK_ALA_LC,
  LATIN_TO_BULGARIAN,
} from '../../scripts/lib/names/transliteration.ts';

/** The Act's contextual rule: "ия" closing a word. */
const BULGARIAN_FINAL_IA = /ия(?![\p{L}\p{M}])/gu;
/** Words the Act names as exceptions, with their established form (Art. 6). */
const BULGARIAN_EXCEPTION_WORDS = Object.keys(BULGARIAN_EXCEPTIONS);
const BULGARIAN_WORD = /[\p{L}\p{M}]+/gu;

/** υ after these vowels (without a diaeresis) is the second half of a diphthong: u. */
const GREEK_U_DIPHTHONG_FIRST = new Set(['α', 'ε', 'η', 'ο']);
const GREEK_NASAL_GAMMA_BEFORE = new Set(['γ', 'κ', 'ξ', 'χ']);
const GREEK_VOWELS = new Set(['α', 'ε', 'η', 'ι', 'ο', 'υ', 'ω']);
const ROUGH_BREATHING = '\u0314';
const DIAERESIS = '\u0308';

/** c before these is ц (Caduceus, Citrinitas). */
const SOFT_C_BEFORE = new Set(['e', 'i', 'y']);
/** A consonantal y or j (initial or after a vowel for y, always for j) before a vowel: й, or one letter with it. */
const CONSONANTAL_Y_WITH: Readonly<Record<string, string>> = { a: 'я', u: 'ю' };
/** Latin -> Bulgarian Cyrillic: sequences tried longest first at each position. */
const LATIN_SEQUENCES = Object.keys(LATIN_TO_BULGARIAN).sort((a, b) => b.length - a.length);
const LATIN_VOWELS = new Set(['a', 'e', 'i', 'o', 'u', 'y']);

const isLetter = (char: string | undefined) => char !== undefined && /[\p{L}\p{M}]/u.test(char);

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
  // Accents go first so that "é" reads as "e"; letters of other scripts keep theirs.
  const lower = text
    .normalize('NFD')
    .replace(/(?<=[a-zA-Z])\p{M}+/gu, '')
    .normalize('NFC')
    .toLowerCase();
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
  for (const sequence of LATIN_SEQUENCES) if (lower.startsWith(sequence, at)) return sequence;
  return undefined;
}
