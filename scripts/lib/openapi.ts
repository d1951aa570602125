// The OpenAPI 3.1 document and the standalone JSON Schemas, generated from the zod schemas
// the build validates with: the shapes exist once, in src/schema.ts. This file adds only
// what zod cannot know: paths, parameters, statuses and headers.
import { z } from 'zod';
import {
  API_ROOT,
  DOCS_PATH,
  LICENSE,
  LICENSE_URL,
  LIMIT_DEFAULT,
  LIMIT_MAX,
  LIMIT_MIN,
  LIST_PATH,
  LOCALES,
  OFFSET_MAX,
  Q_MAX_CODE_POINTS,
  SLUG_MAX_LENGTH,
  SLUG_PATTERN,
} from '../../src/contract.ts';
import { ALLOWED_METHODS } from '../../src/http.ts';
import { BACKSTOP_WINDOW_SECONDS } from '../../src/rate-limit-backstop.ts';
import {
  ListResponseSchema,
  ManifestSchema,
  PillarsResponseSchema,
  ProblemSchema,
  TermResponseSchema,
  TermSchema,
} from '../../src/schema.ts';

export interface OpenApiInput {
  siteUrl: string;
  source: string;
  pillars: string[];
  rateLimitPerHour: number;
  dataVersion: string;
}

type JsonObject = Record<string, unknown>;

/** Component schemas for every zod schema with an id, referencing each other by $ref. */
function componentSchemas(): Record<string, JsonObject> {
  const { schemas } = z.toJSONSchema(z.globalRegistry, {
    target: 'draft-2020-12',
    uri: (id) => `#/components/schemas/${id}`,
  });
  return Object.fromEntries(
    Object.entries(schemas).map(([id, schema]) => {
      const { $schema, $id, ...rest } = schema as JsonObject;
      void $schema, $id;
      return [id, rest];
    }),
  );
}

/** A standalone JSON Schema document (draft 2020-12) for one response shape. */
export function jsonSchemaDocument(schema: z.ZodType, id: string): JsonObject {
  return { ...(z.toJSONSchema(schema, { target: 'draft-2020-12' }) as JsonObject), $id: id };
}

export const SCHEMA_FILES = {
  'term.json': TermSchema,
  'term-response.json': TermResponseSchema,
  'list-response.json': ListResponseSchema,
  'pillars-response.json': PillarsResponseSchema,
  'problem.json': ProblemSchema,
  'manifest.json': ManifestSchema,
} as const;

