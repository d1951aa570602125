// One typed model of the public contract: operations, their parameters with bounds and
// defaults, their responses, the headers, and every description in English and Bulgarian.
// The OpenAPI document (scripts/lib/formats/openapi.ts) and the documentation page
// (scripts/lib/docs-page/) are both rendered from it; the numbers come from contract.ts and
// the problem kinds from problems.ts, so no fact is spelled twice. Descriptions are short
// Markdown: `backticks` for code, nothing else.
import {
  API_ROOT,
  LIMIT_DEFAULT,
  LIMIT_MAX,
  LIMIT_MIN,
  LIST_PATH,
  LOCALES,
  OFFSET_MAX,
  Q_MAX_CODE_POINTS,
  SLUG_MAX_LENGTH,
  SLUG_PATTERN,
} from './facts.ts';
import { rateLimitPolicy } from '../http.ts';
import type { ProblemKind } from './problems.ts';
import { POLICY_NAME } from '../limits/rate-limit.ts';
import { MAX_URL_LENGTH } from '../request-path.ts';

export interface Bilingual {
  en: string;
  bg: string;
}

export interface ParameterModel {
  name: string;
  in: 'query' | 'path';
  required: boolean;
  type: 'string' | 'integer';
  enum?: readonly string[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  pattern?: string;
  default?: string | number;
  description: Bilingual;
}

/** The body a response carries: a component schema of src/contract/schema.ts, or none. */
export type BodyModel = 'ListResponse' | 'TermResponse' | 'PillarsResponse' | 'Manifest' | 'Problem' | 'none';

export interface ResponseModel {
  status: number;
  body: BodyModel;
  description: Bilingual;
  /** The problem kind, for error responses. */
  problem?: ProblemKind;
}

export interface OperationModel {
  id: string;
  path: string;
  summary: Bilingual;
  description: Bilingual;
  parameters: ParameterModel[];
  responses: ResponseModel[];
  /** A static file: no parameters, no errors of its own. */
  static?: boolean;
}

const localeParameter: ParameterModel = {
  name: 'locale',
  in: 'query',
  required: false,
  type: 'string',
  enum: LOCALES,
  default: 'en',
  description: {
    en: 'Response language: `en` (English, the default) or `bg` (Bulgarian). Another letter case or a region subtag (`BG`, `en-US`, `bg_BG`) is read as its language, with a warning in `meta.warnings` on the list; anything else is a 400.',
    bg: 'Език на отговора: `en` (английски, по подразбиране) или `bg` (български). Друг регистър или регионален вариант (`BG`, `en-US`, `bg_BG`) се приема като съответния език, с предупреждение в `meta.warnings` при списъка; всяка друга стойност дава 400.',
  },
};

const notModified: ResponseModel = {
  status: 304,
  body: 'none',
  description: {
    en: 'Not modified: the `If-None-Match` tag still matches. No body.',
    bg: 'Непроменен: етикетът в `If-None-Match` съвпада. Без тяло.',
  },
};

const methodNotAllowed: ResponseModel = {
  status: 405,
  body: 'Problem',
  problem: 'method-not-allowed',
  description: { en: 'Method not allowed; see `Allow`.', bg: 'Непозволен метод; вижте `Allow`.' },
};

const rateLimited: ResponseModel = {
  status: 429,
  body: 'Problem',
  problem: 'rate-limited',
  description: {
    en: 'The hourly quota of this IP address is used up; `Retry-After` says when to retry.',
    bg: 'Часовата квота на този IP адрес е изчерпана; `Retry-After` казва кога да опитате отново.',
  },
};

const invalidCredentials: ResponseModel = {
  status: 401,
  body: 'Problem',
  problem: 'invalid-credentials',
  description: {
    en: 'The key in `Authorization: Bearer` is wrong, expired or revoked (`WWW-Authenticate` says `invalid_token`).',
    bg: 'Ключът в `Authorization: Bearer` е грешен, изтекъл или отменен (`WWW-Authenticate` казва `invalid_token`).',
  },
};

/**
 * Every operation of the API, as the OpenAPI document and the docs page show it. With no rate
 * limit (`rateLimitPerHour` 0) no operation answers 401 or 429: keys are ignored, nothing counts.
 */
export function apiOperations(pillars: readonly string[], rateLimitPerHour: number): OperationModel[] {
  const limited = rateLimitPerHour > 0;
  return operations(pillars).map((operation) => ({
    ...operation,
    responses: operation.responses.filter(
      (r) => limited || (r.problem !== 'rate-limited' && r.problem !== 'invalid-credentials'),
    ),
  }));
}

function operations(pillars: readonly string[]): OperationModel[] {
  return [
    {
      id: 'listTerms',
      path: LIST_PATH,
      summary: {
        en: 'List terms: paginated, filterable by language, pillar and search text.',
        bg: 'Списък с термини: по страници, с филтри по език, стълб и текст.',
      },
      description: {
        en: 'A page of terms in the collation order of the locale (ties by slug), filtered by pillar and by a search on the names of the term in either language and script (see `q`). Out-of-range `limit` and `offset` are clamped and explained in `meta.warnings`; unknown parameters are ignored with a warning; a parameter given twice is a 400. Paging links (`first`, `prev`, `next`, `last`) are in the `Link` header. `/api/lexicon/public/` behaves the same.',
        bg: 'Страница с термини в азбучния ред на езика (при равенство по slug), с филтър по стълб и търсене в имената на термина на двата езика и в двете писмености (вижте `q`). `limit` и `offset` извън границите се ограничават и се обясняват в `meta.warnings`; непознати параметри се пренебрегват с предупреждение; параметър, подаден два пъти, дава 400. Връзките към страниците (`first`, `prev`, `next`, `last`) са в заглавката `Link`. `/api/lexicon/public/` работи по същия начин.',
      },
      parameters: [
        localeParameter,
        {
          name: 'pillar',
          in: 'query',
          required: false,
          type: 'string',
          enum: pillars,
          description: {
            en: 'Only terms of this pillar (see `/api/lexicon/pillars.json`). Another letter case is read as the key, with a warning; an unknown pillar is a 400 listing the allowed ones; empty means no filter.',
            bg: 'Само термини от този стълб (вижте `/api/lexicon/pillars.json`). Друг регистър се приема като ключа, с предупреждение; непознат стълб дава 400 със списъка на допустимите; празна стойност означава без филтър.',
          },
        },
        {
          name: 'q',
          in: 'query',
          required: false,
          type: 'string',
          maxLength: Q_MAX_CODE_POINTS,
          description: {
            en: `Search on the term's names: a trimmed, case- and accent-insensitive substring of any one of them: its name in the served language and in the other one, its original-script form (\`termOriginal\`) and its aliases, each also transliterated (Bulgarian Cyrillic to Latin by the 2009 Streamlined System, Greek to Latin by ALA-LC, and with \`locale=bg\` Latin to Cyrillic). So \`q=sofia&locale=bg\`, \`q=σοφια\` and \`q=aeon&locale=bg\` all find their term. Results keep the list order. At most ${Q_MAX_CODE_POINTS} characters after trimming; empty means no filter.`,
            bg: `Търсене в имената на термина: частично съвпадение с едно от тях, без значение от регистъра и диакритиката: името на двата езика, оригиналната форма (\`termOriginal\`) и вариантите на изписване, всяко и в транслитерация (кирилица към латиница по Закона за транслитерацията от 2009 г., гръцки към латиница по ALA-LC, а при \`locale=bg\` латиница към кирилица). Така \`q=sofia&locale=bg\`, \`q=σοφια\` и \`q=aeon&locale=bg\` намират термина. Редът на резултатите не се променя. До ${Q_MAX_CODE_POINTS} знака след премахване на интервалите в краищата; празна стойност означава без филтър.`,
          },
        },
        {
          name: 'limit',
          in: 'query',
          required: false,
          type: 'integer',
          minimum: LIMIT_MIN,
          maximum: LIMIT_MAX,
          default: LIMIT_DEFAULT,
          description: {
            en: `Page size. An integer outside ${LIMIT_MIN}-${LIMIT_MAX} is clamped (\`meta.limit\` shows the applied value); anything but an integer is a 400.`,
            bg: `Брой резултати на страница. Цяло число извън ${LIMIT_MIN}-${LIMIT_MAX} се ограничава (\`meta.limit\` показва приложената стойност); нещо различно от цяло число дава 400.`,
          },
        },
        {
          name: 'offset',
          in: 'query',
          required: false,
          type: 'integer',
          minimum: 0,
          maximum: OFFSET_MAX,
          default: 0,
          description: {
            en: `Items to skip. A negative integer is read as 0, one above ${OFFSET_MAX} as ${OFFSET_MAX}, with a warning. At or past the end: an empty page.`,
            bg: `Брой пропуснати елементи. Отрицателно цяло число се чете като 0, а над ${OFFSET_MAX} като ${OFFSET_MAX}, с предупреждение. В края или след него: празна страница.`,
          },
        },
      ],
      responses: [
        {
          status: 200,
          body: 'ListResponse',
          description: {
            en: 'A page of terms (list fields only) with paging metadata.',
            bg: 'Страница с термини (само полетата на списъка) и данни за странициране.',
          },
        },
        notModified,
        {
          status: 400,
          body: 'Problem',
          problem: 'invalid-parameter',
          description: {
            en: 'Invalid parameter: `errors` names each one (with the allowed values for `locale` and `pillar`).',
            bg: 'Невалиден параметър: `errors` изброява всеки (с допустимите стойности за `locale` и `pillar`).',
          },
        },
        methodNotAllowed,
        invalidCredentials,
        rateLimited,
      ],
    },
    {
      id: 'getTerm',
      path: `${LIST_PATH}/{slug}`,
      summary: {
        en: 'One term by slug, with its full text and the blog posts that reference it.',
        bg: 'Един термин по slug, с пълния текст и публикациите, които го споменават.',
      },
      description: {
        en: 'Every field, including `fullContent` (Markdown, ending with the sources) and `relatedPosts`. No `locale`, `en` or `bg` is the canonical URL, served from a static file; another spelling of a supported language (`BG`, `en-US`) answers 308 with the canonical URL in `Location`.',
        bg: 'Всички полета, включително `fullContent` (Markdown, завършващ с източниците) и `relatedPosts`. Без `locale`, с `en` или `bg` адресът е каноничен и се връща от статичен файл; друго изписване на поддържан език (`BG`, `en-US`) дава 308 с каноничния адрес в `Location`.',
      },
      parameters: [
        {
          name: 'slug',
          in: 'path',
          required: true,
          type: 'string',
          maxLength: SLUG_MAX_LENGTH,
          pattern: SLUG_PATTERN.source,
          description: {
            en: 'The term slug, the same in both languages: lowercase ASCII letters, digits and single hyphens, like `prima-materia`.',
            bg: 'Идентификатор (slug) на термина, еднакъв на двата езика: малки латински букви, цифри и единични тирета, например `prima-materia`.',
          },
        },
        localeParameter,
      ],
      responses: [
        { status: 200, body: 'TermResponse', description: { en: 'The term.', bg: 'Терминът.' } },
        notModified,
        {
          status: 308,
          body: 'none',
          description: {
            en: 'Another spelling of the language: `Location` is the canonical URL.',
            bg: 'Друго изписване на езика: `Location` е каноничният адрес.',
          },
        },
        {
          status: 400,
          body: 'Problem',
          problem: 'invalid-parameter',
          description: { en: 'Invalid `locale`.', bg: 'Невалиден `locale`.' },
        },
        {
          status: 404,
          body: 'Problem',
          problem: 'not-found',
          description: {
            en: 'No term has this slug (or the path is not a slug).',
            bg: 'Няма термин с този slug (или пътят не е slug).',
          },
        },
        methodNotAllowed,
        invalidCredentials,
        rateLimited,
      ],
    },
    {
      id: 'listPillars',
      path: `${API_ROOT}/pillars.json`,
      static: true,
      summary: { en: 'The pillar vocabulary.', bg: 'Речникът на стълбовете.' },
      description: {
        en: 'Pillar keys with labels in both languages and term counts. A static file.',
        bg: 'Ключовете на стълбовете с имена на двата езика и брой термини. Статичен файл.',
      },
      parameters: [],
      responses: [
        { status: 200, body: 'PillarsResponse', description: { en: 'The pillars.', bg: 'Стълбовете.' } },
        methodNotAllowed,
      ],
    },
    {
      id: 'getDumpManifest',
      path: '/dumps/manifest.json',
      static: true,
      summary: { en: 'The offline dumps.', bg: 'Архивите за сваляне.' },
      description: {
        en: 'Data version, build time, counts, and every dump file with its size and SHA-256.',
        bg: 'Версия на данните, време на създаване, бройки и всеки файл с размера и SHA-256.',
      },
      parameters: [],
      responses: [
        { status: 200, body: 'Manifest', description: { en: 'The manifest.', bg: 'Манифестът.' } },
        methodNotAllowed,
      ],
    },
  ];
}

/** What each problem kind means, for people. Titles and statuses are in problems.ts. */
export const PROBLEM_EXPLANATIONS: Record<ProblemKind, Bilingual> = {
  'invalid-parameter': {
    en: `A query parameter has a value the API cannot use: \`limit\` or \`offset\` not an integer, an unknown \`locale\` or \`pillar\`, \`q\` longer than ${Q_MAX_CODE_POINTS} characters, or a parameter given twice. \`errors\` lists every invalid parameter; for \`locale\` and \`pillar\`, \`errors[].allowed\` lists the valid values.`,
    bg: `Параметър на заявката има стойност, която API-то не може да използва: \`limit\` или \`offset\` не е цяло число, непознат \`locale\` или \`pillar\`, \`q\` по-дълъг от ${Q_MAX_CODE_POINTS} знака или параметър, подаден два пъти. \`errors\` изброява всеки невалиден параметър; при \`locale\` и \`pillar\` полето \`errors[].allowed\` съдържа допустимите стойности.`,
  },
  'bad-request': {
    en: 'The request itself could not be read: a malformed request line, header or URL (a request target that is not a path, an invalid `Host`). Nothing was counted.',
    bg: 'Самата заявка не може да бъде прочетена: неправилен ред на заявката, заглавка или URL (цел на заявката, която не е път, невалиден `Host`). Нищо не е отчетено.',
  },
  'invalid-credentials': {
    en: 'The request sent `Authorization: Bearer <key>` with a key that is not valid: wrong, expired or revoked. The answer carries `WWW-Authenticate: Bearer error="invalid_token"`. It is never served under the anonymous limit instead: send no `Authorization` header for that, or ask the operator about the key.',
    bg: 'Заявката изпраща `Authorization: Bearer <ключ>` с невалиден ключ: грешен, изтекъл или отменен. Отговорът носи `WWW-Authenticate: Bearer error="invalid_token"`. Такава заявка никога не се обслужва вместо това с анонимния лимит: изпратете я без заглавка `Authorization` или попитайте оператора за ключа.',
  },
  'not-found': {
    en: 'No term has this slug, or the path names no endpoint. Slugs are lowercase ASCII kebab case, the same in both languages.',
    bg: 'Няма термин с този slug или пътят не е крайна точка. Slug-овете са с малки латински букви и тирета, еднакви на двата езика.',
  },
  'method-not-allowed': {
    en: 'The API is read-only: only `GET`, `HEAD` and `OPTIONS` are allowed, and the `Allow` header says so.',
    bg: 'API-то е само за четене: позволени са единствено `GET`, `HEAD` и `OPTIONS`, както казва и заглавката `Allow`.',
  },
  'request-timeout': {
    en: 'The client did not send a whole request in time (the self-hosted server waits at most a minute for one). Send it again.',
    bg: 'Клиентът не изпрати цяла заявка навреме (собственият сървър чака най-много минута). Изпратете я отново.',
  },
  'uri-too-long': {
    en: `The path and query together are longer than ${MAX_URL_LENGTH} characters. No request of the API needs that many.`,
    bg: `Пътят и заявката заедно са по-дълги от ${MAX_URL_LENGTH} знака. Нито една заявка към API-то не се нуждае от толкова.`,
  },
  'rate-limited': {
    en: 'The request quota of this IP address is used up. Wait the number of seconds in `Retry-After`, then retry.',
    bg: 'Квотата заявки на този IP адрес е изчерпана. Изчакайте толкова секунди, колкото казва `Retry-After`, и опитайте отново.',
  },
  'header-fields-too-large': {
    en: 'The request headers together are larger than the server reads (16 KB on the self-hosted server). Send fewer or shorter headers.',
    bg: 'Заглавките на заявката заедно са по-големи, отколкото сървърът чете (16 KB при собствения сървър). Изпратете по-малко или по-кратки заглавки.',
  },
  'internal-error': {
    en: 'Something failed on our side. The body says nothing more on purpose; try again later.',
    bg: 'Нещо се е повредило при нас. Тялото нарочно не казва повече; опитайте отново по-късно.',
  },
  unavailable: {
    en: 'The self-hosted server has no complete data to answer from: a build was interrupted while it replaced the data, and none is in place yet. Retry after the seconds in `Retry-After`.',
    bg: 'Собственият сървър няма пълни данни, от които да отговори: компилация е прекъсната, докато е сменяла данните, и още няма нови. Опитайте отново след секундите в `Retry-After`.',
  },
};

export interface HeaderModel {
  name: string;
  example: string;
  description: Bilingual;
}

/** The rate-limit headers, with examples for a policy of `limit` requests. */
export function rateLimitHeaders(limit: number): HeaderModel[] {
  const remaining = Math.max(limit - 3, 0);
  return [
    {
      name: 'RateLimit-Policy',
      example: rateLimitPolicy(limit),
      description: {
        en: 'The policy: `q` requests per window of `w` seconds. On every response.',
        bg: 'Политиката: `q` заявки за прозорец от `w` секунди. Във всеки отговор.',
      },
    },
    {
      name: 'RateLimit',
      example: `"${POLICY_NAME}";r=${remaining};t=3412`,
      description: {
        en: 'Requests remaining (`r`) and seconds until the window resets (`t`). Where the request was counted.',
        bg: 'Оставащи заявки (`r`) и секунди до нулиране на прозореца (`t`). Там, където заявката е отчетена.',
      },
    },
    {
      name: 'X-RateLimit-Limit',
      example: String(limit),
      description: { en: 'Requests allowed per window.', bg: 'Позволени заявки за прозорец.' },
    },
    {
      name: 'X-RateLimit-Remaining',
      example: String(remaining),
      description: { en: 'Requests left in the current window.', bg: 'Оставащи заявки в текущия прозорец.' },
    },
    {
      name: 'X-RateLimit-Reset',
      example: '1767225600',
      description: {
        en: 'When the window resets, in Unix epoch seconds.',
        bg: 'Кога се нулира прозорецът, в секунди от Unix епохата.',
      },
    },
    {
      name: 'Retry-After',
      example: '3412',
      description: {
        en: 'Only on `429`: seconds to wait before retrying.',
        bg: 'Само при `429`: секунди до следващия опит.',
      },
    },
  ];
}
