// Validated corpus -> the API's records: what every endpoint and dump serves. Pure.
import { LICENSE, type Locale } from '../../../src/contract/facts.ts';
import type { Post } from '../corpus/corpus-schema.ts';
import type { PillarsResponse, Term } from '../../../src/contract/response-schemas.ts';
import type { Corpus, CorpusTerm } from '../corpus/validate-corpus.ts';
import { compareCodeUnits } from '../corpus/corpus-checks.ts';
import {
  type ApiRecords,
  type Attribution,
  crossLinks,
  type LocaleRecords,
  type PostRecord,
  type TermDetails,
} from './api-records.ts';
import { bodyReaderOf, fullContent, TermWithContentOnDisk } from './full-content.ts';

/**
 * What an edit loop keeps between two derivations of the same corpus (edit-session.ts): each
 * term's records by the validated term they were made from. Validation hands back the very same
 * term object while its files stay the same (validate-corpus.ts: ValidationMemo), so a change
 * derives again only the terms it touched and the terms of a touched post.
 */
export type DerivedTerms = WeakMap<CorpusTerm, DerivedTerm>;

interface DerivedTerm {
  /** What the records were made from, besides the term itself. */
  inputs: { site: Corpus['site']; siteUrl: string; posts: readonly Post[] };
  records: Record<Locale, Term>;
  details: TermDetails;
}

/** What an edit loop passes: its last records (their order only speeds the sort) and its memo. */
export interface DeriveAgain {
  previous?: ApiRecords;
  memo?: DerivedTerms;
}

/** The pieces every record is made with. */
interface Derivation {
  corpus: Corpus;
  /** The site URL without a trailing slash. */
  site: string;
  /** Every post, newest first. */
  posts: Post[];
  postsByTerm: Map<string, Post[]>;
  /**
   * Each post's entry in a record's relatedPosts, per locale: one object shared by every term the
   * post lists (at 100,000 terms a copy per term and locale was megabytes of equal objects).
   */
  relatedPost: (post: Post, locale: Locale) => RelatedPost;
}

type RelatedPost = Term['relatedPosts'][number];

export function deriveApiRecords(corpus: Corpus, siteUrl: string, again: DeriveAgain = {}): ApiRecords {
  const site = siteUrl.replace(/\/+$/, '');
  const posts = postsNewestFirst(corpus.posts);
  const from: Derivation = {
    corpus,
    site,
    posts,
    postsByTerm: postsByTerm(posts),
    relatedPost: relatedPostOf(site, corpus.site.paths.post),
  };
  const attribution = attributionOf(corpus.site, site);
  const terms = corpus.terms.map((term) => derivedTerm(from, term, again.memo));
  return {
    siteUrl: site,
    attribution,
    locales: localeRecords(terms, again.previous),
    pillars: { data: pillarCounts(corpus), attribution },
    posts: posts.map((post) => postRecord(from, post)),
    details: new Map(terms.map(({ records, details }) => [records.en.slug, details])),
    // A tradition's name is its English label; site.yaml traditionLabels may name it in Bulgarian.
    traditions: corpus.site.traditions.map((name) => ({
      name,
      label: { en: name, bg: corpus.site.traditionLabels?.bg[name] ?? name },
    })),
  };
}

function attributionOf(config: Corpus['site'], site: string): Attribution {
  return {
    source: config.source,
    url: site,
    license: LICENSE,
    required: config.attribution.replaceAll('{source}', config.source).replaceAll('{url}', site),
  };
}

/** A page's URL: a post pattern may be an absolute URL (a blog elsewhere); every other pattern is a path of the site. */
function pageUrl(site: string, pattern: string, locale: Locale, slug: string): string {
  return (pattern.startsWith('/') ? site : '') + pattern.replaceAll('{locale}', locale).replaceAll('{slug}', slug);
}

/** Newest first; the slug settles posts of the same day so the order never depends on I/O. */
function postsNewestFirst(posts: readonly Post[]): Post[] {
  return [...posts].sort((a, b) => compareCodeUnits(b.date, a.date) || compareCodeUnits(a.slug, b.slug));
}

/** A post's relatedPosts entry in a locale, made once per post and locale. */
function relatedPostOf(site: string, pattern: string): Derivation['relatedPost'] {
  const made = new Map<Post, Record<Locale, RelatedPost>>();
  return (post, locale) => {
    let entries = made.get(post);
    if (entries === undefined) {
      const entry = (l: Locale) => ({
        title: post.title[l],
        slug: post.slug,
        url: pageUrl(site, pattern, l, post.slug),
      });
      entries = { en: entry('en'), bg: entry('bg') };
      made.set(post, entries);
    }
    return entries[locale];
  };
}

/** The posts that list each term, newest first. */
function postsByTerm(posts: readonly Post[]): Map<string, Post[]> {
  const byTerm = new Map<string, Post[]>();
  for (const post of posts) {
    for (const slug of post.terms) {
      const listed = byTerm.get(slug);
      if (listed) listed.push(post);
      else byTerm.set(slug, [post]);
    }
  }
  return byTerm;
}

