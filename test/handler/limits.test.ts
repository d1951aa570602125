// The rate-limit policy at the handler (docs/routing.md, "What is counted"): who a client is
// (IPv4 address, IPv6 /64, a granted key), which paths are counted, and the credentials check.
import { describe, expect, it } from 'vitest';
import { validateCorpus } from '../../scripts/lib/corpus/validate-corpus.ts';
import { createHandler, type StaticFile } from '../../src/handler.ts';
import { hashKey, type GrantBook, type GrantRecord } from '../../src/limits/grants.ts';
import { MemoryRateLimitStore } from '../../src/limits/rate-limit.ts';
import { ProblemSchema } from '../../src/contract/response-schemas.ts';
import { smallCorpusFiles } from '../helpers/corpus-fixtures.ts';
import { BASE, emitInMemory, siteFrom } from '../helpers/in-memory-site.ts';

const validation = validateCorpus(smallCorpusFiles());
if (!validation.ok) throw new Error('the small fixture corpus must be valid');
const emitted = await emitInMemory(validation.corpus);

const remaining = (response: Response) => response.headers.get('X-RateLimit-Remaining');

describe('who a client is', () => {
  it('counts every spelling of one IPv6 address, and every address of its /64, as one client', async () => {
    const site = siteFrom(emitted, { rateLimit: 10 });
    const seen = [];
    for (const ip of ['2001:db8:1:2::1', '2001:DB8:1:2:0:0:0:1', '2001:db8:1:2:ffff::9', '2001:db8:1:2:1:2:3:4']) {
      seen.push(remaining(await site.handle('/api/lexicon/public', { ip })));
    }
    expect(seen).toEqual(['9', '8', '7', '6']);
    expect(remaining(await site.handle('/api/lexicon/public', { ip: '2001:db8:1:3::1' }))).toBe('9');
  });

  it('counts an IPv4-mapped IPv6 address as the IPv4 address', async () => {
    const site = siteFrom(emitted, { rateLimit: 10 });
    expect(remaining(await site.handle('/api/lexicon/public', { ip: '192.0.2.77' }))).toBe('9');
    expect(remaining(await site.handle('/api/lexicon/public', { ip: '::ffff:192.0.2.77' }))).toBe('8');
    expect(remaining(await site.handle('/api/lexicon/public', { ip: '::ffff:c000:24d' }))).toBe('7');
  });

  it('keys IPv6 by the prefix the operator configured', async () => {
    const handle = createHandler({
      ...siteFrom(emitted),
      rateLimit: new MemoryRateLimitStore(10),
      ipv6PrefixBits: 48,
    });
    const get = (ip: string) => handle(new Request(`${BASE}/api/lexicon/public`), { ip }).then(remaining);
    expect([await get('2001:db8:1:2::1'), await get('2001:db8:1:ffff::1'), await get('2001:db8:2::1')]).toEqual([
      '9',
      '8',
      '9',
    ]);
  });
});

describe('what is counted', () => {
  const file = (body: string): StaticFile => ({
    body: new TextEncoder().encode(body),
    headers: { 'Content-Type': 'text/html; charset=utf-8' },
    etag: '"x"',
  });

  it('never counts nor refuses the docs page, openapi.json, schemas, pillars.json, dumps or HTML pages', async () => {
    const site = siteFrom(emitted, { rateLimit: 2 });
    for (let i = 0; i < 2; i++) await site.handle('/api/lexicon/public');
    expect((await site.handle('/api/lexicon/public')).status).toBe(429);
    const handle = createHandler({ indexes: site.indexes, site: site.site, rateLimit: new MemoryRateLimitStore(2) });
    for (let i = 0; i < 2; i++) await handle(new Request(`${BASE}/api/lexicon/public`), { ip: '192.0.2.1' });
    for (const path of [
      '/api/lexicon/',
      '/api/lexicon',
      '/api/lexicon/index.html',
      '/api/lexicon/openapi.json',
      '/api/lexicon/schemas/term.json',
      '/api/lexicon/pillars.json',
      '/api/lexicon/traditions.json',
      '/dumps/manifest.json',
      '/dumps/lexicon-0123456789abcdef-all.sqlite',
      '/en/terms/aeon/',
      '/',
    ]) {
      const response = await handle(new Request(`${BASE}${path}`), { ip: '192.0.2.1' }, file('<p>x</p>'));
      expect(response.status, path).toBe(200);
      expect(response.headers.get('RateLimit'), path).toBeNull();
      expect(response.headers.get('RateLimit-Policy'), path).toBe('"hourly";q=2;w=3600');
    }
  });

  it('counts every form of the two endpoints, and unknown paths under /api/', async () => {
    const site = siteFrom(emitted, { rateLimit: 100 });
    const seen = [];
    for (const path of [
      '/api/lexicon/public',
      '/api/lexicon/public/',
      '/api/lexicon/public/aeon?locale=BG',
      '/api/lexicon/public/no-such-term',
      '/api/lexicon/term/aeon?locale=BG',
      '/api/lexicon/nothing-here',
    ]) {
      seen.push(remaining(await site.handle(path)));
    }
    expect(seen).toEqual(['99', '98', '97', '96', '95', '94']);
    const term = createHandler({ indexes: site.indexes, site: site.site, rateLimit: new MemoryRateLimitStore(5) });
    const served = await term(new Request(`${BASE}/api/lexicon/public/aeon`), { ip: '192.0.2.1' }, file('{}'));
    expect(remaining(served)).toBe('4');
  });
});

const KEY = 'lx_test-key-0123456789abcdefghijklmnopqrstu';
const OTHER_KEY = 'lx_test-key-other-0123456789abcdefghijklmn';

