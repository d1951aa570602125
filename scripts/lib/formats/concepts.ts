// The lexicon as a terminology resource: one language-neutral concept per slug with its texts
// in both locales, and the stable URIs every terminology format (SKOS, JSON-LD, TBX,
// schema.org) names it by. Pure.
import { LIST_PATH, LOCALES, type Locale } from '../../../src/contract/facts.ts';
import type { Reference } from '../corpus/corpus-schema.ts';
import type { Term } from '../../../src/contract/response-schemas.ts';
import { type ApiRecords, detailsOf } from '../publish/api-records.ts';
import { compareCodeUnits } from '../corpus/corpus-checks.ts';

export interface Concept {
  slug: string;
  pillar: string;
  /** The API's relatedTerms: every cross-link, the broader terms among them. */
  relatedTerms: string[];
  /** The terms this one is a kind, part or instance of. */
  broader: string[];
  termOriginal: string | null;
  /** BCP 47 tag of termOriginal, when the corpus records it. */
  termOriginalLang: string | null;
  references: Reference[];
  /** The API's record of the term in each locale. */
  texts: Record<Locale, Term>;
  aliases: Record<Locale, string[]>;
}

/** Every concept, ordered by slug (code units): the same order in every format and build. */
export function conceptsOf(records: ApiRecords): Concept[] {
  const bySlug = (locale: Locale) => new Map(records.locales[locale].terms.map((t) => [t.slug, t]));
  const texts = Object.fromEntries(LOCALES.map((l) => [l, bySlug(l)])) as Record<Locale, Map<string, Term>>;
  return [...texts.en]
    .sort(([a], [b]) => compareCodeUnits(a, b))
    .map(([slug, en]) => {
      const details = detailsOf(records, slug);
      const bg = texts.bg.get(slug);
      if (bg === undefined) throw new Error(`the term "${slug}" has no Bulgarian record`);
      return {
        slug,
        pillar: en.pillar,
        relatedTerms: en.relatedTerms,
        broader: details.broader,
        termOriginal: en.termOriginal,
        termOriginalLang: details.termOriginalLang,
        references: details.references,
        texts: { en, bg },
        aliases: details.aliases,
      };
    });
}

// URIs are the API's own URLs: a concept is its single-term resource, the scheme is the list,
// a pillar is the list filtered by it. They stay stable as long as the API's paths do, and each
// one answers with the data it names.

/** The concept scheme (SKOS) and defined-term set (schema.org): the whole lexicon. */
export function schemeUri(siteUrl: string): string {
  return `${siteUrl}${LIST_PATH}`;
}

export function conceptUri(siteUrl: string, slug: string): string {
  return `${siteUrl}${LIST_PATH}/${slug}`;
}

/** A pillar, as a SKOS collection of the concepts in it. */
export function pillarUri(siteUrl: string, pillar: string): string {
  return `${siteUrl}${LIST_PATH}?pillar=${encodeURIComponent(pillar)}`;
}

/** A tradition, as a SKOS collection of the concepts in it: the list filtered by it. */
export function traditionUri(siteUrl: string, tradition: string): string {
  return `${siteUrl}${LIST_PATH}?tradition=${encodeURIComponent(tradition)}`;
}

/** How the original-script form is labelled: with its own language, or untagged when unknown. */
export type OriginalLabel =
  | { kind: 'pref'; value: string; lang: string }
  | { kind: 'alt'; value: string; lang: string | null };

/**
 * The original-script form is the preferred label in its own language (one per language, as
 * SKOS requires). If that language is one of ours, the served name already is the preferred
 * label there, so the form becomes an alternative one (or nothing, when it is the same text).
 */
export function originalLabel(concept: Concept): OriginalLabel | null {
  const { termOriginal: value, termOriginalLang: lang } = concept;
  if (!value) return null;
  if (!lang) return { kind: 'alt', value, lang: null };
  const locale = LOCALES.find((l) => l === lang);
  if (!locale) return { kind: 'pref', value, lang };
  return value === concept.texts[locale].term || concept.aliases[locale].includes(value)
    ? null
    : { kind: 'alt', value, lang };
}
