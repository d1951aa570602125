// The one source of truth for shapes: corpus files, API responses and the JSON Schemas /
// OpenAPI document generated from them. The build validates with these; tests validate
// every response against them. The function does not import this module (cold start).
import { z } from 'zod';
import {
  DATA_VERSION_HEX_DIGITS,
  DATA_VERSION_PATTERN,
  LIMIT_MAX,
  LIMIT_MIN,
  LICENSE,
  LOCALES,
  SLUG_MAX_LENGTH,
  SLUG_PATTERN,
} from './facts.ts';

// ---------------------------------------------------------------- shared pieces

export const LocaleSchema = z.enum(LOCALES).describe('Response language: en (English) or bg (Bulgarian).');

export const SlugSchema = z
  .string()
  .max(SLUG_MAX_LENGTH, { error: `must be at most ${SLUG_MAX_LENGTH} characters` })
  .regex(SLUG_PATTERN, {
    error: 'must be lowercase ASCII kebab case (a-z, 0-9 and single hyphens, like "prima-materia")',
  })
  .describe('URL-safe identifier, lowercase ASCII kebab case; identical in both locales.');

const Text = z.string().trim().min(1, { error: 'must not be empty' });
// Where null is allowed, the messages say so: "is required" alone would hide it.
const NullableText = z.union([Text, z.null()], {
  error: (issue) =>
    issue.input === undefined
      ? 'is required (a string, or null when there is none)'
      : `must be a string or null, not ${Array.isArray(issue.input) ? 'array' : typeof issue.input}`,
});

// ---------------------------------------------------------------- corpus files

export const PillarKeySchema = z
  .string()
  .regex(/^[a-z][a-z0-9-]*$/, { error: 'must be a lowercase key like "cosmology"' });

export const SiteConfigSchema = z.strictObject({
  source: Text,
  siteUrl: z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' }),
  paths: z.strictObject({
    term: Text.refine((p) => p.startsWith('/') && p.includes('{slug}'), {
      error: 'must start with "/" and contain {slug}',
    }),
    // A path: this deployment renders the post pages. An absolute URL: a blog elsewhere publishes them.
    post: Text.refine((p) => (p.startsWith('/') || /^https?:\/\/[^/\s]+\//.test(p)) && p.includes('{slug}'), {
      error:
        'must start with "/" (pages of this site) or be an absolute http(s) URL (a blog elsewhere), and contain {slug}',
    }),
  }),
  /** here (default): this deployment serves the pages at siteUrl; elsewhere: another site does, none are built. */
  pages: z.enum(['here', 'elsewhere'], { error: 'must be "here" or "elsewhere"' }).optional(),
  /** Display names of the traditions on the pages of a locale (the API's value is the name itself). */
  traditionLabels: z.strictObject({ bg: z.record(z.string(), Text) }).optional(),
  attribution: Text,
  bodySections: z.strictObject({ en: z.array(Text).min(1), bg: z.array(Text).min(1) }),
  /** The heading of the section the build appends to fullContent from term.yaml `references`. */
  sourcesHeading: z.strictObject({ en: Text, bg: Text }),
  pillars: z.array(z.strictObject({ key: PillarKeySchema, label: z.strictObject({ en: Text, bg: Text }) })).min(1),
  traditions: z.array(Text).min(1),
});
export type SiteConfig = z.infer<typeof SiteConfigSchema>;

export const REFERENCE_KINDS = ['primary', 'scholarly'] as const;
export const REFERENCES_MIN = 2;
export const REFERENCES_MAX = 5;

/** One work an entry rests on: a primary source (in a named edition or translation) or a
 * modern scholarly work. Structured so dumps can carry it and the build can render it. */
