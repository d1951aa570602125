// Who holds a view: STYLE.md asks every Interpretations section to name the scholars whose
// readings it reports, each with a work in the entry's `references`, and every scholar a body
// names to be cited. These heuristics find where that is not so. Pure.
import type { Locale } from '../../../src/contract/facts.ts';
import { capitalisedMatches } from '../names/capitalised-words.ts';
import { editDistance } from '../names/edit-distance.ts';
import { spellings, stripMarks } from '../names/family-spellings.ts';
import * as russianNames from '../names/russian-romanizations.ts';
import { soundKey } from '../names/sound-key.ts';
import { bulgarianToLatin } from '../names/transliteration.ts';
import { authorFamilyNames } from './reference-checks.ts';
import type { Corpus } from './validate-corpus.ts';

type Term = Corpus['terms'][number];

export { soundKey } from '../names/sound-key.ts';

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

interface SpokenWord {
  word: string;
  latin: string;
  key: string;
  /** The word as a Russian name is compared (russian-romanizations.ts), worked out when first asked. */
  reduced?: string;
}

// Families and words recur across a corpus's bodies: what is worked out of each (transliteration,
// sound keys, spellings, answers) is kept, within bounds (a corpus is not).
const MEMO_LIMIT = 100_000;
const spokenWords = new Map<string, SpokenWord>();

function spokenWord(word: string): SpokenWord {
  let spoken = spokenWords.get(word);
  if (spoken === undefined) {
    const latin = bulgarianToLatin(word.replace(/[цЦ]/g, 'z'));
    spoken = { word: stripMarks(word), latin, key: soundKey(latin) };
    if (spokenWords.size >= MEMO_LIMIT) spokenWords.clear();
    spokenWords.set(word, spoken);
  }
  return spoken;
}

/** The capitalised words of a text; a hyphenated name also counts by its first part („Лопес-младши“ names Lopez). */
function capitalised(text: string): string[] {
  const found = capitalisedMatches(text);
  return [...found, ...found.filter((w) => w.includes('-')).map((w) => w.slice(0, w.indexOf('-')))];
}

/** The capitalised words of a Bulgarian text, transliterated once ("ц" is one sound: Hurwitz -> Хурвиц). */
export function capitalisedWords(text: string): SpokenWord[] {
  return capitalised(text).map(spokenWord);
}

/** What a family name is compared with, worked out once per name; the answers so far, by word (as written). */
interface FamilyForms {
  stripped: string;
  spelled: string[];
  keys: Set<string>;
  /** A Russian family name's Cyrillic readings in every romanization (Vernadskii: вернадски). */
  russian: ReadonlySet<string> | undefined;
  answers: Map<string, boolean>;
}

const familyForms = new Map<string, FamilyForms>();

function formsOf(family: string): FamilyForms {
  let forms = familyForms.get(family);
  if (forms === undefined) {
    const spelled = spellings(family);
    // A silent final consonant (Forestier -> Форестие, Rouget -> Руже) may be missing.
    const keys = new Set(
      spelled
        .flatMap((spelling) => [soundKey(spelling), soundKey(spelling, true)])
        .flatMap((key) => (key.length > 2 ? [key, key.slice(0, -1)] : [key])),
    );
    keys.delete('');
    const russian = russianNames.russianFamilyReadings(family);
    forms = { stripped: stripMarks(family), spelled, keys, russian, answers: new Map() };
    if (familyForms.size >= MEMO_LIMIT) familyForms.clear();
    familyForms.set(family, forms);
  }
  return forms;
}

/**
 * Whether the (Bulgarian) words name `family`: the name itself, or a word that sounds and is
 * spelled like it. A word is transliterated only when first asked about: a body names its
 * scholars early, so the words after the last one named are never read (bench/README.md,
 * "Editorial checks and the check threads, tenth session").
 */
export function bulgarianTextNames(words: readonly string[], family: string): boolean {
  const forms = formsOf(family);
  return words.some((word) => {
    let answer = forms.answers.get(word);
    if (answer === undefined) {
      answer = wordNames(spokenWord(word), forms);
      forms.answers.set(word, answer);
    }
    return answer;
  });
}

