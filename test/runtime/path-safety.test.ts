// Issue 22, finding 1: what the routing table does not publish is never served, however the path
// is spelled. The server routes and serves one canonical path (src/request-path.ts) and never
// follows a symbolic link inside the output folder.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../runtime/server.ts';
import { buildSite } from '../../scripts/lib/publish/build-site.ts';
import { canonicalPath } from '../../src/request-path.ts';
import { SMALL_CORPUS } from '../helpers/corpus-fixtures.ts';
import { httpRequest, type HttpResult } from '../helpers/http-client.ts';
import { tempDir } from '../helpers/temp-dir.ts';

/** Files in dist/ that the routing table never publishes. */
const INTERNAL = ['/_data/list-index.en.bin', '/_data/output-hashes.json', '/_headers', '/_redirects'];
/** Paths the routing table does publish, each with the status it answers. */
const PUBLISHED: [string, number][] = [
  ['/api/lexicon/public/sophia', 200],
  ['/api/lexicon/en/sophia.json', 200],
  ['/api/lexicon/public', 200],
  ['/api/lexicon/openapi.json', 200],
  ['/api/lexicon/pillars.json', 200],
  ['/dumps/manifest.json', 200],
  ['/api/lexicon/', 200],
  ['/api/lexicon/public/no-such-term', 404],
];

const expectProblem = (result: HttpResult, status: number) => {
  expect(result.status).toBe(status);
  expect(result.headers['content-type']).toBe('application/problem+json; charset=utf-8');
  expect(result.headers['x-license']).toBe('CC BY-SA 4.0');
  expect(JSON.parse(result.body).status).toBe(status);
};

describe('canonicalPath', () => {
  it.each([
    ['/api/lexicon/public/sophia', '/api/lexicon/public/sophia'],
    ['/%5fdata/list-index.en.bin', '/_data/list-index.en.bin'],
    ['/api/lexicon/public/%73ophia', '/api/lexicon/public/sophia'],
    ['/api/lexicon/', '/api/lexicon/'],
    ['/', '/'],
    ['/api/lexicon/public/%25%37%33', '/api/lexicon/public/%73'],
  ])('reads %s as %s', (raw, canonical) => {
    expect(canonicalPath(raw)).toEqual({ ok: true, path: canonical });
  });

  it.each([
    ['//_headers', 'the path has an empty segment ("//")'],
    ['/api/..%2f_data/output-hashes.json', 'the path has an encoded separator or a control character'],
    ['/api/%5c_data', 'the path has an encoded separator or a control character'],
    ['/api/%2e%2e/_data', 'the path has a dot segment'],
    ['/api/%2E/x', 'the path has a dot segment'],
    ['/api/lexicon/public/sophia%00', 'the path has an encoded separator or a control character'],
    ['/api/%zz', 'the path has a malformed percent-escape'],
    ['/api/%c0%af', 'the path has a malformed percent-escape'],
    ['api', 'the path does not start with "/"'],
  ])('refuses %s', (raw, reason) => {
    expect(canonicalPath(raw)).toEqual({ ok: false, reason });
  });
});

