// The sound key of a Latin-script name (after Soundex), so that a Bulgarian text can be checked
// for naming a family by its sound (scholar-checks.ts). Pure.
import { stripMarks } from './family-spellings.ts';

// Sound classes (after Soundex) so that "Scholem" and „Шолем“ (sholem), "Hanegraaff" and
// „Ханеграаф“ share a key: vowels and h are dropped, y counts only as a consonant, repeats merge.
const SOUND_CLASSES: Record<string, string> = Object.fromEntries(
  (
    [
      ['bfpvw', '1'],
      ['cgjkqsxz', '2'],
      ['dt', '3'],
      ['l', '4'],
      ['mn', '5'],
      ['r', '6'],
    ] as const
  ).flatMap(([letters, code]) => [...letters].map((letter) => [letter, code])),
);

const isVowel = (code: number) => code === 97 || code === 101 || code === 105 || code === 111 || code === 117;

/**
 * The sound key of a Latin-script name ("w" as "v" unless `silentW`, as in Wallis -> Уолис).
 * Asked for every word of a Bulgarian body and every spelling of every cited family: one loop
 * over the letters (the tests hold it to the rules as first written, soundKeyAsWritten).
 */
export function soundKey(latinName: string, silentW = false): string {
  let letters = stripMarks(latinName)
    .toLowerCase()
    .replace(/[^a-z]/g, '')
    .replace(/^kn/, 'n')
    .replace(/dzh/g, 'g') // дж: a consonant wherever it stands
    .replace(/tz/g, 'z');
  if (silentW) letters = letters.replace(/w/g, '');
  let key = '';
  let last = '';
  for (let index = 0; index < letters.length; index++) {
    const letter = letters.charAt(index);
    // y sounds only before a vowel, at the start or after another vowel (Yates, Йейтс; not Williams, Уилямс).
    const code =
      letter !== 'y'
        ? (SOUND_CLASSES[letter] ?? '')
        : isVowel(letters.charCodeAt(index + 1)) && (index === 0 || isVowel(letters.charCodeAt(index - 1)))
          ? '2'
          : '';
    if (code !== '' && code !== last) {
      key += code;
      last = code;
    }
  }
  return key;
}
