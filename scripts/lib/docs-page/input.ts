// What the documentation page is rendered from: the page (index.ts) and each of its sections
// take it from here, so that the sections do not import the page that imports them.
import type { Locale } from '../../../src/contract/facts.ts';
import type { Manifest } from '../../../src/contract/dump-schemas.ts';
import type { VocabularyEntries } from '../publish/vocabulary-files.ts';

export interface DocsPageInput {
  manifest: Manifest;
  /** Every vocabulary's values, with labels and term counts (pillars.json, traditions.json). */
  vocabularies: VocabularyEntries;
  /** Requests per hour per client the API enforces. */
  rateLimitPerHour: number;
  /** A real slug for the runnable examples. */
  exampleSlug: string;
  counts: Record<Locale, number>;
  /** The version of the OpenAPI document, shown next to its link. */
  openapiVersion: string;
}
