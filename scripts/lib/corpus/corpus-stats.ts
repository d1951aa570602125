// Editorial statistics and warnings about a valid corpus: what a reviewer should look at,
// none of which stops a build. Pure.
import { LOCALES, type Locale } from '../../../src/contract/facts.ts';
import { REFERENCES_MAX, REFERENCES_MIN } from './corpus-schema.ts';
import { crossLinks } from '../publish/derive.ts';
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

/** `sources`: the corpus files' texts by path, so that editorial findings carry line numbers. */
export function computeCorpusStats(
  corpus: Corpus,
  style: StyleVariants = { en: [], bg: [] },
  sources: SourceTexts = new Map(),
): CorpusStats {
  const matchers = compileStyleVariants(style);
  const styleWarnings: string[] = [];
  const withoutReferences: string[] = [];
  let links = 0;
  const perPillar = Object.fromEntries(corpus.site.pillars.map((p) => [p.key, 0]));
  const perTradition = Object.fromEntries(corpus.site.traditions.map((t) => [t, 0]));
  // A link is answered by a link back or by the other term's broader (the API lists both).
  const related = new Map(corpus.terms.map((t) => [t.slug, new Set(crossLinks(t))]));
  const referenced = new Set(corpus.posts.flatMap((p) => p.terms));
  const missing = {
    pronunciation: [] as string[],
    termOriginal: [] as string[],
    termOriginalLang: [] as string[],
    etymology: [] as string[],
  };
  const sectionMismatches: string[] = [];
  const bodyLengthOutliers: string[] = [];
  const oneWayLinks: string[] = [];
  const words: Record<Locale, number[]> = { en: [], bg: [] };

  for (const term of corpus.terms) {
    perPillar[term.pillar] = (perPillar[term.pillar] ?? 0) + 1;
    perTradition[term.tradition] = (perTradition[term.tradition] ?? 0) + 1;
    if (term.termOriginal === null) missing.termOriginal.push(term.slug);
    else if (!term.termOriginalLang) missing.termOriginalLang.push(term.slug);
    const references = term.references?.length ?? 0;
    if (references < REFERENCES_MIN || references > REFERENCES_MAX) withoutReferences.push(term.slug);
    const linked = crossLinks(term);
    links += linked.length;
    for (const other of linked) {
      if (!related.get(other)?.has(term.slug)) oneWayLinks.push(`${term.slug} -> ${other}`);
    }
    for (const locale of LOCALES) {
      const text = term.texts[locale];
      for (const field of ['term', 'definition', 'body'] as const) {
        for (const { found, prefer } of findStyleVariants(text[field] ?? '', matchers[locale])) {
          styleWarnings.push(`${term.slug} (${locale}) ${field}: "${found}" -> prefer "${prefer}"`);
        }
      }
      if (text.pronunciation === null) missing.pronunciation.push(`${term.slug} (${locale})`);
      if (text.etymology === null) missing.etymology.push(`${term.slug} (${locale})`);
      const headings = [...text.body.matchAll(/^## (.+)$/gm)].map((m) => m[1]!.trim());
      if (headings.join('|') !== corpus.site.bodySections[locale].join('|')) {
        sectionMismatches.push(`${term.slug} (${locale}): ${headings.join(', ') || 'no ## headings'}`);
      }
      const count = countWords(text.body);
      words[locale].push(count);
      if (count < BODY_WORDS_MIN || count > BODY_WORDS_MAX)
        bodyLengthOutliers.push(`${term.slug} (${locale}): ${count} words`);
    }
  }
  const termsWithoutPosts = corpus.terms.filter((t) => !referenced.has(t.slug)).map((t) => t.slug);
  const summary = (list: number[]) => {
    const sorted = [...list].sort((a, b) => a - b);
    return { min: sorted[0] ?? 0, median: sorted[Math.floor(sorted.length / 2)] ?? 0, max: sorted.at(-1) ?? 0 };
  };
  return {
    terms: corpus.terms.length,
    posts: corpus.posts.length,
    perPillar,
    perTradition,
    postCoverage:
      corpus.terms.length === 0 ? 0 : (corpus.terms.length - termsWithoutPosts.length) / corpus.terms.length,
    termsWithoutPosts,
    oneWayLinks,
    reciprocalShare: links === 0 ? 1 : (links - oneWayLinks.length) / links,
    withoutReferences,
    traditionsWithFourOrMore: Object.values(perTradition).filter((count) => count >= 4).length,
    styleWarnings,
    missing,
    sectionMismatches,
    bodyLengthOutliers,
    bodyWords: { en: summary(words.en), bg: summary(words.bg) },
    overLinked: corpus.terms
      .filter((t) => crossLinks(t).length > RELATED_TERMS_MAX)
      .map((t) => `${t.slug}: ${crossLinks(t).length} related terms`),
    ...computeAttributionChecks(corpus, style, sources),
  };
}

export function formatCorpusStats(stats: CorpusStats): string {
  const lines: string[] = [];
  const table = (title: string, counts: Record<string, number>) => {
    lines.push(`${title}:`);
    for (const [key, count] of Object.entries(counts)) lines.push(`  ${key.padEnd(22)} ${String(count).padStart(4)}`);
  };
  const list = (title: string, items: string[]) => {
    lines.push(`${title}: ${items.length}`);
    for (const item of items) lines.push(`  ${item}`);
  };
  lines.push(`terms: ${stats.terms} (each in en and bg)`, `posts: ${stats.posts}`);
  lines.push(`terms with a related post: ${(stats.postCoverage * 100).toFixed(1)}%`);
  lines.push(
    `terms with ${REFERENCES_MIN}-${REFERENCES_MAX} references: ${stats.terms - stats.withoutReferences.length} of ${stats.terms}`,
  );
  lines.push(`entries outside ${REFERENCES_MIN}-${REFERENCES_MAX} references: ${stats.withoutReferences.length}`);
  lines.push(`style-rule hits (corpus/style.yaml): ${stats.styleWarnings.length}`);
  lines.push(`reciprocal relatedTerms links: ${(stats.reciprocalShare * 100).toFixed(1)}%`);
  lines.push(
    `Interpretations naming a referenced scholar: ${2 * stats.terms - stats.interpretationsWithoutScholar.length} of ${2 * stats.terms} (en and bg)`,
  );
  lines.push(
    `author-format findings: ${stats.authorFormat.length}; works described two ways: ${stats.workInconsistencies.length}`,
  );
  lines.push(
    `anonymous views: ${stats.editorial['anonymous-view'].length} (in definitions and etymologies: ${stats.editorial['definition-view'].length}); scholarly works cited but never named: ${stats.editorial['cited-never-named'].length}; works cited with different years: ${stats.editorial['work-year'].length}`,
  );
  lines.push(`traditions with at least 4 entries: ${stats.traditionsWithFourOrMore}`);
  table('terms per pillar', stats.perPillar);
  table('terms per tradition', stats.perTradition);
  for (const locale of LOCALES) {
    const w = stats.bodyWords[locale];
    lines.push(`body words (${locale}): min ${w.min}, median ${w.median}, max ${w.max}`);
  }
  lines.push('', 'warnings:');
  list('terms without posts', stats.termsWithoutPosts);
  list('one-way relatedTerms links', stats.oneWayLinks);
  list('missing pronunciation', stats.missing.pronunciation);
  list('missing termOriginal', stats.missing.termOriginal);
  list('termOriginal without termOriginalLang', stats.missing.termOriginalLang);
  list(`terms without ${REFERENCES_MIN}-${REFERENCES_MAX} references`, stats.withoutReferences);
  list('style-sheet variants (corpus/style.yaml)', stats.styleWarnings);
  list('missing etymology', stats.missing.etymology);
  list('body sections that differ from site.yaml', stats.sectionMismatches);
  list(`body lengths outside ${BODY_WORDS_MIN}-${BODY_WORDS_MAX} words`, stats.bodyLengthOutliers);
  list(`terms with more than ${RELATED_TERMS_MAX} related terms`, stats.overLinked);
  list('authors not written "Family, Given" joined by "; "', stats.authorFormat);
  list('works cited with different titles, kinds or authors', stats.workInconsistencies);
  list('Interpretations naming no author of a scholarly reference', stats.interpretationsWithoutScholar);
  list('scholars named in a body but not in its references', stats.scholarsNotReferenced);
  list('anonymous views ("some scholars", "is debated", „смята се“…)', stats.editorial['anonymous-view']);
  list('anonymous views in definitions and etymologies', stats.editorial['definition-view']);
  list('scholarly references whose author a body never names (per locale)', stats.editorial['cited-never-named']);
  list('works cited with different years across entries', stats.editorial['work-year']);
  return lines.join('\n');
}
