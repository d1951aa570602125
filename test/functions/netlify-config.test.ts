// netlify.toml and the function's static config are literals the platform reads; this keeps
// them in line with the constants the handler uses, and checks the adapter end to end.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Context } from '@netlify/functions';
import { parse } from 'smol-toml';
import { beforeAll, describe, expect, it } from 'vitest';
import { LICENSE, LICENSE_URL } from '../../src/contract/facts.ts';
import {
  FUNCTIONS,
  policyHeaderRules,
  renderHeadersFile,
  resolveRoute,
  REWRITES,
  STATIC_HEADERS,
  staticHeaders,
} from '../../src/routes.ts';
import { CACHEABLE, EXPOSED_HEADERS, rateLimitPolicy } from '../../src/http.ts';
import { DEFAULT_REQUESTS_PER_HOUR } from '../../src/limits/rate-limit.ts';
import {
  BACKSTOP_WINDOW_LIMIT,
  BACKSTOP_WINDOW_SECONDS,
  backstopProblem,
  RATE_LIMITED_PATH,
} from '../../src/limits/backstop.ts';
import { buildSite } from '../../scripts/lib/publish/build-site.ts';
import { listIndexPath, SITE_FACTS_PATH } from '../../src/contract/output-layout.ts';
import { SMALL_CORPUS } from '../helpers/corpus-fixtures.ts';
import { tempDir } from '../helpers/temp-dir.ts';

interface NetlifyToml {
  build: { command: string; publish: string };
  functions: { directory: string; included_files?: string[] };
  redirects: {
    from: string;
    to: string;
    status: number;
    force: boolean;
    query?: Record<string, string>;
    rate_limit?: Record<string, unknown>;
  }[];
  headers: { for: string; values: Record<string, string> }[];
}

const toml = parse(
  readFileSync(path.resolve(import.meta.dirname, '../../netlify.toml'), 'utf8'),
) as unknown as NetlifyToml;
const expectedRule = {
  window_limit: BACKSTOP_WINDOW_LIMIT,
  window_size: BACKSTOP_WINDOW_SECONDS,
  aggregate_by: ['ip', 'domain'],
  action: 'rewrite',
  to: RATE_LIMITED_PATH,
};

describe('netlify.toml', () => {
  it('builds with npm run build into the folder it publishes', () => {
    expect(toml.build).toEqual({ command: 'npm run build', publish: 'dist' });
  });

  it('ships the list indexes, the site facts and the deployed grants with the functions, and nothing else from dist/', () => {
    expect(toml.functions.included_files).toEqual([
      'dist/_data/list-index.*.bin',
      `dist/${SITE_FACTS_PATH}`,
      'dist/_data/grants.json',
    ]);
    for (const locale of ['en', 'bg'] as const)
      expect(`dist/${listIndexPath(locale)}`).toMatch(/^dist\/_data\/list-index\.[a-z]+\.bin$/);
  });

  it('has exactly the rewrites of the routing table, in its order', () => {
    expect(
      toml.redirects.map((r) => ({
        from: r.from,
        to: r.to,
        ...(r.query ? { query: r.query } : {}),
        ...(r.rate_limit ? { rateLimited: true } : {}),
      })),
    ).toEqual(REWRITES);
    for (const rule of toml.redirects) expect([rule.status, rule.force]).toEqual([200, true]);
  });

  it('puts the rate-limit backstop on every rule that serves a static term file, matching the policy constant', () => {
    const fileRules = toml.redirects.filter((r) => r.to.endsWith('.json'));
    expect(fileRules.length).toBe(3);
    for (const rule of toml.redirects.filter((r) => r.rate_limit)) expect(rule.rate_limit).toEqual(expectedRule);
    for (const rule of fileRules) expect(rule.rate_limit).toEqual(expectedRule);
  });

  it('lets the configured policy through the backstop, and refuses a limit the backstop would cut', () => {
    // The policy the build and `npm run grant` check against the backstop, not the constants
    // against themselves: the default limit passes, one request more than the rule allows does not.
    expect(backstopProblem(DEFAULT_REQUESTS_PER_HOUR, 'RATE_LIMIT_PER_HOUR')).toBeUndefined();
    const [rule] = toml.redirects.filter((r) => r.rate_limit).map((r) => r.rate_limit);
    expect(backstopProblem(Number(rule?.window_limit), 'a grant')).toBeUndefined();
    expect(backstopProblem(Number(rule?.window_limit) + 1, 'a grant of 101 per hour')).toMatch(
      /^a grant of 101 per hour is above the CDN backstop of 100 requests per 180 s/,
    );
  });

  it('leaves the policy header to the build, which writes it for the configured limit only', () => {
    for (const rule of toml.headers) expect(Object.keys(rule.values)).not.toContain('RateLimit-Policy');
    expect(renderHeadersFile(policyHeaderRules(7))).toBe(
      '/api/*\n  RateLimit-Policy: "hourly";q=7;w=3600\n/dumps/*\n  RateLimit-Policy: "hourly";q=7;w=3600\n',
    );
    expect(renderHeadersFile(policyHeaderRules(0))).toBe('');
    expect(staticHeaders('/api/lexicon/en/sophia.json', 0)['RateLimit-Policy']).toBeUndefined();
  });

  it("links a term file to its concept's RDF, relative to the term URL asked for, and types the RDF files", () => {
    for (const locale of ['en', 'bg']) {
      const link = staticHeaders(`/api/lexicon/${locale}/sophia.json`, 100).Link;
      expect(link).toBe(
        '<https://creativecommons.org/licenses/by-sa/4.0/>; rel="license", <?format=turtle>; rel="alternate"; type="text/turtle", <?format=jsonld>; rel="alternate"; type="application/ld+json"',
      );
      // As a client resolves it (RFC 3986): the term URL with the query replaced.
      expect(new URL('?format=turtle', `https://x.test/api/lexicon/public/sophia?locale=${locale}`).href).toBe(
        'https://x.test/api/lexicon/public/sophia?format=turtle',
      );
    }
    expect(staticHeaders('/api/lexicon/concepts/sophia.ttl', 100)['Content-Type']).toBe('text/turtle; charset=utf-8');
    expect(staticHeaders('/api/lexicon/concepts/sophia.jsonld', 100)['Content-Type']).toBe(
      'application/ld+json; charset=utf-8',
    );
  });

  it('has exactly the static headers of the routing table, in its order', () => {
    expect(toml.headers.map((h) => ({ for: h.for, values: h.values }))).toEqual(STATIC_HEADERS);
    expect(staticHeaders('/api/lexicon/bg/sophia.json', 100)).toMatchObject({
      'X-License': LICENSE,
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Language': 'bg',
      'Cache-Control': CACHEABLE,
    });
    expect(staticHeaders('/dumps/lexicon-0123-en.csv', 100)).toMatchObject({
      'RateLimit-Policy': rateLimitPolicy(DEFAULT_REQUESTS_PER_HOUR),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Content-Type': 'text/csv; charset=utf-8; header=present',
    });
  });
});

