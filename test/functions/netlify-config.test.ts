// netlify.toml and the function's static config are literals the platform reads; this keeps
// them in line with the constants the handler uses, and checks the adapter end to end.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Context } from '@netlify/functions';
import { parse } from 'smol-toml';
import { beforeAll, describe, expect, it } from 'vitest';
import { LICENSE, LICENSE_URL, LIST_PATH } from '../../src/contract.ts';
import { CACHEABLE, EXPOSED_HEADERS, rateLimitPolicy } from '../../src/http.ts';
import { DEFAULT_REQUESTS_PER_HOUR } from '../../src/rate-limit.ts';
import { BACKSTOP_WINDOW_LIMIT, BACKSTOP_WINDOW_SECONDS, RATE_LIMITED_PATH } from '../../src/rate-limit-backstop.ts';
import { buildSite } from '../../scripts/lib/build-site.ts';
import { listIndexPath } from '../../scripts/lib/emit.ts';
import { SMALL_CORPUS } from '../helpers/corpus-fixtures.ts';
import { tempDir } from '../helpers/temp-dir.ts';

interface NetlifyToml {
  build: { command: string; publish: string };
  functions: { directory: string } & Record<string, { included_files?: string[] }>;
  redirects: { from: string; to: string; status: number; force: boolean; query?: Record<string, string>; rate_limit?: Record<string, unknown> }[];
  headers: { for: string; values: Record<string, string> }[];
}

const toml = parse(readFileSync(path.resolve(import.meta.dirname, '../../netlify.toml'), 'utf8')) as unknown as NetlifyToml;
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

  it('ships the list indexes with the function, and nothing else from dist/', () => {
    expect(toml.functions.lexicon?.included_files).toEqual(['dist/_data/list-index.*.bin']);
    for (const locale of ['en', 'bg']) expect(`dist/${listIndexPath(locale)}`).toMatch(/^dist\/_data\/list-index\.[a-z]+\.bin$/);
  });

  it('routes single terms: locale=bg, locale=en, any other locale to the function, then the en file', () => {
    const termRules = toml.redirects.filter((r) => r.from === `${LIST_PATH}/:slug`);
    expect(termRules.map((r) => [r.query ?? null, r.to, r.status, r.force])).toEqual([
      [{ locale: 'bg' }, '/api/lexicon/bg/:slug.json', 200, true],
      [{ locale: 'en' }, '/api/lexicon/en/:slug.json', 200, true],
      [{ locale: ':locale' }, `${LIST_PATH}/:slug`, 200, true],
      [null, '/api/lexicon/en/:slug.json', 200, true],
    ]);
  });

  it('puts the rate-limit backstop on every rule that serves a static term file, matching the policy constant', () => {
    const fileRules = toml.redirects.filter((r) => r.to.endsWith('.json'));
    expect(fileRules.length).toBe(3);
    for (const rule of fileRules) expect(rule.rate_limit).toEqual(expectedRule);
    // A client within the hourly policy never reaches the backstop.
    expect(BACKSTOP_WINDOW_LIMIT).toBeGreaterThanOrEqual(DEFAULT_REQUESTS_PER_HOUR);
    expect(BACKSTOP_WINDOW_SECONDS).toBeLessThanOrEqual(180);
  });

  it('gives static files the same license, CORS and policy headers the function sets itself', () => {
    const api = toml.headers.find((h) => h.for === '/api/*')!.values;
    expect(api).toEqual({
      'X-License': LICENSE,
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Expose-Headers': EXPOSED_HEADERS,
      Link: `<${LICENSE_URL}>; rel="license"`,
      'RateLimit-Policy': rateLimitPolicy(DEFAULT_REQUESTS_PER_HOUR),
      'Cache-Control': CACHEABLE,
    });
    expect(toml.headers.find((h) => h.for === '/api/lexicon/*.json')!.values).toEqual({
      'Content-Type': 'application/json; charset=utf-8',
    });
  });

  it('gives the dumps the license and CORS headers, immutable caching for versioned names, and their media types', () => {
    const rule = (pattern: string) => toml.headers.find((h) => h.for === pattern)?.values;
    expect(rule('/dumps/*')).toEqual({
      'X-License': LICENSE,
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Expose-Headers': EXPOSED_HEADERS,
      Link: `<${LICENSE_URL}>; rel="license"`,
    });
    expect(rule('/dumps/lexicon-*')).toEqual({ 'Cache-Control': 'public, max-age=31536000, immutable' });
    expect(rule('/dumps/manifest.json')?.['Cache-Control']).toBe(CACHEABLE);
    expect(rule('/dumps/*.ndjson')?.['Content-Type']).toBe('application/x-ndjson; charset=utf-8');
    expect(rule('/dumps/*.csv')?.['Content-Type']).toBe('text/csv; charset=utf-8; header=present');
    expect(rule('/dumps/*.sqlite')?.['Content-Type']).toBe('application/vnd.sqlite3');
  });
});

describe('the function adapter (functions/lexicon.ts)', () => {
  let fn: (request: Request, context: Context) => Promise<Response>;
  let config: { path: string[]; preferStatic: boolean; rateLimit: Record<string, unknown> };

  beforeAll(async () => {
    const out = path.join(tempDir(), 'dist');
    expect((await buildSite({ corpusDir: SMALL_CORPUS, outDir: out })).ok).toBe(true);
    process.env.LEXICON_DATA_DIR = path.join(out, '_data');
    delete process.env.RATE_LIMIT_PER_HOUR;
    const module = await import('../../functions/lexicon.ts');
    fn = module.default;
    config = module.config as unknown as typeof config;
  });

  it('declares paths and a rate-limit rule that match the constants', () => {
    expect(config.path).toEqual([LIST_PATH, `${LIST_PATH}/`, `${LIST_PATH}/*`, '/api/lexicon/en/*', '/api/lexicon/bg/*', RATE_LIMITED_PATH]);
    expect(config.preferStatic).toBe(true);
    expect(config.rateLimit).toEqual({
      windowLimit: expectedRule.window_limit,
      windowSize: expectedRule.window_size,
      aggregateBy: expectedRule.aggregate_by,
      action: expectedRule.action,
      to: expectedRule.to,
    });
  });

  it('sets every header itself (production does not apply [[headers]] to functions)', async () => {
    for (const url of ['https://site.test/api/lexicon/public', 'https://site.test/api/lexicon/public?locale=xx', 'https://site.test/api/lexicon/public/nope']) {
      const response = await fn(new Request(url), { ip: '203.0.113.9' } as Context);
      expect(response.headers.get('X-License')).toBe(LICENSE);
      expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
      expect(response.headers.get('Access-Control-Expose-Headers')).toBe(EXPOSED_HEADERS);
      expect(response.headers.get('Link')).toBe(`<${LICENSE_URL}>; rel="license"`);
      expect(response.headers.get('RateLimit-Policy')).toBe(rateLimitPolicy(DEFAULT_REQUESTS_PER_HOUR));
      expect(response.headers.get('X-RateLimit-Limit')).toBe(String(DEFAULT_REQUESTS_PER_HOUR));
      expect(response.headers.get('Content-Type')).toMatch(/^application\/(problem\+)?json; charset=utf-8$/);
    }
  });
});
