// The response headers of the contract, declared once: each name, whether a browser script on
// another origin may read it (CORS exposure), and what it means in both languages. The handler
// sets them by these names; `Access-Control-Expose-Headers`, the OpenAPI header objects and the
// docs page's header table are derived from this table.
import type { Bilingual } from './text.ts';

export interface HeaderDeclaration {
  name: string;
  /** Listed in Access-Control-Expose-Headers (not a CORS-safelisted response header). */
  exposed: boolean;
  /** A number (OpenAPI `integer`), or text. */
  integer?: boolean;
  description: Bilingual;
}

/** The methods the API answers; any other is a 405 naming these in `Allow`. */
export const ALLOWED_METHOD_LIST = ['GET', 'HEAD', 'OPTIONS'] as const;

export const HEADERS = {
  license: {
    name: 'X-License',
    exposed: true,
    description: { en: 'The license of the data, on every response.', bg: 'Лицензът на данните, във всеки отговор.' },
  },
  etag: {
    name: 'ETag',
    exposed: true,
    description: {
      en: 'Entity tag; send it back in `If-None-Match`.',
      bg: 'Етикет на версията; изпратете го обратно в `If-None-Match`.',
    },
  },
  link: {
    name: 'Link',
    exposed: true,
    description: {
      en: 'The license link; on lists also the paging links (`first`, `prev`, `next`, `last`).',
      bg: 'Връзка към лиценза; при списъка и връзките към страниците (`first`, `prev`, `next`, `last`).',
    },
  },
  allow: {
    name: 'Allow',
    exposed: true,
    description: { en: 'The methods the API answers.', bg: 'Методите, на които API-то отговаря.' },
  },
  retryAfter: {
    name: 'Retry-After',
    exposed: true,
    integer: true,
    description: {
      en: 'Only on `429` (and `503`): seconds to wait before retrying.',
      bg: 'Само при `429` (и `503`): секунди до следващия опит.',
    },
  },
  wwwAuthenticate: {
    name: 'WWW-Authenticate',
    exposed: true,
    description: {
      en: 'Only on `401`: `Bearer error="invalid_token"`.',
      bg: 'Само при `401`: `Bearer error="invalid_token"`.',
    },
  },
  rateLimit: {
    name: 'RateLimit',
    exposed: true,
    description: {
      en: 'Requests remaining (`r`) and seconds until the window resets (`t`). Where the request was counted.',
      bg: 'Оставащи заявки (`r`) и секунди до нулиране на прозореца (`t`). Там, където заявката е отчетена.',
    },
  },
  rateLimitPolicy: {
    name: 'RateLimit-Policy',
    exposed: true,
    description: {
      en: 'The policy: `q` requests per window of `w` seconds. On every response.',
      bg: 'Политиката: `q` заявки за прозорец от `w` секунди. Във всеки отговор.',
    },
  },
  rateLimitLimit: {
    name: 'X-RateLimit-Limit',
    exposed: true,
    integer: true,
    description: { en: 'Requests allowed per window.', bg: 'Позволени заявки за прозорец.' },
  },
  rateLimitRemaining: {
    name: 'X-RateLimit-Remaining',
    exposed: true,
    integer: true,
    description: { en: 'Requests left in the current window.', bg: 'Оставащи заявки в текущия прозорец.' },
  },
  rateLimitReset: {
    name: 'X-RateLimit-Reset',
    exposed: true,
    integer: true,
    description: {
      en: 'When the window resets, in Unix epoch seconds.',
      bg: 'Кога се нулира прозорецът, в секунди от Unix епохата.',
    },
  },
  allowOrigin: {
    name: 'Access-Control-Allow-Origin',
    exposed: false,
    description: { en: 'Always `*`.', bg: 'Винаги `*`.' },
  },
  exposeHeaders: {
    name: 'Access-Control-Expose-Headers',
    exposed: false,
    description: {
      en: 'Every header above that a script may read.',
      bg: 'Всяка заглавка, която скрипт може да прочете.',
    },
  },
  allowMethods: {
    name: 'Access-Control-Allow-Methods',
    exposed: false,
    description: { en: 'On a preflight: the methods allowed.', bg: 'При предварителна заявка: позволените методи.' },
  },
  allowHeaders: {
    name: 'Access-Control-Allow-Headers',
    exposed: false,
    description: {
      en: 'On a preflight: the request headers allowed.',
      bg: 'При предварителна заявка: позволените заглавки на заявката.',
    },
  },
  maxAge: {
    name: 'Access-Control-Max-Age',
    exposed: false,
    integer: true,
    description: {
      en: 'On a preflight: seconds a browser may keep its answer.',
      bg: 'При предварителна заявка: секунди, за които браузърът може да пази отговора.',
    },
  },
  cacheControl: {
    name: 'Cache-Control',
    exposed: false,
    description: { en: 'Caching policy.', bg: 'Правила за кеширане.' },
  },
  contentLanguage: {
    name: 'Content-Language',
    exposed: false,
    description: {
      en: 'The language of the response (`en` or `bg`), where it is about one.',
      bg: 'Езикът на отговора (`en` или `bg`), когато е за един език.',
    },
  },
  location: {
    name: 'Location',
    exposed: false,
    description: { en: 'The canonical URL.', bg: 'Каноничният адрес.' },
  },
  contentType: {
    name: 'Content-Type',
    exposed: false,
    description: { en: 'The media type of the body.', bg: 'Медийният тип на тялото.' },
  },
  vary: {
    name: 'Vary',
    exposed: false,
    description: {
      en: 'The request headers the response depends on.',
      bg: 'Заглавките на заявката, от които зависи отговорът.',
    },
  },
  contentEncoding: {
    name: 'Content-Encoding',
    exposed: false,
    description: {
      en: 'The compression of the body (self-hosted server).',
      bg: 'Компресията на тялото (собствен сървър).',
    },
  },
  contentLength: {
    name: 'Content-Length',
    exposed: false,
    integer: true,
    description: { en: 'The length of the body in bytes.', bg: 'Дължината на тялото в байтове.' },
  },
  connection: {
    name: 'Connection',
    exposed: false,
    description: {
      en: '`close` on a request the server could not read (self-hosted server).',
      bg: '`close` при заявка, която сървърът не може да прочете (собствен сървър).',
    },
  },
} as const satisfies Record<string, HeaderDeclaration>;