describe('npm start serves only what the routing table publishes', () => {
  let dist: string;
  let base: string;
  let server: RunningServer;
  const canonicalAnswers = new Map<string, HttpResult>();
  const get = (rawPath: string) => httpRequest(`${base}/`, { rawPath });

  beforeAll(async () => {
    dist = path.join(tempDir(), 'dist');
    expect((await buildSite({ corpusDir: SMALL_CORPUS, outDir: dist, rateLimitPerHour: 0 })).ok).toBe(true);
    server = await startServer({ dist, port: 0, host: '127.0.0.1', rateLimit: 0, log: () => {} });
    base = `http://127.0.0.1:${server.port}`;
    for (const [p] of [...PUBLISHED, ...INTERNAL.map((p) => [p, 404] as const)]) canonicalAnswers.set(p, await get(p));
  });
  afterAll(() => server.close());

  it('answers the canonical paths as the routing table says', () => {
    for (const [p, status] of PUBLISHED) expect(canonicalAnswers.get(p)!.status, p).toBe(status);
    for (const p of INTERNAL) expectProblem(canonicalAnswers.get(p)!, 404);
  });

  // The spellings the hostile run got a 200 for.
  it.each([
    '/%5fdata/list-index.en.bin',
    '/%5Fdata/output-hashes.json',
    '/_dat%61/list-index.bg.bin',
    '//_headers',
    '/%5fheaders',
    '/api/..%2f_data/output-hashes.json',
    '/api/lexicon/..%2f..%2f_data/list-index.en.bin',
    '/api/%2e%2e/_headers',
    '/api/lexicon/public/..%5c..%5c..%5c_headers',
    '/api%2f..%2f_headers',
    '/%255fdata/list-index.en.bin',
  ])('never serves %s', async (rawPath) => {
    expectProblem(await get(rawPath), 404);
  });

  it('never follows a symbolic link inside the output folder', async () => {
    const secret = path.join(tempDir(), 'secret.txt');
    writeFileSync(secret, 'root:x:0:0');
    symlinkSync(secret, path.join(dist, 'dumps/x.csv'));
    mkdirSync(path.join(tempDir(), 'elsewhere'), { recursive: true });
    symlinkSync(path.dirname(secret), path.join(dist, 'api/lexicon/linked'));
    symlinkSync(path.join(dist, '_data'), path.join(dist, 'api/lexicon/data'));
    for (const p of ['/dumps/x.csv', '/api/lexicon/linked/secret.txt', '/api/lexicon/data/output-hashes.json']) {
      const result = await get(p);
      expectProblem(result, 404);
      expect(result.body).not.toContain('root:x');
    }
  });

  // Any spelling of a path answers exactly what its canonical form answers, or a 404 problem;
  // one that only percent-encodes characters answers exactly what the canonical form answers.
  const hex = (c: string, upper: boolean) => {
    const code = c.charCodeAt(0).toString(16).padStart(2, '0');
    return `%${upper ? code.toUpperCase() : code}`;
  };
  const encodedChar = (c: string) =>
    fc.oneof(
      { weight: 3, arbitrary: fc.constant(c) },
      { weight: 1, arbitrary: fc.boolean().map((upper) => hex(c, upper)) },
    );
  const encodedSegment = (segment: string) =>
    fc.tuple(...[...segment].map(encodedChar)).map((chars) => (chars as string[]).join(''));
  const separators = [
    '/',
    '/',
    '/',
    '/',
    '//',
    '/./',
    '/x/../',
    '/%2e/',
    '/%2E%2e/',
    '%2f',
    '%2F',
    '%5c',
    '\\',
    '/%00/',
  ];
  const spelling = (canonical: string, structural: boolean) => {
    const segments = canonical.slice(1).split('/');
    return fc
      .tuple(
        ...segments.map((s) => (s === '' ? fc.constant('') : encodedSegment(s))),
        fc.array(fc.constantFrom(...(structural ? separators : ['/'])), {
          minLength: segments.length,
          maxLength: segments.length,
        }),
      )
      .map((parts) => {
        const seps = parts.at(-1) as string[];
        // A request target starts with "/" (origin-form); other targets: test/runtime/below-handler.test.ts.
        return (parts.slice(0, -1) as string[]).map((s, i) => `${i === 0 ? '/' : seps[i]}${s}`).join('');
      });
  };
  const targets = [...PUBLISHED.map(([p]) => p), ...INTERNAL];

  it('answers a percent-encoded spelling exactly as its canonical path', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...targets).chain((p) => spelling(p, false).map((s) => [p, s] as const)),
        async ([canonical, spelled]) => {
          const want = canonicalAnswers.get(canonical)!;
          const got = await get(spelled);
          expect([got.status, got.body], spelled).toEqual([want.status, want.body]);
        },
      ),
      { numRuns: 150, seed: 22 },
    );
  });

  it('answers any other spelling as its canonical path or with a 404 problem, never an internal file', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...targets).chain((p) => spelling(p, true).map((s) => [p, s] as const)),
        async ([canonical, spelled]) => {
          const want = canonicalAnswers.get(canonical)!;
          const got = await get(spelled);
          if (INTERNAL.includes(canonical) || got.status === 404) expectProblem(got, 404);
          else expect([got.status, got.body], spelled).toEqual([want.status, want.body]);
        },
      ),
      { numRuns: 300, seed: 2022 },
    );
  });
});
