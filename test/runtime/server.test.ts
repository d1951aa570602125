// The self-hosted server's own behaviour: who the client is (X-Forwarded-For only from a trusted
// proxy), the health path, and graceful close. The contract itself is the e2e-server project's.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../runtime/server.ts';
import { TREE_CHECK_MS } from '../../runtime/served-tree.ts';
import { buildSite } from '../../scripts/lib/publish/build-site.ts';
import { SMALL_CORPUS } from '../helpers/corpus-fixtures.ts';
import { httpRequest } from '../helpers/http-client.ts';
import { tempDir } from '../helpers/temp-dir.ts';

describe('npm start', () => {
  let dist: string;
  const servers: RunningServer[] = [];
  const start = async (trustProxy?: string[]) => {
    const server = await startServer({ dist, port: 0, host: '127.0.0.1', rateLimit: 5, trustProxy, log: () => {} });
    servers.push(server);
    return `http://127.0.0.1:${server.port}`;
  };
  beforeAll(async () => {
    dist = path.join(tempDir(), 'dist');
    expect((await buildSite({ corpusDir: SMALL_CORPUS, outDir: dist, rateLimitPerHour: 5 })).ok).toBe(true);
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
  });

  const remaining = async (base: string, forwardedFor?: string) =>
    (
      await httpRequest(
        `${base}/api/lexicon/public?limit=1`,
        forwardedFor ? { headers: { 'X-Forwarded-For': forwardedFor } } : {},
      )
    ).headers['x-ratelimit-remaining'];

  it('counts per forwarded client behind a trusted proxy', async () => {
    const base = await start(['loopback']);
    expect(await remaining(base, '198.51.100.1')).toBe('4');
    expect(await remaining(base, '198.51.100.2')).toBe('4');
    // The right-most untrusted address is the client: a spoofed left-most one changes nothing.
    expect(await remaining(base, '203.0.113.9, 198.51.100.1')).toBe('3');
  });

  it('ignores X-Forwarded-For from a peer it does not trust', async () => {
    const base = await start();
    expect(await remaining(base, '198.51.100.1')).toBe('4');
    expect(await remaining(base, '198.51.100.2')).toBe('3');
  });

  it('serves the files of a rebuilt output within TREE_CHECK_MS', async () => {
    const own = path.join(tempDir(), 'dist');
    expect((await buildSite({ corpusDir: SMALL_CORPUS, outDir: own })).ok).toBe(true);
    const server = await startServer({ dist: own, port: 0, host: '127.0.0.1', rateLimit: 0, log: () => {} });
    servers.push(server);
    const url = `http://127.0.0.1:${server.port}/api/lexicon/public/sophia`;
    expect((await httpRequest(url)).body).not.toContain('https://rebuilt.example');
    const rebuilt = await buildSite({ corpusDir: SMALL_CORPUS, outDir: own, siteUrl: 'https://rebuilt.example' });
    expect(rebuilt.ok).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, TREE_CHECK_MS + 100));
    const after = await httpRequest(url);
    expect(after.status).toBe(200);
    expect(after.body).toContain('https://rebuilt.example');
  });

  // The handler builds its headers as a plain record (src/http.ts ResponseHeaders), which does not
  // merge names that differ only in case as a web Headers object would: each is sent once.
  it('sends each header once, whatever the response', async () => {
    const base = await start();
    const requests: [string, { method?: string; headers?: Record<string, string> }][] = [
      ['/api/lexicon/en/sophia.json', {}],
      ['/api/lexicon/public?limit=2', {}],
      ['/api/lexicon/public/sophia?locale=BG', {}],
      ['/api/lexicon/public?limit=abc', {}],
      ['/api/lexicon/public/no-such-term', {}],
      ['/api/lexicon/public', { method: 'POST' }],
      ['/api/lexicon/public', { method: 'OPTIONS', headers: { 'Access-Control-Request-Headers': 'If-None-Match' } }],
      ['/dumps/manifest.json', {}],
    ];
    const statuses: number[] = [];
    for (const [i, [pathAndQuery, options]] of requests.entries()) {
      const result = await httpRequest(`${base}${pathAndQuery}`, { ...options, localAddress: `127.0.0.${10 + i}` });
      statuses.push(result.status);
      const names = result.rawHeaderNames.map((name) => name.toLowerCase());
      expect(names, pathAndQuery).toEqual([...new Set(names)]);
    }
    expect(statuses).toEqual([200, 200, 308, 400, 404, 405, 204, 200]);
  });

  it('answers the health path without counting it', async () => {
    const base = await start();
    for (let i = 0; i < 7; i++) expect((await httpRequest(`${base}/healthz`)).status).toBe(200);
    const health = JSON.parse((await httpRequest(`${base}/healthz`)).body);
    expect(health).toMatchObject({ status: 'ok' });
    expect(health.dataVersion).toMatch(/^[0-9a-f]{16}$/);
    expect(await remaining(base)).toBe('4');
  });

  it('answers a term URL in the representation Accept asks for, with Vary: Accept', async () => {
    const base = await start();
    const get = (accept: string | undefined, query = '', address = '127.0.0.40') =>
      httpRequest(`${base}/api/lexicon/public/sophia${query}`, {
        headers: accept ? { Accept: accept } : {},
        localAddress: address,
      });
    const cases: [string | undefined, string, string, string][] = [
      ['text/turtle', '', 'text/turtle; charset=utf-8', '127.0.0.41'],
      ['application/ld+json', '?locale=bg', 'application/ld+json; charset=utf-8', '127.0.0.42'],
      ['application/json, text/turtle;q=0.5', '', 'application/json; charset=utf-8', '127.0.0.43'],
      ['text/html;q=0.9, text/turtle;q=0.8', '', 'text/turtle; charset=utf-8', '127.0.0.44'],
      ['*/*', '', 'application/json; charset=utf-8', '127.0.0.45'],
      [undefined, '', 'application/json; charset=utf-8', '127.0.0.46'],
      // ?format= wins over Accept, and is what the CDN answers too.
      ['application/json', '?format=turtle', 'text/turtle; charset=utf-8', '127.0.0.47'],
    ];
    for (const [accept, query, type, address] of cases) {
      const response = await get(accept, query, address);
      expect(response.status, `${accept} ${query}`).toBe(200);
      expect(response.headers['content-type'], `${accept} ${query}`).toBe(type);
      expect(response.headers.vary, `${accept} ${query}`).toMatch(/(^|, )Accept(,|$)/);
    }
    const turtle = await get('text/turtle', '', '127.0.0.48');
    expect(turtle.body).toContain('skos:Concept');
    expect(turtle.body).toContain('skos:broader <https://');
    const json = await get(undefined, '', '127.0.0.49');
    expect(json.headers.link).toContain('<?format=turtle>; rel="alternate"; type="text/turtle"');
    // Only a single-term URL varies: the list and the files do not.
    expect(
      (await httpRequest(`${base}/api/lexicon/public?limit=1`, { localAddress: '127.0.0.50' })).headers.vary ?? '',
    ).not.toMatch(/Accept(,|$)/);
  });
});
