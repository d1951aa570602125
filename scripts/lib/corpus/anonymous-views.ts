// Two of the blind review's findings (issue 28) as warnings: a view in Interpretations put in
// the mouth of "Scholars", "Historians", "Critics" or "Some" without naming anyone, and a
// scholarly work in `references` whose author the body never names (STYLE.md §9 asks for both:
// name who holds each view, and cite the work that holds it). English bodies only: the
// Bulgarian translates them sentence by sentence (STYLE.md §10). Pure.
import { authorFamilyNames } from './reference-checks.ts';
import { bodySection, referencedScholars } from './scholar-checks.ts';
import type { Corpus } from './validate-corpus.ts';

type Term = Corpus['terms'][number];

/** A sentence that hands a view to an unnamed group: "Scholars debate…", "Some have compared…". */
const ANONYMOUS_OPENING = /^(?:Scholars|Historians|Critics|Some)\b/u;

const stripMarks = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .normalize('NFC');
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether `text` names `family` as a whole word ("Franz" in "von Franz", not in "Franziska"). */
function names(text: string, family: string): boolean {
  const word = escapeRegExp(stripMarks(family));
  return new RegExp(`(?<![\\p{L}])${word}(?![\\p{L}])`, 'u').test(stripMarks(text));
}

/** Sentences of a paragraph; an initial ("John D. Turner", "E. R. Dodds") does not end one. */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])(?<![\s(]\p{Lu}\.)\s+(?=[\p{Lu}"“*(])/u)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/**
 * "slug: opening words…" for each English Interpretations sentence that opens with
 * Scholars/Historians/Critics/Some and names no author of the entry's scholarly references.
 */
export function anonymousViews(term: Term, heading: string): string[] {
  const scholars = referencedScholars(term);
  return sentences(bodySection(term.texts.en.body, heading))
    .filter((sentence) => ANONYMOUS_OPENING.test(sentence))
    .filter((sentence) => !scholars.some((family) => names(sentence, family)))
    .map((sentence) => `${term.slug}: ${sentence.split(/\s+/).slice(0, 6).join(' ')}…`);
}

/**
 * "slug: Author, Title" for each scholarly reference none of whose authors the English body
 * names: a work cited for a view the text never attributes. Editors and translators of primary
 * sources are not asked for.
 */
export function unnamedScholarlyWorks(term: Term): string[] {
  const body = term.texts.en.body;
  return (term.references ?? [])
    .filter((reference) => reference.kind === 'scholarly')
    .filter((reference) => {
      const families = authorFamilyNames(reference.author).map((family) => family.split(/\s+/).at(-1)!);
      return !families.some((family) => names(body, family));
    })
    .map((reference) => `${term.slug}: ${reference.author}, ${reference.title}`);
}