export type HeaderKey = keyof typeof HEADERS;

type HeaderNames<T extends Record<string, HeaderDeclaration>> = { readonly [K in keyof T]: T[K]['name'] };

/** The names of a header table by key: what code sets and reads (`headers[HEADER_NAMES.etag]`). */
export function headerNames<T extends Record<string, HeaderDeclaration>>(table: T): HeaderNames<T> {
  return Object.fromEntries(Object.entries(table).map(([key, header]) => [key, header.name])) as HeaderNames<T>;
}

export const HEADER_NAMES = headerNames(HEADERS);

/** The names a browser script on another origin may read (`Access-Control-Expose-Headers`). */
export function exposedHeaderNames(table: Record<string, HeaderDeclaration>): string[] {
  return Object.values(table)
    .filter((header) => header.exposed)
    .map((header) => header.name);
}

/** The names of the rate-limit headers, in the order the docs list them. */
export const RATE_LIMIT_HEADER_KEYS = [
  'rateLimitPolicy',
  'rateLimit',
  'rateLimitLimit',
  'rateLimitRemaining',
  'rateLimitReset',
  'retryAfter',
] as const satisfies readonly HeaderKey[];

/**
 * The request headers the API reads, by name. Only `Authorization` and `If-None-Match` are
 * for clients to send (ALLOWED_REQUEST_HEADERS); the others come from browsers and proxies.
 */
export const REQUEST_HEADERS = {
  authorization: 'Authorization',
  ifNoneMatch: 'If-None-Match',
  accept: 'Accept',
  acceptEncoding: 'Accept-Encoding',
  accessControlRequestHeaders: 'Access-Control-Request-Headers',
  forwardedHost: 'X-Forwarded-Host',
  forwardedProto: 'X-Forwarded-Proto',
} as const;

/** The request headers a page on another origin may send: a granted key, and revalidation. */
export const ALLOWED_REQUEST_HEADER_NAMES = [REQUEST_HEADERS.authorization, REQUEST_HEADERS.ifNoneMatch] as const;
