// The whole contract over real HTTP, against whichever server the project's globalSetup started
// (netlify dev, or the self-hosted server): the same file runs unchanged against both. Static
// files and function responses must look the same to a client: status, body, license and CORS.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { LOCALES } from '../../src/contract/facts.ts';
import { ListResponseSchema, ProblemSchema, TermResponseSchema } from '../../src/contract/response-schemas.ts';
import { httpRequest, type HttpResult } from '../helpers/http-client.ts';

// The project's globalSetup built the bundled corpus and started the server.
const DIST = inject('dist');
const baseUrl = inject('baseUrl');
const LIMIT = inject('rateLimit');
const slugs = inject('slugs');

// Each describe block is its own client (source address), so their budgets do not mix.
function client(localAddress: string) {
  return (pathAndQuery: string, options: { method?: string; headers?: Record<string, string> } = {}) =>
    httpRequest(`${baseUrl}${pathAndQuery}`, { ...options, localAddress });
}

function expectCommonHeaders(response: HttpResult) {
  expect(response.headers['x-license']).toBe('CC BY-SA 4.0');
  expect(response.headers['access-control-allow-origin']).toBe('*');
  expect(response.headers['access-control-expose-headers']).toContain('X-License');
  expect(
    String(response.headers.link).startsWith('<https://creativecommons.org/licenses/by-sa/4.0/>; rel="license"'),
  ).toBe(true);
}

