// Who holds a view: STYLE.md asks every Interpretations section to name the scholars whose
// readings it reports, each with a work in the entry's `references`, and every scholar a body
// names to be cited. These heuristics find where that is not so. Pure.
import type { Locale } from '../../../src/contract/facts.ts';
import { editDistance } from '../names/edit-distance.ts';
import { spellings, stripMarks } from '../names/family-spellings.ts';
import { bulgarianToLatin } from '../names/transliteration.ts';
import { authorFamilyNames } from './reference-checks.ts';
import type { Corpus } from './validate-corpus.ts';

type Term = Corpus['terms'][number];

/** The text of one `## heading` section of a Markdown body ('' when absent). */
export function bodySection(body: string, heading: string): string {
  const sections = body.split(/^## /m);
  const section = sections.find((s) => {
    const [title = ''] = s.split('\n', 1);
    return title.trim() === heading;
  });
  return section === undefined ? '' : section.slice(section.indexOf('\n') + 1);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

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

/** The sound key of a Latin-script name ("w" as "v" unless `silentW`, as in Wallis -> Уолис). */
export function soundKey(latinName: string, silentW = false): string {
  const letters = stripMarks(latinName)
    .toLowerCase()
    .replace(/[^a-z]/g, '')
    .replace(/^kn/, 'n')
    .replace(/dzh/g, 'g') // дж: a consonant wherever it stands
    .replace(/tz/g, 'z')
    .replace(/w/g, silentW ? '' : 'w');
  let key = '';
  for (const [index, letter] of [...letters].entries()) {
    // y sounds only before a vowel, at the start or after another vowel (Yates, Йейтс; not Williams, Уилямс).
    const glide = letter === 'y';
    const sounded =
      !glide || (/[aeiou]/.test(letters[index + 1] ?? '') && (index === 0 || /[aeiou]/.test(letters[index - 1] ?? '')));
    const code = !sounded ? '' : glide ? '2' : (SOUND_CLASSES[letter] ?? '');
    if (code !== '' && !key.endsWith(code)) key += code;
  }
  return key;
}

interface SpokenWord {
  word: string;
  latin: string;
  key: string;
}

/** The capitalised words of a Bulgarian text, transliterated once ("ц" is one sound: Hurwitz -> Хурвиц). */
export function capitalisedWords(text: string): SpokenWord[] {
  // A hyphenated name also counts by its first part: „Лопес-младши“ names Lopez.
  const found = text.match(/\p{Lu}[\p{L}-]*/gu) ?? [];
  return [...found, ...found.filter((w) => w.includes('-')).map((w) => w.slice(0, w.indexOf('-')))].map((word) => {
    const latin = bulgarianToLatin(word.replace(/[цЦ]/g, 'z'));
    return { word: stripMarks(word), latin, key: soundKey(latin) };
  });
}

/** Whether the (Bulgarian) words name `family`: the name itself, or a word that sounds and is spelled like it. */
export function bulgarianTextNames(words: SpokenWord[], family: string): boolean {
  const spelled = spellings(family);
  // A silent final consonant (Forestier -> Форестие, Rouget -> Руже) may be missing.
  const keys = new Set(
    spelled
      .flatMap((spelling) => [soundKey(spelling), soundKey(spelling, true)])
      .flatMap((key) => (key.length > 2 ? [key, key.slice(0, -1)] : [key])),
  );
  keys.delete('');
  return words.some(({ word, latin, key }) => {
    if (word === stripMarks(family)) return true;
    // Nearly the same letters: one slip in a short name, two in a long one.
    const distance = Math.min(...spelled.map((spelling) => editDistance(latin, spelling)));
    if (distance <= (latin.length >= 7 ? 2 : 1) && latin.length >= 3) return true;
    // Or the same consonants ("Copenhaver", „Копенхейвър“) and at most half the letters changed;
    // a short key says little: two changes at most, in a word of five letters or more
    // („Сийгъл“ names Segal; „Син“ does not name King, nor „Дали“ Daley).
    if (!keys.has(key)) return false;
    return key.length >= 4 ? distance <= 0.5 * latin.length : key.length >= 2 && distance <= 2 && latin.length >= 5;
  });
}

function englishTextNames(text: string, family: string): boolean {
  return new RegExp(`(?<![\\p{L}])${escapeRegExp(stripMarks(family))}(?![\\p{L}])`, 'u').test(stripMarks(text));
}

/** Whether a text of the locale names `family` (a Bulgarian text in Cyrillic: „Шолем“ names Scholem). */
export function namesFamily(text: string, family: string, locale: Locale): boolean {
  if (locale === 'bg') return bulgarianTextNames(capitalisedWords(text), family);
  // A Bulgarian author, cited in Cyrillic, is named in English in Latin letters (Ангелов: Angelov).
  if (!/\p{Script=Cyrillic}/u.test(family)) return englishTextNames(text, family);
  const latin = bulgarianToLatin(family);
  return englishTextNames(text, latin.charAt(0).toUpperCase() + latin.slice(1));
}

/** Family names of the authors of the entry's scholarly references (the last word: "von Franz" -> "Franz"). */
export function referencedScholars(term: Term): string[] {
  return (term.references ?? [])
    .filter((r) => r.kind === 'scholarly')
    .flatMap((r) => authorFamilyNames(r.author))
    .map((family) => family.split(/\s+/).at(-1) ?? family);
}

/** Whether the locale's Interpretations section names an author of one of the entry's scholarly works. */
export function interpretationsNameAScholar(term: Term, locale: Locale, heading: string): boolean {
  const section = bodySection(term.texts[locale].body, heading);
  const scholars = referencedScholars(term);
  if (locale === 'en') return scholars.some((family) => englishTextNames(section, family));
  const words = capitalisedWords(section);
  return scholars.some((family) => bulgarianTextNames(words, family));
}

interface Scholar {
  family: string;
  /** The capitalised given names, in order: at least one, to be named by. */
  given: [string, ...string[]];
}

function scholarOf(authorPart: string): Scholar | undefined {
  const [family, givenNames] = authorPart.split(',').map((s) => s.trim());
  if (!family || !givenNames) return undefined;
  const [first, ...rest] = givenNames.split(/\s+/).filter((g) => /^\p{Lu}/u.test(g));
  return first === undefined ? undefined : { family, given: [first, ...rest] };
}

/** Every modern scholar the corpus cites (authors of scholarly works), plus style.yaml `scholars`. */
export function knownScholars(corpus: Corpus, extra: readonly string[] = []): Scholar[] {
  const authors = corpus.terms
    .flatMap((t) => t.references ?? [])
    .filter((r) => r.kind === 'scholarly')
    .flatMap((r) => r.author.replace(/\([^()]*\)/g, ' ').split(';'));
  const byName = new Map<string, Scholar>();
  for (const part of [...authors, ...extra]) {
    const scholar = scholarOf(part);
    if (scholar) byName.set(`${scholar.family}|${scholar.given[0]}`, scholar);
  }
  return [...byName.values()];
}

/** "Wouter Hanegraaff", "Wouter J. Hanegraaff", "W. J. Hanegraaff", "Arthur Edward Waite": the first given name leads. */
function namePattern({ family, given }: Scholar): RegExp {
  const forms = (name: string) => {
    const initial = `${name[0]}\\.`;
    return name.endsWith('.') ? escapeRegExp(name) : `(?:${escapeRegExp(name)}|${initial})`;
  };
  const [first, ...rest] = given;
  const middle = rest.map((name) => `(?:\\s+${forms(name)})?`).join('');
  // A hyphen continues a name: "E. E. Evans-Pritchard" does not name an Evans.
  return new RegExp(`(?<![\\p{L}-])${forms(first)}${middle}\\s+${escapeRegExp(family)}(?![\\p{L}-])`, 'u');
}

/**
 * "slug: Given Family" for each known scholar an English body names with a given name but does not cite.
 * A reference whose title names the person ("In God's Shadow: The Collaboration of Victor White and
 * C. G. Jung") cites them as its subject: the body then speaks of them, not for them.
 */
export function scholarsNamedNotReferenced(corpus: Corpus, scholars: Scholar[]): string[] {
  const patterns = scholars.map((scholar) => ({ scholar, pattern: namePattern(scholar) }));
  const findings: string[] = [];
  for (const term of corpus.terms) {
    const references = term.references ?? [];
    const cited = new Set(references.flatMap((r) => authorFamilyNames(r.author)));
    const titles = references.map((r) => r.title);
    const body = term.texts.en.body;
    for (const { scholar, pattern } of patterns) {
      const match = body.includes(scholar.family) ? pattern.exec(body) : null;
      const isSubject = titles.some((title) => pattern.test(title));
      if (match && !cited.has(scholar.family) && !isSubject) findings.push(`${term.slug}: ${match[0]}`);
    }
  }
  return [...new Set(findings)];
}