describe('the routing table', () => {
  const files = new Set([
    '/api/lexicon/en/sophia.json',
    '/api/lexicon/bg/sophia.json',
    '/api/lexicon/concepts/sophia.ttl',
    '/api/lexicon/concepts/sophia.jsonld',
    '/api/lexicon/openapi.json',
    '/dumps/manifest.json',
    '/_data/list-index.en.bin',
    '/index.html',
    '/en/lexicon/index.html',
    '/en/lexicon/sophia.html',
    '/api/lexicon/sophia.html',
  ]);
  const hasFile = (p: string) => files.has(p);
  it.each([
    ['GET', '/api/lexicon/public', '', { kind: 'function', name: 'lexicon', pathname: '/api/lexicon/public' }],
    ['GET', '/api/lexicon/public/', '', { kind: 'function', name: 'lexicon', pathname: '/api/lexicon/public/' }],
    ['GET', '/api/lexicon/public/sophia', '', { kind: 'file', path: '/api/lexicon/en/sophia.json' }],
    ['GET', '/api/lexicon/public/sophia', 'locale=en', { kind: 'file', path: '/api/lexicon/en/sophia.json' }],
    ['GET', '/api/lexicon/public/sophia', 'locale=bg', { kind: 'file', path: '/api/lexicon/bg/sophia.json' }],
    ['HEAD', '/api/lexicon/public/sophia', 'locale=bg', { kind: 'file', path: '/api/lexicon/bg/sophia.json' }],
    // A concept's RDF: ?format= on the term URL, whatever else the query says.
    ['GET', '/api/lexicon/public/sophia', 'format=turtle', { kind: 'file', path: '/api/lexicon/concepts/sophia.ttl' }],
    [
      'GET',
      '/api/lexicon/public/sophia',
      'locale=bg&format=jsonld',
      { kind: 'file', path: '/api/lexicon/concepts/sophia.jsonld' },
    ],
    ['GET', '/api/lexicon/concepts/sophia.ttl', '', { kind: 'file', path: '/api/lexicon/concepts/sophia.ttl' }],
    [
      'GET',
      '/api/lexicon/public/nope',
      'format=turtle',
      { kind: 'function', name: 'lexicon', pathname: '/api/lexicon/concepts/nope.ttl' },
    ],
    [
      'GET',
      '/api/lexicon/public/sophia',
      'locale=BG',
      { kind: 'function', name: 'lexicon', pathname: '/api/lexicon/term/sophia' },
    ],
    [
      'GET',
      '/api/lexicon/public/sophia',
      'locale=',
      { kind: 'function', name: 'lexicon', pathname: '/api/lexicon/term/sophia' },
    ],
    [
      'GET',
      '/api/lexicon/public/nope',
      '',
      { kind: 'function', name: 'lexicon', pathname: '/api/lexicon/en/nope.json' },
    ],
    [
      'GET',
      '/api/lexicon/public/nope',
      'locale=bg',
      { kind: 'function', name: 'lexicon', pathname: '/api/lexicon/bg/nope.json' },
    ],
    ['GET', '/api/lexicon/public/a/b', '', { kind: 'function', name: 'lexicon', pathname: '/api/lexicon/term/a/b' }],
    ['GET', '/api/lexicon/foo', '', { kind: 'function', name: 'lexicon', pathname: '/api/lexicon/foo' }],
    ['GET', '/api/lexicon/openapi.json', '', { kind: 'file', path: '/api/lexicon/openapi.json' }],
    ['GET', '/dumps/manifest.json', '', { kind: 'file', path: '/dumps/manifest.json' }],
    ['GET', '/dumps/nope.csv', '', { kind: 'function', name: 'lexicon', pathname: '/dumps/nope.csv' }],
    ['GET', '/_data/list-index.en.bin', '', { kind: 'function', name: 'lexicon', pathname: '/api/lexicon/not-found' }],
    [
      'OPTIONS',
      '/api/lexicon/public/sophia',
      '',
      { kind: 'function', name: 'lexicon-methods', pathname: '/api/lexicon/public/sophia' },
    ],
    [
      'POST',
      '/api/lexicon/en/sophia.json',
      '',
      { kind: 'function', name: 'lexicon-methods', pathname: '/api/lexicon/en/sophia.json' },
    ],
    [
      'OPTIONS',
      '/dumps/manifest.json',
      '',
      { kind: 'function', name: 'lexicon-methods', pathname: '/dumps/manifest.json' },
    ],
    ['GET', '/elsewhere', '', { kind: 'none' }],
    // Pages: `/a/b` from a/b.html, `/a/` from a/index.html; never inside the API's prefixes.
    ['GET', '/', '', { kind: 'file', path: '/index.html' }],
    ['GET', '/en/lexicon/', '', { kind: 'file', path: '/en/lexicon/index.html' }],
    ['GET', '/en/lexicon/sophia', '', { kind: 'file', path: '/en/lexicon/sophia.html' }],
    ['GET', '/en/lexicon/sophia/', '', { kind: 'none' }],
    ['GET', '/en/lexicon/aeon', '', { kind: 'none' }],
    ['GET', '/api/lexicon/sophia', '', { kind: 'function', name: 'lexicon', pathname: '/api/lexicon/sophia' }],
  ] as const)('%s %s?%s', (method, pathname, search, expected) => {
    expect(resolveRoute(method, pathname, new URLSearchParams(search), hasFile)).toEqual(expected);
  });
});