/** A term's records in both locales and its details: made again only when what they are made from changed. */
function derivedTerm(from: Derivation, term: CorpusTerm, memo: DerivedTerms | undefined): DerivedTerm {
  const inputs = { site: from.corpus.site, siteUrl: from.site, posts: from.postsByTerm.get(term.slug) ?? [] };
  const known = memo?.get(term);
  if (known && sameInputs(known.inputs, inputs)) return known;
  const links = crossLinks(term);
  const derived: DerivedTerm = {
    inputs,
    // Both locales' records share one array of cross-links: the same slugs in either.
    records: { en: termRecord(from, term, 'en', links), bg: termRecord(from, term, 'bg', links) },
    details: termDetails(term),
  };
  memo?.set(term, derived);
  return derived;
}

const sameInputs = (a: DerivedTerm['inputs'], b: DerivedTerm['inputs']) =>
  a.site === b.site &&
  a.siteUrl === b.siteUrl &&
  a.posts.length === b.posts.length &&
  a.posts.every((post, i) => post === b.posts[i]);

function termRecord(
  { corpus, site, postsByTerm, relatedPost }: Derivation,
  term: CorpusTerm,
  locale: Locale,
  relatedTerms: string[],
): Term {
  const text = term.texts[locale];
  const paths = corpus.site.paths;
  const references = term.references ?? [];
  const heading = corpus.site.sourcesHeading[locale];
  // A body kept on disk is read again whenever fullContent is asked for; the record then holds
  // the reader and its text's values, never the validated corpus or a file's text (they are
  // garbage while the output is written; such values share no memory with their file:
  // corpus/detached-text.ts).
  const body = bodyReaderOf(text);
  const fields = {
    term: text.term,
    slug: term.slug,
    definition: text.definition,
    pillar: term.pillar,
    tradition: term.tradition,
    etymology: text.etymology,
    relatedTerms,
    url: pageUrl(site, paths.term, locale, term.slug),
  };
  const rest = {
    pronunciation: text.pronunciation,
    termOriginal: term.termOriginal,
    relatedPosts: (postsByTerm.get(term.slug) ?? []).map((post) => relatedPost(post, locale)),
  };
  if (body) return new TermWithContentOnDisk({ ...fields, ...rest }, { body, references, heading });
  return { ...fields, fullContent: fullContent(text.body, references, heading), ...rest };
}

function termDetails(term: CorpusTerm): TermDetails {
  return {
    references: term.references ?? [],
    termOriginalLang: term.termOriginalLang ?? null,
    aliases: { en: term.texts.en.aliases ?? [], bg: term.texts.bg.aliases ?? [] },
    broader: term.broader ?? [],
  };
}

/** Each locale's records in the list endpoint's order: collation of the name, then slug. */
function localeRecords(
  derived: readonly DerivedTerm[],
  previous: ApiRecords | undefined,
): Record<Locale, LocaleRecords> {
  const bySlug = new Map(derived.map(({ records }) => [records.en.slug, records]));
  const ofLocale = (locale: Locale): LocaleRecords => {
    const collator = new Intl.Collator(locale);
    const terms = inPreviousOrder(bySlug, locale, previous?.locales[locale].terms).sort(
      (a, b) => collator.compare(a.term, b.term) || compareCodeUnits(a.slug, b.slug),
    );
    return { locale, terms };
  };
  return { en: ofLocale('en'), bg: ofLocale('bg') };
}

function pillarCounts(corpus: Corpus): PillarsResponse['data'] {
  const counts = new Map<string, number>();
  for (const term of corpus.terms) counts.set(term.pillar, (counts.get(term.pillar) ?? 0) + 1);
  return corpus.site.pillars.map((pillar) => ({
    key: pillar.key,
    label: { en: pillar.label.en, bg: pillar.label.bg },
    count: counts.get(pillar.key) ?? 0,
  }));
}

function postRecord({ corpus, site }: Derivation, post: Post): PostRecord {
  const url = (locale: Locale) => pageUrl(site, corpus.site.paths.post, locale, post.slug);
  return {
    slug: post.slug,
    date: post.date,
    title: { en: post.title.en, bg: post.title.bg },
    url: { en: url('en'), bg: url('bg') },
    terms: post.terms,
  };
}

/**
 * The records of a locale in the order of an earlier list (new terms last), or in corpus order
 * without one: the sort after it then has almost nothing to move (the collation dominated a
 * derivation in the edit loop); the order that results is the same.
 */
function inPreviousOrder(
  bySlug: ReadonlyMap<string, Record<Locale, Term>>,
  locale: Locale,
  previous: readonly Term[] | undefined,
): Term[] {
  if (!previous) return [...bySlug.values()].map((records) => records[locale]);
  const left = new Map(bySlug);
  const ordered: Term[] = [];
  for (const { slug } of previous) {
    const records = left.get(slug);
    if (records === undefined) continue;
    ordered.push(records[locale]);
    left.delete(slug);
  }
  for (const records of left.values()) ordered.push(records[locale]);
  return ordered;
}
