// Content negotiation on a term URL, which only a server that sees the request can do (the CDN
// cannot vary a static file by Accept): `Accept: text/turtle` or `application/ld+json` on
// /api/lexicon/public/{slug} answers the concept's RDF, as `?format=` does everywhere.
import Negotiator from 'negotiator';
import { CONCEPT_FORMAT_PARAM, CONCEPT_FORMATS, type ConceptFormat, LIST_PATH } from '../src/contract/facts.ts';
import { HEADER_NAMES, REQUEST_HEADERS } from '../src/contract/headers.ts';
import { essenceOf } from '../src/contract/media-types.ts';
import { JSON_TYPE } from '../src/http.ts';

// JSON first: what a client that accepts anything (*/*, or no Accept) gets.
const OFFERED = [essenceOf(JSON_TYPE), ...Object.values(CONCEPT_FORMATS).map((f) => f.mediaType)];
const FORMAT_OF = new Map<string, ConceptFormat>(
  (Object.keys(CONCEPT_FORMATS) as ConceptFormat[]).map((format) => [CONCEPT_FORMATS[format].mediaType, format]),
);

export interface TermNegotiation {
  /** The query to route with: the request's, plus `format` when Accept chose RDF. */
  search: URLSearchParams;
  /** The response depends on Accept (a single-term URL): it must say `Vary: Accept`. */
  varies: boolean;
}

/**
 * `pathname` is the canonical path. Only a single-term URL negotiates; an explicit `?format=`
 * wins over Accept; JSON is the default, also when Accept names nothing offered.
 */
export function negotiateTerm(pathname: string, search: URLSearchParams, accept: string | null): TermNegotiation {
  const rest = pathname.startsWith(`${LIST_PATH}/`) ? pathname.slice(LIST_PATH.length + 1) : '';
  if (rest === '' || rest.includes('/')) return { search, varies: false };
  if (search.has(CONCEPT_FORMAT_PARAM) || !accept) return { search, varies: true };
  const chosen = new Negotiator({ headers: { accept } }).mediaType(OFFERED);
  const format = chosen ? FORMAT_OF.get(chosen) : undefined;
  if (!format) return { search, varies: true };
  const withFormat = new URLSearchParams(search);
  withFormat.set(CONCEPT_FORMAT_PARAM, format);
  return { search: withFormat, varies: true };
}

const ACCEPT_NAMED = new RegExp(`(^|,)\\s*(${REQUEST_HEADERS.accept}|\\*)\\s*(,|$)`, 'i');

/** Adds `Accept` to a Vary value, keeping what is there (nothing when it names Accept or `*`). */
export function withAccept(vary: string | null | undefined): string {
  if (!vary) return REQUEST_HEADERS.accept;
  return ACCEPT_NAMED.test(vary) ? vary : `${vary}, ${REQUEST_HEADERS.accept}`;
}

/** Adds `Accept` to a response's Vary, keeping what is there. */
export function varyOnAccept(response: Response): Response {
  response.headers.set(HEADER_NAMES.vary, withAccept(response.headers.get(HEADER_NAMES.vary)));
  return response;
}
