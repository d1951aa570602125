// The whole HTTP contract of the function as one web-standard `fetch`-style handler:
// Request in, Response out. The Netlify adapter in functions/ only supplies the indexes,
// the client IP and a way to read static term files.
//
// Order of checks (API-DECISIONS.md): method (405), rate limit (429), parameters (400),
// lookup (404).
import { API_ROOT, isSlug, LIST_PATH, LOCALES, type Locale } from './contract.ts';
import {
  ALLOWED_METHODS,
  baseHeaders,
  CACHEABLE,
  etagFor,
  invalidParametersDetail,
  JSON_TYPE,
  matchesIfNoneMatch,
  PER_CLIENT,
  PROBLEM_TYPE,
  problemBody,
  problemStatus,
  setRateLimitState,
  type ProblemInput,
} from './http.ts';
import type { ListIndex } from './list-index.ts';
import { answerList } from './list-endpoint.ts';
import { readLocaleParam, type ParameterError } from './list-query.ts';
import type { FixedWindowRateLimiter } from './rate-limit.ts';
import { BACKSTOP_WINDOW_SECONDS, RATE_LIMITED_PATH } from './rate-limit-backstop.ts';

export interface HandlerDeps {
  indexes: Record<Locale, ListIndex>;
  /** Undefined: no limit (RATE_LIMIT_PER_HOUR=0). */
  rateLimiter?: FixedWindowRateLimiter;
  /** The body of the static single-term response, or undefined if there is none. `origin`
   * is the request's own, where the CDN serves that file. */
  readTermFile(locale: Locale, slug: string, origin: string): Promise<string | undefined>;
}

export interface ClientInfo {
  ip: string;
  /** The platform repeated a request it already sent (netlify dev's 404 retries): not counted again. */
  repeated?: boolean;
}

export type Handler = (request: Request, client: ClientInfo) => Promise<Response>;

type Route =
  | { kind: 'list' }
  | { kind: 'rate-limited' }
  | { kind: 'term'; segment: string; pathLocale?: Locale }
  | { kind: 'unknown' };

const TERM_FILE_ROUTE = new RegExp(`^${API_ROOT}/(${LOCALES.join('|')})/([^/]*)\\.json$`);
const TERM_ROUTE = new RegExp(`^${LIST_PATH}/([^/]+)$`);

export function route(pathname: string): Route {
  if (pathname === LIST_PATH || pathname === `${LIST_PATH}/`) return { kind: 'list' };
  if (pathname === RATE_LIMITED_PATH) return { kind: 'rate-limited' };
  const term = TERM_ROUTE.exec(pathname);
  if (term) return { kind: 'term', segment: term[1]! };
  // The CDN falls through to the function when a static term file does not exist.
  const file = TERM_FILE_ROUTE.exec(pathname);
  if (file) return { kind: 'term', segment: file[2]!, pathLocale: file[1] as Locale };
  return { kind: 'unknown' };
}

