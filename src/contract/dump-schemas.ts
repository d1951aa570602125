// The offline dumps' manifest (/dumps/manifest.json) as zod schemas: the build validates the
// manifest it writes with them, and its JSON Schema is published beside the responses'.
import * as z from 'zod';
import { DATA_VERSION_HEX_DIGITS, DATA_VERSION_PATTERN, LICENSE, LOCALES } from './facts.ts';
import { AttributionSchema } from './response-schemas.ts';
import { DUMPS_URL_PATH } from './output-layout.ts';

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
    path: z.string().describe(`Path on the site, from its root (${DUMPS_URL_PATH}/...).`),
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
