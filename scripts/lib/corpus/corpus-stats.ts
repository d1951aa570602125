// Editorial statistics and warnings about a valid corpus: what a reviewer should look at,
// none of which stops a build. Pure.
import { LOCALES, type Locale } from '../../../src/contract/facts.ts';
import { REFERENCES_MAX, REFERENCES_MIN } from './corpus-schema.ts';
import { crossLinks } from '../publish/api-records.ts';
import {
  EDITORIAL_CHECKS,
  editorialFindings,
  formatFinding,
  type EditorialCheck,
  type SourceTexts,
} from './editorial-checks.ts';
import { authorFormatProblem, findWorkInconsistencies } from './reference-checks.ts';
import { interpretationsNameAScholar, knownScholars, scholarsNamedNotReferenced } from './scholar-checks.ts';
import { compileStyleVariants, findStyleVariants, type StyleVariants } from './style-variants.ts';
import type { Corpus } from './validate-corpus.ts';

type Term = Corpus['terms'][number];

/** Body length in words, without the Sources section the build appends. */
export const BODY_WORDS_MIN = 150;
export const BODY_WORDS_MAX = 450;
/**
 * Editorial cap on relatedTerms. It was 10, which left hubs (sophia, mercurius, correspondences)
 * unable to link back: every one-way link in the corpus pointed at a term at the cap. At 500+
 * terms the hubs (golden-dawn, theurgy, ascent-of-the-soul, magnum-opus) are related to up to 20
 * others; 15 would still leave 3% of links one-way, 20 leaves under 1%.
 */
export const RELATED_TERMS_MAX = 20;

export interface CorpusStats {
  terms: number;
  posts: number;
  perPillar: Record<string, number>;
  perTradition: Record<string, number>;
  /** Share of terms referenced by at least one post, 0-1. */
  postCoverage: number;
  termsWithoutPosts: string[];
  /** "a -> b" where b does not list a. */
  oneWayLinks: string[];
  /** Share of cross-links (broader and relatedTerms, as the API lists them) whose target links back, 0-1. */
  reciprocalShare: number;
  /** Slugs without 2-5 references. */
  withoutReferences: string[];
  /** Traditions with at least 4 entries. */
  traditionsWithFourOrMore: number;
  /** "slug (locale) field: "found" -> prefer "preferred"" for every style.yaml variant found. */
  styleWarnings: string[];
  missing: { pronunciation: string[]; termOriginal: string[]; termOriginalLang: string[]; etymology: string[] };
  /** "slug (locale): headings" for bodies whose ## headings differ from site.yaml. */
  sectionMismatches: string[];
  /** "slug (locale): N words" outside BODY_WORDS_MIN-BODY_WORDS_MAX. */
  bodyLengthOutliers: string[];
  bodyWords: Record<Locale, { min: number; median: number; max: number }>;
  /** "slug: N related terms" above RELATED_TERMS_MAX. */
  overLinked: string[];
  /** "slug: "author" problem" for authors not written "Family, Given", joined by "; ". */
  authorFormat: string[];
  /** A work cited with different titles, kinds or author strings across entries. */
  workInconsistencies: string[];
  /** "slug (locale)" whose Interpretations name no author of the entry's scholarly references. */
  interpretationsWithoutScholar: string[];
  /** "slug: Given Family": a cited-elsewhere scholar named in the body but not in its references. */
  scholarsNotReferenced: string[];
  /** The editorial checks (editorial-checks.ts), each finding as "file:line: message". */
  editorial: Record<EditorialCheck, string[]>;
}

/** The checks on who is cited: references, their authors and the scholars bodies name. */
export function computeAttributionChecks(
  corpus: Corpus,
  style: StyleVariants,
  sources: SourceTexts = new Map(),
): Pick<
  CorpusStats,
  'authorFormat' | 'workInconsistencies' | 'interpretationsWithoutScholar' | 'scholarsNotReferenced' | 'editorial'
