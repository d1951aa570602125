// The problem catalogue (RFC 9457), in the manner of Astro's errors-data.ts: every kind of
// error the API answers with, declared once with its status, its title, what it means for
// people in both languages, and the builder of its `detail`. The handler and the servers build
// their bodies from it; the OpenAPI document, the docs page and the Problem schema list it.
// Plain data and small functions: the function loads it on its cold path.
import { MAX_URL_LENGTH } from '../request-path.ts';
import { ALLOWED_METHOD_LIST } from './headers.ts';
import { LIST_PARAMETERS } from './list-parameters.ts';
import { echo, type Bilingual } from './text.ts';

export interface ProblemDeclaration {
  status: number;
  title: string;
  explanation: Bilingual;
  /** The response's `detail`: one sentence, lower case, no stack trace, input echoed by `echo`. */
  detail: (...args: never[]) => string;
}

/** What a 404 is about: a term the data lacks, a path that is no slug, or no endpoint at all. */
export type NotFoundCause = { slug: string } | { notASlug: true } | { noEndpoint: string | undefined };

/** Why a request was refused for its rate: the counted hourly limit, or the CDN's backstop. */
export type RateLimitCause = { perHour: number; resetIn: number } | { backstopSeconds: number };

/** The parameters whose errors list the allowed values: `locale`, `pillar` or `tradition`. */
const enumerated = Object.entries(LIST_PARAMETERS)
  .filter(([, p]) => p.kind === 'locale' || p.kind === 'vocabulary')
  .map(([name]) => `\`${name}\``);
const either = (names: string[], or: string) => `${names.slice(0, -1).join(', ')} ${or} ${names.at(-1)}`;
const methods = `${ALLOWED_METHOD_LIST.slice(0, -1).join(', ')} or ${ALLOWED_METHOD_LIST.at(-1)}`;
/** Kinds answered below the handler (the HTTP layer): the server says why in its own words. */
const reason = (why: string) => why;

