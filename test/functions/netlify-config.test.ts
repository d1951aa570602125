// What the platform reads that the build cannot generate: netlify.toml and the functions'
// static configs are literals, checked here against the declarations they repeat (the routing
// table, the rate-limit backstop) by a checker shown to fail on changed copies; what can be
// generated (dist/_headers, dist/_redirects) is rendered from the table and checked as built.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Context } from '@netlify/functions';
import { beforeAll, describe, expect, it } from 'vitest';
import { LICENSE, LICENSE_URL } from '../../src/contract/facts.ts';
import { FUNCTIONS, policyHeaderRules, resolveRoute, staticHeaders } from '../../src/routes.ts';
import {
  FILE_REWRITES,
  headersFileRules,
  renderHeadersFile,
  renderRedirectsFile,
  TOML_REWRITES,
} from '../../scripts/lib/publish/deploy-files.ts';
import { CACHEABLE, EXPOSED_HEADERS, rateLimitPolicy } from '../../src/http.ts';
import { DEFAULT_REQUESTS_PER_HOUR } from '../../src/limits/rate-limit.ts';
import { BACKSTOP_FUNCTION_RULE, BACKSTOP_WINDOW_LIMIT, backstopProblem } from '../../src/limits/backstop.ts';
import { buildSite } from '../../scripts/lib/publish/build-site.ts';
import { SMALL_CORPUS } from '../helpers/corpus-fixtures.ts';
import { checkNetlifyToml } from '../helpers/netlify-toml-check.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const TOML = readFileSync(path.resolve(import.meta.dirname, '../../netlify.toml'), 'utf8');

describe('netlify.toml', () => {
  it('holds exactly what the declarations say must stay there', () => {
    expect(checkNetlifyToml(TOML)).toEqual([]);
  });

  // The check above can fail: each changed copy of the real file is caught, in words.
  it.each([
    [
      'a backstop window changed in one rule',
      (t: string) => t.replace('window_limit = 100', 'window_limit = 99'),
      '[[redirects]] 1 ("/api/lexicon/public/:slug" -> "/api/lexicon/concepts/:slug.ttl") rate_limit is {"window_limit":99,',
    ],
    [
      'a query condition changed',
      (t: string) => t.replace('query = { locale = "bg" }', 'query = { locale = "xx" }'),
      '[[redirects]] 3 ("/api/lexicon/public/:slug" -> "/api/lexicon/bg/:slug.json") query is {"locale":"xx"}; the declaration says {"locale":"bg"}',
    ],
    [
      'two rules in the wrong order',
      (t: string) =>
        t
          .replace('query = { locale = "bg" }', 'query = { locale = "@" }')
          .replace('query = { locale = "en" }', 'query = { locale = "bg" }')
          .replace('query = { locale = "@" }', 'query = { locale = "en" }'),
      '[[redirects]] 3 ("/api/lexicon/public/:slug" -> "/api/lexicon/bg/:slug.json") query is {"locale":"en"}',
    ],
    [
      'a traffic rule dropped',
      (t: string) =>
        t.replace(
          '  [redirects.rate_limit]\n    window_limit = 100\n    window_size = 180\n    aggregate_by = ["ip", "domain"]\n    action = "rewrite"\n    to = "/api/lexicon/rate-limited"\n',
          '',
        ),
      'rate_limit is undefined; the declaration says {"window_limit":100,',
    ],
    [
      'a header rule written by hand',
      (t: string) => `${t}\n[[headers]]\n  for = "/api/*"\n  [headers.values]\n    X-License = "CC BY-SA 4.0"\n`,
      '[[headers]] are generated into dist/_headers from the routing table: remove them from netlify.toml',
    ],
    [
      'a rule that belongs to dist/_redirects',
      (t: string) =>
        `${t}\n[[redirects]]\n  from = "/_data/*"\n  to = "/api/lexicon/not-found"\n  status = 200\n  force = true\n`,
      `netlify.toml has ${TOML_REWRITES.length + 1} [[redirects]]; the routing table puts ${TOML_REWRITES.length} there`,
    ],
    [
      'the functions shipping another file',
      (t: string) => t.replace('"dist/_data/grants.json"', '"dist/_data/*"'),
      'functions.included_files is ["dist/_data/list-index.*.bin","dist/_data/site.json","dist/_data/*"]; the declaration says ["dist/_data/list-index.*.bin","dist/_data/site.json","dist/_data/grants.json"]',
    ],
  ])('fails on a copy with %s', (_, change, message) => {
    const changed = change(TOML);
    expect(changed).not.toBe(TOML);
    expect(checkNetlifyToml(changed).join('\n')).toContain(message);
  });

  it('keeps the backstop on every rule that serves a static term file, and only generated rules out of it', () => {
    const termFileRules = TOML_REWRITES.filter((rule) => rule.to.endsWith('.json'));
    expect(termFileRules.length).toBe(3);
    for (const rule of termFileRules) expect(rule.rateLimited).toBe(true);
    expect(FILE_REWRITES.map((rule) => rule.from)).toEqual(['/_data/*', '/_headers', '/_redirects']);
  });

  it('lets the configured policy through the backstop, and refuses a limit the backstop would cut', () => {
    // The policy the build and `npm run grant` check against the backstop, not the constants
    // against themselves: the default limit passes, one request more than the rule allows does not.
    expect(backstopProblem(DEFAULT_REQUESTS_PER_HOUR, 'RATE_LIMIT_PER_HOUR')).toBeUndefined();
    expect(backstopProblem(BACKSTOP_WINDOW_LIMIT, 'a grant')).toBeUndefined();
    expect(backstopProblem(BACKSTOP_WINDOW_LIMIT + 1, 'a grant of 101 per hour')).toMatch(
      /^a grant of 101 per hour is above the CDN backstop of 100 requests per 180 s/,
    );
  });
});

describe('the generated deploy files', () => {
  it('writes dist/_redirects and dist/_headers from the routing table', async () => {
    const out = path.join(tempDir(), 'dist');
    expect((await buildSite({ corpusDir: SMALL_CORPUS, outDir: out })).ok).toBe(true);
    const redirects = readFileSync(path.join(out, '_redirects'), 'utf8');
    expect(redirects).toBe(renderRedirectsFile(FILE_REWRITES));
    expect(redirects).toBe(
      '/_data/* /api/lexicon/not-found 200!\n/_headers /api/lexicon/not-found 200!\n/_redirects /api/lexicon/not-found 200!\n',
    );
    const headers = readFileSync(path.join(out, '_headers'), 'utf8');
    expect(headers).toBe(renderHeadersFile(headersFileRules(DEFAULT_REQUESTS_PER_HOUR)));
    expect(headers.startsWith('/api/*\n  X-License: CC BY-SA 4.0\n')).toBe(true);
  });

  it('writes the policy header for the configured limit only', () => {
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

  it('gives static files the contract headers', () => {
    expect(staticHeaders('/api/lexicon/bg/sophia.json', 100)).toMatchObject({
      'X-License': LICENSE,
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Language': 'bg',
      'Cache-Control': CACHEABLE,
    });
    expect(staticHeaders('/api/lexicon/traditions.json', 100)).toMatchObject({
      'X-License': LICENSE,
      'Content-Type': 'application/json; charset=utf-8',
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
    // The literal Netlify reads, against the one declaration of the backstop.
    expect(config.rateLimit).toEqual(BACKSTOP_FUNCTION_RULE);
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