describe('the function adapter (functions/lexicon.ts)', () => {
  let fn: (request: Request, context: Context) => Promise<Response>;
  let config: Record<string, unknown>;
  let methodsConfig: Record<string, unknown>;

  beforeAll(async () => {
    const out = path.join(tempDir(), 'dist');
    expect((await buildSite({ corpusDir: SMALL_CORPUS, outDir: out })).ok).toBe(true);
    process.env.LEXICON_DIST = out;
    delete process.env.RATE_LIMIT_PER_HOUR;
    const module = await import('../../functions/lexicon.ts');
    fn = module.default;
    config = module.config as unknown as typeof config;
    methodsConfig = (await import('../../functions/lexicon-methods.ts')).config as unknown as typeof config;
  });

  it('declare the paths of the routing table and a rate-limit rule that matches the constants', () => {
    const [lexicon, methods] = FUNCTIONS;
    const { name: _, ...declared } = lexicon!;
    expect({ path: config.path, excludedPath: config.excludedPath, preferStatic: config.preferStatic }).toEqual(
      declared,
    );
    expect(methodsConfig).toEqual({ path: methods!.path, method: methods!.method });
    expect(config.rateLimit).toEqual({
      windowLimit: expectedRule.window_limit,
      windowSize: expectedRule.window_size,
      aggregateBy: expectedRule.aggregate_by,
      action: expectedRule.action,
      to: expectedRule.to,
    });
  });

  it('sets every header itself (production does not apply [[headers]] to functions)', async () => {
    for (const url of [
      'https://site.test/api/lexicon/public',
      'https://site.test/api/lexicon/public?locale=xx',
      'https://site.test/api/lexicon/en/nope.json',
      'https://site.test/api/lexicon/term/sophia?locale=BG',
    ]) {
      const response = await fn(new Request(url), { ip: '203.0.113.9' } as Context);
      expect(response.headers.get('X-License')).toBe(LICENSE);
      expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
      expect(response.headers.get('Access-Control-Expose-Headers')).toBe(EXPOSED_HEADERS);
      expect(response.headers.get('Link')?.startsWith(`<${LICENSE_URL}>; rel="license"`)).toBe(true);
      expect(response.headers.get('RateLimit-Policy')).toBe(rateLimitPolicy(DEFAULT_REQUESTS_PER_HOUR));
      expect(response.headers.get('X-RateLimit-Limit')).toBe(String(DEFAULT_REQUESTS_PER_HOUR));
      if (response.status !== 308)
        expect(response.headers.get('Content-Type')).toMatch(/^application\/(problem\+)?json; charset=utf-8$/);
    }
  });
});
