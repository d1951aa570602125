// Builds a corpus in memory (no disk) and wraps it in the real handler, so handler and
// oracle tests run the exact code the function runs, on exactly what the build emits.
import { DATA_VERSION_HEX_DIGITS, LOCALES, type Locale } from '../../src/contract/facts.ts';
import { createHandler, type ClientInfo, type HandlerDeps } from '../../src/handler.ts';
import { decodeListIndex, type ListIndex } from '../../src/list/list-index/decode.ts';
import { MemoryRateLimitStore, type RateLimitStore } from '../../src/limits/rate-limit.ts';
import type { Term } from '../../src/contract/response-schemas.ts';
import { deriveApiRecords } from '../../scripts/lib/publish/derive.ts';
import { emitSite } from '../../scripts/lib/publish/emit.ts';
import { listIndexPath, SITE_FACTS_PATH } from '../../src/contract/output-layout.ts';
import { decodeSiteFacts, type SiteFacts } from '../../src/site-facts.ts';
import { MemorySink } from '../../scripts/lib/publish/write-output.ts';
import type { Corpus } from '../../scripts/lib/corpus/validate-corpus.ts';

export interface InMemorySite {
  handle(request: Request | string, client?: Partial<ClientInfo>): Promise<Response>;
  indexes: Record<Locale, ListIndex>;
  site: SiteFacts;
  /** Full term records per locale, in list order: the oracle's ground truth. */
  terms: Record<Locale, Term[]>;
  pillars: string[];
  files: Map<string, string | Uint8Array>;
}

export const BASE = 'https://api.test';

export interface EmittedSite {
  records: ReturnType<typeof deriveApiRecords>;
  files: Map<string, string | Uint8Array>;
}

/** Emits every output of a corpus into memory (once per test file). */
export async function emitInMemory(corpus: Corpus, siteUrl = corpus.site.siteUrl): Promise<EmittedSite> {
  const records = deriveApiRecords(corpus, siteUrl);
  const sink = new MemorySink();
  await emitSite(
    records,
    {
      source: corpus.site.source,
      dataVersion: 'f'.repeat(DATA_VERSION_HEX_DIGITS),
      builtAt: new Date(0),
      rateLimitPerHour: 100,
    },
    sink,
  );
  return { records, files: sink.files };
}

/** A handler over emitted outputs, with its own rate limiter. */
export interface SiteOptions {
  rateLimit?: number;
  now?: () => number;
  /** A store of the test's own (overrides rateLimit). */
  store?: RateLimitStore;
  onError?: HandlerDeps['onError'];
  /** As the Netlify function (true, the default) or as npm start (false). */
  cdnBackstop?: boolean;
}

export function siteFrom({ records, files }: EmittedSite, options: SiteOptions = {}): InMemorySite {
  const indexes = Object.fromEntries(
    LOCALES.map((locale) => [locale, decodeListIndex(files.get(listIndexPath(locale)) as Uint8Array)]),
  ) as Record<Locale, ListIndex>;
  const site = decodeSiteFacts(String(files.get(SITE_FACTS_PATH)), SITE_FACTS_PATH);
  const handler = createHandler({
    indexes,
    site,
    rateLimit:
      options.store ?? (options.rateLimit ? new MemoryRateLimitStore(options.rateLimit, options.now) : undefined),
    onError: options.onError,
    cdnBackstop: options.cdnBackstop ?? true,
  });
  return {
    handle: (request, client) =>
      handler(typeof request === 'string' ? new Request(new URL(request, BASE)) : request, {
        ip: '192.0.2.1',
        ...client,
      }),
    indexes,
    site,
    terms: { en: records.locales.en.terms, bg: records.locales.bg.terms },
    pillars: records.pillars.data.map((p) => p.key),
    files,
  };
}

export async function inMemorySite(corpus: Corpus, options: SiteOptions = {}): Promise<InMemorySite> {
  return siteFrom(await emitInMemory(corpus), options);
}
