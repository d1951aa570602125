// What the documentation page is rendered from: the page (index.ts) and each of its sections
// take it from here, so that the sections do not import the page that imports them.
import type { Locale } from '../../../src/contract/facts.ts';
import type { Manifest, PillarsResponse } from '../../../src/contract/schema.ts';

export interface DocsPageInput {
  manifest: Manifest;
  pillars: PillarsResponse['data'];
  /** Requests per hour per client the API enforces. */
  rateLimitPerHour: number;
  /** A real slug for the runnable examples. */
  exampleSlug: string;
  counts: Record<Locale, number>;
  /** The version of the OpenAPI document, shown next to its link. */
  openapiVersion: string;
}
