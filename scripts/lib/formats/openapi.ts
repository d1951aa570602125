// The OpenAPI 3.1 document and the standalone JSON Schemas: shapes from the zod schemas the
// build validates with (src/contract/response-schemas.ts); operations, parameters, statuses,
// headers and descriptions from the contract's declarations (src/contract/). Nothing here
// states a fact of its own.
import * as z from 'zod';
import { DOCS_PATH, LICENSE, LICENSE_SPDX, LICENSE_URL } from '../../../src/contract/facts.ts';
import { ALLOWED_METHOD_LIST, HEADERS } from '../../../src/contract/headers.ts';
import { apiOperations, rateLimitHeaders, type ResponseModel } from '../../../src/contract/operations.ts';
import type { ParameterModel } from '../../../src/contract/parameter-models.ts';
import { PROBLEMS } from '../../../src/contract/problems.ts';
import { ManifestSchema } from '../../../src/contract/dump-schemas.ts';
import {
  ListResponseSchema,
  PillarsResponseSchema,
  ProblemSchema,
  TermResponseSchema,
  TermSchema,
  TraditionsResponseSchema,
} from '../../../src/contract/response-schemas.ts';
import { VOCABULARIES, type VocabularyName, type VocabularyValues } from '../../../src/contract/vocabularies.ts';
import { rateLimitPolicy } from '../../../src/http.ts';
import { BACKSTOP_WINDOW_SECONDS } from '../../../src/limits/backstop.ts';

export interface OpenApiInput {
  siteUrl: string;
  source: string;
  vocabularies: VocabularyValues;
  rateLimitPerHour: number;
  dataVersion: string;
}

type JsonObject = Record<string, unknown>;

/**
 * What clients validate against is open: fields may be added without a new version (the
 * contract's compatibility rule), so a client validating strictly must not break on the first
 * addition. The zod schemas stay strict objects: the build and the tests reject any field the
 * contract does not declare.
 */
const OPEN_FOR_CLIENTS = {
  target: 'draft-2020-12',
  override: ({ jsonSchema }: { jsonSchema: JsonObject }) => {
    if (jsonSchema.additionalProperties === false) delete jsonSchema.additionalProperties;
  },
} as const;

/** Component schemas for every zod schema with an id, referencing each other by $ref. */
function componentSchemas(): Record<string, JsonObject> {
  const { schemas } = z.toJSONSchema(z.globalRegistry, {
    ...OPEN_FOR_CLIENTS,
    uri: (id) => `#/components/schemas/${id}`,
  });
  return Object.fromEntries(
    Object.entries(schemas).map(([id, schema]) => {
      const { $schema: _schema, $id: _id, ...rest } = schema as JsonObject;
      return [id, rest];
    }),
  );
}

/** A standalone JSON Schema document (draft 2020-12) for one response shape, open for additions. */
export function jsonSchemaDocument(schema: z.ZodType, id: string): JsonObject {
  return { ...(z.toJSONSchema(schema, OPEN_FOR_CLIENTS) as JsonObject), $id: id };
}

/** The schema file of a vocabulary's response: `pillars-response.json`, `traditions-response.json`. */
export function vocabularySchemaFile(name: VocabularyName): string {
  return `${VOCABULARIES[name].plural.en}-response.json`;
}

const VOCABULARY_SCHEMAS: Record<VocabularyName, z.ZodType> = {
  pillar: PillarsResponseSchema,
  tradition: TraditionsResponseSchema,
};

/** Every published JSON Schema, by file name under /api/lexicon/schemas/. */
export const SCHEMA_FILES: Record<string, z.ZodType> = {
  'term.json': TermSchema,
  'term-response.json': TermResponseSchema,
  'list-response.json': ListResponseSchema,
  ...Object.fromEntries(
    (Object.keys(VOCABULARY_SCHEMAS) as VocabularyName[]).map((name) => [
      vocabularySchemaFile(name),
      VOCABULARY_SCHEMAS[name],
    ]),
  ),
  'problem.json': ProblemSchema,
  'manifest.json': ManifestSchema,
};

/** OpenAPI text: the model's English, in CommonMark (backticks are code there too). */
function parameterObject(parameter: ParameterModel): JsonObject {
  const schema: JsonObject = { type: parameter.type };
  if (parameter.enum) schema.enum = [...parameter.enum];
  if (parameter.minimum !== undefined) schema.minimum = parameter.minimum;
  if (parameter.maximum !== undefined) schema.maximum = parameter.maximum;
  if (parameter.maxLength !== undefined) schema.maxLength = parameter.maxLength;
  if (parameter.pattern !== undefined) schema.pattern = parameter.pattern;
  if (parameter.default !== undefined) schema.default = parameter.default;
  return {
    name: parameter.name,
    in: parameter.in,
    required: parameter.required,
    description: parameter.description.en,
    schema,
  };
}

/** The name of the optional bearer scheme of granted keys. */
const GRANTED_KEY_SCHEME = 'grantedKey';

type HeaderObjects = Record<string, { description: string; schema: JsonObject }>;

