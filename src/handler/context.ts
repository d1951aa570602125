// What the handler is made with (HandlerDeps), what every request brings (ClientInfo, a
// resolved StaticFile), and what every step of the pipeline shares (HandlerContext).
import { DOCS_PATH, type Locale } from '../contract/facts.ts';
import { REQUEST_HEADERS } from '../contract/headers.ts';
import type { ListIndex } from '../list/list-index/decode.ts';
import { DEFAULT_IPV6_PREFIX_BITS } from '../limits/client-key.ts';
import type { GrantBook } from '../limits/grants.ts';
import type { RateLimitStore } from '../limits/rate-limit.ts';
import type { SiteFacts } from '../site-facts.ts';
import { ListAnswers } from './list-answers.ts';

export type { SiteFacts };

export interface HandlerDeps {
  indexes: Record<Locale, ListIndex>;
  /** The build's site-wide facts (SITE_FACTS_PATH in src/contract/output-layout.ts). */
  site: SiteFacts;
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
export const FORWARDED_ORIGIN_HEADERS = `${REQUEST_HEADERS.forwardedHost}, ${REQUEST_HEADERS.forwardedProto}`;

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

/** What every step of the pipeline reads, fixed when the handler is made. */
export interface HandlerContext extends Required<Pick<HandlerDeps, 'indexes' | 'site' | 'ipv6PrefixBits' | 'now'>> {
  deps: HandlerDeps;
  /** The site's URL as the build was told it (docsUrl is it plus DOCS_PATH): what links are built on. */
  siteBase: string;
  /** The list endpoint's answers kept per query string, for these indexes. */
  listAnswers: ListAnswers;
}

export function handlerContext(deps: HandlerDeps): HandlerContext {
  const { docsUrl } = deps.site;
  return {
    deps,
    indexes: deps.indexes,
    ipv6PrefixBits: deps.ipv6PrefixBits ?? DEFAULT_IPV6_PREFIX_BITS,
    now: deps.now ?? Date.now,
    site: deps.site,
    listAnswers: new ListAnswers(deps.indexes),
    siteBase: docsUrl.endsWith(DOCS_PATH) ? docsUrl.slice(0, -DOCS_PATH.length) : new URL(docsUrl).origin,
  };
}

/** Where links in a response point: the forwarded origin a trusted proxy gave, else the site's URL. */
export function linkBase(context: HandlerContext, client: ClientInfo): string {
  return client.origin ?? context.siteBase;
}

/** What the request will get, decided before anything is counted. */
export interface Outcome {
  /** A 304 does not count against the limit. */
  counts: boolean;
  /** The response, with the headers the earlier steps set. */
  respond(headers: Record<string, string>): Response;
}
