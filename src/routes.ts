// The routing table: every path of the site, who answers it (a static file or the function),
// and the headers of each class of static response. Declared once here: the build writes
// dist/_headers and dist/_redirects from it (scripts/lib/publish/deploy-files.ts), what Netlify reads only from netlify.toml (traffic
// rules, function settings) is checked against it (test/functions/netlify-config.test.ts), and
// the self-hosted server routes with `resolveRoute` itself, so the CDN and the server agree.
//
// Netlify's order (its docs, "request chain"; netlify-cli src/utils/proxy.ts): a function whose
// path matches the request answers first (unless `preferStatic` and a file exists); then the
// first matching redirect rule; a rewrite's target is again a file or a function's path.
import {
  API_PREFIX,
  API_ROOT,
  below,
  CONCEPT_FORMAT_PARAM,
  CONCEPT_FORMATS,
  type ConceptFormat,
  conceptAlternateLinks,
  conceptFilePath,
  LIST_PATH,
  LOCALES,
  NOT_FOUND_PATH,
  TERM_REWRITE_PATH,
} from './contract/facts.ts';
import { HEADERS } from './contract/headers.ts';
import { DUMP_EXTENSIONS_TYPED, MEDIA_TYPES } from './contract/media-types.ts';
import { CACHEABLE, CONTRACT_HEADERS, IMMUTABLE, JSON_TYPE, rateLimitPolicy } from './http.ts';
import {
  DATA_DIR,
  DUMP_FILE_PREFIX,
  DUMPS_URL_PATH,
  HEADERS_FILE,
  HEALTH_PATH,
  MANIFEST_URL_PATH,
  PLATFORM_PATH,
  REDIRECTS_FILE,
  SITE_ASSETS_PATH,
} from './contract/output-layout.ts';

export { SITE_ASSETS_PATH };

export interface FunctionRoute {
  name: string;
  path: string[];
  excludedPath?: string[];
  /** An existing file at the request path wins over the function. */
  preferStatic?: boolean;
  /** Only these methods; all when absent. */
  method?: string[];
}

