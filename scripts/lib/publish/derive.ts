// Validated corpus -> the API's records: what every endpoint and dump serves. Pure.
import { LICENSE, LOCALES, type Locale } from '../../../src/contract/facts.ts';
import type { TermNames } from '../names/search-names.ts';
import type { Reference } from '../corpus/corpus-schema.ts';
import type { PillarsResponse, Term, TermListItem } from '../../../src/contract/response-schemas.ts';
import type { Corpus, CorpusTerm } from '../corpus/validate-corpus.ts';
import { compareCodeUnits } from '../corpus/validate-corpus.ts';

export interface Attribution {
  source: string;
  url: string;
  license: typeof LICENSE;
  required: string;
}

export interface LocaleRecords {
  locale: Locale;
  /** Full term records in the list endpoint's order (collation of the name, then slug). */
  terms: Term[];
}

export interface PostRecord {
  slug: string;
  date: string;
  title: Record<Locale, string>;
  url: Record<Locale, string>;
  /** Slugs of the terms the post discusses, as the corpus lists them. */
  terms: string[];
}

/** What the corpus knows of a term beyond the API's fields: carried by the dumps. */
export interface TermDetails {
  references: Reference[];
  /** BCP 47 tag of termOriginal. */
  termOriginalLang: string | null;
  aliases: Record<Locale, string[]>;
  /** term.yaml `broader`: the terms this one is a kind, part or instance of. */
  broader: string[];
}

export interface ApiRecords {
  siteUrl: string;
  attribution: Attribution;
  locales: Record<Locale, LocaleRecords>;
  pillars: PillarsResponse;
  /** Every post, newest first. */
  posts: PostRecord[];
  /** By slug. */
  details: Map<string, TermDetails>;
  /** The tradition vocabulary, in site.yaml's order, with each tradition's label per locale. */
  traditions: { name: string; label: Record<Locale, string> }[];
}

/** One line of the Sources section: `- Author, *Title* (year), locator.` */
export function formatReference({ author, title, year, locator }: Reference): string {
  return `- ${author}, *${title}* (${year})${locator ? `, ${locator}` : ''}.`;
}

/** The body as written, then the Sources section built from term.yaml `references`. */
export function fullContent(body: string, references: readonly Reference[], heading: string): string {
  if (references.length === 0) return body;
  return `${body}\n\n## ${heading}\n\n${references.map(formatReference).join('\n')}`;
}

/**
 * A term's cross-links as the API lists them (relatedTerms): its broader terms first, then the
 * terms it relates to. Validation keeps the two lists apart, so none is listed twice.
 */
export function crossLinks(facts: Pick<CorpusTerm, 'broader' | 'relatedTerms'>): string[] {
  return [...(facts.broader ?? []), ...facts.relatedTerms];
}

/** The list endpoint's fields of a term, in the order of the specification. */
export function toListItem(term: Term): TermListItem {
  const { term: name, slug, definition, pillar, tradition, etymology, relatedTerms, url } = term;
  return { term: name, slug, definition, pillar, tradition, etymology, relatedTerms, url };
}

/** Every name each term is written with, by slug: the input of its searchable names. */
export function termNamesBySlug(records: ApiRecords): Map<string, TermNames> {
  const bg = new Map(records.locales.bg.terms.map((term) => [term.slug, term.term]));
  return new Map(
    records.locales.en.terms.map((term) => [
      term.slug,
      {
        name: { en: term.term, bg: bg.get(term.slug)! },
        termOriginal: term.termOriginal,
        aliases: records.details.get(term.slug)!.aliases,
      },
    ]),
  );
}

/**
 * `previous`: records of an earlier version of this corpus (the edit loop). Only a hint: the
 * terms are laid out in its list order before the sort, which then has almost nothing to move
 * (the collation dominated a rebuild of one term); the order that results is the same.
 */