export function createHandler(deps: HandlerDeps): Handler {
  const { indexes, rateLimiter } = deps;
  // Every index carries the same attribution and docs URL; any one answers errors.
  const { attributionJson, docsUrl } = indexes.en;

  return async function handle(request, client) {
    const headers = baseHeaders(rateLimiter?.limit);
    const method = request.method.toUpperCase();

    if (method === 'OPTIONS') {
      headers.set('Access-Control-Allow-Methods', ALLOWED_METHODS);
      headers.set('Access-Control-Allow-Headers', request.headers.get('Access-Control-Request-Headers') ?? 'If-None-Match');
      headers.set('Access-Control-Max-Age', '86400');
      headers.set('Allow', ALLOWED_METHODS);
      return new Response(null, { status: 204, headers });
    }
    if (method !== 'GET' && method !== 'HEAD') {
      headers.set('Allow', ALLOWED_METHODS);
      return problem(headers, method, {
        kind: 'method-not-allowed',
        detail: `${method.length <= 10 ? method : 'this method'} is not allowed; use GET, HEAD or OPTIONS`,
      });
    }

    const url = new URL(request.url);
    const target = route(url.pathname);
    if (target.kind === 'rate-limited') {
      // The CDN's traffic rule sent this request here: its sliding window decides when to retry.
      headers.set('Retry-After', String(BACKSTOP_WINDOW_SECONDS));
      return problem(headers, method, {
        kind: 'rate-limited',
        detail: `too many requests from this client; retry in ${BACKSTOP_WINDOW_SECONDS} seconds`,
      });
    }
    if (rateLimiter && !client.repeated) {
      const state = rateLimiter.peek(client.ip);
      if (state.exceeded) {
        setRateLimitState(headers, state);
        headers.set('Retry-After', String(state.resetIn));
        return problem(headers, method, {
          kind: 'rate-limited',
          detail: `the limit of ${rateLimiter.limit} requests per hour is used up; retry in ${state.resetIn} seconds`,
        });
      }
    }
    // Counted once the response is known: a 304 does not count.
    const count = () => {
      if (rateLimiter) setRateLimitState(headers, client.repeated ? rateLimiter.peek(client.ip) : rateLimiter.hit(client.ip));
    };
    headers.set('Cache-Control', rateLimiter ? PER_CLIENT : CACHEABLE);

    if (target.kind === 'list') return list(url, request, headers, method, count);
    if (target.kind === 'term') return term(target, url, request, headers, method, count);
    count();
    return problem(headers, method, { kind: 'not-found', detail: 'no endpoint at this path; see the documentation' });
  };

  function list(url: URL, request: Request, headers: Headers, method: string, count: () => void): Response {
    const answer = answerList(indexes, url.searchParams);
    if (!answer.ok) {
      count();
      return invalid(headers, method, answer.errors);
    }
    return ok(request, headers, method, count, answer.etag, answer.body);
  }

  async function term(
    target: { segment: string; pathLocale?: Locale },
    url: URL,
    request: Request,
    headers: Headers,
    method: string,
    count: () => void,
  ): Promise<Response> {
    let locale: Locale;
    if (target.pathLocale) locale = target.pathLocale;
    else {
      const read = readLocaleParam(url.searchParams);
      if ('parameter' in read) {
        count();
        return invalid(headers, method, [read]);
      }
      locale = read.locale; // normalised silently: there is no meta to warn in
    }
    const slug = target.segment;
    const body = isSlug(slug) && indexes[locale].hasSlug(slug) ? await deps.readTermFile(locale, slug, url.origin) : undefined;
    if (body === undefined) {
      count();
      return problem(headers, method, {
        kind: 'not-found',
        detail: isSlug(slug)
          ? `no term has the slug "${slug}"`
          : 'the path does not name a term; slugs are lowercase ASCII kebab case',
      });
    }
    const etag = etagFor(indexes[locale].dataVersion, `term\0${locale}\0${slug}`);
    return ok(request, headers, method, count, etag, () => body);
  }

  function ok(
    request: Request,
    headers: Headers,
    method: string,
    count: () => void,
    etag: string,
    body: () => Uint8Array<ArrayBuffer> | string,
  ): Response {
    headers.set('ETag', etag);
    if (matchesIfNoneMatch(request.headers.get('If-None-Match'), etag)) {
      return new Response(null, { status: 304, headers });
    }
    count();
    headers.set('Content-Type', JSON_TYPE);
    return new Response(method === 'HEAD' ? null : body(), { status: 200, headers });
  }

  function invalid(headers: Headers, method: string, errors: ParameterError[]): Response {
    return problem(headers, method, { kind: 'invalid-parameter', detail: invalidParametersDetail(errors), errors });
  }

  function problem(headers: Headers, method: string, input: Omit<ProblemInput, 'docsUrl' | 'attributionJson'>): Response {
    headers.set('Content-Type', PROBLEM_TYPE);
    headers.set('Cache-Control', PER_CLIENT);
    const body = problemBody({ ...input, docsUrl, attributionJson });
    return new Response(method === 'HEAD' ? null : body, { status: problemStatus(input.kind), headers });
  }
}