export const OTHER_METHODS = ['OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Paths whose static responses carry the contract headers, and the functions' paths. */
const CONTRACT_PATHS = [below(API_PREFIX), below(DUMPS_URL_PATH)];

export const FUNCTIONS: FunctionRoute[] = [
  { name: 'lexicon', path: CONTRACT_PATHS, excludedPath: [below(LIST_PATH)], preferStatic: true },
  { name: 'lexicon-methods', path: CONTRACT_PATHS, method: OTHER_METHODS },
];

export interface RewriteRule {
  from: string;
  to: string;
  /** Matches when every named parameter has this value (":name": any value). */
  query?: Record<string, string>;
  /** Carries the CDN's rate-limit backstop (a static file cannot count). */
  rateLimited?: boolean;
}

const termFile = (locale: string) => `${API_ROOT}/${locale}/:slug.json`;

const conceptFormats = Object.keys(CONCEPT_FORMATS) as ConceptFormat[];

/** Every rewrite, in the order they are tried (first match wins). */
export const REWRITES: RewriteRule[] = [
  // A concept's RDF: `?format=turtle` / `?format=jsonld` on its term URL, whatever the locale.
  ...conceptFormats.map((format) => ({
    from: `${LIST_PATH}/:slug`,
    to: conceptFilePath(':slug', format),
    query: { [CONCEPT_FORMAT_PARAM]: format },
    rateLimited: true,
  })),
  { from: `${LIST_PATH}/:slug`, to: termFile('bg'), query: { locale: 'bg' }, rateLimited: true },
  { from: `${LIST_PATH}/:slug`, to: termFile('en'), query: { locale: 'en' }, rateLimited: true },
  // Another spelling of the locale: the function redirects to the canonical URL or answers 400.
  { from: `${LIST_PATH}/:slug`, to: `${TERM_REWRITE_PATH}/:slug`, query: { locale: ':locale' }, rateLimited: true },
  { from: `${LIST_PATH}/:slug`, to: termFile('en'), rateLimited: true },
  // Deeper paths name no term: the function's JSON 404.
  { from: below(LIST_PATH), to: `${TERM_REWRITE_PATH}/:splat` },
  // The function's runtime files and the platform's headers file are never served.
  { from: below(`/${DATA_DIR}`), to: NOT_FOUND_PATH },
  { from: `/${HEADERS_FILE}`, to: NOT_FOUND_PATH },
  { from: `/${REDIRECTS_FILE}`, to: NOT_FOUND_PATH },
];

/**
 * The site's HTML pages (term pages, the indexes, the root, post pages): static files the build
 * writes from site.yaml `paths`. A page path `/a/b` is served from the file `a/b.html` and `/a/`
 * from `a/index.html`, as Netlify's CDN serves them, so page URLs carry no `.html`. Pages are
 * published anywhere outside these prefixes, which belong to the API and the runtime; the build
 * refuses page paths inside them (scripts/lib/pages/page-paths.ts).
 */
export const PAGE_RESERVED_PREFIXES = [
  SITE_ASSETS_PATH,
  `${API_PREFIX}/`,
  `${DUMPS_URL_PATH}/`,
  `/${DATA_DIR}/`,
  `/${HEADERS_FILE}`,
  `/${REDIRECTS_FILE}`,
  HEALTH_PATH,
  PLATFORM_PATH,
];

/** Whether a request path may name a page (outside every reserved prefix). */
export function isPagePath(pathname: string): boolean {
  return !PAGE_RESERVED_PREFIXES.some(
    (prefix) => pathname === prefix.replace(/\/$/, '') || pathname.startsWith(prefix),
  );
}

/** The file that holds the page at `pathname`, relative to the site root; none for reserved paths. */
export function pageFile(pathname: string): string | undefined {
  if (!pathname.startsWith('/') || !isPagePath(pathname)) return undefined;
  return pathname.endsWith('/') ? `${pathname}index.html` : `${pathname}.html`;
}

export interface HeaderRule {
  for: string;
  values: Record<string, string>;
}

/**
 * The policy header of static responses depends on RATE_LIMIT_PER_HOUR at build time, so the
 * build writes it to dist/_headers (which Netlify and netlify dev merge with netlify.toml):
 * with the limit at 0, no response advertises a policy.
 */
export function policyHeaderRules(limit: number): HeaderRule[] {
  return limit > 0
    ? CONTRACT_PATHS.map((path) => ({ for: path, values: { [HEADERS.rateLimitPolicy.name]: rateLimitPolicy(limit) } }))
    : [];
}

/** The Link of a static term file: the license (every response's), then the concept's RDF alternates. */
export const TERM_FILE_LINK = `${CONTRACT_HEADERS.Link}, ${conceptAlternateLinks((format) => `?${CONCEPT_FORMAT_PARAM}=${format}`)}`;

const CACHE_CONTROL = HEADERS.cacheControl.name;
const CONTENT_TYPE = HEADERS.contentType.name;

/** Headers of static responses, every matching rule applied in order (later ones win). */
export const STATIC_HEADERS: HeaderRule[] = [
  { for: below(API_PREFIX), values: { ...CONTRACT_HEADERS, [CACHE_CONTROL]: CACHEABLE } },
  { for: `${below(API_ROOT)}.json`, values: { [CONTENT_TYPE]: JSON_TYPE } },
  ...LOCALES.map((locale) => ({
    for: below(`${API_ROOT}/${locale}`),
    // A term's RDF alternates, as references the client resolves against the term URL it asked for.
    values: { [HEADERS.contentLanguage.name]: locale, [HEADERS.link.name]: TERM_FILE_LINK },
  })),
  ...conceptFormats.map((format) => ({
    for: conceptFilePath('*', format),
    values: { [CONTENT_TYPE]: CONCEPT_FORMATS[format].contentType },
  })),
  { for: below(DUMPS_URL_PATH), values: { ...CONTRACT_HEADERS } },
  // Versioned dump names never change content; the manifest does.
  { for: `${DUMPS_URL_PATH}/${DUMP_FILE_PREFIX}*`, values: { [CACHE_CONTROL]: IMMUTABLE } },
  { for: MANIFEST_URL_PATH, values: { [CACHE_CONTROL]: CACHEABLE, [CONTENT_TYPE]: JSON_TYPE } },
  ...DUMP_EXTENSIONS_TYPED.map((extension) => ({
    for: `${below(DUMPS_URL_PATH)}.${extension}`,
    values: { [CONTENT_TYPE]: MEDIA_TYPES[extension] },
  })),
  // The pages' stylesheet: its name carries its content's hash.
  { for: `${SITE_ASSETS_PATH}*`, values: { [CACHE_CONTROL]: IMMUTABLE } },
];

/** A Netlify path pattern (`:name` one segment, `*` the rest) as a RegExp with named groups. */
function patternRegExp(pattern: string, star: 'splat' | 'glob'): RegExp {
  const source = pattern
    .split(/(:[a-z]+|\*)/)
    .map((part) => {
      if (part === '*') return star === 'splat' ? '(?<splat>.*)' : '.*';
      if (part.startsWith(':')) return `(?<${part.slice(1)}>[^/]+)`;
      return part.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${source}$`);
}

const functionMatchers = FUNCTIONS.map((fn) => ({
  fn,
  paths: fn.path.map((p) => patternRegExp(p, 'glob')),
  excluded: (fn.excludedPath ?? []).map((p) => patternRegExp(p, 'glob')),
}));

function matchFunction(
  method: string,
  pathname: string,
  hasFile: (path: string) => boolean,
): FunctionRoute | undefined {
  // Netlify compares function paths in lower case, without a trailing slash.
  const path = (pathname !== '/' && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname).toLowerCase();
  for (const { fn, paths, excluded } of functionMatchers) {
    if (fn.method && !fn.method.includes(method)) continue;
    if (!paths.some((p) => p.test(path)) || excluded.some((p) => p.test(path))) continue;
    if (fn.preferStatic && hasFile(pathname)) continue;
    return fn;
  }
  return undefined;
}

const rewriteMatchers = REWRITES.map((rule) => ({ rule, from: patternRegExp(rule.from, 'splat') }));

function queryMatches(condition: Record<string, string> | undefined, search: URLSearchParams): boolean {
  if (!condition) return true;
  return Object.entries(condition).every(([name, value]) =>
    value.startsWith(':') ? search.has(name) : search.getAll(name).at(-1) === value,
  );
}

export type Resolution =
  | { kind: 'file'; path: string }
  | { kind: 'function'; name: string; pathname: string }
  | { kind: 'none' };

/** Who answers a request, as the CDN decides it. `hasFile` says whether the output has a file. */
export function resolveRoute(
  method: string,
  pathname: string,
  search: URLSearchParams,
  hasFile: (path: string) => boolean,
): Resolution {
  const direct = matchFunction(method, pathname, hasFile);
  if (direct) return { kind: 'function', name: direct.name, pathname };
  for (const { rule, from } of rewriteMatchers) {
    const match = from.exec(pathname);
    if (!match || !queryMatches(rule.query, search)) continue;
    const to = rule.to.replace(/:([a-z]+)/g, (_, name: string) => match.groups?.[name] ?? '');
    if (hasFile(to)) return { kind: 'file', path: to };
    const target = matchFunction(method, to, hasFile);
    return target ? { kind: 'function', name: target.name, pathname: to } : { kind: 'none' };
  }
  if (hasFile(pathname)) return { kind: 'file', path: pathname };
  const page = pageFile(pathname);
  return page && hasFile(page) ? { kind: 'file', path: page } : { kind: 'none' };
}

const headerMatchers = STATIC_HEADERS.map((rule) => ({ rule, pattern: patternRegExp(rule.for, 'glob') }));

/** The headers the CDN puts on a static file served at `path`, under a policy of `limit`. */
export function staticHeaders(path: string, limit: number): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const { rule, pattern } of headerMatchers) if (pattern.test(path)) Object.assign(headers, rule.values);
  for (const rule of policyHeaderRules(limit))
    if (patternRegExp(rule.for, 'glob').test(path)) Object.assign(headers, rule.values);
  return headers;
}
