// The term pages rendered where the term files are written (the file writer thread: file-writer.ts),
// from each term file's record, so that no copy of the records crosses threads: a structured
// clone of them all cost more main-thread CPU than the pages save and raised the peak RSS by 91 MB
// at 5,000 terms (output-thread.ts). What a page reads beyond its own record is this context:
// the site's own facts and, of every term, its name and URL in each locale (the links to related
// terms and to the other language) and its original form's language; sent once, about 100 bytes a term.
import { LOCALES, type Locale } from '../../../src/contract/facts.ts';
import type { Term } from '../../../src/contract/response-schemas.ts';
import type { ApiRecords, Attribution, PostRecord } from '../publish/api-records.ts';
import { ownPagePath, pageFileOf } from './page-paths.ts';
import type { PagesConfig } from './site-pages.ts';
import { commonView, ofTerm, type TermPageView } from './site-view.ts';
import { renderTermPage } from './term-page.ts';

/** A term's name and URL in one locale. */
type TermName = Pick<Term, 'slug' | 'term' | 'url'>;

export interface TermPageContext {
  siteUrl: string;
  attribution: Attribution;
  config: PagesConfig;
  pillars: ApiRecords['pillars']['data'];
  posts: Pick<PostRecord, 'slug' | 'date'>[];
  names: Record<Locale, TermName[]>;
  /** The slugs whose original form names its language, with the language. */
  originalLangs: [slug: string, lang: string][];
}

export function termPageContext(records: ApiRecords, config: PagesConfig): TermPageContext {
  const { siteUrl, attribution } = records;
  const names = Object.fromEntries(
    LOCALES.map((l) => [l, records.locales[l].terms.map(({ slug, term, url }) => ({ slug, term, url }))]),
  ) as Record<Locale, TermName[]>;
  const originalLangs: [string, string][] = [];
  for (const [slug, details] of records.details)
    if (details.termOriginalLang !== null) originalLangs.push([slug, details.termOriginalLang]);
  return {
    siteUrl,
    attribution,
    config: { paths: config.paths, traditionLabels: config.traditionLabels },
    pillars: records.pillars.data,
    posts: records.posts.map(({ slug, date }) => ({ slug, date })),
    names,
    originalLangs,
  };
}

/** The view a term page is rendered with, from the context alone. */
export function termPageView(context: TermPageContext): TermPageView {
  const common = commonView(context.siteUrl, context.config, context.pillars, context.posts);
  const bySlug = Object.fromEntries(
    LOCALES.map((l) => [l, new Map(context.names[l].map((t) => [t.slug, t]))]),
  ) as Record<Locale, Map<string, TermName>>;
  const paths = Object.fromEntries(
    LOCALES.map((l) => [l, new Map(context.names[l].map((t) => [t.slug, common.href(t.url)]))]),
  ) as Record<Locale, Map<string, string>>;
  const details = new Map(context.originalLangs.map(([slug, termOriginalLang]) => [slug, { termOriginalLang }]));
  return {
    ...common,
    records: { siteUrl: context.siteUrl, attribution: context.attribution, details },
    termPath: (locale, slug) => ofTerm(paths[locale], locale, slug),
    term: (locale, slug) => ofTerm(bySlug[locale], locale, slug),
  };
}

const decoder = new TextDecoder();

/** A term's page from its term file (the API's single-term response, `{"data": record, ...}`): where it goes, and its text. */
export function termPageOfFile(
  view: TermPageView,
  locale: Locale,
  termFile: Uint8Array,
): { file: string; body: string } {
  const term = (JSON.parse(decoder.decode(termFile)) as { data: Term }).data;
  return {
    file: pageFileOf(ownPagePath(term.url, view.records.siteUrl)),
    body: renderTermPage(view, locale, term),
  };
}
