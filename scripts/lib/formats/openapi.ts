// The OpenAPI 3.1 document and the standalone JSON Schemas: shapes from the zod schemas the
// build validates with (src/contract/schema.ts), operations, parameters, statuses and descriptions from
// the contract model (src/contract/api-model.ts). Nothing here states a fact of its own.
import { z } from 'zod';
import {
  apiOperations,
  rateLimitHeaders,
  type BodyModel,
  type ParameterModel,
  type ResponseModel,
} from '../../../src/contract/api-model.ts';
import { DOCS_PATH, LICENSE, LICENSE_SPDX, LICENSE_URL } from '../../../src/contract/facts.ts';
import { ALLOWED_METHODS, rateLimitPolicy } from '../../../src/http.ts';
import { PROBLEM_KINDS } from '../../../src/contract/problems.ts';
import { BACKSTOP_WINDOW_SECONDS } from '../../../src/limits/backstop.ts';
import {
  ListResponseSchema,
  ManifestSchema,
  PillarsResponseSchema,
  ProblemSchema,
  TermResponseSchema,
  TermSchema,
} from '../../../src/contract/schema.ts';

export interface OpenApiInput {
  siteUrl: string;
  source: string;
  pillars: string[];
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

export const SCHEMA_FILES = {
  'term.json': TermSchema,
  'term-response.json': TermResponseSchema,
  'list-response.json': ListResponseSchema,
  'pillars-response.json': PillarsResponseSchema,
  'problem.json': ProblemSchema,
  'manifest.json': ManifestSchema,
} as const;

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

const MEDIA_TYPE: Record<Exclude<BodyModel, 'none'>, string> = {
  ListResponse: 'application/json',
  TermResponse: 'application/json',
  PillarsResponse: 'application/json',
  Manifest: 'application/json',
  Problem: 'application/problem+json',
};

/** The name of the optional bearer scheme of granted keys. */
const GRANTED_KEY_SCHEME = 'grantedKey';

export function buildOpenApiDocument(input: OpenApiInput): JsonObject {
  const docs = `${input.siteUrl}${DOCS_PATH}`;
  const header = (description: string, schema: JsonObject = { type: 'string' }) => ({ description, schema });
  const commonHeaders: JsonObject = {
    'X-License': header(`Always "${LICENSE}".`),
    'Access-Control-Allow-Origin': header('Always "*".'),
    'Access-Control-Expose-Headers': header('Every non-safelisted header the API sends.'),
    Link: header(`<${LICENSE_URL}>; rel="license"; on lists also the paging links (first, prev, next, last).`),
  };
  const limited = input.rateLimitPerHour > 0;
  // No limit: no policy, no counters, no 401 or 429 anywhere in the document.
  const counters = limited ? rateLimitHeaders(input.rateLimitPerHour) : [];
  const counterHeaders: JsonObject = Object.fromEntries(
    counters
      .filter((h) => h.name !== 'Retry-After')
      .map((h) => [
        h.name,
        header(
          `${h.description.en} Example: ${h.example}`,
          h.name.startsWith('X-') ? { type: 'integer' } : { type: 'string' },
        ),
      ]),
  );
  const retryAfter = rateLimitHeaders(input.rateLimitPerHour).find((h) => h.name === 'Retry-After')!;

  const responseObject = (response: ResponseModel, isStatic: boolean): JsonObject => {
    const headers: JsonObject = { ...commonHeaders, ...(isStatic ? {} : counterHeaders) };
    if (response.status === 200) {
      headers.ETag = header('Entity tag; send it back in If-None-Match.');
      headers['Cache-Control'] = header('Caching policy.');
      headers['Content-Language'] = header('The language of the response (en or bg), where it is about one.');
    }
    if (response.status === 308) headers.Location = header('The canonical URL.');
    if (response.problem === 'method-not-allowed') headers.Allow = header(ALLOWED_METHODS);
    if (response.problem === 'invalid-credentials')
      headers['WWW-Authenticate'] = header('Bearer error="invalid_token"');
    if (response.problem === 'rate-limited') {
      headers['Retry-After'] = header(
        `${retryAfter.description.en} (${BACKSTOP_WINDOW_SECONDS} when the CDN's rule answered).`,
        { type: 'integer' },
      );
    }
    const body =
      response.body === 'none'
        ? {}
        : { content: { [MEDIA_TYPE[response.body]]: { schema: { $ref: `#/components/schemas/${response.body}` } } } };
    const suffix = response.problem
      ? ` Problem type: ${docs}#${response.problem} (${PROBLEM_KINDS[response.problem].title}).`
      : '';
    return { description: response.description.en + suffix, headers, ...body };
  };

  const paths = Object.fromEntries(
    apiOperations(input.pillars, input.rateLimitPerHour).map((operation) => [
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

  return {
    openapi: '3.1.0',
    info: {
      title: `${input.source} public API`,
      version: input.dataVersion,
      summary: 'Gnostic and esoteric terminology in English and Bulgarian. Read-only, free; no authentication needed.',
      description: `Every response carries the license in X-License and an attribution object; reuse requires a visible credit linking back to ${input.siteUrl}. Errors are RFC 9457 problem documents.${limited ? ` Rate limit: ${input.rateLimitPerHour} requests per hour per client (an IPv4 address or an IPv6 /64; ${rateLimitPolicy(input.rateLimitPerHour)}) on the list and single-term endpoints; higher limits are granted on request, as a key sent in \`Authorization: Bearer\`.` : ''} Documentation: ${docs}`,
      license: { name: LICENSE, identifier: LICENSE_SPDX },
      contact: { name: input.source, url: input.siteUrl },
    },
    servers: [{ url: input.siteUrl }],
    externalDocs: { url: docs },
    // Open to everyone: a granted key is optional (no key: the anonymous limit).
    security: limited ? [{}, { [GRANTED_KEY_SCHEME]: [] }] : [],
    paths,
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
