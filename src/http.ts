// Response building shared by every route of the function: the headers docs/api-contract.md puts
// on every response, problem bodies (RFC 9457) and conditional requests. Web-standard only.
import { LICENSE, LICENSE_URL } from './contract/facts.ts';
import { MEDIA_TYPES } from './contract/media-types.ts';
import {
  ALLOWED_METHOD_LIST,
  ALLOWED_REQUEST_HEADER_NAMES,
  exposedHeaderNames,
  HEADER_NAMES,
  HEADERS,
  REQUEST_HEADERS,
} from './contract/headers.ts';
import { PROBLEMS, type ProblemKind } from './contract/problems.ts';
import type { ParameterError } from './list/query.ts';
import { POLICY_NAME, WINDOW_SECONDS, type RateLimitState } from './limits/rate-limit.ts';

export type { ProblemKind };

export const JSON_TYPE = MEDIA_TYPES.json;
export const PROBLEM_TYPE = 'application/problem+json; charset=utf-8';
export const ALLOWED_METHODS = ALLOWED_METHOD_LIST.join(', ');
export const CACHEABLE = 'public, max-age=300, stale-while-revalidate=86400';
/** For responses that carry per-client counters: a browser may revalidate, a CDN never stores. */
export const PER_CLIENT = 'private, no-cache';
/** For what must never be kept (the self-hosted server's health check). */
export const NEVER_STORED = 'no-store';
/** For files whose URL never changes content (versioned dumps, hashed assets). */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Every header we send that a browser script cannot read without being told it may. */
export const EXPOSED_HEADERS = exposedHeaderNames(HEADERS).join(', ');
/** The request headers a page on another origin may send: a granted key, and revalidation. */
export const ALLOWED_REQUEST_HEADERS = ALLOWED_REQUEST_HEADER_NAMES.join(', ');

export function rateLimitPolicy(limit: number): string {
  return `"${POLICY_NAME}";q=${limit};w=${WINDOW_SECONDS}`;
}

/**
 * Response headers as a plain record, in canonical case. Not a web `Headers`: the self-hosted
 * server writes a record straight to the socket, while a `Headers` object validates every name
 * and value on each set and is converted back (a fifth of `npm start`'s CPU per request in a
 * profile). `new Response(body, { headers })` accepts either.
 */
export type ResponseHeaders = Record<string, string>;

/** What a response of the handler was made of: its status, its header record and its body. */
export interface ResponseParts {
  status: number;
  headers: ResponseHeaders;
  body: string | Uint8Array<ArrayBuffer> | null;
}

const partsOf = new WeakMap<Response, ResponseParts>();

/**
 * A Response, remembering what it was made of: the self-hosted server reads the parts back
 * (`responseParts`) instead of turning the Response into a stream and its headers into a
 * `Headers` object (a quarter of its CPU per request in a profile).
 */
export function respond(body: ResponseParts['body'], status: number, headers: ResponseHeaders): Response {
  const response = new Response(body, { status, headers });
  partsOf.set(response, { status, headers, body });
  return response;
}

/** The parts of a response made by `respond`, unless it has been changed since (or made otherwise). */
export function responseParts(response: Response): ResponseParts | undefined {
  return partsOf.get(response);
}

const LICENSE_HEADER = HEADERS.license.name;
const ALLOW_ORIGIN_HEADER = HEADERS.allowOrigin.name;
const EXPOSE_HEADERS_HEADER = HEADERS.exposeHeaders.name;
const LINK_HEADER = HEADERS.link.name;

/** The license and CORS headers of every response, static or not, and the policy when there is a limit. */
export function baseHeaders(rateLimit: number | undefined): ResponseHeaders {
  // A literal, not a copy of a shared object: V8 then adds the later headers through cached map
  // transitions. A spread copy took 1 µs, and each header added to it about 1 µs more.
  const headers: ResponseHeaders = {
    [LICENSE_HEADER]: LICENSE,
    [ALLOW_ORIGIN_HEADER]: '*',
    [EXPOSE_HEADERS_HEADER]: EXPOSED_HEADERS,
    [LINK_HEADER]: `<${LICENSE_URL}>; rel="license"`,
  };
  if (rateLimit !== undefined) headers[HEADERS.rateLimitPolicy.name] = rateLimitPolicy(rateLimit);
  return headers;
}

/** The headers the CDN puts on static files of the API and the dumps (src/routes.ts). */
export const CONTRACT_HEADERS: Readonly<ResponseHeaders> = Object.freeze(baseHeaders(undefined));

/** The preflight answer (CORS): any path, any origin, the methods and request headers we use. */
export function setPreflightHeaders(headers: ResponseHeaders, request: Request): void {
  headers[HEADERS.allowMethods.name] = ALLOWED_METHODS;
  // The headers asked for are allowed (a browser refuses the request otherwise), and a key and
  // revalidation always are, also for clients that cache one preflight for several requests.
  const asked = request.headers.get(REQUEST_HEADERS.accessControlRequestHeaders);
  headers[HEADERS.allowHeaders.name] = asked ? asked : ALLOWED_REQUEST_HEADERS;
  headers[HEADERS.maxAge.name] = '86400';
  headers[HEADERS.allow.name] = ALLOWED_METHODS;
}

