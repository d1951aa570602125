// The shapes of the API's responses as zod schemas: the build validates what it writes with
// them, the tests validate every response, and the JSON Schemas and the OpenAPI components are
// generated from them (scripts/lib/openapi.ts). Bounds, problem kinds and parameter names come
// from the declarations in this folder. The function imports types only (cold start).
import * as z from 'zod';
import { LICENSE, LOCALES } from './facts.ts';
import { PillarKeySchema, SlugSchema } from './key-schemas.ts';
import { LIST_PARAMETERS } from './list-parameters.ts';
import { PROBLEM_KIND_NAMES } from './problems.ts';
import { VOCABULARIES } from './vocabularies.ts';

export const LocaleSchema = z.enum(LOCALES).describe('Response language: en (English) or bg (Bulgarian).');

export const AttributionSchema = z
  .strictObject({
    source: z.string().describe('Human-readable name of the data source.'),
    url: z.url().describe('URL to link back to when attributing the data.'),
    license: z.literal(LICENSE).describe('License identifier; always "CC BY-SA 4.0".'),
    required: z.string().describe('The exact attribution text to display alongside reused content.'),
  })
  .meta({ id: 'Attribution' });

export const RelatedPostSchema = z
  .strictObject({
    title: z.string(),
    slug: SlugSchema,
    url: z.url().describe('URL of the post on the public site, in the requested locale.'),
  })
  .meta({ id: 'RelatedPost' });

/** The fields of a term that both endpoints return, in the order the spec lists them. */
export const TermListItemSchema = z
  .strictObject({
    term: z.string().describe('Canonical name of the term in the requested locale.'),
    slug: SlugSchema,
    definition: z.string().describe('Short definition of one or two sentences.'),
    pillar: PillarKeySchema.describe(`Knowledge pillar key (see ${VOCABULARIES.pillar.path}).`),
    tradition: z.string().describe(`Lineage or tradition of origin (see ${VOCABULARIES.tradition.path}).`),
    etymology: z.string().nullable().describe('Origin of the word; null when unknown.'),
    relatedTerms: z.array(SlugSchema).describe('Slugs of other terms cross-linked to this one.'),
    url: z.url().describe("Canonical URL of the term's page on the public site."),
  })
  .meta({ id: 'TermListItem' });
export type TermListItem = z.infer<typeof TermListItemSchema>;

export const TermSchema = TermListItemSchema.extend({
  fullContent: z.string().describe('Long-form body in Markdown.'),
  pronunciation: z.string().nullable().describe('Rough phonetic guide; may be null.'),
  termOriginal: z.string().nullable().describe('Original-script form; may be null.'),
  relatedPosts: z.array(RelatedPostSchema).describe('Blog posts that reference the term, newest first.'),
}).meta({ id: 'Term' });
export type Term = z.infer<typeof TermSchema>;

const { limit, offset } = LIST_PARAMETERS;

export const ListMetaSchema = z
  .strictObject({
    total: z.int().min(0).describe('Count of terms matching the filters, before pagination.'),
    limit: z.int().min(limit.minimum).max(limit.maximum).describe('Page size applied, after clamping.'),
    offset: z.int().min(offset.minimum).max(offset.maximum).describe('Offset applied, after clamping.'),
    locale: LocaleSchema,
    hasMore: z.boolean().describe('Exactly offset + limit < total.'),
    warnings: z
      .array(z.string())
      .min(1)
      .optional()
      .describe('Present only when the service adjusted the input; one string per adjustment.'),
  })
  .meta({ id: 'ListMeta' });
/** The list's `meta`, as the function writes it (a type only: the function never loads zod). */
export type ListMeta = z.infer<typeof ListMetaSchema>;

export const ListResponseSchema = z
  .strictObject({
    data: z.array(TermListItemSchema),
    meta: ListMetaSchema,
    attribution: AttributionSchema,
  })
  .meta({ id: 'ListResponse' });
export type ListResponse = z.infer<typeof ListResponseSchema>;

export const TermResponseSchema = z
  .strictObject({ data: TermSchema, attribution: AttributionSchema })
  .meta({ id: 'TermResponse' });
export type TermResponse = z.infer<typeof TermResponseSchema>;

/** A vocabulary file: each value with its labels in both languages and how many terms have it. */
const vocabularyResponse = (id: string, key: z.ZodString) =>
  z
    .strictObject({
      data: z.array(
        z.strictObject({
          key: key.describe("The value, exactly as a term's field and the list's filter parameter use it."),
          label: z.strictObject({ en: z.string(), bg: z.string() }),
          count: z.int().min(0).describe('Number of terms with this value (the same in both locales).'),
        }),
      ),
      attribution: AttributionSchema,
    })
    .meta({ id });

export const PillarsResponseSchema = vocabularyResponse(VOCABULARIES.pillar.schemaId, PillarKeySchema);
export const TraditionsResponseSchema = vocabularyResponse(VOCABULARIES.tradition.schemaId, z.string().min(1));
/** pillars.json, traditions.json: one shape. */
export type VocabularyResponse = z.infer<typeof PillarsResponseSchema>;
export type PillarsResponse = VocabularyResponse;

export const ProblemSchema = z
  .strictObject({
    type: z
      .url()
      .describe(`Documentation URL ending in one of ${PROBLEM_KIND_NAMES.map((kind) => `#${kind}`).join(', ')}.`),
    title: z.string(),
    status: z.int().min(400).max(599),
    detail: z.string(),
    errors: z
      .array(
        z.strictObject({
          parameter: z.string().describe(`The parameter: one of ${Object.keys(LIST_PARAMETERS).join(', ')}.`),
          detail: z.string(),
          allowed: z.array(z.string()).optional(),
        }),
      )
      .min(1)
      .optional()
      .describe('One entry per invalid parameter (400 only).'),
    attribution: AttributionSchema,
  })
  .meta({ id: 'Problem' });
export type Problem = z.infer<typeof ProblemSchema>;
