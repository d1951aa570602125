// What the documents say about the rate limit: with RATE_LIMIT_PER_HOUR=0 nothing advertises a
// policy (no RateLimit headers, no 429, no "0 requests per hour"); with a limit, OpenAPI describes
// the optional key (securitySchemes) and its 401, and the docs page how to ask for one.
import { describe, expect, it } from 'vitest';
import { deriveApiRecords } from '../../scripts/lib/publish/derive.ts';
import { emitSite } from '../../scripts/lib/publish/emit.ts';
import { validateCorpus } from '../../scripts/lib/corpus/validate-corpus.ts';
import { MemorySink } from '../../scripts/lib/publish/write-output.ts';
import { DATA_VERSION_HEX_DIGITS } from '../../src/contract/facts.ts';
import { smallCorpusFiles } from '../helpers/corpus-fixtures.ts';
import { STATIC_HEADERS } from '../../src/routes.ts';
import { renderHeadersFile } from '../../scripts/lib/publish/deploy-files.ts';

const validation = validateCorpus(smallCorpusFiles());
if (!validation.ok) throw new Error('the small fixture corpus must be valid');
const corpus = validation.corpus;

async function emitWith(rateLimitPerHour: number) {
  const sink = new MemorySink();
  await emitSite(
    deriveApiRecords(corpus, corpus.site.siteUrl),
    {
      source: corpus.site.source,
      dataVersion: 'f'.repeat(DATA_VERSION_HEX_DIGITS),
      builtAt: new Date(0),
      rateLimitPerHour,
    },
    sink,
  );
  const text = (name: string) => String(sink.files.get(name));
  return { openapi: text('api/lexicon/openapi.json'), page: text('api/lexicon/index.html'), headers: text('_headers') };
}

describe('RATE_LIMIT_PER_HOUR=0', () => {
  it('no document advertises a policy, counters, 429s or keys', async () => {
    const { openapi, page, headers } = await emitWith(0);
    // dist/_headers holds the static files' header rules (src/routes.ts), and no policy among them.
    expect(headers).toBe(renderHeadersFile(STATIC_HEADERS));
    expect(headers).not.toContain('RateLimit-Policy:');
    for (const [name, text] of [
      ['openapi.json', openapi],
      ['docs page', page],
    ] as const) {
      expect(text, name).not.toMatch(/q=0|\b0 requests per hour|X-RateLimit|RateLimit-Policy|"RateLimit"/);
    }
    const document = JSON.parse(openapi);
    for (const item of Object.values(document.paths) as { get: { responses: object } }[]) {
      expect(Object.keys(item.get.responses)).not.toContain('429');
      expect(Object.keys(item.get.responses)).not.toContain('401');
    }
    expect(document.components.securitySchemes).toBeUndefined();
    expect(document.info.description).not.toMatch(/rate limit/i);
    expect(page).toContain('No rate limit applies');
  });
});

describe('a limit of 100', () => {
  it('OpenAPI offers the key as an optional bearer scheme, with its 401, on the counted operations', async () => {
    const document = JSON.parse((await emitWith(100)).openapi);
    expect(document.components.securitySchemes).toEqual({
      grantedKey: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
    expect(document.security).toEqual([{}, { grantedKey: [] }]);
    const list = document.paths['/api/lexicon/public'].get.responses;
    expect(list['401'].description).toMatch(/#invalid-credentials/);
    expect(list['401'].headers['WWW-Authenticate']).toBeDefined();
    expect(list['429']).toBeDefined();
    expect(document.paths['/api/lexicon/pillars.json'].get.security).toEqual([{}]);
    expect(document.info.description).toContain('100 requests per hour per client');
  });

  it('the docs page says how to ask for a higher limit, how to send the key, and what is counted', async () => {
    const { page } = await emitWith(100);
    expect(page).toContain('Authorization: Bearer');
    expect(page).toContain('never counted');
    expect(page).toContain('/dumps/*');
  });
});