/** The headers that carry one client's counters (setRateLimitState): all four, or none when unknown. */
export const RATE_LIMIT_STATE_HEADERS = [
  HEADERS.rateLimit.name,
  HEADERS.rateLimitLimit.name,
  HEADERS.rateLimitRemaining.name,
  HEADERS.rateLimitReset.name,
] as const;

/** The counters of a request the function counted (draft RateLimit and the X- variants). */
export function setRateLimitState(headers: ResponseHeaders, state: RateLimitState): void {
  const [rateLimit, limit, remaining, reset] = RATE_LIMIT_STATE_HEADERS;
  const remainingText = String(state.remaining);
  headers[rateLimit] = rateLimitValue(remainingText, state.resetIn);
  headers[limit] = numberText(state.limit);
  headers[remaining] = remainingText;
  headers[reset] = numberText(state.resetAt);
}

/**
 * The same four values, in RATE_LIMIT_STATE_HEADERS' order, written into a flat header list
 * (name, value, name, value...) at the value positions `at`: the self-hosted server's counted
 * answers (runtime/counted-answers.ts) are kept as such a list, and each request only fills in
 * its own counters.
 */
export function putRateLimitState(lines: string[], at: readonly number[], state: RateLimitState): void {
  const remainingText = String(state.remaining);
  lines[at[0] as number] = rateLimitValue(remainingText, state.resetIn);
  lines[at[1] as number] = numberText(state.limit);
  lines[at[2] as number] = remainingText;
  lines[at[3] as number] = numberText(state.resetAt);
}

/**
 * The same four values into header entries ([name, value]) in RATE_LIMIT_STATE_HEADERS' order:
 * the counters' entries of a kept answer's header block (runtime/header-block.ts).
 */
export function putRateLimitEntries(entries: readonly [string, string][], state: RateLimitState): void {
  const remainingText = String(state.remaining);
  (entries[0] as [string, string])[1] = rateLimitValue(remainingText, state.resetIn);
  (entries[1] as [string, string])[1] = numberText(state.limit);
  (entries[2] as [string, string])[1] = remainingText;
  (entries[3] as [string, string])[1] = numberText(state.resetAt);
}

const RATE_LIMIT_REMAINING_PREFIX = `"${POLICY_NAME}";r=`;
const rateLimitValue = (remaining: string, resetIn: number) =>
  `${RATE_LIMIT_REMAINING_PREFIX}${remaining};t=${resetIn}`;

// The limit is the same on nearly every answer, and a window's end on every answer of that window:
// their text is kept rather than made again (numbers past V8's small-integer cache, such as epoch
// seconds, are converted anew each time).
const lastTexts = new Map<number, string>();
function numberText(value: number): string {
  let text = lastTexts.get(value);
  if (text === undefined) {
    if (lastTexts.size >= 64) lastTexts.clear();
    lastTexts.set(value, (text = String(value)));
  }
  return text;
}

export interface ProblemInput {
  kind: ProblemKind;
  detail: string;
  errors?: ParameterError[];
  docsUrl: string;
  attributionJson: string;
}

export function problemBody({ kind, detail, errors, docsUrl, attributionJson }: ProblemInput): string {
  const { status, title } = PROBLEMS[kind];
  const head = JSON.stringify({ type: `${docsUrl}#${kind}`, title, status, detail, ...(errors ? { errors } : {}) });
  return `${head.slice(0, -1)},"attribution":${attributionJson}}`;
}

export function problemStatus(kind: ProblemKind): number {
  return PROBLEMS[kind].status;
}

/** Strong ETag from the data version and a key that determines the body. */
export function etagFor(dataVersion: string, bodyKey: string): string {
  return `"${dataVersion}-${fnv1a(bodyKey).toString(16).padStart(8, '0')}"`;
}

/** If-None-Match (RFC 9110 13.1.2): weak comparison against one entity tag. */
export function matchesIfNoneMatch(header: string | null, etag: string): boolean {
  if (header === null) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === opaque);
}

// 32-bit FNV-1a over UTF-16 code units: fast, and only needs to separate the bodies of one
// data version.
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * A problem answered outside the handler (a request the HTTP layer could not read): the same
 * contract headers and body as the handler's problems, never counted.
 */
export function refusal(
  site: { docsUrl: string; attributionJson: string },
  rateLimit: number | undefined,
  kind: ProblemKind,
  detail: string,
): { status: number; headers: ResponseHeaders; body: string } {
  const headers = baseHeaders(rateLimit);
  headers[HEADER_NAMES.contentType] = PROBLEM_TYPE;
  headers[HEADER_NAMES.cacheControl] = PER_CLIENT;
  return { status: problemStatus(kind), headers, body: problemBody({ kind, detail, ...site }) };
}
