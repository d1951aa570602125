// The fixed facts of the public contract (docs/api-contract.md), shared by the build,
// the function and the tests. No zod here: the function imports this on its cold path.
import { essenceOf, type FileExtension, MEDIA_TYPES } from './media-types.ts';

export const LOCALES = ['en', 'bg'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
/** Each locale's other one (a term page links to it): a record, so a third locale must say what it pairs with. */
export const OTHER_LOCALE: Readonly<Record<Locale, Locale>> = { en: 'bg', bg: 'en' };

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX_LENGTH = 100;

// The bounds of the list's parameters are declared with them, in ./list-parameters.ts.

/**
 * The data version: the first 16 hex digits (64 bits) of a SHA-256 over the corpus and site
 * URL. One length everywhere it appears (manifest, dump names and contents, ETags, OpenAPI
 * info.version, the docs page): short enough for a file name, far from any collision.
 */
export const DATA_VERSION_HEX_DIGITS = 16;
export const DATA_VERSION_PATTERN = new RegExp(`^[0-9a-f]{${DATA_VERSION_HEX_DIGITS}}$`);

export const LICENSE = 'CC BY-SA 4.0';
export const LICENSE_SPDX = 'CC-BY-SA-4.0';
export const LICENSE_URL = 'https://creativecommons.org/licenses/by-sa/4.0/';

/** Every path under this prefix belongs to the API: the function answers what no file does. */
export const API_PREFIX = '/api';
export const API_ROOT = `${API_PREFIX}/lexicon`;
export const LIST_PATH = `${API_ROOT}/public`;

/** Every path below `prefix`, as a routing pattern (Netlify's `*`: any rest of the path). */
export function below(prefix: string): string {
  return `${prefix}/*`;
}

/** The canonical URL path (and query) of a term: the one the CDN answers from a file. */
export function termPath(slug: string, locale: Locale): string {
  return locale === DEFAULT_LOCALE ? `${LIST_PATH}/${slug}` : `${LIST_PATH}/${slug}?locale=${locale}`;
}

/** Where netlify.toml rewrites a single-term request the CDN cannot answer (another spelling
 * of the locale): a path of the function's, never a static file. */
export const TERM_REWRITE_PATH = `${API_ROOT}/term`;

/** A path of the function's that always answers the JSON 404 (the target of paths never served). */
export const NOT_FOUND_PATH = `${API_ROOT}/not-found`;

/** Where the static single-term response of a slug lives, relative to the site root. */
export function termFilePath(locale: Locale, slug: string): string {
  return `${API_ROOT}/${locale}/${slug}.json`;
}

/**
 * The RDF representations of a concept (SKOS, both locales in one graph), beside its JSON: a
 * file each under API_ROOT/concepts/, reached from the term URL with `?format=` (a rewrite on
 * the CDN) or, where code sees the request (npm start), by `Accept`.
 */
export const CONCEPT_FORMATS = {
  turtle: { extension: 'ttl', mediaType: essenceOf(MEDIA_TYPES.ttl), contentType: MEDIA_TYPES.ttl },
  jsonld: { extension: 'jsonld', mediaType: essenceOf(MEDIA_TYPES.jsonld), contentType: MEDIA_TYPES.jsonld },
} as const satisfies Record<string, { extension: FileExtension; mediaType: string; contentType: string }>;
export type ConceptFormat = keyof typeof CONCEPT_FORMATS;
export const CONCEPT_FORMAT_PARAM = 'format';

/** Where a concept's representation lives, relative to the site root. */
export function conceptFilePath(slug: string, format: ConceptFormat): string {
  return `${API_ROOT}/concepts/${slug}.${CONCEPT_FORMATS[format].extension}`;
}

/** The URL path (and query) of a concept's representation: its term URL asking for the format. */
export function conceptFormatPath(slug: string, format: ConceptFormat): string {
  return `${LIST_PATH}/${slug}?${CONCEPT_FORMAT_PARAM}=${format}`;
}

/**
 * `Link` entries naming a term's RDF alternates. `target` gives each one's URL; on a static
 * file, which cannot know its slug, the query-only reference `?format=…` resolves against the
 * term URL the client asked for (RFC 3986 §5.2).
 */
export function conceptAlternateLinks(target: (format: ConceptFormat) => string): string {
  return (Object.keys(CONCEPT_FORMATS) as ConceptFormat[])
    .map((format) => `<${target(format)}>; rel="alternate"; type="${CONCEPT_FORMATS[format].mediaType}"`)
    .join(', ');
}

/** The OpenAPI document, and the folder of the published JSON Schemas. */
export const OPENAPI_PATH = `${API_ROOT}/openapi.json`;
export const SCHEMAS_PATH = `${API_ROOT}/schemas`;

/** The documentation page; problem `type` URIs are this page plus a fragment. */
export const DOCS_PATH = `${API_ROOT}/`;

export function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value);
}

export function isSlug(value: string): boolean {
  return value.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(value);
}

/**
 * Whether a site URL names a host reserved for examples (RFC 2606, RFC 6761: example.com/.net/
 * .org, .example, .test, .invalid, localhost). The bundled corpus ships such a placeholder;
 * a deployment that keeps it hands out problem types, term URLs and concept URIs nobody owns.
 */
export function isPlaceholderOrigin(siteUrl: string): boolean {
  let host: string;
  try {
    host = new URL(siteUrl).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return false;
  }
  return /(^|\.)(example\.(com|net|org)|example|test|invalid|localhost)$/.test(host);
}