describe('list endpoint over HTTP', () => {
  const get = client('127.0.0.11');

  it('serves the default page with the function headers', async () => {
    const response = await get('/api/lexicon/public');
    expect(response.status).toBe(200);
    expectCommonHeaders(response);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['ratelimit-policy']).toBe(`"hourly";q=${LIMIT};w=3600`);
    expect(response.headers['x-ratelimit-limit']).toBe(String(LIMIT));
    const body = ListResponseSchema.parse(JSON.parse(response.body));
    expect(body.meta).toEqual({ total: slugs.length, limit: 50, offset: 0, locale: 'en', hasMore: true });
  });

  // A walk is one counted request per page: each locale walks as a client of its own, so the
  // walks' budget grows with the corpus apart from the other tests' (764 terms took 32 pages).
  const walkers = { en: client('127.0.0.18'), bg: client('127.0.0.19') };

  it('has budget for a walk of every page', () => {
    expect(Math.ceil(slugs.length / 50), 'pages of one walk against the e2e rate limit').toBeLessThanOrEqual(LIMIT);
  });

  it.each(LOCALES)('walks every page of %s and sees every term exactly once, in collation order', async (locale) => {
    const walk = walkers[locale];
    const seen: { slug: string; term: string }[] = [];
    for (let offset = 0; ; offset += 50) {
      const body = ListResponseSchema.parse(
        JSON.parse((await walk(`/api/lexicon/public/?locale=${locale}&offset=${offset}`)).body),
      );
      seen.push(...body.data);
      if (!body.meta.hasMore) break;
    }
    expect(seen.map((t) => t.slug).sort()).toEqual(slugs);
    const collator = new Intl.Collator(locale);
    for (let i = 1; i < seen.length; i++)
      expect(collator.compare(seen[i - 1]!.term, seen[i]!.term)).toBeLessThanOrEqual(0);
  });

  it('filters by pillar and searches with folding', async () => {
    const body = JSON.parse(
      (await get('/api/lexicon/public?locale=bg&pillar=ALCHEMY&q=%D0%9D%D0%98%D0%93%D0%A0%D0%95%D0%94%D0%9E')).body,
    );
    expect(body.data.map((t: { slug: string }) => t.slug)).toEqual(['nigredo']);
    expect(body.meta.total).toBe(1);
  });

  it('filters by tradition: the exact name, another letter case with a warning, an unknown one a 400', async () => {
    const exact = ListResponseSchema.parse(
      JSON.parse((await get('/api/lexicon/public?tradition=Valentinian&limit=500')).body),
    );
    expect(exact.data.length).toBeGreaterThan(0);
    expect(exact.data.every((t) => t.tradition === 'Valentinian')).toBe(true);
    expect(exact.meta.total).toBe(exact.data.length);
    const lower = JSON.parse((await get('/api/lexicon/public?tradition=valentinian&limit=500&locale=bg')).body);
    expect(lower.data.map((t: { slug: string }) => t.slug).sort()).toEqual(exact.data.map((t) => t.slug).sort());
    expect(lower.meta.warnings).toEqual(['tradition "valentinian" was read as "Valentinian"']);
    const unknown = await get('/api/lexicon/public?tradition=Stoic');
    expect(unknown.status).toBe(400);
    expectCommonHeaders(unknown);
    const problem = ProblemSchema.parse(JSON.parse(unknown.body));
    const traditions = JSON.parse((await get('/api/lexicon/traditions.json')).body).data.map(
      (t: { key: string }) => t.key,
    );
    expect(problem.errors).toEqual([
      { parameter: 'tradition', detail: `must be one of: ${traditions.join(', ')}`, allowed: traditions },
    ]);
  });

  it('answers 400 and 405 as problems with the same headers', async () => {
    const invalid = await get('/api/lexicon/public?limit=abc&locale=xx');
    expect(invalid.status).toBe(400);
    expectCommonHeaders(invalid);
    expect(invalid.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(ProblemSchema.parse(JSON.parse(invalid.body)).errors?.map((e) => e.parameter)).toEqual(['locale', 'limit']);
    const post = await get('/api/lexicon/public', { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD, OPTIONS');
    expectCommonHeaders(post);
  });

  it('answers HEAD, OPTIONS and If-None-Match', async () => {
    const first = await get('/api/lexicon/public?limit=3');
    const head = await get('/api/lexicon/public?limit=3', { method: 'HEAD' });
    expect([head.status, head.body, head.headers.etag]).toEqual([200, '', first.headers.etag]);
    const preflight = await get('/api/lexicon/public', {
      method: 'OPTIONS',
      headers: { Origin: 'https://example.org', 'Access-Control-Request-Method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    expectCommonHeaders(preflight);
    const cached = await get('/api/lexicon/public?limit=3', { headers: { 'If-None-Match': first.headers.etag! } });
    expect(cached.status).toBe(304);
  });
});

describe('single-term endpoint over HTTP', () => {
  const get = client('127.0.0.12');

  it.each([
    ['/api/lexicon/public/sophia', 'en'],
    ['/api/lexicon/public/sophia?locale=en', 'en'],
    ['/api/lexicon/public/sophia?locale=bg', 'bg'],
  ])('%s serves the %s file with the license, CORS and language headers', async (url, locale) => {
    const response = await get(url);
    expect(response.status).toBe(200);
    expectCommonHeaders(response);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-language']).toBe(locale);
    const body = TermResponseSchema.parse(JSON.parse(response.body));
    expect(response.body).toBe(readFileSync(path.join(DIST, `api/lexicon/${locale}/sophia.json`), 'utf8'));
    expect(body.data.relatedPosts.length).toBeGreaterThan(0);
  });

  it.each([
    ['/api/lexicon/public/sophia?locale=BG', '/api/lexicon/public/sophia?locale=bg'],
    ['/api/lexicon/public/sophia?locale=bg-BG', '/api/lexicon/public/sophia?locale=bg'],
    ['/api/lexicon/public/sophia?locale=EN', '/api/lexicon/public/sophia'],
  ])('%s redirects (308) to the canonical URL, which answers the identical body', async (url, location) => {
    const response = await get(url);
    expect(response.status).toBe(308);
    expectCommonHeaders(response);
    expect(response.headers.location).toBe(location);
    const canonical = await get(location);
    expect(canonical.status).toBe(200);
    const locale = location.endsWith('bg') ? 'bg' : 'en';
    expect(canonical.body).toBe(readFileSync(path.join(DIST, `api/lexicon/${locale}/sophia.json`), 'utf8'));
  });

  it.each([
    ['/api/lexicon/public/no-such-term', 404],
    ['/api/lexicon/public/no-such-term?locale=bg', 404],
    ['/api/lexicon/public/..%2F..%2Fnetlify.toml', 404],
    ['/api/lexicon/public/%00', 404],
    [`/api/lexicon/public/${'a'.repeat(300)}`, 404],
    ['/api/lexicon/public/sophia/extra', 404],
    ['/api/lexicon/public/sophia?locale=xx', 400],
    ['/api/lexicon/public/no-such-term?locale=xx', 400],
  ])('%s -> %i problem', async (url, status) => {
    const response = await get(url);
    expect(response.status).toBe(status);
    expectCommonHeaders(response);
    expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(ProblemSchema.parse(JSON.parse(response.body)).status).toBe(status);
  });

  it('serves the pillar vocabulary as a static file', async () => {
    const response = await get('/api/lexicon/pillars.json');
    expect(response.status).toBe(200);
    expectCommonHeaders(response);
    expect(JSON.parse(response.body).data.length).toBeGreaterThanOrEqual(7);
  });

  it('serves the tradition vocabulary beside it, with Bulgarian labels and counts', async () => {
    const response = await get('/api/lexicon/traditions.json');
    expect(response.status).toBe(200);
    expectCommonHeaders(response);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = JSON.parse(response.body);
    expect(body.data.length).toBeGreaterThanOrEqual(10);
    expect(body.data.find((t: { key: string }) => t.key === 'Gnostic').label).toEqual({
      en: 'Gnostic',
      bg: 'Гностическа',
    });
    const total = body.data.reduce((sum: number, t: { count: number }) => sum + t.count, 0);
    expect(total).toBe(slugs.length);
  });
});

describe('every path under /api/ and /dumps/ answers in the contract format', () => {
  const get = client('127.0.0.15');

  it.each([
    '/api/lexicon/foo',
    '/api/lexicon/de/sophia.json',
    '/api/lexicon/schemas/nope.json',
    '/dumps/nope.csv',
    '/api/other',
  ])('%s -> JSON 404 problem', async (url) => {
    const response = await get(url);
    expect(response.status).toBe(404);
    expectCommonHeaders(response);
    expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(ProblemSchema.parse(JSON.parse(response.body)).type).toMatch(/#not-found$/);
  });

  it.each(['/_data/list-index.en.bin', '/_data/output-hashes.json'])(
    '%s (a runtime file) is not published',
    async (url) => {
      const response = await get(url);
      expect(response.status).toBe(404);
      expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    },
  );

  it.each([
    '/api/lexicon/public/sophia',
    '/api/lexicon/en/sophia.json',
    '/dumps/manifest.json',
    '/api/lexicon/openapi.json',
  ])('OPTIONS %s answers the preflight (204) and POST a 405 with Allow', async (url) => {
    const preflight = await get(url, {
      method: 'OPTIONS',
      headers: { Origin: 'https://example.org', 'Access-Control-Request-Method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    expectCommonHeaders(preflight);
    expect(preflight.headers['access-control-allow-methods']).toBe('GET, HEAD, OPTIONS');
    const post = await get(url, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD, OPTIONS');
    expect(post.headers['content-type']).toBe('application/problem+json; charset=utf-8');
  });

  it('gives the dumps the license and policy headers', async () => {
    const response = await get('/dumps/manifest.json');
    expect(response.status).toBe(200);
    expectCommonHeaders(response);
    expect(response.headers['ratelimit-policy']).toMatch(/^"hourly";q=\d+;w=3600$/);
  });
});

describe('dumps over HTTP', () => {
  const get = client('127.0.0.17');

  it('serves one file of every format in the manifest, with the license headers', async () => {
    const manifest = JSON.parse(readFileSync(path.join(DIST, 'dumps/manifest.json'), 'utf8')) as {
      files: { path: string; format: string }[];
    };
    // Media types are not asserted here: netlify dev serves extensions it does not know (.ndjson,
    // .ttl, .tbx...) as application/octet-stream whatever netlify.toml says (ARCHITECTURE.md);
    // test/functions/netlify-config.test.ts keeps netlify.toml equal to the routing table and
    // test/build/dumps.test.ts gives every format its type there.
    // One file per format keeps this client's requests within the rate limit.
    const onePerFormat = [...new Map(manifest.files.map((f) => [f.format, f])).values()];
    expect(onePerFormat).toHaveLength(8);
    for (const file of onePerFormat) {
      const response = await get(file.path, { method: 'HEAD' });
      expect(response.status, file.path).toBe(200);
      expectCommonHeaders(response);
    }
  });
});

describe('paging links and language over HTTP', () => {
  const get = client('127.0.0.16');

  // Issue 22, finding 2: on the site's URL from the build (OpenAPI's server), never the request's
  // Host; with the parameters as applied, unknown ones left out.
  it('links first, prev, next and last with absolute URLs on the site URL that keep the applied parameters', async () => {
    const siteUrl = (
      JSON.parse(readFileSync(path.join(DIST, 'api/lexicon/openapi.json'), 'utf8')) as { servers: { url: string }[] }
    ).servers[0]!.url;
    const response = await get('/api/lexicon/public?locale=bg&limit=20&offset=40&utm=x');
    expect(response.status).toBe(200);
    expect(response.headers['content-language']).toBe('bg');
    const links = Object.fromEntries(
      [...String(response.headers.link).matchAll(/<([^>]+)>; rel="(\w+)"/g)].map(([, href, rel]) => [
        rel,
        new URL(href!),
      ]),
    );
    expect(Object.keys(links).sort()).toEqual(['first', 'last', 'license', 'next', 'prev']);
    for (const rel of ['first', 'prev', 'next', 'last']) {
      expect(links[rel]!.href.startsWith(`${siteUrl}/api/lexicon/public?`)).toBe(true);
      expect(links[rel]!.searchParams.get('locale')).toBe('bg');
      expect(links[rel]!.searchParams.get('limit')).toBe('20');
      expect(links[rel]!.searchParams.has('utm')).toBe(false);
    }
    expect(links.prev!.searchParams.get('offset')).toBe('20');
    expect(links.next!.searchParams.get('offset')).toBe('60');
    const last = Number(links.last!.searchParams.get('offset'));
    expect(last % 20).toBe(0);
    expect(last).toBeLessThan(slugs.length);
    expect(last + 20).toBeGreaterThanOrEqual(slugs.length);
    expect(response.headers['access-control-expose-headers']).toContain('Link');
  });
});

describe('rate limit over HTTP', () => {
  const get = client('127.0.0.13');

  it(`answers 429 with Retry-After after ${LIMIT} counted requests of one client`, async () => {
    let last: HttpResult | undefined;
    for (let i = 0; i < LIMIT; i++) {
      last = await get(`/api/lexicon/public?limit=1&offset=${i}`);
      expect(last.status).toBe(200);
    }
    expect(last!.headers['x-ratelimit-remaining']).toBe('0');
    const limited = await get('/api/lexicon/public');
    expect(limited.status).toBe(429);
    expectCommonHeaders(limited);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3000);
    expect(ProblemSchema.parse(JSON.parse(limited.body)).type).toMatch(/#rate-limited$/);
    const otherClient = await client('127.0.0.14')('/api/lexicon/public?limit=1');
    expect(otherClient.status).toBe(200);
  });
});
