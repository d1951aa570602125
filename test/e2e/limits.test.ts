// The limits over real HTTP, against netlify dev (the e2e project): a granted key on the list
// endpoint, an invalid key's 401 in the contract's format, and a build that never touched the
// repository's dist/.
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { ProblemSchema } from '../../src/contract/response-schemas.ts';
import { httpRequest } from '../helpers/http-client.ts';
import { E2E_GRANT_PER_HOUR } from './serve-for-e2e.ts';

const baseUrl = inject('baseUrl');
const key = inject('grantKey');
const ROOT = path.resolve(import.meta.dirname, '../..');

describe(`limits through ${inject('server')}`, () => {
  it("serves from a temporary build, never the repository's dist/", () => {
    const relative = path.relative(ROOT, inject('dist'));
    expect(relative.startsWith('..') || path.isAbsolute(relative), inject('dist')).toBe(true);
  });

  it('counts a granted key on the list endpoint against its own limit, from any address', async () => {
    const seen = [];
    for (let i = 0; i < E2E_GRANT_PER_HOUR + 1; i++) {
      const response = await httpRequest(`${baseUrl}/api/lexicon/public?limit=1&offset=${i}`, {
        localAddress: `127.0.0.${70 + (i % 3)}`,
        headers: { Authorization: `Bearer ${key}` },
      });
      seen.push([response.status, response.headers['x-ratelimit-remaining']]);
      expect(response.headers['ratelimit-policy']).toBe(`"hourly";q=${E2E_GRANT_PER_HOUR};w=3600`);
      expect(response.body).not.toContain(key);
    }
    expect(seen).toEqual([
      ...Array.from({ length: E2E_GRANT_PER_HOUR }, (_, i) => [200, String(E2E_GRANT_PER_HOUR - 1 - i)]),
      [429, '0'],
    ]);
    // The addresses keep their own anonymous quota.
    const anonymous = await httpRequest(`${baseUrl}/api/lexicon/public?limit=1`, { localAddress: '127.0.0.70' });
    expect(anonymous.headers['x-ratelimit-remaining']).toBe(String(inject('rateLimit') - 1));
  });

  it('answers an invalid key with a 401 problem in the contract format', async () => {
    const response = await httpRequest(`${baseUrl}/api/lexicon/public`, {
      localAddress: '127.0.0.74',
      headers: { Authorization: `Bearer ${key}x` },
    });
    expect(response.status).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(response.headers['x-license']).toBe('CC BY-SA 4.0');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-expose-headers']).toContain('WWW-Authenticate');
    const body = ProblemSchema.parse(JSON.parse(response.body));
    expect(body.type).toMatch(/\/api\/lexicon\/#invalid-credentials$/);
    expect(body.status).toBe(401);
    expect(response.body).not.toContain(key);
  });

  it('lets the Authorization header through a CORS preflight', async () => {
    const response = await httpRequest(`${baseUrl}/api/lexicon/public`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://example.org',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization',
      },
    });
    expect(response.status).toBe(204);
    expect(String(response.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
  });

  it('never counts the documentation, openapi.json or the dumps', async () => {
    for (const p of ['/api/lexicon/', '/api/lexicon/openapi.json', '/dumps/manifest.json']) {
      const response = await httpRequest(`${baseUrl}${p}`, { localAddress: '127.0.0.75' });
      expect(response.status, p).toBe(200);
      expect(response.headers['x-ratelimit-remaining'], p).toBeUndefined();
    }
  });
});