export const ReferenceSchema = z.strictObject({
  kind: z
    .enum(REFERENCE_KINDS)
    .describe('primary: an ancient or early source in a named edition; scholarly: modern scholarship.'),
  author: Text.describe(
    'Author or editor as printed, family name first ("Scholem, Gershom"; "Robinson, James M. (ed.)").',
  ),
  title: Text.describe('Title of the book or article, in its own language.'),
  year: z.int({ error: 'must be a whole year like 1977' }).min(1450).max(2100).describe('Year of the edition cited.'),
  locator: Text.optional().describe(
    'Where in the work: a codex and tractate (NHC II,1), a paragraph (CW 9/i §88), a chapter.',
  ),
});
export type Reference = z.infer<typeof ReferenceSchema>;

/** A BCP 47 language tag for the original-script form (grc, he, syc, ar, la, cop, de-x-early). */
export const LanguageTagSchema = z
  .string()
  .regex(/^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/, { error: 'must be a BCP 47 language tag like "grc", "he" or "la"' });

/** At most this many broader terms per term: a thesaurus, not a web. */
export const BROADER_MAX = 3;

/** terms/<slug>/term.yaml: the language-neutral facts of a term. */
export const TermFactsSchema = z.strictObject({
  slug: SlugSchema,
  pillar: Text,
  tradition: Text,
  termOriginal: NullableText,
  termOriginalLang: LanguageTagSchema.nullable().optional(),
  /** The terms this one is a kind, part or instance of (SKOS broader); their narrower terms are derived. */
  broader: z
    .array(SlugSchema)
    .min(1, { error: 'must list at least one term, or be left out' })
    .max(BROADER_MAX, { error: `must list at most ${BROADER_MAX} terms` })
    .optional(),
  relatedTerms: z.array(SlugSchema),
  references: z
    .array(ReferenceSchema)
    .min(REFERENCES_MIN, { error: `must list at least ${REFERENCES_MIN} works` })
    .max(REFERENCES_MAX, { error: `must list at most ${REFERENCES_MAX} works` })
    .optional(),
});
export type TermFacts = z.infer<typeof TermFactsSchema>;

export const DEFINITION_MAX_LENGTH = 600;
export const DEFINITION_MAX_SENTENCES = 2;

/** terms/<slug>/<locale>.md frontmatter: what is translated. */
export const TermTextSchema = z.strictObject({
  // The search index separates names with control characters, and no name needs one.
  term: Text.regex(/^[^\p{Cc}]+$/u, { error: 'must not contain control characters (tabs, newlines)' }).regex(
    /[\p{L}\p{N}]/u,
    { error: 'must contain a letter or a digit (combining marks alone name nothing)' },
  ),
  definition: Text.max(DEFINITION_MAX_LENGTH, {
    error: (issue) =>
      `must be at most ${DEFINITION_MAX_LENGTH} characters (it has ${String(issue.input).length}); move detail into the body`,
  }),
  etymology: NullableText,
  pronunciation: NullableText,
  // Other spellings searched like the name (Ialdabaoth for Yaldabaoth); never shown as the name.
  aliases: z
    .array(Text.regex(/^[^\p{Cc}]+$/u, { error: 'must not contain control characters (tabs, newlines)' }))
    .max(10)
    .optional(),
});
export type TermText = z.infer<typeof TermTextSchema>;

/** posts/<slug>.yaml */
export const PostSchema = z.strictObject({
  slug: SlugSchema,
  date: z.iso.date({ error: 'must be a date written YYYY-MM-DD' }),
  title: z.strictObject({ en: Text, bg: Text }),
  terms: z.array(SlugSchema).min(1).max(20),
});
export type Post = z.infer<typeof PostSchema>;

// ---------------------------------------------------------------- API responses

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
    pillar: PillarKeySchema.describe('Knowledge pillar key (see /api/lexicon/pillars.json).'),
    tradition: z.string().describe('Lineage or tradition of origin.'),
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

