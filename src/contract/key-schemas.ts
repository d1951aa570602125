// The keys the corpus and the API's responses share, as zod schemas: a term's slug and a
// pillar's key. A module of their own because the corpus's schema (scripts/lib/corpus/corpus-schema.ts)
// needs only these: importing them from response-schemas.ts made every check thread, and the
// build's start-up, construct every response schema (bench/README.md, "Start-up, eleventh session").
import * as z from 'zod';
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from './facts.ts';

export const SlugSchema = z
  .string()
  .max(SLUG_MAX_LENGTH, { error: `must be at most ${SLUG_MAX_LENGTH} characters` })
  .regex(SLUG_PATTERN, {
    error: 'must be lowercase ASCII kebab case (a-z, 0-9 and single hyphens, like "prima-materia")',
  })
  .describe('URL-safe identifier, lowercase ASCII kebab case; identical in both locales.');

export const PillarKeySchema = z
  .string()
  .regex(/^[a-z][a-z0-9-]*$/, { error: 'must be a lowercase key like "cosmology"' });
