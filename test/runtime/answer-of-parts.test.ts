// Issue 27: npm start makes its answer from the parts the handler made a response of
// (`respond()`, src/http.ts) instead of reading the Response back through a stream and a Headers
// object. Both ways must give the same answer: status, headers in the same order and case, body.
import { describe, expect, it } from 'vitest';
import { answerForClient, answerOfParts } from '../../runtime/content-coding.ts';
import { varyOnAccept } from '../../runtime/representation.ts';
import { baseHeaders, respond, type ResponseHeaders } from '../../src/http.ts';

const FILE_BODY = new TextEncoder().encode(JSON.stringify({ term: 'Sophia', body: 'x'.repeat(2000) }));
const FILE = {
  body: FILE_BODY,
  headers: { 'Content-Type': 'application/json; charset=utf-8', 'Content-Language': 'en' },
};

// Every response of the handler with a body names its type (a web Response would add text/plain).
type Made = { status: number; headers: () => ResponseHeaders; body: string | Uint8Array<ArrayBuffer> | null };
const headers = (extra: ResponseHeaders) => () => ({ ...baseHeaders(1000), ...extra });

const RESPONSES: Record<string, Made & { file?: typeof FILE }> = {
  'list page': {
    status: 200,
    headers: headers({ ETag: '"v1-abc"', 'Content-Language': 'en', 'Content-Type': 'application/json; charset=utf-8' }),
    body: `{"items":[${'{"slug":"sophia"},'.repeat(200)}{}]}`,
  },
  'static file': {
    status: 200,
    headers: headers({ ...FILE.headers, ETag: '"f1"', 'Cache-Control': 'private, no-cache', RateLimit: '"x";r=1;t=2' }),
    body: FILE_BODY,
    file: FILE,
  },
  'not modified file': { status: 304, headers: headers({ ETag: '"f1"' }), body: null, file: FILE },
  'not modified list': { status: 304, headers: headers({ ETag: '"v1-abc"', Vary: 'X-Forwarded-Host' }), body: null },
  problem: {
    status: 404,
    headers: headers({
      'Content-Type': 'application/problem+json; charset=utf-8',
      'Cache-Control': 'private, no-cache',
    }),
    body: '{"type":"x#not-found","title":"Not Found","status":404}',
  },
  redirect: { status: 308, headers: headers({ Location: '/api/lexicon/public/sophia', Vary: 'Accept' }), body: null },
  'rate limited': {
    status: 429,
    headers: headers({
      'Content-Type': 'application/problem+json; charset=utf-8',
      'Retry-After': '60',
      'X-RateLimit-Remaining': '0',
      'WWW-Authenticate': 'Bearer',
    }),
    body: '{"status":429}',
  },
  'empty body': { status: 200, headers: headers({ 'Content-Type': 'text/csv; charset=utf-8' }), body: '' },
};

const REQUESTS: { method: string; headers: Record<string, string> }[] = [
  { method: 'GET', headers: {} },
  { method: 'HEAD', headers: {} },
  { method: 'GET', headers: { 'Accept-Encoding': 'gzip' } },
  { method: 'GET', headers: { 'Accept-Encoding': 'br' } },
  { method: 'HEAD', headers: { 'Accept-Encoding': 'br, gzip' } },
];

const asBytes = (body: Uint8Array | null) => (body === null ? null : Buffer.from(body).toString('base64'));

describe('the answer from the handler response parts', () => {
  for (const [name, made] of Object.entries(RESPONSES)) {
    for (const asked of REQUESTS) {
      for (const varies of [false, true]) {
        it(`${name}, ${asked.method} ${JSON.stringify(asked.headers)}${varies ? ', Vary: Accept' : ''}`, async () => {
          const request = new Request('http://localhost/x', asked);
          const body = made.body === null || typeof made.body === 'string' ? made.body : made.body.slice();
          const fromParts = answerOfParts(request, respond(body, made.status, made.headers()), made.file, varies);
          const plain = new Response(body, { status: made.status, headers: made.headers() });
          const fromResponse = await answerForClient(request, varies ? varyOnAccept(plain) : plain, made.file);
          // Both say the same: none when the response goes out as it is, else the same answer.
          expect(fromParts === undefined, 'as it is').toBe(fromResponse === undefined);
          if (!fromParts || !fromResponse) return;
          expect(fromParts.status).toBe(fromResponse.status);
          expect(Object.entries(fromParts.headers)).toEqual(Object.entries(fromResponse.headers));
          expect(asBytes(fromParts.body)).toBe(asBytes(fromResponse.body));
        });
      }
    }
  }

  it('has no parts for a response made otherwise', () => {
    const request = new Request('http://localhost/x');
    expect(
      answerOfParts(request, new Response('{}', { headers: { 'Content-Type': 'application/json' } }), undefined, false),
    ).toBe(undefined);
  });
});
