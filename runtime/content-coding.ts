// Compressed bodies for the self-hosted server (`npm start`). On Netlify the CDN compresses on
// its own; a self-hoster without a proxy in front would otherwise send a 500-term page (about
// 230 KB of JSON) or a dump uncompressed. Static files are compressed on their first request in
// each coding and kept with the file in memory (compressing every term file and dump at build
// time would cost the build more than the few requests that each one gets); list pages and
// problems are compressed per response.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import Negotiator from 'negotiator';
import { HEADER_NAMES, HEADERS, REQUEST_HEADERS } from '../src/contract/headers.ts';
import { responseParts } from '../src/http.ts';
import { withAccept } from './representation.ts';

export type Coding = 'br' | 'gzip';
const CODINGS = ['br', 'gzip', 'identity'];

/** Media types worth compressing: text of every kind we serve, and the SQLite dump (about a third). */
const COMPRESSIBLE =
  /^(text\/|application\/(json|problem\+json|ld\+json|schema\+json|x-ndjson|xml|javascript|vnd\.sqlite3)\b|image\/svg\+xml)/;

/** Brotli at a middle quality: nearly its best ratio on JSON at a fraction of quality 11's time. */
const BROTLI_QUALITY = 5;

export function isCompressible(contentType: string | undefined | null): boolean {
  return contentType ? COMPRESSIBLE.test(contentType) : false;
}

/** The coding the client prefers among ours (RFC 9110 12.5.3), or undefined for identity. */
export function chooseCoding(acceptEncoding: string | null): Coding | undefined {
  if (!acceptEncoding) return undefined;
  // `preferred` (negotiator 1.x; not in its 0.6 types): among equal q-values, br before gzip.
  const negotiator = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } });
  const encoding = negotiator.encoding as (available: string[], options: { preferred: string[] }) => string | undefined;
  const chosen = encoding.call(negotiator, CODINGS, { preferred: CODINGS });
  return chosen === 'br' || chosen === 'gzip' ? chosen : undefined;
}

export function encode(body: Uint8Array, coding: Coding): Uint8Array {
  return coding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
        },
      })
    : gzipSync(body, { level: 6 });
}

/**
 * The entity tag of a compressed representation: weak, as nginx makes it. The compressed and
 * the plain bytes differ, so they cannot share a strong tag; a weak one says they are the same
 * content, and If-None-Match (a weak comparison) still answers 304 for either.
 */
export function weakened(etag: string): string {
  return etag.startsWith('W/') ? etag : `W/${etag}`;
}

const ACCEPT_ENCODING_NAMED = new RegExp(`(^|,)\\s*${REQUEST_HEADERS.acceptEncoding}\\s*(,|$)`, 'i');

/** Adds `Accept-Encoding` to a Vary header value, keeping what is there. */
export function varyAcceptEncoding(vary: string | null | undefined): string {
  if (!vary) return REQUEST_HEADERS.acceptEncoding;
  return ACCEPT_ENCODING_NAMED.test(vary) || vary.trim() === '*' ? vary : `${vary}, ${REQUEST_HEADERS.acceptEncoding}`;
}

/** Compressed bodies of static files, per coding, kept as long as the file itself is cached. */
const encodedFiles = new WeakMap<object, Partial<Record<Coding, Uint8Array>>>();

/** A response held whole in memory, as it is written to the socket: `writeHead(status, headers)`, `end(body)`. */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array<ArrayBuffer> | null;
}

/** The web Response of an answer (@hono/node-server writes its status, headers and body as they are). */
export function responseOf(answer: Answer): Response {
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}

/**
 * The handler's response as this client should receive it: compressed when it accepts a coding
 * and the type is compressible (`Vary: Accept-Encoding` either way), and for `HEAD` the headers
 * of the `GET`, `Content-Length` included, without the body. `file` is the static file the
 * response was made from (its compressed forms are kept with it).
 */
export async function forClient(
  request: Request,
  response: Response,
  file: { body: Uint8Array; headers: Record<string, string> } | undefined,
): Promise<Response> {
  const answer = await answerForClient(request, response, file);
  return answer ? responseOf(answer) : response;
}

/**
 * `forClient` as an answer held in memory; undefined when the response goes out as it is (a type
 * never compressed, to a GET). Every answer with a body says its `Content-Length`.
 */
export async function answerForClient(
  request: Request,
  response: Response,
  file: { body: Uint8Array; headers: Record<string, string> } | undefined,
): Promise<Answer | undefined> {
  const type =
    response.headers.get(CONTENT_TYPE) ?? (response.status === 304 ? file?.headers[CONTENT_TYPE] : undefined);
  const compressible = isCompressible(type) || (response.status === 304 && !file);
  const head = request.method === 'HEAD';
  if (!compressible && !head) return undefined;
  const headers = headerRecord(response.headers);
  // A 304 or 204 has no body (the Response constructor refuses one), nor has a bodiless response.
  const bodiless = response.status === 304 || response.status === 204 || !response.body;
  const fromFile = file !== undefined && response.status === 200;
  const body = bodiless || fromFile ? null : new Uint8Array(await response.arrayBuffer());
  return encoded(request, { status: response.status, headers, compressible, bodiless }, body, file);
}