function wordNames(spoken: SpokenWord, { stripped, spelled, keys, russian }: FamilyForms): boolean {
  const { word, latin, key } = spoken;
  if (word === stripped || russian?.has((spoken.reduced ??= russianNames.reducedCyrillic(word)))) return true;
  // Nearly the same letters: one slip in a short name, two in a long one.
  const slips = latin.length >= 3 ? (latin.length >= 7 ? 2 : 1) : -1;
  // Or the same consonants ("Copenhaver", „Копенхейвър“) and at most half the letters changed;
  // a short key says little: two changes at most, in a word of five letters or more
  // („Сийгъл“ names Segal; „Син“ does not name King, nor „Дали“ Daley).
  let changes = -1;
  if (keys.has(key))
    changes = key.length >= 4 ? Math.floor(0.5 * latin.length) : key.length >= 2 && latin.length >= 5 ? 2 : -1;
  // The distance matters only up to the larger limit: beyond it, neither holds.
  let distance = Math.max(slips, changes) + 1;
  if (distance <= 0) return false;
  for (const spelling of spelled) distance = Math.min(distance, editDistance(latin, spelling, distance));
  return distance <= slips || distance <= changes;
}

const LETTER = /\p{L}/u;

/** Whether the code point of `text` that ends at `end` is a letter. */
function letterBefore(text: string, end: number): boolean {
  if (end <= 0) return false;
  const low = text.charCodeAt(end - 1);
  const start = low >= 0xdc00 && low <= 0xdfff && end >= 2 ? end - 2 : end - 1;
  return LETTER.test(String.fromCodePoint(text.codePointAt(start) ?? low));
}

/** Whether the code point of `text` that starts at `start` is a letter. */
function letterAt(text: string, start: number): boolean {
  const point = text.codePointAt(start);
  return point !== undefined && LETTER.test(String.fromCodePoint(point));
}

/** Whether `name` stands in `text` as a word (no letter on either side): a plain search, then a look at each place found. */
function containsWord(text: string, name: string): boolean {
  if (name === '') return /(?<![\p{L}])(?![\p{L}])/u.test(text);
  for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
    if (!letterBefore(text, at) && !letterAt(text, at + name.length)) return true;
  }
  return false;
}

/** Whether the English text names `family`: the name itself, or another romanization of a Russian name. */
function englishWordsName(stripped: string, words: () => string[], family: string): boolean {
  return containsWord(stripped, stripMarks(family)) || russianNames.someWordSpells(words, family);
}

/** The capitalised words of an English text, found when first asked (most texts name the scholar as cited). */
function wordsWhenAsked(text: string): () => string[] {
  let found: string[] | undefined;
  return () => (found ??= russianNames.romanizedNameWords(text));
}

/** A text of the locale, prepared once to be asked whether it names one family after another. */
export function familyNamer(text: string, locale: Locale): (family: string) => boolean {
  if (locale === 'bg') {
    const words = [...new Set(capitalised(text))];
    return (family) => bulgarianTextNames(words, family);
  }
  const stripped = stripMarks(text);
  const words = wordsWhenAsked(text);
  return (family) => {
    // A Bulgarian author, cited in Cyrillic, is named in English in Latin letters (Ангелов: Angelov).
    if (!/\p{Script=Cyrillic}/u.test(family)) return englishWordsName(stripped, words, family);
    const latin = bulgarianToLatin(family);
    const named = containsWord(stripped, stripMarks(latin.charAt(0).toUpperCase() + latin.slice(1)));
    return named || russianNames.someWordSpells(words, family);
  };
}

/** Whether a text of the locale names `family` (a Bulgarian text in Cyrillic: „Шолем“ names Scholem). */
export function namesFamily(text: string, family: string, locale: Locale): boolean {
  return familyNamer(text, locale)(family);
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
  if (locale === 'en') {
    const [stripped, words] = [stripMarks(section), wordsWhenAsked(section)];
    return scholars.some((family) => englishWordsName(stripped, words, family));
  }
  const words = capitalised(section);
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
