// Issue 27: under a rate limit (npm start's default) a term file or list page is given from memory
// (runtime/counted-answers.ts): the kept bytes, with each request's own count and counters. Every
// exchange here goes over real HTTP to two servers on the same tree, one keeping answers and one
// without (the general path): the same requests in the same order must get the same bytes (only
// Date, and the window's end within a second, may differ), whichever client, coding, method,
// revalidation, refusal, grant, store or tree.
import { cpSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer, type ServerOptions } from '../../runtime/server.ts';
import { answersGivenFromMemory } from '../../runtime/kept-answers.ts';
import { headerBlocksWritten } from '../../runtime/header-block.ts';
import { hashKey } from '../../src/limits/grants.ts';
import { buildSite } from '../../scripts/lib/publish/build-site.ts';
import { SMALL_CORPUS } from '../helpers/corpus-fixtures.ts';
import { rawConnection, rawExchange, type RawResponse } from '../helpers/raw-http.ts';
import { hasRedisServer, startRedis, type RedisServer } from '../helpers/redis-server.ts';
import { tempDir } from '../helpers/temp-dir.ts';

interface Probe {
  method?: 'GET' | 'HEAD';
  path: string;
  headers?: Record<string, string>;
}

const TERM = '/api/lexicon/public/sophia';
const TERM_FILE = '/api/lexicon/en/sophia.json';
const LIST = '/api/lexicon/public?limit=2';

const requestBytes = (probe: Probe) =>
  `${probe.method ?? 'GET'} ${probe.path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${Object.entries(probe.headers ?? {})
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}Connection: close\r\n\r\n`;

/** The answer's bytes without what depends on the moment: Date, and the window's end in seconds. */
const timeless = (raw: string) =>
  raw
    .replace(/\r\nDate: [^\r]*/, '')
    .replace(/;t=\d+/, ';t=T')
    .replace(/(X-RateLimit-Reset|Retry-After): \d+/g, '$1: T')
    .replace(/retry in \d+ seconds/, 'retry in T seconds');

/** Which of two servers' window ends (epoch seconds) and waits agree within a second. */
function expectSameWindow(kept: RawResponse, general: RawResponse, label: string) {
  for (const name of ['x-ratelimit-reset', 'retry-after']) {
    if (general.headers[name] === undefined) continue;
    expect(
      Math.abs(Number(kept.headers[name]) - Number(general.headers[name])),
      `${label} ${name}`,
    ).toBeLessThanOrEqual(1);
  }
}