const headerObject = (key: keyof typeof HEADERS, extra = ''): HeaderObjects => {
  const header: { name: string; integer?: boolean; description: { en: string } } = HEADERS[key];
  return {
    [header.name]: {
      description: `${header.description.en}${extra}`,
      schema: { type: header.integer ? 'integer' : 'string' },
    },
  };
};

/** The headers of one response: the contract's on every response, then those of its status. */
function responseHeaders(response: ResponseModel, isStatic: boolean, counters: HeaderObjects): HeaderObjects {
  const headers: HeaderObjects = {
    ...headerObject('license', ` Always "${LICENSE}".`),
    ...headerObject('allowOrigin'),
    ...headerObject('exposeHeaders'),
    ...headerObject('link', ` <${LICENSE_URL}>; rel="license".`),
    ...(isStatic ? {} : counters),
  };
  if (response.status === 200)
    Object.assign(headers, headerObject('etag'), headerObject('cacheControl'), headerObject('contentLanguage'));
  if (response.status === 308) Object.assign(headers, headerObject('location'));
  if (response.problem === 'method-not-allowed')
    Object.assign(headers, headerObject('allow', ` ${ALLOWED_METHOD_LIST.join(', ')}.`));
  if (response.problem === 'invalid-credentials') Object.assign(headers, headerObject('wwwAuthenticate'));
  if (response.problem === 'rate-limited')
    Object.assign(headers, headerObject('retryAfter', ` (${BACKSTOP_WINDOW_SECONDS} when the CDN's rule answered).`));
  return headers;
}

function paths(input: OpenApiInput, docs: string): JsonObject {
  const limited = input.rateLimitPerHour > 0;
  // No limit: no policy, no counters, no 401 or 429 anywhere in the document.
  const counters: HeaderObjects = Object.fromEntries(
    (limited ? rateLimitHeaders(input.rateLimitPerHour) : [])
      .filter((h) => h.name !== HEADERS.retryAfter.name)
      .map((h) => [
        h.name,
        {
          description: `${h.description.en} Example: ${h.example}`,
          schema: { type: h.integer ? 'integer' : 'string' },
        },
      ]),
  );
  const responseObject = (response: ResponseModel, isStatic: boolean): JsonObject => {
    const body =
      response.body === 'none'
        ? {}
        : {
            content: {
              [response.problem ? 'application/problem+json' : 'application/json']: {
                schema: { $ref: `#/components/schemas/${response.body}` },
              },
            },
          };
    const suffix = response.problem
      ? ` Problem type: ${docs}#${response.problem} (${PROBLEMS[response.problem].title}).`
      : '';
    return {
      description: response.description.en + suffix,
      headers: responseHeaders(response, isStatic, counters),
      ...body,
    };
  };
  return Object.fromEntries(
    apiOperations(input.vocabularies, input.rateLimitPerHour).map((operation) => [
      operation.path,
      {
        get: {
          operationId: operation.id,
          summary: operation.summary.en,
          description: operation.description.en,
          ...(operation.parameters.length > 0 ? { parameters: operation.parameters.map(parameterObject) } : {}),
          // Static files are never counted: a key changes nothing there.
          ...(limited && operation.static ? { security: [{}] } : {}),
          responses: Object.fromEntries(
            operation.responses.map((r) => [String(r.status), responseObject(r, operation.static === true)]),
          ),
        },
      },
    ]),
  );
}

export function buildOpenApiDocument(input: OpenApiInput): JsonObject {
  const docs = `${input.siteUrl}${DOCS_PATH}`;
  const limited = input.rateLimitPerHour > 0;
  return {
    openapi: '3.1.0',
    info: {
      title: `${input.source} public API`,
      version: input.dataVersion,
      summary: 'Gnostic and esoteric terminology in English and Bulgarian. Read-only, free; no authentication needed.',
      description: `Every response carries the license in ${HEADERS.license.name} and an attribution object; reuse requires a visible credit linking back to ${input.siteUrl}. Errors are RFC 9457 problem documents.${limited ? ` Rate limit: ${input.rateLimitPerHour} requests per hour per client (an IPv4 address or an IPv6 /64; ${rateLimitPolicy(input.rateLimitPerHour)}) on the list and single-term endpoints; higher limits are granted on request, as a key sent in \`Authorization: Bearer\`.` : ''} Documentation: ${docs}`,
      license: { name: LICENSE, identifier: LICENSE_SPDX },
      contact: { name: input.source, url: input.siteUrl },
    },
    servers: [{ url: input.siteUrl }],
    externalDocs: { url: docs },
    // Open to everyone: a granted key is optional (no key: the anonymous limit).
    security: limited ? [{}, { [GRANTED_KEY_SCHEME]: [] }] : [],
    paths: paths(input, docs),
    components: {
      schemas: componentSchemas(),
      ...(limited
        ? {
            securitySchemes: {
              [GRANTED_KEY_SCHEME]: {
                type: 'http',
                scheme: 'bearer',
                description: `Optional. A key the operator granted for a higher hourly limit (ask with a short description of your project and its expected request volume). Requests with it are counted per key, against its own limit. A wrong, expired or revoked key is a 401 (${docs}#invalid-credentials), never the anonymous limit.`,
              },
            },
          }
        : {}),
    },
  };
}
