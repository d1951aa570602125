// The operations of the API, declared once: path, summary and description in both languages,
// parameters (from the parameter table) and responses (from the problem catalogue). The OpenAPI
// document (scripts/lib/formats/openapi.ts) and the docs page (scripts/lib/docs-page/) are rendered
// from this; neither states an operation, a status or a bound of its own.
import { LIST_PATH } from './facts.ts';
import { MANIFEST_URL_PATH } from './output-layout.ts';
import { rateLimitPolicy } from '../http.ts';
import { POLICY_NAME } from '../limits/rate-limit.ts';
import { HEADERS, RATE_LIMIT_HEADER_KEYS } from './headers.ts';
import { LIST_PARAMETERS, TERM_QUERY_PARAMETERS, type ParameterTable } from './list-parameters.ts';
import { parameterModel, SLUG_PARAMETER, type ParameterModel } from './parameter-models.ts';
import type { ProblemKind } from './problems.ts';
import type { Bilingual } from './text.ts';
import { VOCABULARIES, VOCABULARY_NAMES, type VocabularyValues } from './vocabularies.ts';

/** The body a response carries: a component schema (src/contract/response-schemas.ts), or none. */
export type BodyModel = 'ListResponse' | 'TermResponse' | 'Manifest' | 'Problem' | 'none' | (string & {});

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
  /** A static file: no parameters, no errors of its own, never counted. */
  static?: boolean;
}

const notModified: ResponseModel = {
  status: 304,
  body: 'none',
  description: {
    en: 'Not modified: the `If-None-Match` tag still matches. No body.',
    bg: 'Непроменен: етикетът в `If-None-Match` съвпада. Без тяло.',
  },
};

/** The answers every operation may give besides its own, in status order with them. */
const common: ResponseModel[] = [
  {
    status: 405,
    body: 'Problem',
    problem: 'method-not-allowed',
    description: { en: 'Method not allowed; see `Allow`.', bg: 'Непозволен метод; вижте `Allow`.' },
  },
  {
    status: 500,
    body: 'Problem',
    problem: 'internal-error',
    description: {
      en: 'Something failed on our side; the body says nothing more.',
      bg: 'Нещо се е повредило при нас; тялото не казва повече.',
    },
  },
];

/** Where requests are counted: a key may be refused, a quota used up. */
const counted: ResponseModel[] = [
  {
    status: 401,
    body: 'Problem',
    problem: 'invalid-credentials',
    description: {
      en: 'The key in `Authorization: Bearer` is wrong, expired or revoked (`WWW-Authenticate` says `invalid_token`).',
      bg: 'Ключът в `Authorization: Bearer` е грешен, изтекъл или отменен (`WWW-Authenticate` казва `invalid_token`).',
    },
  },
  {
    status: 429,
    body: 'Problem',
    problem: 'rate-limited',
    description: {
      en: 'The hourly quota of this IP address is used up; `Retry-After` says when to retry.',
      bg: 'Часовата квота на този IP адрес е изчерпана; `Retry-After` казва кога да опитате отново.',
    },
  },
];

function queryModels(table: ParameterTable, vocabularies: VocabularyValues): ParameterModel[] {
  return Object.entries(table).map(([name, p]) => parameterModel(name, p, vocabularies));
}

const byStatus = (responses: ResponseModel[]) => [...responses].sort((a, b) => a.status - b.status);

function listOperation(vocabularies: VocabularyValues): OperationModel {
  return {
    id: 'listTerms',
    path: LIST_PATH,
    summary: {
      en: 'List terms: paginated, filterable by language, pillar, tradition and search text.',
      bg: 'Списък с термини: по страници, с филтри по език, стълб, традиция и текст.',
    },
    description: {
      en: `A page of terms in the collation order of the locale (ties by slug), filtered by pillar, by tradition and by a search on the names of the term in either language and script (see \`q\`). Out-of-range \`limit\` and \`offset\` are clamped and explained in \`meta.warnings\`; unknown parameters are ignored with a warning; a parameter given twice is a 400. Paging links (\`first\`, \`prev\`, \`next\`, \`last\`) are in the \`Link\` header. \`${LIST_PATH}/\` behaves the same.`,
      bg: `Страница с термини в азбучния ред на езика (при равенство по slug), с филтър по стълб, по традиция и търсене в имената на термина на двата езика и в двете писмености (вижте \`q\`). \`limit\` и \`offset\` извън границите се ограничават и се обясняват в \`meta.warnings\`; непознати параметри се пренебрегват с предупреждение; параметър, подаден два пъти, дава 400. Връзките към страниците (\`first\`, \`prev\`, \`next\`, \`last\`) са в заглавката \`Link\`. \`${LIST_PATH}/\` работи по същия начин.`,
    },
    parameters: queryModels(LIST_PARAMETERS, vocabularies),
    responses: byStatus([
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
          en: 'Invalid parameter: `errors` names each one (with the allowed values where there is a fixed set).',
          bg: 'Невалиден параметър: `errors` изброява всеки (с допустимите стойности, където има фиксиран набор).',
        },
      },
      ...counted,
      ...common,
    ]),
  };
}