export const ListMetaSchema = z
  .strictObject({
    total: z.int().min(0).describe('Count of terms matching the filters, before pagination.'),
    limit: z.int().min(LIMIT_MIN).max(LIMIT_MAX).describe('Page size applied, after clamping.'),
    offset: z.int().min(0).describe('Offset applied, after clamping.'),
    locale: LocaleSchema,
    hasMore: z.boolean().describe('Exactly offset + limit < total.'),
    warnings: z
      .array(z.string())
      .min(1)
      .optional()
      .describe('Present only when the service adjusted the input; one string per adjustment.'),
  })
  .meta({ id: 'ListMeta' });

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

export const PillarsResponseSchema = z
  .strictObject({
    data: z.array(
      z.strictObject({
        key: PillarKeySchema,
        label: z.strictObject({ en: z.string(), bg: z.string() }),
        count: z.int().min(0).describe('Number of terms in the pillar (the same in both locales).'),
      }),
    ),
    attribution: AttributionSchema,
  })
  .meta({ id: 'PillarsResponse' });
export type PillarsResponse = z.infer<typeof PillarsResponseSchema>;

export const ProblemSchema = z
  .strictObject({
    type: z
      .url()
      .describe('Documentation URL ending in #invalid-parameter, #not-found, #method-not-allowed or #rate-limited.'),
    title: z.string(),
    status: z.int().min(400).max(599),
    detail: z.string(),
    errors: z
      .array(
        z.strictObject({
          parameter: z.string(),
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

// ---------------------------------------------------------------- offline dumps

/** Formats of the offline dumps; the terminology formats (SKOS, TBX, schema.org) hold both locales. */
export const DUMP_FORMATS = [
  'json',
  'ndjson',
  'csv',
  'sqlite',
  'skos-turtle',
  'skos-jsonld',
  'tbx',
  'schema-org-jsonld',
] as const;

export const DumpFileSchema = z
  .strictObject({
    name: z.string().describe('File name; carries the data version, so a URL never changes content.'),
    path: z.string().describe('Path on the site, from its root (/dumps/...).'),
    format: z.enum(DUMP_FORMATS),
    locale: z.enum([...LOCALES, 'all']).describe('"all": both locales in one file.'),
    bytes: z.int().min(0),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
  })
  .meta({ id: 'DumpFile' });
export type DumpFile = z.infer<typeof DumpFileSchema>;

export const DumpVersionSchema = z
  .strictObject({
    dataVersion: z.string().regex(DATA_VERSION_PATTERN),
    builtAt: z.iso.datetime().describe('When this version was built.'),
    status: z
      .enum(['current', 'superseded'])
      .describe('current: the latest data; superseded: an earlier version, still published unchanged.'),
    supersededAt: z.iso.datetime().optional().describe('When a newer version replaced it.'),
    files: z.array(DumpFileSchema),
  })
  .meta({ id: 'DumpVersion' });
export type DumpVersion = z.infer<typeof DumpVersionSchema>;

export const ManifestSchema = z
  .strictObject({
    dataVersion: z
      .string()
      .regex(DATA_VERSION_PATTERN)
      .describe(`The first ${DATA_VERSION_HEX_DIGITS} hex digits of a SHA-256 over the corpus and site URL.`),
    builtAt: z.iso.datetime().describe('Build time (SOURCE_DATE_EPOCH when set, for reproducible builds).'),
    license: z.literal(LICENSE),
    licenseUrl: z.url(),
    attribution: AttributionSchema,
    counts: z.strictObject({ en: z.int(), bg: z.int(), posts: z.int(), pillars: z.int() }),
    files: z.array(DumpFileSchema).describe("The current version's files."),
    versions: z
      .array(DumpVersionSchema)
      .min(1)
      .describe(
        'Every version still published, newest first: the current one, then superseded ones (the last 3, and any superseded less than 90 days ago), byte-identical to when they were current.',
      ),
  })
  .meta({ id: 'Manifest' });
export type Manifest = z.infer<typeof ManifestSchema>;
