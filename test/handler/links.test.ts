// Issue 22, finding 2 (the client's Host was reflected into links) and finding 6 (links repeated
// the whole query, unknown parameters included): links are built on the site's URL from the
// build, or on a forwarded origin the adapter vouches for, with the applied parameters only.
import { describe, expect, it } from 'vitest';
import { validateCorpus } from '../../scripts/lib/corpus/validate-corpus.ts';
import { createHandler, type ClientInfo } from '../../src/handler.ts';
import { MAX_URL_LENGTH } from '../../src/request-path.ts';
import { smallCorpusFiles } from '../helpers/corpus-fixtures.ts';
import { emitInMemory, siteFrom } from '../helpers/in-memory-site.ts';

const validation = validateCorpus(smallCorpusFiles());
if (!validation.ok) throw new Error('the small fixture corpus must be valid');
const SITE = 'https://lexicon.test';
const emitted = await emitInMemory(validation.corpus);
const { indexes, site } = siteFrom(emitted);

const links = (response: Response) =>
  [...String(response.headers.get('Link')).matchAll(/<([^>]+)>; rel="(\w+)"(?!; type=)/g)]
    .filter(([, , rel]) => rel !== 'license')
    .map(([, href, rel]) => [rel!, href!] as const);

async function get(url: string, init: RequestInit = {}, client: Partial<ClientInfo> = {}, forwardedOrigin = false) {
  const handle = createHandler({ indexes, site, forwardedOrigin });
  return handle(new Request(url, init), { ip: '192.0.2.1', ...client });
}

describe('links never carry the request Host', () => {
  it.each([
    'http://evil.example/api/lexicon/public?limit=2',
    'http://0.0.0.0/api/lexicon/public?limit=2',
    'https://lexicon.test.evil.example:8443/api/lexicon/public?limit=2',
  ])('paging links of %s are on the site URL', async (url) => {
    const response = await get(url, { headers: { 'X-Forwarded-Host': 'evil.example' } });
    expect(response.status).toBe(200);
    const found = links(response);
    expect(found.map(([rel]) => rel)).toEqual(['first', 'next', 'last']);
    for (const [, href] of found) expect(href.startsWith(`${SITE}/api/lexicon/public?`), href).toBe(true);
    expect(response.headers.get('Vary')).toBeNull();
  });

  it('builds the alternate link of a redirect on the site URL', async () => {
    const response = await get('http://evil.example/api/lexicon/public/aeon?locale=BG');
    expect(response.status).toBe(308);
    expect(links(response)).toEqual([['alternate', `${SITE}/api/lexicon/public/aeon`]]);
  });

  it('answers the same bytes, headers and ETag whatever the Host, so a shared cache cannot be poisoned', async () => {
    const a = await get('http://evil.example/api/lexicon/public?limit=2&offset=2');
    const b = await get('http://lexicon.test/api/lexicon/public?limit=2&offset=2');
    expect([...a.headers]).toEqual([...b.headers]);
    expect(await a.text()).toBe(await b.text());
  });

  it('uses the origin the adapter vouches for, and says Vary on its headers', async () => {
    const response = await get(
      'http://10.0.0.1/api/lexicon/public?limit=2',
      {},
      { origin: 'https://mirror.test' },
      true,
    );
    for (const [, href] of links(response))
      expect(href.startsWith('https://mirror.test/api/lexicon/public?')).toBe(true);
    expect(response.headers.get('Vary')).toBe('X-Forwarded-Host, X-Forwarded-Proto');
    const plain = await get('http://10.0.0.1/api/lexicon/public?limit=2', {}, {}, true);
    for (const [, href] of links(plain)) expect(href.startsWith(`${SITE}/api/lexicon/public?`)).toBe(true);
    expect(plain.headers.get('Vary')).toBe('X-Forwarded-Host, X-Forwarded-Proto');
  });
});

describe('links carry the applied parameters only', () => {
  it('drops unknown parameters and writes known ones as applied', async () => {
    const unknown = Array.from({ length: 300 }, (_, i) => `u${i}=${'x'.repeat(5)}`).join('&');
    const response = await get(`${SITE}/api/lexicon/public?locale=BG&limit=999&pillar=COSMOLOGY&q=%20ae%20&${unknown}`);
    expect(response.status).toBe(200);
    const found = links(response);
    expect(found).toEqual([
      ['first', `${SITE}/api/lexicon/public?locale=bg&pillar=cosmology&q=ae&limit=500&offset=0`],
      ['last', `${SITE}/api/lexicon/public?locale=bg&pillar=cosmology&q=ae&limit=500&offset=0`],
    ]);
  });

  it('leaves out what the request did not give', async () => {
    const response = await get(`${SITE}/api/lexicon/public/?offset=1&limit=2&utm_source=x`);
    expect(links(response)).toEqual([
      ['first', `${SITE}/api/lexicon/public?limit=2&offset=0`],
      ['prev', `${SITE}/api/lexicon/public?limit=2&offset=0`],
      ['next', `${SITE}/api/lexicon/public?limit=2&offset=3`],
      ['last', `${SITE}/api/lexicon/public?limit=2&offset=4`],
    ]);
  });
});

// Issue 22, finding 6: 3,500 unknown parameters gave 3,500 warnings, a 140 KB body and 52 KB of
// headers. Warnings are bounded, links carry no unknown parameter, and the URL itself is capped.
describe('output is bounded whatever the input', () => {
  it('lists five warnings, then how many more', async () => {
    const unknown = Array.from({ length: 3500 }, (_, i) => `p${i}=1`).join('&');
    expect(unknown.length).toBeLessThan(MAX_URL_LENGTH * 10);
    const handle = createHandler({ indexes, site });
    // Under the URL cap: as many unknown parameters as fit.
    const query = unknown.slice(0, unknown.lastIndexOf('&', MAX_URL_LENGTH - 40));
    const count = query.split('&').length;
    const response = await handle(new Request(`${SITE}/api/lexicon/public?limit=0&${query}`), { ip: '192.0.2.1' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { meta: { warnings: string[] } };
    expect(body.meta.warnings).toEqual([
      'limit 0 is outside 1-500; 1 was applied',
      'unknown parameter "p0" was ignored',
      'unknown parameter "p1" was ignored',
      'unknown parameter "p2" was ignored',
      'unknown parameter "p3" was ignored',
      `and ${count - 4} more warnings`,
    ]);
    expect(String(response.headers.get('Link')).length).toBeLessThan(1000);
  });
});