/**
 * `answerForClient` for a response the handler made with `respond` (src/http.ts), from its parts:
 * the same answer, without a stream or a `Headers` object. `varies`: it says `Vary: Accept`
 * (representation.ts). Undefined when the response goes out as it is, or has no parts.
 */
export function answerOfParts(
  request: Request,
  response: Response,
  file: { body: Uint8Array; headers: Record<string, string> } | undefined,
  varies: boolean,
): Answer | undefined {
  const parts = responseParts(response);
  if (!parts) return undefined;
  const { status, body } = parts;
  const type = parts.headers[CONTENT_TYPE] ?? (status === 304 ? file?.headers[CONTENT_TYPE] : undefined);
  const compressible = isCompressible(type) || (status === 304 && !file);
  if (!compressible && request.method !== 'HEAD') return undefined;
  const own = varies ? { ...parts.headers, [VARY]: withAccept(parts.headers[VARY]) } : parts.headers;
  const bodiless = status === 304 || status === 204 || body === null;
  const fromFile = file !== undefined && status === 200;
  const bytes = bodiless || fromFile ? null : typeof body === 'string' ? UTF8.encode(body) : body;
  return encoded(request, { status, headers: asHeadersGive(own), compressible, bodiless }, bytes, file);
}

const UTF8 = new TextEncoder();

/** The coding, Vary, ETag and Content-Length of an answer; `body` undefined for a file's own. */
function encoded(
  request: Request,
  response: { status: number; headers: Record<string, string>; compressible: boolean; bodiless: boolean },
  own: Uint8Array<ArrayBuffer> | null,
  file: { body: Uint8Array } | undefined,
): Answer {
  const { status, headers, compressible } = response;
  const coding = compressible ? chooseCoding(request.headers.get(REQUEST_HEADERS.acceptEncoding)) : undefined;
  if (compressible) headers[VARY] = varyAcceptEncoding(headers[VARY]);
  const etag = headers[HEADER_NAMES.etag];
  if (coding && etag) headers[HEADER_NAMES.etag] = weakened(etag);
  if (response.bodiless) return { status, headers, body: null };
  const fromFile = file !== undefined && status === 200;
  let body = fromFile ? file.body : (own ?? new Uint8Array());
  if (coding) {
    body = fromFile ? encodedFile(file, coding) : encode(body, coding);
    headers[HEADER_NAMES.contentEncoding] = coding;
  }
  headers[HEADER_NAMES.contentLength] = String(body.byteLength);
  return { status, headers, body: request.method === 'HEAD' ? null : (body as Uint8Array<ArrayBuffer>) };
}

const CONTENT_TYPE = HEADER_NAMES.contentType;
const VARY = HEADER_NAMES.vary;

/** Names as the handler writes them (`ETag`, `X-RateLimit-Limit`), whatever case Headers gives. */
const DECLARED_NAMES = new Map(Object.values(HEADERS).map((header) => [header.name.toLowerCase(), header.name]));

const namesSeen = new Map<string, string>();

function headerName(lower: string): string {
  let name = namesSeen.get(lower);
  if (name !== undefined) return name;
  name =
    DECLARED_NAMES.get(lower) ??
    lower
      .split('-')
      .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
      .join('-');
  // Names are ours (the handler's and the routing table's), a few dozen; bounded all the same.
  if (namesSeen.size < 256) namesSeen.set(lower, name);
  return name;
}

/** A plain record of the headers, so that a changed response is written with the same names as any other. */
function headerRecord(headers: Headers): Record<string, string> {
  const record: Record<string, string> = {};
  headers.forEach((value, name) => {
    record[headerName(name)] = value;
  });
  return record;
}

/** A record as `headerRecord(new Headers(record))` gives it: names in Headers' order (sorted), values trimmed. */
function asHeadersGive(record: Record<string, string>): Record<string, string> {
  const names = Object.keys(record).sort((a, b) => {
    const x = a.toLowerCase();
    const y = b.toLowerCase();
    return x < y ? -1 : x > y ? 1 : 0;
  });
  const out: Record<string, string> = {};
  for (const [name, value] of names.map((n) => [n, record[n] ?? ''] as const))
    out[headerName(name.toLowerCase())] = value.replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, '');
  return out;
}

function encodedFile(file: { body: Uint8Array }, coding: Coding): Uint8Array {
  let forms = encodedFiles.get(file);
  if (!forms) encodedFiles.set(file, (forms = {}));
  forms[coding] ??= encode(file.body, coding);
  return forms[coding];
}