export function deriveApiRecords(corpus: Corpus, siteUrl: string, previous?: ApiRecords): ApiRecords {
  const site = siteUrl.replace(/\/+$/, '');
  const attribution: Attribution = {
    source: corpus.site.source,
    url: site,
    license: LICENSE,
    required: corpus.site.attribution.replaceAll('{source}', corpus.site.source).replaceAll('{url}', site),
  };
  // A post pattern may be an absolute URL (a blog elsewhere); every other pattern is a path of the site.
  const pageUrl = (pattern: string, locale: Locale, slug: string) =>
    (pattern.startsWith('/') ? site : '') + pattern.replaceAll('{locale}', locale).replaceAll('{slug}', slug);

  // Newest first; the slug settles posts of the same day so the order never depends on I/O.
  const postsNewestFirst = [...corpus.posts].sort(
    (a, b) => compareCodeUnits(b.date, a.date) || compareCodeUnits(a.slug, b.slug),
  );
  const postsByTerm = new Map<string, typeof postsNewestFirst>();
  for (const post of postsNewestFirst) {
    for (const slug of post.terms) {
      if (!postsByTerm.has(slug)) postsByTerm.set(slug, []);
      postsByTerm.get(slug)!.push(post);
    }
  }

  const toTerm = (term: CorpusTerm, locale: Locale): Term => {
    const text = term.texts[locale];
    return {
      term: text.term,
      slug: term.slug,
      definition: text.definition,
      pillar: term.pillar,
      tradition: term.tradition,
      etymology: text.etymology,
      relatedTerms: crossLinks(term),
      url: pageUrl(corpus.site.paths.term, locale, term.slug),
      fullContent: fullContent(text.body, term.references ?? [], corpus.site.sourcesHeading[locale]),
      pronunciation: text.pronunciation,
      termOriginal: term.termOriginal,
      relatedPosts: (postsByTerm.get(term.slug) ?? []).map((post) => ({
        title: post.title[locale],
        slug: post.slug,
        url: pageUrl(corpus.site.paths.post, locale, post.slug),
      })),
    };
  };

  const locales = Object.fromEntries(
    LOCALES.map((locale) => {
      const collator = new Intl.Collator(locale);
      const terms = inPreviousOrder(corpus.terms, previous?.locales[locale].terms)
        .map((term) => toTerm(term, locale))
        .sort((a, b) => collator.compare(a.term, b.term) || compareCodeUnits(a.slug, b.slug));
      return [locale, { locale, terms }];
    }),
  ) as Record<Locale, LocaleRecords>;

  const counts = new Map<string, number>();
  for (const term of corpus.terms) counts.set(term.pillar, (counts.get(term.pillar) ?? 0) + 1);
  const pillars: PillarsResponse = {
    data: corpus.site.pillars.map((pillar) => ({
      key: pillar.key,
      label: { en: pillar.label.en, bg: pillar.label.bg },
      count: counts.get(pillar.key) ?? 0,
    })),
    attribution,
  };

  const posts = postsNewestFirst.map((post) => ({
    slug: post.slug,
    date: post.date,
    title: { en: post.title.en, bg: post.title.bg },
    url: { en: pageUrl(corpus.site.paths.post, 'en', post.slug), bg: pageUrl(corpus.site.paths.post, 'bg', post.slug) },
    terms: post.terms,
  }));

  const details = new Map(
    corpus.terms.map((term) => [
      term.slug,
      {
        references: term.references ?? [],
        termOriginalLang: term.termOriginalLang ?? null,
        aliases: { en: term.texts.en.aliases ?? [], bg: term.texts.bg.aliases ?? [] },
        broader: term.broader ?? [],
      },
    ]),
  );
  // A tradition's name is its English label; site.yaml traditionLabels may name it in Bulgarian.
  const traditions = corpus.site.traditions.map((name) => ({
    name,
    label: { en: name, bg: corpus.site.traditionLabels?.bg[name] ?? name },
  }));
  return { siteUrl: site, attribution, locales, pillars, posts, details, traditions };
}

/** The terms in the order of an earlier list (new terms last), or as they are without one. */
function inPreviousOrder(terms: readonly CorpusTerm[], previous: readonly Term[] | undefined): readonly CorpusTerm[] {
  if (!previous) return terms;
  const bySlug = new Map(terms.map((term) => [term.slug, term]));
  const ordered: CorpusTerm[] = [];
  for (const { slug } of previous) {
    const term = bySlug.get(slug);
    if (term === undefined) continue;
    ordered.push(term);
    bySlug.delete(slug);
  }
  return [...ordered, ...bySlug.values()];
}
