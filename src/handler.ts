// The whole HTTP contract of the function as one web-standard `fetch`-style handler:
// Request in, Response out. Adapters (Netlify, netlify dev, the self-hosted server) supply
// the indexes, the client's address and a rate-limit store.
//
// Order of checks (docs/api-contract.md): method (405), credentials (401), rate limit (429),
// parameters (400), lookup (404). Only the paths src/limits/counting.ts counts are checked for
// credentials and counted; the others are never refused. The handler never makes a request of its own: a single term reaches it only
// when the CDN could not answer from a file, and it answers with a redirect or a problem.
import {
  API_ROOT,
  conceptAlternateLinks,
  conceptFormatPath,
  DOCS_PATH,
  isSlug,
  LIST_PATH,
  LOCALES,
  termPath,
  TERM_REWRITE_PATH,
  type Locale,
} from './contract/facts.ts';
import {
  ALLOWED_METHODS,
  baseHeaders,
  CACHEABLE,
  invalidParametersDetail,
  JSON_TYPE,
  matchesIfNoneMatch,
  PER_CLIENT,
  PROBLEM_TYPE,
  problemBody,
  problemStatus,
  rateLimitPolicy,
  setPreflightHeaders,
  setRateLimitState,
  type ProblemInput,
  type ResponseHeaders,
} from './http.ts';
import type { ListIndex } from './list/list-index.ts';
import { answerList } from './list/endpoint.ts';
import { pagingLinks } from './list/links.ts';
import { readLocaleParam, type ParameterError } from './list/query.ts';
import { clientKey, DEFAULT_IPV6_PREFIX_BITS } from './limits/client-key.ts';
import { isCounted } from './limits/counting.ts';
import { bearerKey, hashKey, isActive, type GrantBook, type GrantRecord } from './limits/grants.ts';
import type { RateLimitStore } from './limits/rate-limit.ts';
import { canonicalPath, MAX_URL_LENGTH, requestTargetLength } from './request-path.ts';
import { BACKSTOP_WINDOW_SECONDS, RATE_LIMITED_PATH } from './limits/backstop.ts';

export interface HandlerDeps {
  indexes: Record<Locale, ListIndex>;
  /** Undefined: no limit (RATE_LIMIT_PER_HOUR=0), and no response advertises a policy. */
  rateLimit?: RateLimitStore;
  /** Higher limits granted to keys; none: every key is refused. */
  grants?: GrantBook;
  /** How many leading bits of an IPv6 address name one client (src/limits/client-key.ts). */
  ipv6PrefixBits?: number;
  /** Epoch ms, for a grant's expiry. */
  now?: () => number;
  /** Told about every unexpected failure; the client only sees a 500 problem. */
  onError?: (error: unknown, request: Request) => void;
  /** The adapter may pass a forwarded origin (ClientInfo.origin): responses with links say
   * `Vary` on the headers it comes from, so a shared cache never mixes two origins' links. */
  forwardedOrigin?: boolean;
  /** On Netlify, whose traffic rule rewrites a limited request to RATE_LIMITED_PATH: that path
   * answers the backstop's 429. Elsewhere it is an unknown path (404), not a public 429. */
  cdnBackstop?: boolean;
}

/** The headers a forwarded origin is read from (runtime/forwarded-origin.ts). */
export const FORWARDED_ORIGIN_HEADERS = 'X-Forwarded-Host, X-Forwarded-Proto';

export interface ClientInfo {
  ip: string;
  /** False: the platform repeats a request it already sent and counted (netlify dev's 404
   * retries): answered as the first one was, neither counted nor refused again. */
  count?: boolean;
  /** The origin a trusted proxy says the client asked for (X-Forwarded-Host/-Proto, checked by
   * the adapter): links are built on it. Absent: on the site's URL from the build, never Host. */
  origin?: string;
}

/** A static file the self-hosted server resolved for the request (the CDN serves these itself). */
export interface StaticFile {
  body: Uint8Array<ArrayBuffer>;
  /** The routing table's headers for its path (src/routes.ts staticHeaders). */
  headers: Record<string, string>;
  etag: string;
}

/** `file`: answer with this file, counted and conditional like every other response. */
export type Handler = (request: Request, client: ClientInfo, file?: StaticFile) => Promise<Response>;

type Route =
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
    const term = pattern.exec(pathname);
    if (term) return { kind: 'term', segment: term[1]! };
  }
  const file = TERM_FILE_ROUTE.exec(pathname);
  if (file) return { kind: 'term', segment: file[2]!, pathLocale: file[1] as Locale };
  return { kind: 'unknown' };
}

/** What the request will get, decided before anything is counted. */
interface Outcome {
  /** A 304 does not count against the limit. */
  counts: boolean;
  respond(headers: ResponseHeaders): Response;
}

type ProblemFields = Omit<ProblemInput, 'docsUrl' | 'attributionJson'>;

