// Issue 22, "Done when": a bounded, seeded fuzz run against npm start. 20,000 requests with
// malformed paths, encodings, query strings, headers and methods; every answer must be below 500,
// carry X-License, have a JSON or problem body where it has one (a published file excepted), and
// nothing under _data/, nor _headers, is ever served.
import http from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../scripts/lib/publish/build-site.ts';
import { SMALL_CORPUS } from '../helpers/corpus-fixtures.ts';
import { startSelfHosted, type SelfHosted } from '../helpers/self-hosted.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const REQUESTS = 20_000;
const CONCURRENCY = 8;

/** mulberry32: a small seeded generator, so a failure replays exactly. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SEGMENTS = [
  'api',
  'lexicon',
  'public',
  'sophia',
  'aeon',
  'en',
  'bg',
  'sophia.json',
  'dumps',
  'manifest.json',
  '_data',
  'list-index.en.bin',
  'output-hashes.json',
  '_headers',
  'openapi.json',
  'schemas',
  'term',
  'rate-limited',
  '..',
  '.',
  '%2e%2e',
  '%2E',
  '%2f',
  '%5c',
  '%00',
  '%5fdata',
  '%5fheaders',
  '%zz',
  '%',
  '%c0%af',
  '%ff',
  '%25',
  'caf%C3%A9',
  'Σοφία',
  'a'.repeat(300),
  '',
  '\\',
  '..%2f',
  '%2e%2e%2f_data',
  '~',
  'index.html',
  'healthz',
];
const PARAMS = ['locale', 'pillar', 'q', 'limit', 'offset', 'format', 'utm', 'locale', 'limit'];
const VALUES = [
  'en',
  'bg',
  'BG',
  'xx',
  '',
  '0',
  '-1',
  '501',
  '1e3',
  'abc',
  '%00',
  'камък',
  'a'.repeat(200),
  '%zz',
  '+5',
];
const METHODS = ['GET', 'GET', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'DELETE', 'PATCH', 'TRACE', 'FOO'];
const HEADERS: [string, string[]][] = [
  ['Host', ['evil.example', 'a', '[::1]', 'x:99999', 'localhost']],
  ['X-Forwarded-Host', ['evil.example', 'a b', '']],
  ['X-Forwarded-For', ['1.2.3.4', 'not an ip', '::ffff:1.2.3.4']],
  ['Accept', ['*/*', 'text/turtle', 'application/ld+json', 'text/html', 'application/json;q=0', 'x/y;;;']],
  ['Accept-Encoding', ['br', 'gzip', 'identity;q=0', '*', 'zstd']],
  ['If-None-Match', ['*', '"x"', 'W/"y"', '']],
  ['Range', ['bytes=0-10', 'bytes=-5', 'junk']],
  ['Authorization', ['Bearer x', 'Basic Zm9v', '']],
  ['Expect', ['100-continue', 'something']],
  ['Origin', ['https://evil.example']],
];

function pick<T>(next: () => number, items: readonly T[]): T {
  return items[Math.floor(next() * items.length)]!;
}

function requestFor(next: () => number) {
  const segments = Array.from({ length: 1 + Math.floor(next() * 5) }, () => pick(next, SEGMENTS));
  const separator = () => (next() < 0.9 ? '/' : pick(next, ['//', '/./', '%2f', '\\']));
  let target = segments.map((s) => `${separator()}${encodeURI(s).replaceAll('%25', '%')}`).join('');
  if (!target.startsWith('/')) target = `/${target}`;
  if (next() < 0.6) {
    const query = Array.from(
      { length: Math.floor(next() * 4) },
      () => `${pick(next, PARAMS)}=${encodeURI(pick(next, VALUES)).replaceAll('%25', '%')}`,
    );
    target += `?${query.join('&')}`;
  }
  const headers: Record<string, string> = {};
  for (const [name, values] of HEADERS) if (next() < 0.15) headers[name] = pick(next, values);
  return { method: pick(next, METHODS), target, headers };
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function send(port: number, agent: http.Agent, spec: ReturnType<typeof requestFor>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, agent, method: spec.method, path: spec.target, headers: spec.headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end();
  });
}

describe('npm start under a seeded fuzz run', () => {
  let dist: string;
  let server: SelfHosted;
  beforeAll(async () => {
    dist = path.join(tempDir(), 'dist');
    expect((await buildSite({ corpusDir: SMALL_CORPUS, outDir: dist, rateLimitPerHour: 0 })).ok).toBe(true);
    server = await startSelfHosted(['--dist', dist], { RATE_LIMIT_PER_HOUR: '0' });
  }, 60_000);
  afterAll(() => server?.stop());

  it(`answers ${REQUESTS} malformed requests within the contract`, async () => {
    const internal = ['_data/output-hashes.json', '_headers'].map((f) => readFileSync(path.join(dist, f)));
    const next = random(22);
    const specs = Array.from({ length: REQUESTS }, () => requestFor(next));
    const failures: string[] = [];
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    let at = 0;
    const worker = async () => {
      while (at < specs.length) {
        const spec = specs[at++]!;
        const where = `${spec.method} ${spec.target} ${JSON.stringify(spec.headers)}`;
        let answer: Answer;
        try {
          answer = await send(server.port, agent, spec);
        } catch (error) {
          failures.push(`${where}: ${String(error)}`);
          continue;
        }
        const type = String(answer.headers['content-type'] ?? '');
        if (answer.status >= 500) failures.push(`${where}: ${answer.status}`);
        if (answer.headers['x-license'] !== 'CC BY-SA 4.0') failures.push(`${where}: no X-License`);
        if (answer.status >= 400 && spec.method !== 'HEAD' && !type.startsWith('application/problem+json'))
          failures.push(`${where}: ${answer.status} without a problem body`);
        if (answer.status >= 400 && spec.method !== 'HEAD' && !answer.headers['content-encoding'])
          JSON.parse(answer.body.toString('utf8'));
        if (answer.status === 200 && answer.body.length > 0 && internal.some((file) => file.equals(answer.body)))
          failures.push(`${where}: served an internal file`);
        if (answer.status === 200 && answer.body.subarray(0, 4).toString('latin1') === 'LXI1')
          failures.push(`${where}: served a list index`);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    agent.destroy();
    expect(failures.slice(0, 20)).toEqual([]);
  }, 300_000);
});