> {
  const cited = corpus.terms.flatMap((t) => (t.references ?? []).map((reference) => ({ slug: t.slug, reference })));
  const authorFormat = cited.flatMap(({ slug, reference }) => {
    const problem = authorFormatProblem(reference.author);
    return problem === null ? [] : [`${slug}: "${reference.author}" ${problem}`];
  });
  const interpretationsWithoutScholar = corpus.terms.flatMap((term) =>
    LOCALES.filter(
      (locale) => !interpretationsNameAScholar(term, locale, corpus.site.bodySections[locale].at(-1) ?? ''),
    ).map((locale) => `${term.slug} (${locale})`),
  );
  return {
    authorFormat,
    workInconsistencies: findWorkInconsistencies(cited),
    interpretationsWithoutScholar,
    scholarsNotReferenced: scholarsNamedNotReferenced(corpus, knownScholars(corpus, style.scholars)),
    editorial: groupFindings(corpus, sources),
  };
}

function groupFindings(corpus: Corpus, sources: SourceTexts): Record<EditorialCheck, string[]> {
  const grouped = Object.fromEntries(EDITORIAL_CHECKS.map((check) => [check, [] as string[]])) as Record<
    EditorialCheck,
    string[]
  >;
  for (const finding of editorialFindings(corpus, sources)) grouped[finding.check].push(formatFinding(finding));
  return grouped;
}