function termOperation(vocabularies: VocabularyValues): OperationModel {
  return {
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
    parameters: [SLUG_PARAMETER, ...queryModels(TERM_QUERY_PARAMETERS, vocabularies)],
    responses: byStatus([
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
      ...counted,
      ...common,
    ]),
  };
}

/** A static file: one 200 and the answers every path may give. */
function staticOperation(
  id: string,
  path: string,
  body: string,
  summary: Bilingual,
  description: Bilingual,
): OperationModel {
  return {
    id,
    path,
    static: true,
    summary,
    description,
    parameters: [],
    responses: [{ status: 200, body, description: summary }, ...common],
  };
}

function vocabularyOperations(): OperationModel[] {
  return VOCABULARY_NAMES.map((name) => {
    const v = VOCABULARIES[name];
    return staticOperation(
      v.operationId,
      v.path,
      v.schemaId,
      { en: `The ${v.noun.en} vocabulary.`, bg: `Речникът: ${v.plural.bg}.` },
      {
        en: `Every ${v.noun.en} (${v.valueText.en}) with labels in both languages and term counts: the values the list's \`${v.field}\` parameter accepts. A static file.`,
        bg: `Всички ${v.plural.bg} (${v.valueText.bg}) с имена на двата езика и брой термини: стойностите, които параметърът \`${v.field}\` на списъка приема. Статичен файл.`,
      },
    );
  });
}

/**
 * Every operation of the API, as the OpenAPI document and the docs page show it. With no rate
 * limit (`rateLimitPerHour` 0) no operation answers 401 or 429: keys are ignored, nothing counts.
 */
export function apiOperations(vocabularies: VocabularyValues, rateLimitPerHour: number): OperationModel[] {
  const operations = [
    listOperation(vocabularies),
    termOperation(vocabularies),
    ...vocabularyOperations(),
    staticOperation(
      'getDumpManifest',
      MANIFEST_URL_PATH,
      'Manifest',
      { en: 'The offline dumps.', bg: 'Архивите за сваляне.' },
      {
        en: 'Data version, build time, counts, and every dump file with its size and SHA-256.',
        bg: 'Версия на данните, време на създаване, бройки и всеки файл с размера и SHA-256.',
      },
    ),
  ];
  if (rateLimitPerHour > 0) return operations;
  return operations.map((operation) => ({
    ...operation,
    responses: operation.responses.filter((r) => !counted.includes(r)),
  }));
}

export interface HeaderModel {
  name: string;
  example: string;
  integer: boolean;
  description: Bilingual;
}

/** The rate-limit headers (src/contract/headers.ts), with examples for a policy of `limit` requests. */
export function rateLimitHeaders(limit: number): HeaderModel[] {
  const remaining = Math.max(limit - 3, 0);
  const examples: Record<(typeof RATE_LIMIT_HEADER_KEYS)[number], string> = {
    rateLimitPolicy: rateLimitPolicy(limit),
    rateLimit: `"${POLICY_NAME}";r=${remaining};t=3412`,
    rateLimitLimit: String(limit),
    rateLimitRemaining: String(remaining),
    rateLimitReset: '1767225600',
    retryAfter: '3412',
  };
  return RATE_LIMIT_HEADER_KEYS.map((key) => {
    const header: { name: string; integer?: boolean; description: Bilingual } = HEADERS[key];
    return {
      name: header.name,
      example: examples[key],
      integer: header.integer === true,
      description: header.description,
    };
  });
}