export function buildOpenApiDocument(input: OpenApiInput): JsonObject {
  const docs = `${input.siteUrl}${DOCS_PATH}`;
  const header = (description: string, schema: JsonObject = { type: 'string' }) => ({ description, schema });
  const commonHeaders = {
    'X-License': header(`Always "${LICENSE}".`),
    'Access-Control-Allow-Origin': header('Always "*".'),
    'Access-Control-Expose-Headers': header('Every non-safelisted header the API sends.'),
    Link: header(`<${LICENSE_URL}>; rel="license"`),
    'RateLimit-Policy': header(`"hourly";q=${input.rateLimitPerHour};w=3600 (draft-ietf-httpapi-ratelimit-headers).`),
  };
  const counterHeaders = {
    RateLimit: header('"hourly";r=<remaining>;t=<seconds until the window resets>. Sent where the function counted the request.'),
    'X-RateLimit-Limit': header('Requests allowed per hour.', { type: 'integer' }),
    'X-RateLimit-Remaining': header('Requests left in the current window.', { type: 'integer' }),
    'X-RateLimit-Reset': header('When the window resets, in epoch seconds.', { type: 'integer' }),
  };
  const ok = (description: string, ref: string, extra: JsonObject = {}) => ({
    description,
    headers: { ...commonHeaders, ...counterHeaders, ETag: header('Entity tag; send it back in If-None-Match.'), 'Cache-Control': header('Caching policy.'), ...extra },
    content: { 'application/json': { schema: { $ref: `#/components/schemas/${ref}` } } },
  });
  const problem = (description: string, extra: JsonObject = {}) => ({
    description,
    headers: { ...commonHeaders, ...counterHeaders, ...extra },
    content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
  });
  const notModified = { description: 'Not modified: the If-None-Match tag still matches. No body.', headers: commonHeaders };
  const tooMany = problem(`Rate limit exceeded: ${input.rateLimitPerHour} requests per hour per IP address.`, {
    'Retry-After': header(`Seconds to wait (at most 3600; ${BACKSTOP_WINDOW_SECONDS} when the CDN's rule answered).`, { type: 'integer' }),
  });
  const localeParameter = {
    name: 'locale',
    in: 'query',
    required: false,
    description:
      'Response language. Another letter case or a region subtag (BG, en-US, bg_BG) is read as its language, with a warning in meta.warnings on the list; anything else is a 400.',
    schema: { type: 'string', enum: [...LOCALES], default: 'en' },
  };

  return {
    openapi: '3.1.0',
    info: {
      title: `${input.source} public API`,
      version: input.dataVersion,
      summary: 'Gnostic and esoteric terminology in English and Bulgarian. Read-only, free, no authentication.',
      description: `Every response carries the license in X-License and an attribution object; reuse requires a visible credit linking back to ${input.siteUrl}. Errors are RFC 9457 problem documents. Documentation: ${docs}`,
      license: { name: LICENSE, identifier: 'CC-BY-SA-4.0' },
    },
    servers: [{ url: input.siteUrl }],
    externalDocs: { url: docs },
    paths: {
      [LIST_PATH]: {
        get: {
          operationId: 'listTerms',
          summary: 'List terms',
          description:
            'A page of terms in the collation order of the locale (then slug), filtered by pillar and a case- and accent-insensitive search on the term name. Out-of-range limit and offset are clamped and explained in meta.warnings; unknown parameters are ignored with a warning; a parameter given twice is a 400. /api/lexicon/public/ behaves the same.',
          parameters: [
            localeParameter,
            {
              name: 'pillar',
              in: 'query',
              required: false,
              description: 'Only terms of this pillar (any letter case). Empty means no filter. See /api/lexicon/pillars.json.',
              schema: { type: 'string', enum: input.pillars },
            },
            {
              name: 'q',
              in: 'query',
              required: false,
              description: `Search in the term name of the served locale: trimmed, case-insensitive, accent-insensitive substring match. At most ${Q_MAX_CODE_POINTS} characters after trimming; empty means no filter.`,
              schema: { type: 'string', maxLength: Q_MAX_CODE_POINTS },
            },
            {
              name: 'limit',
              in: 'query',
              required: false,
              description: `Page size. An integer outside ${LIMIT_MIN}-${LIMIT_MAX} is clamped (meta.limit shows the applied value).`,
              schema: { type: 'integer', minimum: LIMIT_MIN, maximum: LIMIT_MAX, default: LIMIT_DEFAULT },
            },
            {
              name: 'offset',
              in: 'query',
              required: false,
              description: `Items to skip. A negative integer is read as 0, one above ${OFFSET_MAX} as ${OFFSET_MAX}. At or past the end: an empty page.`,
              schema: { type: 'integer', minimum: 0, maximum: OFFSET_MAX, default: 0 },
            },
          ],
          responses: {
            200: ok('A page of terms (list fields only) with pagination metadata.', 'ListResponse'),
            304: notModified,
            400: problem('Invalid parameter: errors[] names each one (for pillar and locale with the allowed values).'),
            405: problem(`Method not allowed; Allow: ${ALLOWED_METHODS}.`, { Allow: header(ALLOWED_METHODS) }),
            429: tooMany,
          },
        },
      },
      [`${LIST_PATH}/{slug}`]: {
        get: {
          operationId: 'getTerm',
          summary: 'Get one term',
          description: 'One term with every field, including fullContent (Markdown) and the blog posts that reference it.',
          parameters: [
            {
              name: 'slug',
              in: 'path',
              required: true,
              description: 'The term slug, identical in both locales.',
              schema: { type: 'string', maxLength: SLUG_MAX_LENGTH, pattern: SLUG_PATTERN.source },
            },
            localeParameter,
          ],
          responses: {
            200: ok('The term.', 'TermResponse'),
            304: notModified,
            400: problem('Invalid locale.'),
            404: problem('No term has this slug (or the path is not a slug).'),
            405: problem(`Method not allowed; Allow: ${ALLOWED_METHODS}.`, { Allow: header(ALLOWED_METHODS) }),
            429: tooMany,
          },
        },
      },
      [`${API_ROOT}/pillars.json`]: {
        get: {
          operationId: 'listPillars',
          summary: 'The pillar vocabulary',
          description: 'Pillar keys with labels in both locales and term counts. A static file.',
          responses: { 200: ok('The pillars.', 'PillarsResponse') },
        },
      },
      '/dumps/manifest.json': {
        get: {
          operationId: 'getDumpManifest',
          summary: 'The offline dumps',
          description: 'Data version, build time, counts, and every dump file with its size and SHA-256.',
          responses: { 200: ok('The manifest.', 'Manifest') },
        },
      },
    },
    components: { schemas: componentSchemas() },
  };
}