export function countWords(markdown: string): number {
  return markdown
    .split('\n')
    .filter((line) => !line.startsWith('#'))
    .join(' ')
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** How many terms have each key, starting from `keys` (in their order) at zero. */
function countBy(
  terms: readonly Term[],
  keyOf: (term: Term) => string,
  keys: readonly string[],
): Record<string, number> {
  const counts = Object.fromEntries(keys.map((key) => [key, 0]));
  for (const term of terms) counts[keyOf(term)] = (counts[keyOf(term)] ?? 0) + 1;
  return counts;
}

/** Which terms no post references, and the share that one does. */
function postCoverage(corpus: Corpus): Pick<CorpusStats, 'postCoverage' | 'termsWithoutPosts'> {
  const referenced = new Set(corpus.posts.flatMap((p) => p.terms));
  const termsWithoutPosts = corpus.terms.filter((t) => !referenced.has(t.slug)).map((t) => t.slug);
  const covered = corpus.terms.length - termsWithoutPosts.length;
  return { postCoverage: corpus.terms.length === 0 ? 0 : covered / corpus.terms.length, termsWithoutPosts };
}

/** The cross-links (broader and relatedTerms) not answered from the other side, and terms with too many. */
function linkChecks(terms: readonly Term[]): Pick<CorpusStats, 'oneWayLinks' | 'reciprocalShare' | 'overLinked'> {
  // A link is answered by a link back or by the other term's broader (the API lists both).
  const answered = new Map(terms.map((t) => [t.slug, new Set(crossLinks(t))]));
  const oneWayLinks = terms.flatMap((term) =>
    crossLinks(term)
      .filter((other) => !answered.get(other)?.has(term.slug))
      .map((other) => `${term.slug} -> ${other}`),
  );
  const links = terms.reduce((sum, term) => sum + crossLinks(term).length, 0);
  return {
    oneWayLinks,
    reciprocalShare: links === 0 ? 1 : (links - oneWayLinks.length) / links,
    overLinked: terms
      .filter((t) => crossLinks(t).length > RELATED_TERMS_MAX)
      .map((t) => `${t.slug}: ${crossLinks(t).length} related terms`),
  };
}

/** Every (term, locale) pair in corpus order, the order each per-locale warning is listed in. */
function termLocales(terms: readonly Term[]): { term: Term; locale: Locale; label: string }[] {
  return terms.flatMap((term) => LOCALES.map((locale) => ({ term, locale, label: `${term.slug} (${locale})` })));
}

/** The optional fields an entry leaves out; termOriginalLang counts only where there is a termOriginal. */
function missingFields(terms: readonly Term[]): CorpusStats['missing'] {
  return {
    pronunciation: termLocales(terms)
      .filter(({ term, locale }) => term.texts[locale].pronunciation === null)
      .map(({ label }) => label),
    termOriginal: terms.filter((t) => t.termOriginal === null).map((t) => t.slug),
    termOriginalLang: terms.filter((t) => t.termOriginal !== null && !t.termOriginalLang).map((t) => t.slug),
    etymology: termLocales(terms)
      .filter(({ term, locale }) => term.texts[locale].etymology === null)
      .map(({ label }) => label),
  };
}

/** Slugs whose number of references is outside REFERENCES_MIN-REFERENCES_MAX. */
function referenceCountOutliers(terms: readonly Term[]): string[] {
  const outside = (count: number) => count < REFERENCES_MIN || count > REFERENCES_MAX;
  return terms.filter((t) => outside(t.references?.length ?? 0)).map((t) => t.slug);
}

/** Every style.yaml variant found in a term's name, definition or body. */
function styleWarnings(terms: readonly Term[], style: StyleVariants): string[] {
  const matchers = compileStyleVariants(style);
  return termLocales(terms).flatMap(({ term, locale, label }) =>
    (['term', 'definition', 'body'] as const).flatMap((field) =>
      findStyleVariants(term.texts[locale][field] ?? '', matchers[locale]).map(
        ({ found, prefer }) => `${label} ${field}: "${found}" -> prefer "${prefer}"`,
      ),
    ),
  );
}

/** The smallest, middle and largest of a list of counts (0 for none). */
function spread(counts: readonly number[]): { min: number; median: number; max: number } {
  const sorted = [...counts].sort((a, b) => a - b);
  return { min: sorted[0] ?? 0, median: sorted[Math.floor(sorted.length / 2)] ?? 0, max: sorted.at(-1) ?? 0 };
}

/** The shape of each body: its ## headings against site.yaml's, and its length in words. */
function bodyShape(corpus: Corpus): Pick<CorpusStats, 'sectionMismatches' | 'bodyLengthOutliers' | 'bodyWords'> {
  const pairs = termLocales(corpus.terms);
  const sectionMismatches = pairs.flatMap(({ term, locale, label }) => {
    const headings = [...term.texts[locale].body.matchAll(/^## (.+)$/gm)].map(([, heading = '']) => heading.trim());
    const expected = corpus.site.bodySections[locale].join('|');
    return headings.join('|') === expected ? [] : [`${label}: ${headings.join(', ') || 'no ## headings'}`];
  });
  const counted = pairs.map((pair) => ({ ...pair, words: countWords(pair.term.texts[pair.locale].body) }));
  const wordsIn = (locale: Locale) => counted.filter((c) => c.locale === locale).map((c) => c.words);
  return {
    sectionMismatches,
    bodyLengthOutliers: counted
      .filter(({ words }) => words < BODY_WORDS_MIN || words > BODY_WORDS_MAX)
      .map(({ label, words }) => `${label}: ${words} words`),
    bodyWords: { en: spread(wordsIn('en')), bg: spread(wordsIn('bg')) },
  };
}

/** `sources`: the corpus files' texts by path, so that editorial findings carry line numbers. */
export function computeCorpusStats(
  corpus: Corpus,
  style: StyleVariants = { en: [], bg: [] },
  sources: SourceTexts = new Map(),
): CorpusStats {
  const perTradition = countBy(corpus.terms, (t) => t.tradition, corpus.site.traditions);
  const { postCoverage: coverage, termsWithoutPosts } = postCoverage(corpus);
  const { oneWayLinks, reciprocalShare, overLinked } = linkChecks(corpus.terms);
  const { sectionMismatches, bodyLengthOutliers, bodyWords } = bodyShape(corpus);
  // The keys in the order `corpus:stats --json` has always printed them.
  return {
    terms: corpus.terms.length,
    posts: corpus.posts.length,
    perPillar: countBy(
      corpus.terms,
      (t) => t.pillar,
      corpus.site.pillars.map((p) => p.key),
    ),
    perTradition,
    postCoverage: coverage,
    termsWithoutPosts,
    oneWayLinks,
    reciprocalShare,
    withoutReferences: referenceCountOutliers(corpus.terms),
    traditionsWithFourOrMore: Object.values(perTradition).filter((count) => count >= 4).length,
    styleWarnings: styleWarnings(corpus.terms, style),
    missing: missingFields(corpus.terms),
    sectionMismatches,
    bodyLengthOutliers,
    bodyWords,
    overLinked,
    ...computeAttributionChecks(corpus, style, sources),
  };
}