/** Who is counted, and against which limit; `uncounted`: the grants could not be read in time. */
type Credentials = { key: string; limit: number; grant?: GrantRecord } | 'invalid' | 'uncounted';

export function createHandler(deps: HandlerDeps): Handler {
  const { indexes, rateLimit, grants } = deps;
  const prefixBits = deps.ipv6PrefixBits ?? DEFAULT_IPV6_PREFIX_BITS;
  const now = deps.now ?? Date.now;
  // Every index carries the same attribution and docs URL; any one answers errors.
  const { attributionJson, docsUrl } = indexes.en;
  // The site's URL as the build was told it (docsUrl is it plus DOCS_PATH): what links are built on.
  const siteBase = docsUrl.endsWith(DOCS_PATH) ? docsUrl.slice(0, -DOCS_PATH.length) : new URL(docsUrl).origin;
  const linkBase = (client: ClientInfo) => client.origin ?? siteBase;

  return async function handle(request, client, file) {
    try {
      return await respond(request, client, file);
    } catch (error) {
      deps.onError?.(error, request);
      return problem(baseHeaders(rateLimit?.limit), request.method, {
        kind: 'internal-error',
        detail: 'the service failed to answer this request; try again later',
      });
    }
  };

  async function respond(request: Request, client: ClientInfo, file: StaticFile | undefined): Promise<Response> {
    const headers = baseHeaders(rateLimit?.limit);
    const method = request.method.toUpperCase();
    const url = new URL(request.url);
    if (requestTargetLength(url) > MAX_URL_LENGTH) {
      // Unread, so not counted: nothing of the API needs a longer URL.
      return problem(headers, method, {
        kind: 'uri-too-long',
        detail: `the path and query are longer than ${MAX_URL_LENGTH} characters`,
      });
    }
    if (method === 'OPTIONS') {
      setPreflightHeaders(headers, request);
      return new Response(null, { status: 204, headers });
    }
    if (method !== 'GET' && method !== 'HEAD') {
      headers.Allow = ALLOWED_METHODS;
      return problem(headers, method, {
        kind: 'method-not-allowed',
        detail: `${method.length <= 10 ? method : 'this method'} is not allowed; use GET, HEAD or OPTIONS`,
      });
    }

    // The same canonical path the server routed by (src/request-path.ts); none: a 404.
    const canonical = canonicalPath(url.pathname);
    const pathname = canonical.ok ? canonical.path : undefined;
    let target: Route = pathname === undefined ? { kind: 'unknown' } : route(pathname);
    // Only the CDN's traffic rule leads there; elsewhere (npm start) the path names nothing.
    if (target.kind === 'rate-limited' && !deps.cdnBackstop) target = { kind: 'unknown' };
    if (target.kind === 'rate-limited') {
      // The CDN's traffic rule sent this request here: its sliding window decides when to retry.
      headers['Retry-After'] = String(BACKSTOP_WINDOW_SECONDS);
      return problem(headers, method, {
        kind: 'rate-limited',
        detail: `too many requests from this client; retry in ${BACKSTOP_WINDOW_SECONDS} seconds`,
      });
    }

    const counted = rateLimit !== undefined && isCounted(url.pathname);
    const outcome = file
      ? staticFile(file, request, method, counted)
      : target.kind === 'list'
        ? list(url, request, method, client)
        : target.kind === 'term'
          ? term(target, pathname!, url, method, client)
          : problemOutcome(method, {
              kind: 'not-found',
              detail: canonical.ok
                ? 'no endpoint at this path; see the documentation'
                : `no endpoint at this path: ${canonical.reason}`,
            });

    if (rateLimit && counted) {
      const who = await credentials(request, client);
      if (who === 'invalid') {
        headers['WWW-Authenticate'] = 'Bearer error="invalid_token"';
        return problem(headers, method, {
          kind: 'invalid-credentials',
          detail:
            'the key in the Authorization header is not valid (wrong, expired or revoked); send no key for the anonymous limit',
        });
      }
      if (who !== 'uncounted') {
        if (who.grant) headers['RateLimit-Policy'] = rateLimitPolicy(who.limit);
        // One step that decides and counts: no await between the check and the count.
        const repeat = client.count === false;
        const decision =
          outcome.counts && !repeat
            ? await rateLimit.consume(who.key, who.limit)
            : await rateLimit.peek(who.key, who.limit);
        if (!decision.unknown) setRateLimitState(headers, decision);
        if (!decision.allowed && !repeat) {
          headers['Retry-After'] = String(decision.resetIn);
          return problem(headers, method, {
            kind: 'rate-limited',
            detail: `the limit of ${who.limit} requests per hour is used up; retry in ${decision.resetIn} seconds`,
          });
        }
      }
    }
    headers['Cache-Control'] = counted ? PER_CLIENT : CACHEABLE;
    return outcome.respond(headers);
  }

  /** The anonymous client (its address or IPv6 prefix), or a granted key; never a silent fall-back. */
  async function credentials(request: Request, client: ClientInfo): Promise<Credentials> {
    const anonymous = rateLimit!.limit;
    const key = bearerKey(request.headers.get('Authorization'));
    if (key === undefined) return { key: `ip:${clientKey(client.ip, prefixBits)}`, limit: anonymous };
    if (key === null || !grants) return 'invalid';
    const grant = await grants.find(await hashKey(key));
    if (grant === 'unavailable') return 'uncounted';
    if (!grant || !isActive(grant, now())) return 'invalid';
    return { key: `key:${grant.id}`, limit: grant.perHour, grant };
  }

  function list(url: URL, request: Request, method: string, client: ClientInfo): Outcome {
    const answer = answerList(indexes, url.searchParams);
    if (!answer.ok) return invalidOutcome(method, answer.errors);
    const { etag, meta } = answer;
    const notModified = matchesIfNoneMatch(request.headers.get('If-None-Match'), etag);
    return {
      counts: !notModified,
      respond(headers) {
        headers.ETag = etag;
        headers['Content-Language'] = meta.locale;
        const given = { locale: url.searchParams.has('locale'), limit: url.searchParams.has('limit') };
        headers.Link = [headers.Link!, ...pagingLinks(linkBase(client), answer.params, given, meta)].join(', ');
        if (deps.forwardedOrigin) headers.Vary = FORWARDED_ORIGIN_HEADERS;
        if (notModified) return new Response(null, { status: 304, headers });
        headers['Content-Type'] = JSON_TYPE;
        return new Response(method === 'HEAD' ? null : answer.body(), { status: 200, headers });
      },
    };
  }

  function staticFile(file: StaticFile, request: Request, method: string, counted: boolean): Outcome {
    const notModified = matchesIfNoneMatch(request.headers.get('If-None-Match'), file.etag);
    return {
      counts: !notModified,
      respond(headers) {
        // Counted responses are per client: the file's public caching applies only where nothing
        // is counted (the dumps, the documentation, the pages; or no limit at all).
        for (const [name, value] of Object.entries(file.headers)) {
          if (name !== 'Cache-Control' || !counted) headers[name] = value;
        }
        headers.ETag = file.etag;
        return new Response(notModified || method === 'HEAD' ? null : file.body, {
          status: notModified ? 304 : 200,
          headers,
        });
      },
    };
  }

  function term(
    target: { segment: string; pathLocale?: Locale },
    pathname: string,
    url: URL,
    method: string,
    client: ClientInfo,
  ): Outcome {
    let locale = target.pathLocale;
    if (!locale) {
      const read = readLocaleParam(url.searchParams);
      if ('parameter' in read) return invalidOutcome(method, [read]);
      locale = read.locale;
    }
    const slug = target.segment;
    if (!isSlug(slug) || !indexes[locale].hasSlug(slug)) {
      return problemOutcome(method, {
        kind: 'not-found',
        detail: isSlug(slug)
          ? `no term has the slug "${slug}"`
          : 'the path does not name a term; slugs are lowercase ASCII kebab case',
      });
    }
    const location = termPath(slug, locale);
    if (target.pathLocale || pathname + url.search === location) {
      // The canonical request for a term the index knows should have been a static file.
      throw new Error(`the static response file for "${slug}" (${locale}) is missing from this deployment`);
    }
    // `?locale=BG`, `en-US`, the internal rewrite path ...: the canonical URL is a static file.
    const other = LOCALES.find((l) => l !== locale)!;
    return {
      counts: true,
      respond(headers) {
        headers.Location = location;
        headers['Content-Language'] = locale;
        headers.Link = `${headers.Link!}, <${linkBase(client)}${termPath(slug, other)}>; rel="alternate"; hreflang="${other}", ${conceptAlternateLinks((format) => conceptFormatPath(slug, format))}`;
        if (deps.forwardedOrigin) headers.Vary = FORWARDED_ORIGIN_HEADERS;
        return new Response(null, { status: 308, headers });
      },
    };
  }

  function invalidOutcome(method: string, errors: ParameterError[]): Outcome {
    return problemOutcome(method, { kind: 'invalid-parameter', detail: invalidParametersDetail(errors), errors });
  }

  function problemOutcome(method: string, fields: ProblemFields): Outcome {
    return { counts: true, respond: (headers) => problem(headers, method, fields) };
  }

  function problem(headers: ResponseHeaders, method: string, fields: ProblemFields): Response {
    headers['Content-Type'] = PROBLEM_TYPE;
    headers['Cache-Control'] = PER_CLIENT;
    const body = problemBody({ ...fields, docsUrl, attributionJson });
    return new Response(method === 'HEAD' ? null : body, { status: problemStatus(fields.kind), headers });
  }
}
