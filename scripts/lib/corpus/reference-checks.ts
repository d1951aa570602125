// Checks of term.yaml `references` that no single file can make: the author format of
// corpus/README.md, and one description of each work wherever the corpus cites it (the same
// title, kind and author string in every entry). Pure.
import type { Reference } from './corpus-schema.ts';

/** The one joiner between authors: "Waldstein, Michael; Wisse, Frederik (eds.)". */
export const AUTHOR_JOINER = '; ';

// Roles "(ed. and trans.)" and notes "[Tomberg, Valentin]" are free text: the rule is about names.
const withoutNotes = (author: string) => author.replace(/\([^()]*\)|\[[^\]]*\]/g, ' ');

/** Why an `author` value breaks the format (family name first, authors joined by "; "), or null. */
export function authorFormatProblem(author: string): string | null {
  const names = withoutNotes(author);
  if (names.includes('&')) return `joins authors with "&"; join them with "${AUTHOR_JOINER}"`;
  if (/(?<![\p{L}])and(?![\p{L}])/u.test(names))
    return `joins authors with "and"; write each as "Family, Given" and join them with "${AUTHOR_JOINER}"`;
  for (const part of names.split(';')) {
    // "et al." and a generational suffix ("Edmonds, Radcliffe G., III") follow the given name.
    const name = part.replace(/,\s*(?:et al\.|Jr\.|Sr\.|II|III|IV)\s*$/, '').trim();
    if (name === '') return `has an empty name between "${AUTHOR_JOINER.trim()}" joiners`;
    if (/^(?:\p{Lu}\.\s*)+\p{L}/u.test(name))
      return `"${name}" puts the given name first; write the family name first ("Jung, C. G.")`;
    if ((name.match(/,/g) ?? []).length > 1)
      return `"${name}" has more than one comma: one "Family, Given" per author, joined by "${AUTHOR_JOINER}"`;
  }
  return null;
}

/** Family names of a reference's authors ("von Franz" -> "von Franz"), roles and notes left out. */
export function authorFamilyNames(author: string): string[] {
  return withoutNotes(author)
    .split(/;|&|(?<![\p{L}])and(?![\p{L}])/u)
    .map((part) => {
      const [family = ''] = part.split(',');
      return family.trim();
    })
    .filter((name) => name !== '');
}

const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
const TITLE_STOP_WORDS = new Set([
  'the',
  'a',
  'an',
  'of',
  'and',
  'in',
  'on',
  'to',
  'la',
  'le',
  'de',
  'der',
  'die',
  'das',
]);

/**
 * What identifies a work however an entry spells it: the first author's family name, the first
 * three words of the main title (before any colon), its volume wherever the title names it, and
 * the year. Subtitles and punctuation vary; a volume (or Talmud order) is a different book, and so
 * is one of the same main title in another year (Cohen's two books called *The Shiʿur Qomah*).
 */
export function workKey(reference: Pick<Reference, 'author' | 'title' | 'year'>): string {
  const family = fold(authorFamilyNames(reference.author)[0] ?? reference.author);
  const [main = ''] = fold(reference.title).split(':');
  const words = (main.match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !TITLE_STOP_WORDS.has(w));
  const volume =
    /\b(?:vol\.?|volume|book|livre|tome|seder)\s+([\p{L}\p{N}'/]+)/u.exec(fold(reference.title))?.[1] ?? '';
  const mainWords = words.filter((w) => w !== 'vol').slice(0, 3);
  return `${family}|${mainWords.join(' ')}|${volume}|${reference.year}`;
}

export interface CitedReference {
  slug: string;
  reference: Reference;
}

/** "field differs for <work>: "a" (slug, slug) / "b" (slug)" for every work described two ways. */
export function findWorkInconsistencies(cited: CitedReference[]): string[] {
  const works = new Map<string, [CitedReference, ...CitedReference[]]>();
  for (const entry of cited) {
    const key = workKey(entry.reference);
    const known = works.get(key);
    works.set(key, known ? [...known, entry] : [entry]);
  }
  const findings: string[] = [];
  for (const citations of works.values()) {
    for (const field of ['title', 'kind', 'author'] as const) {
      const variants = new Map<string, string[]>();
      for (const { slug, reference } of citations)
        variants.set(reference[field], [...(variants.get(reference[field]) ?? []), slug]);
      if (variants.size < 2) continue;
      const [{ reference: first }] = citations;
      const described = [...variants].map(([value, slugs]) => `"${value}" (${[...new Set(slugs)].join(', ')})`);
      findings.push(`${field} differs for ${first.author}, ${first.title}: ${described.join(' / ')}`);
    }
  }
  return findings.sort();
}
