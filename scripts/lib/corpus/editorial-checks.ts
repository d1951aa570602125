// The editorial checks of the blind reviews (issue 28), each finding with its file and line:
// - anonymous-view: a view handed to nobody ("some scholars", „смята се“; anonymous-views.ts) in a body;
// - definition-view: the same in a definition or etymology;
// - cited-never-named: a scholarly reference none of whose authors that locale's body names
//   (STYLE.md §9: a work is cited for a view the text attributes to its author);
// - work-year: one work (same first author and title) cited with different years.
// `npm run corpus:stats` lists them all and the build warns about them; a check listed in
// EDITORIAL_ERRORS fails the build instead (a check joins it once the corpus has no hit). Pure.
import { LOCALES, type Locale } from '../../../src/contract/facts.ts';
import type { Reference } from './corpus-schema.ts';
import { findAnonymousViews } from './anonymous-views.ts';
import { authorFamilyNames } from './reference-checks.ts';
import { familyNamer } from './scholar-checks.ts';
import type { Corpus, CorpusProblem } from './corpus-model.ts';

type CorpusTermOf = Corpus['terms'][number];
/**
 * What a term's findings read of it: its slug, file, references and texts (editorial-outcomes.ts
 * sends just this to a check thread).
 */
export type EditorialTerm = Pick<CorpusTermOf, 'slug' | 'file' | 'references'> & {
  texts: Record<Locale, Pick<CorpusTermOf['texts'][Locale], 'body' | 'definition' | 'etymology'>>;
};
type Term = EditorialTerm;

export const EDITORIAL_CHECKS = ['anonymous-view', 'definition-view', 'cited-never-named', 'work-year'] as const;
export type EditorialCheck = (typeof EDITORIAL_CHECKS)[number];

/**
 * The checks whose findings fail the build (the others warn). Issue 28's pass brought all four to
 * 0 findings in the bundled corpus, so all four are errors; a new check starts as a warning.
 */
export const EDITORIAL_ERRORS: ReadonlySet<EditorialCheck> = new Set<EditorialCheck>(EDITORIAL_CHECKS);

export interface EditorialFinding extends CorpusProblem {
  check: EditorialCheck;
  slug: string;
}

/**
 * Corpus file texts by the path messages show (SourceFile.path), for line numbers: asked only for
 * a finding's line (a large corpus's texts are read from disk when asked for).
 */
export type SourceTexts = Pick<ReadonlyMap<string, string>, 'get'>;

const lineAt = (text: string, index: number) => text.slice(0, index).split('\n').length;
/** A locale's text file beside a term.yaml. */
export const localeFileOf = (termFile: string, locale: Locale) => termFile.replace(/term\.yaml$/, `${locale}.md`);
const localeFile = (term: Term, locale: Locale) => localeFileOf(term.file, locale);

/** The line of the file on which `index` of the term's (trimmed) body stands, if the file is known. */
function bodyLine(term: Term, locale: Locale, index: number, sources: SourceTexts): number | undefined {
  const source = sources.get(localeFile(term, locale));
  const body = term.texts[locale].body;
  const start = source?.lastIndexOf(body) ?? -1;
  return source === undefined || start < 0 ? undefined : lineAt(source, start + index);
}

const headingPatterns = new Map<string, RegExp>();
function headingPattern(heading: string): RegExp {
  let pattern = headingPatterns.get(heading);
  if (pattern === undefined) {
    pattern = new RegExp(`^## ${heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[ \t]*$`, 'm');
    headingPatterns.set(heading, pattern);
  }
  return pattern;
}

/** Anonymous views in one locale's body: the Interpretations section (the last heading) counts more phrases. */
export function anonymousViewFindings(
  term: Term,
  locale: Locale,
  interpretationsHeading: string,
  sources: SourceTexts = new Map(),
): EditorialFinding[] {
  const body = term.texts[locale].body;
  const heading = body.search(headingPattern(interpretationsHeading));
  const split = heading < 0 ? body.length : heading;
  const found = [
    ...findAnonymousViews(body.slice(0, split), locale, 'body'),
    ...findAnonymousViews(body.slice(split), locale, 'interpretations').map((view) => ({
      ...view,
      index: view.index + split,
    })),
  ];
  return found.map(({ phrase, index }) => ({
    check: 'anonymous-view',
    slug: term.slug,
    file: localeFile(term, locale),
    line: bodyLine(term, locale, index, sources),
    message: `"${phrase}" gives a view to nobody in particular: name the scholar who holds it (with the work in references), or state it as a plain fact`,
  }));
}

/** The frontmatter fields read like a body outside Interpretations: a definition or etymology can hand out a view too. */
const FRONTMATTER_FIELDS = ['definition', 'etymology'] as const;

/** Anonymous views in one locale's definition and etymology, at the line of the field. */
export function frontmatterViewFindings(
  term: Term,
  locale: Locale,
  sources: SourceTexts = new Map(),
): EditorialFinding[] {
  return FRONTMATTER_FIELDS.flatMap((field) =>
    findAnonymousViews(term.texts[locale][field] ?? '', locale, 'body').map(({ phrase }) => {
      const source = sources.get(localeFile(term, locale));
      const at = source?.search(new RegExp(`^${field}:`, 'm')) ?? -1;
      return {
        check: 'definition-view' as const,
        slug: term.slug,
        file: localeFile(term, locale),
        line: source === undefined || at < 0 ? undefined : lineAt(source, at),
        field,
        message: `"${phrase}" gives a view to nobody in particular: name the scholar who holds it (with the work in references), or state it as a plain fact`,
      };
    }),
  );
}

