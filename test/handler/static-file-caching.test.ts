// Caching of static files with a rate limit in force (issue 24): what is counted is per client
// (`private, no-cache`); what is never counted (the dumps, the documentation, the pages) keeps
// the caching the routing table gives it, as on the CDN. Before, every file served by npm start
// was `private, no-cache`, the immutable dumps included.
import { describe, expect, it } from 'vitest';
import { validateCorpus } from '../../scripts/lib/corpus/validate-corpus.ts';
import { createHandler } from '../../src/handler.ts';
import { PER_CLIENT } from '../../src/http.ts';
import { MemoryRateLimitStore } from '../../src/limits/rate-limit.ts';
import { staticHeaders } from '../../src/routes.ts';
import { smallCorpusFiles } from '../helpers/corpus-fixtures.ts';
import { BASE, emitInMemory, siteFrom } from '../helpers/in-memory-site.ts';

const validation = validateCorpus(smallCorpusFiles());
if (!validation.ok) throw new Error('the small fixture corpus must be valid');
const { indexes, site } = siteFrom(await emitInMemory(validation.corpus));

function fileAt(path: string) {
  return { body: new TextEncoder().encode('{}'), headers: staticHeaders(path, 100), etag: '"abc"' };
}

describe('static files with a rate limit in force', () => {
  const handle = createHandler({ indexes, site, rateLimit: new MemoryRateLimitStore(100) });

  it.each([
    ['/dumps/lexicon-0123456789abcdef-all.csv', 'public, max-age=31536000, immutable'],
    ['/dumps/manifest.json', 'public, max-age=300, stale-while-revalidate=86400'],
    ['/api/lexicon/openapi.json', 'public, max-age=300, stale-while-revalidate=86400'],
  ])('%s is not counted and keeps its own caching', async (path, cacheControl) => {
    const response = await handle(new Request(new URL(path, BASE)), { ip: '192.0.2.7' }, fileAt(path));
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe(cacheControl);
    expect(response.headers.get('X-RateLimit-Remaining')).toBeNull();
  });

  it('a term file is counted, so it is per client', async () => {
    const path = '/api/lexicon/en/sophia.json';
    const response = await handle(new Request(new URL(path, BASE)), { ip: '192.0.2.8' }, fileAt(path));
    expect(response.headers.get('Cache-Control')).toBe(PER_CLIENT);
    expect(response.headers.get('X-RateLimit-Remaining')).toBe('99');
  });
});
