// Issue 22, finding 5: responses below the handler broke the contract. Node's parser (400, 431),
// the HTTP adapter (bare 400), `Expect` (417) and slow clients (408) answered without X-License,
// CORS or a problem body; /healthz had no license or CORS headers; the CDN's backstop path was a
// public 429 on npm start. Raw bytes over a socket, against the real server.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../runtime/server.ts';
import { buildSite } from '../../scripts/lib/publish/build-site.ts';
import { SMALL_CORPUS } from '../helpers/corpus-fixtures.ts';
import { httpRequest } from '../helpers/http-client.ts';
import { rawExchange, type RawResponse } from '../helpers/raw-http.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const SITE = 'https://lexicon.test';

function expectContractProblem(response: RawResponse, status: number, kind: string) {
  expect(response.status, response.raw.slice(0, 200)).toBe(status);
  expect(response.headers['x-license']).toBe('CC BY-SA 4.0');
  expect(response.headers['access-control-allow-origin']).toBe('*');
  expect(response.headers['access-control-expose-headers']).toContain('X-License');
  expect(response.headers.link).toBe('<https://creativecommons.org/licenses/by-sa/4.0/>; rel="license"');
  expect(response.headers['ratelimit-policy']).toBe('"hourly";q=5;w=3600');
  expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8');
  const body = JSON.parse(response.body);
  expect(body).toMatchObject({ type: `${SITE}/api/lexicon/#${kind}`, status });
  expect(body.attribution.license).toBe('CC BY-SA 4.0');
}

describe('npm start answers what lies below the handler in the contract', () => {
  let port: number;
  let server: RunningServer;
  beforeAll(async () => {
    const dist = path.join(tempDir(), 'dist');
    expect((await buildSite({ corpusDir: SMALL_CORPUS, outDir: dist, siteUrl: SITE, rateLimitPerHour: 5 })).ok).toBe(
      true,
    );
    server = await startServer({
      dist,
      port: 0,
      host: '127.0.0.1',
      rateLimit: 5,
      headersTimeoutMs: 500,
      log: () => {},
    });
    port = server.port;
  });
  afterAll(() => server.close());

  it.each([
    ['a request line Node cannot parse', 'GARBAGE\r\n\r\n', 400, 'bad-request'],
    ['a bad header line', 'GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n', 400, 'bad-request'],
    ['a NUL in the path', 'GET /api/\0 HTTP/1.1\r\nHost: x\r\n\r\n', 400, 'bad-request'],
    [
      'headers over 16 KB',
      `GET /api/lexicon/public HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      431,
      'header-fields-too-large',
    ],
    [
      'a request target that is not a path',
      'GET %2fapi/lexicon/public HTTP/1.1\r\nHost: x\r\n\r\n',
      400,
      'bad-request',
    ],
    ['a backslash in the path', 'GET /api\\..\\_data HTTP/1.1\r\nHost: x\r\n\r\n', 404, 'not-found'],
    ['an invalid Host', 'GET /api/lexicon/public HTTP/1.1\r\nHost: a b\r\n\r\n', 400, 'bad-request'],
    ['HTTP/1.1 without Host', 'GET /api/lexicon/public HTTP/1.1\r\n\r\n', 400, 'bad-request'],
  ])('%s: a problem with the contract headers', async (_, bytes, status, kind) => {
    expectContractProblem(await rawExchange(port, bytes), status as number, kind as string);
  });

  it('answers a client too slow to send its headers with a 408 problem', async () => {
    const response = await rawExchange(port, 'GET /api/lexicon/public HTTP/1.1\r\nHost: x\r\n', 5000);
    expectContractProblem(response, 408, 'request-timeout');
  });

  it('serves a request with an Expect it does not support (RFC 9110 allows ignoring it)', async () => {
    const response = await rawExchange(
      port,
      'GET /api/lexicon/public?limit=1 HTTP/1.1\r\nHost: x\r\nExpect: something\r\nConnection: close\r\n\r\n',
    );
    expect(response.status).toBe(200);
    expect(response.headers['x-license']).toBe('CC BY-SA 4.0');
  });

  it('answers /healthz with the license and CORS headers', async () => {
    const response = await httpRequest(`http://127.0.0.1:${port}/healthz`);
    expect(response.status).toBe(200);
    expect(response.headers['x-license']).toBe('CC BY-SA 4.0');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('does not answer the CDN backstop path with a 429', async () => {
    const response = await httpRequest(`http://127.0.0.1:${port}/api/lexicon/rate-limited`, {
      localAddress: '127.0.0.9',
    });
    expect(response.status).toBe(404);
  });
});