const scholarlyFamilies = (reference: Reference) =>
  authorFamilyNames(reference.author).map((family) => family.split(/\s+/).at(-1) ?? family);

/** Scholarly references none of whose authors (or editors) the locale's body names. */
export function citedNeverNamedFindings(
  term: Term,
  locale: Locale,
  sources: SourceTexts = new Map(),
): EditorialFinding[] {
  const source = sources.get(term.file);
  let names: ((family: string) => boolean) | undefined;
  return (term.references ?? []).flatMap((reference, i) => {
    if (reference.kind !== 'scholarly') return [];
    const families = scholarlyFamilies(reference);
    names ??= familyNamer(term.texts[locale].body, locale);
    if (families.some(names)) return [];
    const at = source?.indexOf(reference.title) ?? -1;
    return [
      {
        check: 'cited-never-named' as const,
        slug: term.slug,
        file: term.file,
        line: source === undefined || at < 0 ? undefined : lineAt(source, at),
        field: `references.${i}`,
        message: `${reference.author}, ${reference.title} is cited, but the ${locale} body never names ${families.join(' or ')}: name the author where the work carries a statement, or drop the reference`,
      },
    ];
  });
}

const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** One work, one year: the same first author and full title cited with different years. */
export function workYearFindings(corpus: Corpus, sources: SourceTexts = new Map()): EditorialFinding[] {
  const works = new Map<string, { term: CorpusTermOf; reference: Reference; index: number }[]>();
  for (const term of corpus.terms) {
    (term.references ?? []).forEach((reference, index) => {
      const key = `${fold(authorFamilyNames(reference.author)[0] ?? reference.author)}|${fold(reference.title)}`;
      works.set(key, [...(works.get(key) ?? []), { term, reference, index }]);
    });
  }
  const findings: EditorialFinding[] = [];
  for (const citations of works.values()) {
    const years = new Map<number, string[]>();
    for (const { term, reference } of citations)
      years.set(reference.year, [...(years.get(reference.year) ?? []), term.slug]);
    if (years.size < 2) continue;
    const described = [...years]
      .sort(([a], [b]) => a - b)
      .map(([year, slugs]) => `${year} (${slugs.join(', ')})`)
      .join(' / ');
    for (const { term, reference, index } of citations) {
      const source = sources.get(term.file);
      const at = source?.indexOf('year:', source.indexOf(reference.title)) ?? -1;
      findings.push({
        check: 'work-year',
        slug: term.slug,
        file: term.file,
        line: source === undefined || at < 0 ? undefined : lineAt(source, at),
        field: `references.${index}.year`,
        message: `${reference.author}, ${reference.title} is cited with different years across entries: ${described}; cite one edition everywhere`,
      });
    }
  }
  return findings;
}

/** Each locale's Interpretations heading (the last of site.yaml's body sections): all a term's findings read of site.yaml. */
export type InterpretationsHeadings = Record<Locale, string>;

export const interpretationsHeadings = (site: Pick<Corpus['site'], 'bodySections'>): InterpretationsHeadings => ({
  en: site.bodySections.en.at(-1) ?? '',
  bg: site.bodySections.bg.at(-1) ?? '',
});

/** The findings of one term, in both locales: they depend on its files and site.yaml's sections only. */
export function termEditorialFindings(
  term: CorpusTermOf,
  site: Corpus['site'],
  sources: SourceTexts,
): EditorialFinding[] {
  return termFindingsUnder(term, interpretationsHeadings(site), sources);
}

/** termEditorialFindings with the headings already read (editorial-outcomes.ts: a check thread has no site). */
export function termFindingsUnder(
  term: Term,
  headings: InterpretationsHeadings,
  sources: SourceTexts,
): EditorialFinding[] {
  return LOCALES.flatMap((locale) => [
    ...anonymousViewFindings(term, locale, headings[locale], sources),
    ...frontmatterViewFindings(term, locale, sources),
    ...citedNeverNamedFindings(term, locale, sources),
  ]);
}

/**
 * Every finding of the three checks, in corpus order (by file, then line). `perTerm`: the edit
 * loop's, which keeps each term's findings while its files stay the same.
 */
export function editorialFindings(
  corpus: Corpus,
  sources: SourceTexts = new Map(),
  perTerm: typeof termEditorialFindings = termEditorialFindings,
): EditorialFinding[] {
  const ofTerms = corpus.terms.flatMap((term) => perTerm(term, corpus.site, sources));
  return [...ofTerms, ...workYearFindings(corpus, sources)].sort((a, b) =>
    a.file < b.file ? -1 : a.file > b.file ? 1 : (a.line ?? 0) - (b.line ?? 0),
  );
}

/** "file:line: field: message", as the build prints problems. */
export function formatFinding(finding: EditorialFinding): string {
  const where = finding.line === undefined ? finding.file : `${finding.file}:${finding.line}`;
  return `${where}: ${finding.field === undefined ? '' : `${finding.field}: `}${finding.message}`;
}
