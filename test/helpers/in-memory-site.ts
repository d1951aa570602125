// Builds a corpus in memory (no disk) and wraps it in the real handler, so handler and
// oracle tests run the exact code the function runs, on exactly what the build emits.
import { LOCALES, termFilePath, type Locale } from '../../src/contract.ts';
import { createHandler, type ClientInfo } from '../../src/handler.ts';
import { decodeListIndex, type ListIndex } from '../../src/list-index.ts';
import { FixedWindowRateLimiter } from '../../src/rate-limit.ts';
import type { Term } from '../../src/schema.ts';
import { deriveApiRecords } from '../../scripts/lib/derive.ts';
import { emitApiFiles, listIndexPath } from '../../scripts/lib/emit.ts';
import type { Corpus } from '../../scripts/lib/validate-corpus.ts';

export interface InMemorySite {
  handle(request: Request | string, client?: Partial<ClientInfo>): Promise<Response>;
  indexes: Record<Locale, ListIndex>;
  /** Full term records per locale, in list order: the oracle's ground truth. */
  terms: Record<Locale, Term[]>;
  pillars: string[];
  files: Map<string, string | Uint8Array>;
}

export const BASE = 'https://api.test';

export function inMemorySite(
  corpus: Corpus,
  options: { rateLimit?: number; now?: () => number; siteUrl?: string } = {},
): InMemorySite {
  const records = deriveApiRecords(corpus, options.siteUrl ?? corpus.site.siteUrl);
  const files = emitApiFiles(records, 'f'.repeat(64));
  const indexes = Object.fromEntries(
    LOCALES.map((locale) => [locale, decodeListIndex(files.get(listIndexPath(locale)) as Uint8Array)]),
  ) as Record<Locale, ListIndex>;
  const handler = createHandler({
    indexes,
    rateLimiter: options.rateLimit ? new FixedWindowRateLimiter(options.rateLimit, options.now) : undefined,
    async readTermFile(locale, slug) {
      return files.get(termFilePath(locale, slug).slice(1)) as string | undefined;
    },
  });
  return {
    handle: (request, client) =>
      handler(typeof request === 'string' ? new Request(new URL(request, BASE)) : request, { ip: '192.0.2.1', ...client }),
    indexes,
    terms: { en: records.locales.en.terms, bg: records.locales.bg.terms },
    pillars: records.pillars.data.map((p) => p.key),
    files,
  };
}
