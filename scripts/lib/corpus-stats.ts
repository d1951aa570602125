// Editorial statistics and warnings about a valid corpus: what a reviewer should look at,
// none of which stops a build. Pure.
import { LOCALES, type Locale } from '../../src/contract.ts';
import type { Corpus } from './validate-corpus.ts';

export const BODY_WORDS_MIN = 150;
export const BODY_WORDS_MAX = 400;

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
  missing: { pronunciation: string[]; termOriginal: string[]; etymology: string[] };
  /** "slug (locale): headings" for bodies whose ## headings differ from site.yaml. */
  sectionMismatches: string[];
  /** "slug (locale): N words" outside BODY_WORDS_MIN-BODY_WORDS_MAX. */
  bodyLengthOutliers: string[];
  bodyWords: Record<Locale, { min: number; median: number; max: number }>;
}

export function countWords(markdown: string): number {
  return markdown
    .split('\n')
    .filter((line) => !line.startsWith('#'))
    .join(' ')
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

export function computeCorpusStats(corpus: Corpus): CorpusStats {
  const perPillar = Object.fromEntries(corpus.site.pillars.map((p) => [p.key, 0]));
  const perTradition = Object.fromEntries(corpus.site.traditions.map((t) => [t, 0]));
  const related = new Map(corpus.terms.map((t) => [t.slug, new Set(t.relatedTerms)]));
  const referenced = new Set(corpus.posts.flatMap((p) => p.terms));
  const missing = { pronunciation: [] as string[], termOriginal: [] as string[], etymology: [] as string[] };
  const sectionMismatches: string[] = [];
  const bodyLengthOutliers: string[] = [];
  const oneWayLinks: string[] = [];
  const words: Record<Locale, number[]> = { en: [], bg: [] };

  for (const term of corpus.terms) {
    perPillar[term.pillar] = (perPillar[term.pillar] ?? 0) + 1;
    perTradition[term.tradition] = (perTradition[term.tradition] ?? 0) + 1;
    if (term.termOriginal === null) missing.termOriginal.push(term.slug);
    for (const other of term.relatedTerms) {
      if (!related.get(other)?.has(term.slug)) oneWayLinks.push(`${term.slug} -> ${other}`);
    }
    for (const locale of LOCALES) {
      const text = term.texts[locale];
      if (text.pronunciation === null) missing.pronunciation.push(`${term.slug} (${locale})`);
      if (text.etymology === null) missing.etymology.push(`${term.slug} (${locale})`);
      const headings = [...text.body.matchAll(/^## (.+)$/gm)].map((m) => m[1]!.trim());
      if (headings.join('|') !== corpus.site.bodySections[locale].join('|')) {
        sectionMismatches.push(`${term.slug} (${locale}): ${headings.join(', ') || 'no ## headings'}`);
      }
      const count = countWords(text.body);
      words[locale].push(count);
      if (count < BODY_WORDS_MIN || count > BODY_WORDS_MAX) bodyLengthOutliers.push(`${term.slug} (${locale}): ${count} words`);
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
    postCoverage: corpus.terms.length === 0 ? 0 : (corpus.terms.length - termsWithoutPosts.length) / corpus.terms.length,
    termsWithoutPosts,
    oneWayLinks,
    missing,
    sectionMismatches,
    bodyLengthOutliers,
    bodyWords: { en: summary(words.en), bg: summary(words.bg) },
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
  list('missing etymology', stats.missing.etymology);
  list('body sections that differ from site.yaml', stats.sectionMismatches);
  list(`body lengths outside ${BODY_WORDS_MIN}-${BODY_WORDS_MAX} words`, stats.bodyLengthOutliers);
  return lines.join('\n');
}
