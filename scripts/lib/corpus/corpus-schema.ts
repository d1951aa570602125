// The corpus files as zod schemas: site.yaml, terms/<slug>/term.yaml, terms/<slug>/<locale>.md
// frontmatter and posts/<slug>.yaml. The build validates every file with these (file, line,
// field in each message); what the API serves is in src/contract/response-schemas.ts.
import * as z from 'zod';
import { PillarKeySchema, SlugSchema } from '../../../src/contract/key-schemas.ts';

const Text = z.string().trim().min(1, { error: 'must not be empty' });
// Where null is allowed, the messages say so: "is required" alone would hide it.
const NullableText = z.union([Text, z.null()], {
  error: (issue) =>
    issue.input === undefined
      ? 'is required (a string, or null when there is none)'
      : `must be a string or null, not ${Array.isArray(issue.input) ? 'array' : typeof issue.input}`,
});

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
