// What every page renderer looks up: terms by slug, labels in each locale, page paths, the
// formatters of each locale. Built once per build from the API's records.
import {
  CONCEPT_FORMATS,
  type ConceptFormat,
  conceptFormatPath,
  LOCALES,
  termPath as apiTermPath,
  type Locale,
} from '../../../src/contract/facts.ts';
import type { SiteConfig } from '../corpus/corpus-schema.ts';
import type { Term } from '../../../src/contract/response-schemas.ts';
import type { ApiRecords } from '../publish/api-records.ts';
import { formatters } from './messages.ts';
import { PAGE_MESSAGES } from './messages.ts';
import { indexPath, sitePath } from './page-paths.ts';

export interface DataLink {
  type: string;
  href: string;
  title: string;
}

export interface SiteView {
  records: ApiRecords;
  locales: readonly Locale[];
  format: Record<Locale, ReturnType<typeof formatters>>;
  indexPath(locale: Locale): string;
  termPath(locale: Locale, slug: string): string;
  term(locale: Locale, slug: string): Term;
  pillarLabel(locale: Locale, key: string): string;
  traditionLabel(locale: Locale, name: string): string;
  postDate(slug: string): string | undefined;
  /** A URL of this site as a root-relative path (links work on any host serving the build); others as they are. */
  href(url: string): string;
  /** The term's machine-readable forms, absolute URLs. */
  dataLinks(locale: Locale, slug: string): DataLink[];
}

/** The value of a slug the records hold: every slug a page asks about is a term's or one it links to. */
function ofTerm<T>(map: ReadonlyMap<string, T>, locale: Locale, slug: string): T {
  const value = map.get(slug);
  if (value === undefined)
    throw new Error(`the pages ask for the term "${slug}" (${locale}), which the records do not hold`);
  return value;
}

export function siteView(records: ApiRecords, site: Pick<SiteConfig, 'paths' | 'traditionLabels'>): SiteView {
  const bySlug = Object.fromEntries(
    LOCALES.map((l) => [l, new Map(records.locales[l].terms.map((t) => [t.slug, t]))]),
  ) as Record<Locale, Map<string, Term>>;
  const pillars = new Map(records.pillars.data.map((p) => [p.key, p.label]));
  const postDates = new Map(records.posts.map((p) => [p.slug, p.date]));
  const format = Object.fromEntries(LOCALES.map((l) => [l, formatters(l)])) as SiteView['format'];
  const href = (url: string) => sitePath(url, records.siteUrl) ?? url;
  // Asked for on every page, for each related term: computed once.
  const paths = Object.fromEntries(
    LOCALES.map((l) => [l, new Map(records.locales[l].terms.map((t) => [t.slug, href(t.url)]))]),
  ) as Record<Locale, Map<string, string>>;
  return {
    records,
    locales: LOCALES,
    format,
    indexPath: (locale) => indexPath(site.paths.term, locale),
    termPath: (locale, slug) => ofTerm(paths[locale], locale, slug),
    term: (locale, slug) => ofTerm(bySlug[locale], locale, slug),
    pillarLabel: (locale, key) => pillars.get(key)?.[locale] ?? key,
    traditionLabel: (locale, name) => (locale === 'bg' ? site.traditionLabels?.bg[name] : undefined) ?? name,
    postDate: (slug) => postDates.get(slug),
    href,
    dataLinks: (locale, slug) => [
      {
        type: 'application/json',
        href: records.siteUrl + apiTermPath(slug, locale),
        title: PAGE_MESSAGES[locale].json,
      },
      ...(Object.keys(CONCEPT_FORMATS) as ConceptFormat[]).map((format) => ({
        type: CONCEPT_FORMATS[format].mediaType,
        href: records.siteUrl + conceptFormatPath(slug, format),
        title: PAGE_MESSAGES[locale][format],
      })),
    ],
  };
}
