// The API's records: their shape, and the small reads every writer shares. derive.ts makes them.
import type { LICENSE, Locale } from '../../../src/contract/facts.ts';
import type { PillarsResponse, Term, TermListItem } from '../../../src/contract/response-schemas.ts';
import type { Reference } from '../corpus/corpus-schema.ts';
import type { CorpusTerm } from '../corpus/validate-corpus.ts';
import type { TermNames } from '../names/search-names.ts';

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

/** A term's details, for a slug of the records (every term has them). */
export function detailsOf(records: Pick<ApiRecords, 'details'>, slug: string): TermDetails {
  const details = records.details.get(slug);
  if (details === undefined) throw new Error(`the records hold no details for the term "${slug}"`);
  return details;
}

/** Every name each term is written with, by slug: the input of its searchable names. */
export function termNamesBySlug(records: ApiRecords): Map<string, TermNames> {
  const bg = new Map(records.locales.bg.terms.map((term) => [term.slug, term.term]));
  return new Map(
    records.locales.en.terms.map((term): [string, TermNames] => {
      const bgName = bg.get(term.slug);
      if (bgName === undefined) throw new Error(`the term "${term.slug}" has no Bulgarian record`);
      const { aliases } = detailsOf(records, term.slug);
      return [term.slug, { name: { en: term.term, bg: bgName }, termOriginal: term.termOriginal, aliases }];
    }),
  );
}
