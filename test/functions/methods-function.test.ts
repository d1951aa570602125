// functions/lexicon-methods.ts answers OPTIONS and the methods the API does not serve from the
// site facts alone: an output folder with nothing but _data/site.json is enough, and a Redis URL
// that names no server is never opened.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Context } from '@netlify/functions';
import { describe, expect, it } from 'vitest';
import { SITE_FACTS_PATH } from '../../src/contract/output-layout.ts';
import { encodeSiteFacts } from '../../src/site-facts.ts';
import { createNetlifyMethodsHandler } from '../../runtime/netlify.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const DOCS_URL = 'https://lexicon.test/api/lexicon/';
const ATTRIBUTION = { source: 'Lexicon', url: 'https://lexicon.test/', license: 'CC BY-SA 4.0' };

function outputWithSiteFactsOnly(): string {
  const dist = tempDir();
  mkdirSync(path.join(dist, path.dirname(SITE_FACTS_PATH)), { recursive: true });
  writeFileSync(
    path.join(dist, SITE_FACTS_PATH),
    encodeSiteFacts({ docsUrl: DOCS_URL, attribution: ATTRIBUTION, dataVersion: '0123456789abcdef' }),
  );
  return dist;
}

const methods = createNetlifyMethodsHandler({
  LEXICON_DIST: outputWithSiteFactsOnly(),
  RATE_LIMIT_PER_HOUR: '100',
  RATE_LIMIT_REDIS_URL: 'redis://127.0.0.1:1',
});
const context = { ip: '203.0.113.1' } as Context;

describe('the methods function', () => {
  it('answers a preflight with the CORS headers and no index loaded', async () => {
    const response = await methods(
      new Request('https://lexicon.test/api/lexicon/public', {
        method: 'OPTIONS',
        headers: { Origin: 'https://elsewhere.test', 'Access-Control-Request-Method': 'GET' },
      }),
      context,
    );
    expect(response.status).toBe(204);
    expect(response.headers.get('Access-Control-Allow-Methods')).toBe('GET, HEAD, OPTIONS');
    expect(response.headers.get('RateLimit-Policy')).toContain('q=100');
  });

  it('refuses another method with 405, Allow and the problem body of the handler', async () => {
    const response = await methods(new Request('https://lexicon.test/dumps/x.csv', { method: 'DELETE' }), context);
    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toBe('GET, HEAD, OPTIONS');
    const body = await response.json();
    expect(body).toMatchObject({
      type: `${DOCS_URL}#method-not-allowed`,
      status: 405,
      detail: 'DELETE is not allowed; use GET, HEAD or OPTIONS',
      attribution: ATTRIBUTION,
    });
  });

  it('says what to do when the output holds no site facts', () => {
    expect(() => createNetlifyMethodsHandler({ LEXICON_DIST: tempDir() })).toThrow(/npm run build/);
  });
});
