// The parse step: what the request asks for, and the answers that need nothing else (a URL
// too long, a preflight, a method we do not serve, the CDN backstop's 429). None of them is
// counted: they read no data.
import { API_ROOT, LIST_PATH, LOCALES, TERM_REWRITE_PATH, type Locale } from '../contract/facts.ts';
import { ALLOWED_METHODS, respond, setPreflightHeaders, type ResponseHeaders } from '../http.ts';
import { BACKSTOP_WINDOW_SECONDS, RATE_LIMITED_PATH } from '../limits/backstop.ts';
import { isCounted } from '../limits/counting.ts';
import { canonicalPath, MAX_URL_LENGTH, requestTargetLength } from '../request-path.ts';
import type { SiteFacts } from './context.ts';
import { problem } from './problems.ts';
import { problemDetail } from '../contract/problems.ts';
import { HEADER_NAMES } from '../contract/headers.ts';

export type Route =
  | { kind: 'list' }
  | { kind: 'rate-limited' }
  /** `pathLocale`: the request named a term file that the CDN does not have. */
  | { kind: 'term'; segment: string; pathLocale?: Locale }
  | { kind: 'unknown' };

const TERM_FILE_ROUTE = new RegExp(`^${API_ROOT}/(${LOCALES.join('|')})/(.*)\\.json$`);
const TERM_ROUTES = [new RegExp(`^${LIST_PATH}/(.+)$`), new RegExp(`^${TERM_REWRITE_PATH}/(.+)$`)];

export function route(pathname: string): Route {
  if (pathname === LIST_PATH || pathname === `${LIST_PATH}/`) return { kind: 'list' };
  if (pathname === RATE_LIMITED_PATH) return { kind: 'rate-limited' };
  for (const pattern of TERM_ROUTES) {
    const segment = pattern.exec(pathname)?.[1];
    if (segment) return { kind: 'term', segment };
  }
  const file = TERM_FILE_ROUTE.exec(pathname);
  const fileLocale = file?.[1];
  if (file && fileLocale) return { kind: 'term', segment: file[2] ?? '', pathLocale: fileLocale as Locale };
  return { kind: 'unknown' };
}

/** A GET or HEAD the data must answer. */
export interface ParsedRequest {
  request: Request;
  /** GET or HEAD. */
  method: string;
  url: URL;
  target: Route;
  /** The canonical path (src/request-path.ts); undefined when there is none (a 404). */
  pathname: string | undefined;
  /** Why the path has no canonical form, for the 404's detail. */
  notCanonical?: string;
  /** Whether this path is counted (src/limits/counting.ts) and a limit is set. */
  counted: boolean;
  /** The contract's headers so far; every later step adds to them. */
  headers: ResponseHeaders;
}

export interface ParseOptions {
  site: SiteFacts;
  /** The anonymous limit, for the policy header; undefined: no limit. */
  limit: number | undefined;
  /** Whether RATE_LIMITED_PATH is the CDN backstop's (Netlify) or names nothing (npm start). */
  cdnBackstop: boolean;
}

/** A response for what needs no data, else the request parsed for the next steps. */
export function parseRequest(
  request: Request,
  headers: ResponseHeaders,
  options: ParseOptions,
): Response | ParsedRequest {
  const url = new URL(request.url);
  const early = answerWithoutData(request, headers, options.site, url);
  if (early) return early;
  const method = request.method.toUpperCase();
  // The same canonical path the server routed by (src/request-path.ts); none: a 404.
  const canonical = canonicalPath(url.pathname);
  const pathname = canonical.ok ? canonical.path : undefined;
  let target: Route = pathname === undefined ? { kind: 'unknown' } : route(pathname);
  // Only the CDN's traffic rule leads there; elsewhere (npm start) the path names nothing.
  if (target.kind === 'rate-limited' && !options.cdnBackstop) target = { kind: 'unknown' };
  if (target.kind === 'rate-limited') {
    // The CDN's traffic rule sent this request here: its sliding window decides when to retry.
    headers[HEADER_NAMES.retryAfter] = String(BACKSTOP_WINDOW_SECONDS);
    return problem(options.site, headers, method, {
      kind: 'rate-limited',
      detail: problemDetail('rate-limited', { backstopSeconds: BACKSTOP_WINDOW_SECONDS }),
    });
  }
  return {
    request,
    method,
    url,
    target,
    pathname,
    ...(canonical.ok ? {} : { notCanonical: canonical.reason }),
    counted: options.limit !== undefined && isCounted(url.pathname),
    headers,
  };
}

/**
 * The answers that read neither an index nor a counter: a URL too long (414), a preflight
 * (204) and a method other than GET and HEAD (405). Undefined for a GET or HEAD of a
 * reasonable URL. The Netlify function for OPTIONS and the other methods answers with this alone.
 */
export function answerWithoutData(
  request: Request,
  headers: ResponseHeaders,
  site: SiteFacts,
  url = new URL(request.url),
): Response | undefined {
  const method = request.method.toUpperCase();
  if (requestTargetLength(url) > MAX_URL_LENGTH) {
    // Unread, so not counted: nothing of the API needs a longer URL.
    return problem(site, headers, method, {
      kind: 'uri-too-long',
      detail: problemDetail('uri-too-long'),
    });
  }
  if (method === 'OPTIONS') {
    setPreflightHeaders(headers, request);
    return respond(null, 204, headers);
  }
  if (method !== 'GET' && method !== 'HEAD') {
    headers[HEADER_NAMES.allow] = ALLOWED_METHODS;
    return problem(site, headers, method, {
      kind: 'method-not-allowed',
      detail: problemDetail('method-not-allowed', method),
    });
  }
  return undefined;
}