export const PROBLEMS = {
  'invalid-parameter': {
    status: 400,
    title: 'Invalid query parameter',
    explanation: {
      en: `A query parameter has a value the API cannot use: \`limit\` or \`offset\` not an integer, an unknown ${either(enumerated, 'or')}, \`q\` longer than ${LIST_PARAMETERS.q.maxCodePoints} characters, or a parameter given twice. \`errors\` lists every invalid parameter; for ${either(enumerated, 'and')}, \`errors[].allowed\` lists the valid values.`,
      bg: `Параметър на заявката има стойност, която API-то не може да използва: \`limit\` или \`offset\` не е цяло число, непознат ${either(enumerated, 'или')}, \`q\` по-дълъг от ${LIST_PARAMETERS.q.maxCodePoints} знака или параметър, подаден два пъти. \`errors\` изброява всеки невалиден параметър; при ${either(enumerated, 'и')} полето \`errors[].allowed\` съдържа допустимите стойности.`,
    },
    detail: (errors: readonly { parameter: string; detail: string }[]) => {
      const [only, ...others] = errors;
      if (only && others.length === 0) return `${only.parameter} ${only.detail}`;
      return `${errors.length} query parameters are invalid: ${errors.map((e) => e.parameter).join(', ')}`;
    },
  },
  'bad-request': {
    status: 400,
    title: 'Malformed request',
    explanation: {
      en: 'The request itself could not be read: a malformed request line, header or URL (a request target that is not a path, an invalid `Host`). Nothing was counted.',
      bg: 'Самата заявка не може да бъде прочетена: неправилен ред на заявката, заглавка или URL (цел на заявката, която не е път, невалиден `Host`). Нищо не е отчетено.',
    },
    detail: reason,
  },
  'invalid-credentials': {
    status: 401,
    title: 'Invalid credentials',
    explanation: {
      en: 'The request sent `Authorization: Bearer <key>` with a key that is not valid: wrong, expired or revoked. The answer carries `WWW-Authenticate: Bearer error="invalid_token"`. It is never served under the anonymous limit instead: send no `Authorization` header for that, or ask the operator about the key.',
      bg: 'Заявката изпраща `Authorization: Bearer <ключ>` с невалиден ключ: грешен, изтекъл или отменен. Отговорът носи `WWW-Authenticate: Bearer error="invalid_token"`. Такава заявка никога не се обслужва вместо това с анонимния лимит: изпратете я без заглавка `Authorization` или попитайте оператора за ключа.',
    },
    detail: () =>
      'the key in the Authorization header is not valid (wrong, expired or revoked); send no key for the anonymous limit',
  },
  'not-found': {
    status: 404,
    title: 'Not found',
    explanation: {
      en: 'No term has this slug, or the path names no endpoint. Slugs are lowercase ASCII kebab case, the same in both languages.',
      bg: 'Няма термин с този slug или пътят не е крайна точка. Slug-овете са с малки латински букви и тирета, еднакви на двата езика.',
    },
    detail: (cause: NotFoundCause) =>
      'slug' in cause
        ? `no term has the slug "${echo(cause.slug)}"`
        : 'notASlug' in cause
          ? 'the path does not name a term; slugs are lowercase ASCII kebab case'
          : cause.noEndpoint === undefined
            ? 'no endpoint at this path; see the documentation'
            : `no endpoint at this path: ${cause.noEndpoint}`,
  },
  'method-not-allowed': {
    status: 405,
    title: 'Method not allowed',
    explanation: {
      en: `The API is read-only: only ${ALLOWED_METHOD_LIST.map((m) => `\`${m}\``).join(', ')} are allowed, and the \`Allow\` header says so.`,
      bg: `API-то е само за четене: позволени са единствено ${ALLOWED_METHOD_LIST.map((m) => `\`${m}\``).join(', ')}, както казва и заглавката \`Allow\`.`,
    },
    detail: (method: string) => `${echo(method)} is not allowed; use ${methods}`,
  },
  'request-timeout': {
    status: 408,
    title: 'Request timeout',
    explanation: {
      en: 'The client did not send a whole request in time (the self-hosted server waits at most a minute for one). Send it again.',
      bg: 'Клиентът не изпрати цяла заявка навреме (собственият сървър чака най-много минута). Изпратете я отново.',
    },
    detail: reason,
  },
  'uri-too-long': {
    status: 414,
    title: 'URI too long',
    explanation: {
      en: `The path and query together are longer than ${MAX_URL_LENGTH} characters. No request of the API needs that many.`,
      bg: `Пътят и заявката заедно са по-дълги от ${MAX_URL_LENGTH} знака. Нито една заявка към API-то не се нуждае от толкова.`,
    },
    detail: () => `the path and query are longer than ${MAX_URL_LENGTH} characters`,
  },
  'rate-limited': {
    status: 429,
    title: 'Rate limit exceeded',
    explanation: {
      en: 'The request quota of this IP address is used up. Wait the number of seconds in `Retry-After`, then retry.',
      bg: 'Квотата заявки на този IP адрес е изчерпана. Изчакайте толкова секунди, колкото казва `Retry-After`, и опитайте отново.',
    },
    detail: (cause: RateLimitCause) =>
      'perHour' in cause
        ? `the limit of ${cause.perHour} requests per hour is used up; retry in ${cause.resetIn} seconds`
        : `too many requests from this client; retry in ${cause.backstopSeconds} seconds`,
  },
  'header-fields-too-large': {
    status: 431,
    title: 'Request header fields too large',
    explanation: {
      en: 'The request headers together are larger than the server reads (16 KB on the self-hosted server). Send fewer or shorter headers.',
      bg: 'Заглавките на заявката заедно са по-големи, отколкото сървърът чете (16 KB при собствения сървър). Изпратете по-малко или по-кратки заглавки.',
    },
    detail: reason,
  },
  'internal-error': {
    status: 500,
    title: 'Internal error',
    explanation: {
      en: 'Something failed on our side. The body says nothing more on purpose; try again later.',
      bg: 'Нещо се е повредило при нас. Тялото нарочно не казва повече; опитайте отново по-късно.',
    },
    detail: () => 'the service failed to answer this request; try again later',
  },
  unavailable: {
    status: 503,
    title: 'Service unavailable',
    explanation: {
      en: 'The self-hosted server has no complete data to answer from: a build was interrupted while it replaced the data, and none is in place yet. Retry after the seconds in `Retry-After`.',
      bg: 'Собственият сървър няма пълни данни, от които да отговори: компилация е прекъсната, докато е сменяла данните, и още няма нови. Опитайте отново след секундите в `Retry-After`.',
    },
    detail: reason,
  },
} as const satisfies Record<string, ProblemDeclaration>;

export type ProblemKind = keyof typeof PROBLEMS;

export const PROBLEM_KIND_NAMES = Object.keys(PROBLEMS) as ProblemKind[];

/** The arguments the `detail` of a kind is built from. */
export type DetailArgs<K extends ProblemKind> = Parameters<(typeof PROBLEMS)[K]['detail']>;

/** The `detail` of a problem of this kind. */
export function problemDetail<K extends ProblemKind>(kind: K, ...args: DetailArgs<K>): string {
  return (PROBLEMS[kind].detail as (...a: DetailArgs<K>) => string)(...args);
}