async function grantBook(records: Partial<GrantRecord>[]): Promise<GrantBook> {
  const byHash = new Map<string, GrantRecord>();
  for (const [i, record] of records.entries()) {
    const keyHash = await hashKey(record.keyHash ?? KEY);
    byHash.set(keyHash, { id: `g${i}`, perHour: 5, ...record, keyHash });
  }
  return { find: (hash) => byHash.get(hash) };
}

describe('grants', () => {
  const DAY = 86_400_000;
  async function siteWithGrants(records: Partial<GrantRecord>[], now = () => Date.now()) {
    const handle = createHandler({
      ...siteFrom(emitted),
      rateLimit: new MemoryRateLimitStore(2, now),
      grants: await grantBook(records),
      now,
    });
    return (path: string, headers: Record<string, string> = {}, ip = '192.0.2.1', init: RequestInit = {}) =>
      handle(new Request(`${BASE}${path}`, { ...init, headers }), { ip });
  }
  const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

  it('counts a granted key per key, from any address, against its own limit', async () => {
    const get = await siteWithGrants([{ perHour: 5 }]);
    const seen = [];
    for (let i = 0; i < 5; i++) {
      const response = await get('/api/lexicon/public?limit=1', bearer(KEY), `198.51.100.${i}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('RateLimit-Policy')).toBe('"hourly";q=5;w=3600');
      expect(response.headers.get('X-RateLimit-Limit')).toBe('5');
      expect(await response.text()).not.toContain(KEY);
      seen.push(remaining(response));
    }
    expect(seen).toEqual(['4', '3', '2', '1', '0']);
    const limited = await get('/api/lexicon/public', bearer(KEY), '203.0.113.1');
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain('the limit of 5 requests per hour is used up');
    // The addresses it used keep their own anonymous quota.
    expect(remaining(await get('/api/lexicon/public', {}, '198.51.100.0'))).toBe('1');
  });

  it('answers a wrong, expired or revoked key with a 401 problem, never the anonymous policy', async () => {
    const now = Date.now();
    const get = await siteWithGrants([
      { keyHash: KEY, perHour: 5 },
      { keyHash: OTHER_KEY, perHour: 5, expires: new Date(now - DAY).toISOString() },
      { keyHash: 'lx_revoked', perHour: 5, revoked: new Date(now - DAY).toISOString() },
    ]);
    for (const authorization of [
      `Bearer ${KEY}x`,
      `Bearer ${OTHER_KEY}`,
      'Bearer lx_revoked',
      'Bearer',
      'Basic dXNlcjpwYXNz',
      `bearer  ${KEY} extra`,
    ]) {
      const response = await get('/api/lexicon/public?limit=abc', { Authorization: authorization });
      expect(response.status, authorization).toBe(401);
      expect(response.headers.get('WWW-Authenticate')).toBe('Bearer error="invalid_token"');
      expect(response.headers.get('Content-Type')).toBe('application/problem+json; charset=utf-8');
      expect(response.headers.get('Cache-Control')).toBe('private, no-cache');
      expect(response.headers.get('Access-Control-Expose-Headers')).toContain('WWW-Authenticate');
      expect(response.headers.get('RateLimit')).toBeNull();
      const text = await response.text();
      expect(text).not.toContain(authorization.split(' ').at(-1));
      const body = ProblemSchema.parse(JSON.parse(text));
      expect(body).toMatchObject({
        type: 'https://lexicon.test/api/lexicon/#invalid-credentials',
        title: 'Invalid credentials',
        status: 401,
        detail:
          'the key in the Authorization header is not valid (wrong, expired or revoked); send no key for the anonymous limit',
      });
    }
    expect((await get('/api/lexicon/public', { Authorization: `Bearer ${KEY}` })).status).toBe(200);
    // Scheme names are case-insensitive (RFC 9110 11.1).
    expect((await get('/api/lexicon/public', { Authorization: `bearer ${KEY}` })).status).toBe(200);
  });

  it('checks credentials after the method and before the rate limit; uncounted paths ignore them', async () => {
    const get = await siteWithGrants([{ perHour: 5 }]);
    for (let i = 0; i < 2; i++) await get('/api/lexicon/public');
    expect((await get('/api/lexicon/public')).status).toBe(429);
    expect((await get('/api/lexicon/public', bearer('wrong'))).status).toBe(401);
    expect((await get('/api/lexicon/public', bearer('wrong'), '192.0.2.1', { method: 'DELETE' })).status).toBe(405);
    expect((await get('/api/lexicon/openapi.json', bearer('wrong'))).status).toBe(404);
  });

  it('lets the Authorization header through the CORS preflight', async () => {
    const get = await siteWithGrants([]);
    const preflight = await get('/api/lexicon/public', {}, '192.0.2.1', { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('Access-Control-Allow-Headers')).toBe('Authorization, If-None-Match');
  });

  it('with the limit off, ignores keys and advertises no policy', async () => {
    const handle = createHandler({ ...siteFrom(emitted), grants: await grantBook([{}]) });
    const response = await handle(new Request(`${BASE}/api/lexicon/public`, { headers: bearer('wrong') }), {
      ip: '192.0.2.1',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('RateLimit-Policy')).toBeNull();
  });

  it('lets exactly the limit through when 200 requests with one key arrive at once', async () => {
    const get = await siteWithGrants([{ perHour: 150 }]);
    const statuses = await Promise.all(
      Array.from({ length: 200 }, (_, i) => get('/api/lexicon/public?limit=1', bearer(KEY), `198.51.100.${i % 50}`)),
    ).then((responses) => responses.map((r) => r.status));
    expect(statuses.filter((s) => s === 200)).toHaveLength(150);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50);
  });
});
