// Issue 22, finding 2, over real HTTP against npm start: `curl -H 'Host: evil.example'` got
// `Link: <http://evil.example/…>`, and an HTTP/1.0 request without Host got `http://0.0.0.0/…`.
// Links are built on the site URL of the build; a forwarded origin is believed only from a proxy
// named in --trust-proxy, and then the response says Vary on it.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../runtime/server.ts';
import { buildSite } from '../../scripts/lib/publish/build-site.ts';
import { SMALL_CORPUS } from '../helpers/corpus-fixtures.ts';
import { httpRequest } from '../helpers/http-client.ts';
import { rawExchange } from '../helpers/raw-http.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const SITE = 'https://lexicon.test';
const pagingHrefs = (link: string | string[] | undefined) =>
  [...String(link).matchAll(/<([^>]+)>; rel="(first|prev|next|last|alternate)"(?!; type=)/g)].map(([, href]) => href!);

describe('npm start builds no URL from the request', () => {
  let dist: string;
  const servers: RunningServer[] = [];
  const start = async (trustProxy?: string[]) => {
    const server = await startServer({ dist, port: 0, host: '127.0.0.1', rateLimit: 0, trustProxy, log: () => {} });
    servers.push(server);
    return server.port;
  };
  beforeAll(async () => {
    dist = path.join(tempDir(), 'dist');
    expect((await buildSite({ corpusDir: SMALL_CORPUS, outDir: dist, siteUrl: SITE, rateLimitPerHour: 0 })).ok).toBe(
      true,
    );
  });
  afterAll(() => Promise.all(servers.map((s) => s.close())));

  it('ignores Host: the same links, body and ETag for any Host, with or without a limit', async () => {
    const port = await start();
    const at = (host: string) =>
      httpRequest(`http://127.0.0.1:${port}/api/lexicon/public?limit=2`, { headers: { Host: host } });
    const evil = await at('evil.example');
    const own = await at('lexicon.test');
    expect(evil.status).toBe(200);
    expect(pagingHrefs(evil.headers.link)).toEqual([
      `${SITE}/api/lexicon/public?limit=2&offset=0`,
      `${SITE}/api/lexicon/public?limit=2&offset=2`,
      `${SITE}/api/lexicon/public?limit=2&offset=4`,
    ]);
    expect(evil.headers.link).toBe(own.headers.link);
    expect(evil.headers.etag).toBe(own.headers.etag);
    expect(evil.body).toBe(own.body);
    // Public caching is safe: nothing of the response depends on a header it does not name.
    expect(evil.headers['cache-control']).toBe('public, max-age=300, stale-while-revalidate=86400');
    // Vary names only what the response depends on (compression's Accept-Encoding), never Host.
    expect(String(evil.headers.vary ?? '')).not.toMatch(/host|forwarded/i);
    const redirect = await httpRequest(`http://127.0.0.1:${port}/api/lexicon/public/aeon?locale=BG`, {
      headers: { Host: 'evil.example' },
    });
    expect(pagingHrefs(redirect.headers.link)).toEqual([`${SITE}/api/lexicon/public/aeon`]);
  });

  it('answers HTTP/1.0 without Host with the site URL, not the listening address', async () => {
    const port = await start();
    const response = await rawExchange(port, 'GET /api/lexicon/public?limit=2 HTTP/1.0\r\n\r\n');
    expect(response.status).toBe(200);
    expect(pagingHrefs(response.headers.link)[0]).toBe(`${SITE}/api/lexicon/public?limit=2&offset=0`);
    expect(response.raw).not.toContain('0.0.0.0');
  });

  it('believes X-Forwarded-Host and -Proto from a trusted proxy only, and says Vary', async () => {
    const forwarded = { 'X-Forwarded-Host': 'mirror.test:8443', 'X-Forwarded-Proto': 'http' };
    const trusted = await start(['loopback']);
    const viaProxy = await httpRequest(`http://127.0.0.1:${trusted}/api/lexicon/public?limit=2`, {
      headers: forwarded,
    });
    expect(pagingHrefs(viaProxy.headers.link)[0]).toBe('http://mirror.test:8443/api/lexicon/public?limit=2&offset=0');
    expect(viaProxy.headers.vary).toMatch(/^X-Forwarded-Host, X-Forwarded-Proto\b/);
    const malformed = await httpRequest(`http://127.0.0.1:${trusted}/api/lexicon/public?limit=2`, {
      headers: { 'X-Forwarded-Host': 'evil.example>; rel="next", <http://x' },
    });
    expect(pagingHrefs(malformed.headers.link)[0]).toBe(`${SITE}/api/lexicon/public?limit=2&offset=0`);

    const untrusted = await start();
    const direct = await httpRequest(`http://127.0.0.1:${untrusted}/api/lexicon/public?limit=2`, {
      headers: forwarded,
    });
    expect(pagingHrefs(direct.headers.link)[0]).toBe(`${SITE}/api/lexicon/public?limit=2&offset=0`);
    expect(String(direct.headers.vary ?? '')).not.toMatch(/forwarded/i);
  });
});