describe('npm start with a rate limit: counted answers from memory are the general path answers', () => {
  let dist: string;
  let running: RunningServer[] = [];
  let redis: RedisServer | undefined;

  beforeAll(async () => {
    dist = path.join(tempDir(), 'dist');
    expect((await buildSite({ corpusDir: SMALL_CORPUS, outDir: dist, rateLimitPerHour: 1000 })).ok).toBe(true);
  });
  afterEach(async () => {
    for (const server of running) await server.close(100);
    running = [];
  });
  afterAll(async () => {
    await redis?.stop();
  });

  /** Two servers on `dist`: one keeping answers, one answering every request the general way. */
  async function pair(options: Partial<ServerOptions> = {}) {
    const start = (answersFromMemory: boolean, extra: Partial<ServerOptions>) =>
      startServer({ dist, port: 0, host: '127.0.0.1', rateLimit: 3, answersFromMemory, log: () => {}, ...extra });
    const kept = await start(true, options);
    const general = await start(false, options.redisUrl ? { ...options, redisUrl: `${options.redisUrl}/1` } : options);
    running.push(kept, general);
    /** Sends `probe` to both; the same bytes back, and whether the kept server answered from memory. */
    return async (probe: Probe) => {
      const fromGeneral = await rawExchange(general.port, requestBytes(probe));
      const before = answersGivenFromMemory();
      const blocksBefore = headerBlocksWritten();
      const fromKept = await rawExchange(kept.port, requestBytes(probe));
      const label = `${probe.method ?? 'GET'} ${probe.path} ${JSON.stringify(probe.headers ?? {})}`;
      expect(fromGeneral.status, label).toBeGreaterThan(0);
      expect(timeless(fromKept.raw), label).toBe(timeless(fromGeneral.raw));
      expectSameWindow(fromKept, fromGeneral, label);
      // Every answer from memory goes out as a header block validated once (runtime/header-block.ts).
      expect(headerBlocksWritten() - blocksBefore, label).toBe(answersGivenFromMemory() - before);
      const { status, headers } = fromGeneral;
      return {
        status,
        remaining: headers['x-ratelimit-remaining'],
        headers,
        fromMemory: answersGivenFromMemory() - before,
      };
    };
  }

  const as = (client: string, probe: Probe): Probe => ({
    ...probe,
    headers: { ...probe.headers, 'X-Forwarded-For': client },
  });

  it('counts two clients interleaved, each with its own remaining count, then refuses with 429', async () => {
    const send = await pair({ trustProxy: ['loopback'] });
    const [a, b] = ['192.0.2.1', '198.51.100.7'];
    expect(await send(as(a, { path: TERM }))).toMatchObject({ status: 200, remaining: '2', fromMemory: 0 });
    expect(await send(as(b, { path: TERM }))).toMatchObject({ status: 200, remaining: '2', fromMemory: 1 });
    expect(await send(as(a, { path: TERM }))).toMatchObject({ status: 200, remaining: '1', fromMemory: 1 });
    const head = await send(as(b, { method: 'HEAD', path: TERM }));
    expect(head).toMatchObject({ status: 200, remaining: '1' });
    const again = await send(as(b, { method: 'HEAD', path: TERM }));
    expect(again).toMatchObject({ status: 200, remaining: '0', fromMemory: 1 });
    expect(await send(as(a, { path: TERM }))).toMatchObject({ status: 200, remaining: '0', fromMemory: 1 });
    // Over the limit: the general path refuses, with the wait, from memory never.
    const refused = await send(as(a, { path: TERM }));
    expect(refused).toMatchObject({ status: 429, remaining: '0', fromMemory: 0 });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect((await send(as(b, { path: TERM }))).status).toBe(429);
  });

  it('revalidation looks at the counter without counting, and is refused past the limit', async () => {
    const send = await pair({ rateLimit: 4 });
    for (const p of [TERM, TERM_FILE, LIST]) {
      const first = await send({ path: p });
      expect(first.status, p).toBe(200);
      const etag = first.headers.etag!;
      const notModified = await send({ path: p, headers: { 'If-None-Match': etag } });
      expect([notModified.status, notModified.remaining], p).toEqual([304, first.remaining]);
      const repeated = await send({ path: p, headers: { 'If-None-Match': etag } });
      expect([repeated.status, repeated.remaining, repeated.fromMemory], p).toEqual([304, first.remaining, 1]);
    }
    expect(await send({ path: TERM })).toMatchObject({ status: 200, remaining: '0', fromMemory: 1 });
    // The limit used up: a revalidation is refused like any other request.
    const refused = await send({ path: TERM, headers: { 'If-None-Match': '*' } });
    expect([refused.status, refused.fromMemory]).toEqual([429, 0]);
  });

  it('gives each coding and representation its own kept answer, counted the same', async () => {
    const send = await pair({ rateLimit: 20 });
    const variants: Probe[] = [
      { path: TERM },
      { path: TERM, headers: { 'Accept-Encoding': 'gzip' } },
      { path: TERM, headers: { 'Accept-Encoding': 'br, gzip' } },
      { path: TERM, headers: { Accept: 'text/turtle' } },
      { path: TERM_FILE },
      // Bulgarian text (two bytes a letter in UTF-8) and compressed bytes: a body given from memory
      // as latin1 text (runtime/kept-answers.ts) must be the very same bytes.
      { path: `${TERM}?locale=bg` },
      { path: `${TERM}?locale=bg`, headers: { 'Accept-Encoding': 'br' } },
      { path: LIST, headers: { 'Accept-Encoding': 'gzip' } },
      { method: 'HEAD', path: LIST },
      { path: '/api/lexicon/public/' },
    ];
    let remaining = 20;
    for (const round of [0, 1]) {
      for (const probe of variants) {
        const answer = await send(probe);
        remaining -= 1;
        expect([answer.status, answer.remaining, answer.fromMemory]).toEqual([200, String(remaining), round]);
        expect(answer.headers['cache-control']).toBe('private, no-cache');
        expect(answer.headers.vary).toContain('Accept-Encoding');
      }
    }
  });

  it('over keep-alive connections from two addresses, counts each request against its own client', async () => {
    // The client of a connection is worked out once per connection (runtime/app.ts): two clients
    // (IPv4 and IPv6 loopback), each on one keep-alive connection to each server, asking in turn.
    await pair({ host: '::', rateLimit: 5 });
    const [kept, general] = running as [RunningServer, RunningServer];
    const open = async (host: string) => ({
      kept: await rawConnection(kept.port, host),
      general: await rawConnection(general.port, host),
    });
    const clients = { v4: await open('127.0.0.1'), v6: await open('::1') };
    const probes: Probe[] = [{ path: TERM }, { path: LIST }, { method: 'HEAD', path: TERM_FILE }];
    const remaining: Record<string, string[]> = { v4: [], v6: [] };
    const before = answersGivenFromMemory();
    const turns = ['v4', 'v4', 'v6', 'v4', 'v6', 'v6', 'v4', 'v6', 'v4', 'v6', 'v6', 'v4'] as const;
    for (const [i, who] of turns.entries()) {
      const probe = probes[i % probes.length]!;
      const bytes = requestBytes(probe).replace('Connection: close\r\n', '');
      const head = probe.method === 'HEAD';
      const fromGeneral = await clients[who].general.exchange(bytes, head);
      const fromKept = await clients[who].kept.exchange(bytes, head);
      const label = `${i} ${who} ${probe.method ?? 'GET'} ${probe.path}`;
      expect(timeless(fromKept.raw), label).toBe(timeless(fromGeneral.raw));
      expectSameWindow(fromKept, fromGeneral, label);
      remaining[who]!.push(`${fromGeneral.status} ${fromGeneral.headers['x-ratelimit-remaining']}`);
    }
    for (const client of Object.values(clients)) for (const connection of Object.values(client)) connection.close();
    const counted = ['200 4', '200 3', '200 2', '200 1', '200 0', '429 0'];
    expect(remaining).toEqual({ v4: counted, v6: counted });
    // The first of each probe on each server is the general path's; every later 200 from memory.
    expect(answersGivenFromMemory() - before).toBe(10 - probes.length);
  });

  it('without --trust-proxy, X-Forwarded-For names nobody: every request is the socket address', async () => {
    const send = await pair();
    expect(await send(as('192.0.2.1', { path: TERM }))).toMatchObject({ remaining: '2' });
    expect(await send(as('192.0.2.2', { path: TERM }))).toMatchObject({ remaining: '1', fromMemory: 1 });
    expect(await send({ path: TERM })).toMatchObject({ remaining: '0', fromMemory: 1 });
  });

  it("counts a granted key against the grant's limit, on the general path", async () => {
    const key = 'lx_counted-answers-test-key';
    const grants = path.join(tempDir(), 'grants.json');
    writeFileSync(grants, JSON.stringify({ grants: [{ id: 'g1', keyHash: await hashKey(key), perHour: 5 }] }));
    const send = await pair({ grantsFile: grants });
    expect(await send({ path: TERM })).toMatchObject({ status: 200, remaining: '2' });
    const auth = { Authorization: `Bearer ${key}` };
    for (const remaining of ['4', '3']) {
      const granted = await send({ path: TERM, headers: auth });
      expect(granted).toMatchObject({ status: 200, remaining, fromMemory: 0 });
      // The grant's policy, on a term file too (it once showed the anonymous one there).
      expect(granted.headers['ratelimit-policy']).toBe('"hourly";q=5;w=3600');
    }
    const wrong = await send({ path: TERM, headers: { Authorization: 'Bearer lx_wrong' } });
    expect([wrong.status, wrong.fromMemory]).toEqual([401, 0]);
    // The anonymous client's count went on apart from the key's.
    expect(await send({ path: TERM })).toMatchObject({ status: 200, remaining: '1', fromMemory: 1 });
  });

  it('answers from the new tree after refresh(), the count going on', async () => {
    const send = await pair({ rateLimit: 10 });
    const before = await send({ path: TERM_FILE });
    expect((await send({ path: TERM_FILE })).fromMemory).toBe(1);
    // The next build: the same tree with one term file changed, swapped in as a build publishes.
    const next = `${dist}.next`;
    cpSync(dist, next, { recursive: true });
    const file = path.join(next, 'api/lexicon/en/sophia.json');
    writeFileSync(file, '{"changed":true}\n');
    renameSync(dist, `${dist}.old`);
    renameSync(next, dist);
    for (const server of running) server.refresh();
    const after = await send({ path: TERM_FILE });
    expect([after.status, after.remaining, after.fromMemory]).toEqual([200, '7', 0]);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const again = await send({ path: TERM_FILE });
    expect([again.remaining, again.fromMemory]).toEqual(['6', 1]);
    renameSync(dist, next);
    renameSync(`${dist}.old`, dist);
  });

  it.runIf(hasRedisServer())(
    'with counts in flight for several clients at once, gives each answer its own client counters',
    async () => {
      // Redis answers later: many requests wait for their counts at once, and each is then written
      // from the one kept header list of the answer, its own counters filled in just before.
      const own = await startRedis();
      try {
        const server = await startServer({
          dist,
          port: 0,
          host: '127.0.0.1',
          rateLimit: 10,
          redisUrl: own.url,
          // Wide: a count slower than this fails open (no counters), which is not what this test is about.
          redisTimeoutMs: 15_000,
          trustProxy: ['loopback'],
          log: () => {},
        });
        running.push(server);
        const ask = (client: string) =>
          rawExchange(server.port, requestBytes(as(client, { path: TERM }))).then(({ status, headers }) => ({
            client,
            status,
            remaining: headers['x-ratelimit-remaining'],
            rateLimit: headers.ratelimit?.replace(/;t=\d+$/, ''),
          }));
        // The general path keeps an answer it counted (one Redis did not count in time is not kept):
        // ask until one comes from memory.
        const warm = answersGivenFromMemory();
        for (let tries = 0; answersGivenFromMemory() === warm && tries < 20; tries++) await ask('203.0.113.99');
        const before = answersGivenFromMemory();
        expect(before).toBeGreaterThan(warm);
        const clients = ['192.0.2.1', '192.0.2.2', '192.0.2.3'];
        const answers = await Promise.all(clients.flatMap((client) => [1, 2, 3, 4, 5, 6].map(() => ask(client))));
        expect(answersGivenFromMemory() - before, JSON.stringify(answers)).toBe(answers.length);
        for (const client of clients) {
          const mine = answers.filter((answer) => answer.client === client);
          expect(
            mine.map((answer) => answer.status),
            JSON.stringify(mine),
          ).toEqual([200, 200, 200, 200, 200, 200]);
          expect(mine.map((answer) => answer.remaining).sort(), JSON.stringify(mine)).toEqual([
            '4',
            '5',
            '6',
            '7',
            '8',
            '9',
          ]);
          for (const answer of mine) expect(answer.rateLimit).toBe(`"hourly";r=${answer.remaining}`);
        }
      } finally {
        await own.stop();
      }
    },
  );

  it.runIf(hasRedisServer())('counts in Redis, answering when its count comes back', async () => {
    redis = await startRedis();
    // A wide timeout: on a busy machine a slow answer would fail open (no counters) on one server only.
    const send = await pair({ redisUrl: redis.url, redisTimeoutMs: 3000, trustProxy: ['loopback'] });
    const [a, b] = ['192.0.2.1', '192.0.2.2'];
    // A term file: behind a trusted proxy a list page is never kept (its links follow the proxy's origin).
    expect(await send(as(a, { path: TERM }))).toMatchObject({ status: 200, remaining: '2', fromMemory: 0 });
    expect(await send(as(a, { path: TERM }))).toMatchObject({ status: 200, remaining: '1', fromMemory: 1 });
    expect(await send(as(b, { path: TERM }))).toMatchObject({ status: 200, remaining: '2', fromMemory: 1 });
    expect(await send(as(a, { path: TERM }))).toMatchObject({ status: 200, remaining: '0', fromMemory: 1 });
    const refused = await send(as(a, { path: TERM }));
    expect([refused.status, refused.fromMemory]).toEqual([429, 0]);
    // Redis gone: both fail open, the answer without counters.
    await redis.stop();
    redis = undefined;
    const open = await send(as(b, { path: TERM }));
    expect([open.status, open.remaining]).toEqual([200, undefined]);
  });
});
