// Issue 27: `npm start` gives an answer again from memory (runtime/kept-answers.ts): a static file,
// and a list page (counted ones each counted afresh: test/runtime/counted-answers.test.ts). Here every kind of published path, odd spellings, HEAD,
// conditional requests and codings go over real HTTP to two servers on the same tree, one with
// the answers kept and one without: the bytes on the wire must be the same (status line,
// headers in order, body; only Date differs).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../runtime/server.ts';
import { answersGivenFromMemory, MAX_VARIANTS } from '../../runtime/kept-answers.ts';
import { headerBlocksWritten } from '../../runtime/header-block.ts';
import { buildSite } from '../../scripts/lib/publish/build-site.ts';
import { SMALL_CORPUS } from '../helpers/corpus-fixtures.ts';
import { rawExchange } from '../helpers/raw-http.ts';
import { tempDir } from '../helpers/temp-dir.ts';

interface Probe {
  method?: 'GET' | 'HEAD';
  path: string;
  headers?: Record<string, string>;
}

/** The request exactly as sent, closing the connection so the answer ends with it. */
const requestBytes = (probe: Probe, host = '127.0.0.1') =>
  `${probe.method ?? 'GET'} ${probe.path} HTTP/1.1\r\nHost: ${host}\r\n${Object.entries(probe.headers ?? {})
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}Connection: close\r\n\r\n`;

/** The answer's bytes without the Date header, the one thing that may differ. */
const withoutDate = (raw: string) => raw.replace(/\r\nDate: [^\r]*/, '');

describe('npm start: answers from memory are the general path answers, byte for byte', () => {
  let dist: string;
  const servers: Record<string, RunningServer> = {};
  let paths: { asset: string; csv: string; sqlite: string };

  beforeAll(async () => {
    dist = path.join(tempDir(), 'dist');
    expect((await buildSite({ corpusDir: SMALL_CORPUS, outDir: dist, rateLimitPerHour: 1000 })).ok).toBe(true);
    const start = (rateLimit: number, answersFromMemory: boolean) =>
      startServer({ dist, port: 0, host: '127.0.0.1', rateLimit, answersFromMemory, log: () => {} });
    servers.unlimited = await start(0, true);
    servers.unlimitedGeneral = await start(0, false);
    servers.limited = await start(1_000_000, true);
    servers.limitedGeneral = await start(1_000_000, false);
    const proxied = (answersFromMemory: boolean) =>
      startServer({
        dist,
        port: 0,
        host: '127.0.0.1',
        rateLimit: 0,
        answersFromMemory,
        trustProxy: ['loopback'],
        log: () => {},
      });
    servers.proxied = await proxied(true);
    servers.proxiedGeneral = await proxied(false);
    const first = (folder: string, suffix: string) =>
      readdirSync(path.join(dist, folder)).find((name) => name.endsWith(suffix))!;
    paths = {
      asset: `/assets/${first('assets', '.css')}`,
      csv: `/dumps/${first('dumps', '.csv')}`,
      sqlite: `/dumps/${first('dumps', '.sqlite')}`,
    };
  });
  afterAll(async () => {
    for (const server of Object.values(servers)) await server.close(100);
  });

  /** Sends `probe` once to the general server and twice to the one that keeps answers. */
  async function compare(kept: string, general: string, probe: Probe) {
    const expected = await rawExchange(servers[general]!.port, requestBytes(probe));
    const first = await rawExchange(servers[kept]!.port, requestBytes(probe));
    const before = answersGivenFromMemory();
    const blocksBefore = headerBlocksWritten();
    const second = await rawExchange(servers[kept]!.port, requestBytes(probe));
    const fromMemory = answersGivenFromMemory() - before;
    // Headers validated once (runtime/header-block.ts) for every answer given from memory.
    expect(headerBlocksWritten() - blocksBefore, 'header blocks').toBe(fromMemory);
    const label = `${probe.method ?? 'GET'} ${probe.path} ${JSON.stringify(probe.headers ?? {})}`;
    expect(expected.status, label).toBeGreaterThan(0);
    expect(withoutDate(first.raw), label).toBe(withoutDate(expected.raw));
    expect(withoutDate(second.raw), label).toBe(withoutDate(expected.raw));
    return { status: expected.status, fromMemory, headers: expected.headers };
  }

  const STATIC_PATHS = () => [
    '/api/lexicon/public/sophia',
    '/api/lexicon/public/sophia?locale=bg',
    '/api/lexicon/public/sophia?format=turtle',
    '/api/lexicon/public/sophia?format=jsonld',
    '/api/lexicon/en/sophia.json',
    '/api/lexicon/bg/sophia.json',
    '/api/lexicon/',
    '/api/lexicon/index.html',
    '/api/lexicon/openapi.json',
    '/api/lexicon/pillars.json',
    '/dumps/manifest.json',
    paths.csv,
    paths.sqlite,
    paths.asset,
    '/',
    '/api/lexicon/public',
    '/api/lexicon/public/',
    '/api/lexicon/public?limit=2&offset=1',
    '/api/lexicon/public?q=sophia&locale=bg',
  ];
  /** Spellings of published and unpublished paths that the general path answers in its own way. */
  const ODD_PATHS = [
    '/api/lexicon/public/%73ophia',
    '/api/lexicon/public/Sophia',
    '/API/lexicon/public/sophia',
    '/api//lexicon/public/sophia',
    '/api/lexicon/public/./sophia',
    '/api/lexicon/public/../public/sophia',
    '/api/lexicon/public/sophia/',
    '/api/lexicon/en/sophia.json/',
    '/api/lexicon/%65n/sophia.json',
    '/dumps/../_headers',
    '/_headers',
    '//_headers',
    '/%5fdata/list-index.en.bin',
    '/_data/list-index.en.bin',
    '/api/..%2f_data/output-hashes.json',
    '/api/lexicon/public/sophia%00',
    '/api/lexicon/public?limit=1',
    '/api/lexicon/public/no-such-term',
    '/no/such/page',
  ];
  const VARIANTS: Omit<Probe, 'path'>[] = [
    {},
    { method: 'HEAD' },
    { headers: { 'Accept-Encoding': 'gzip' } },
    { headers: { 'Accept-Encoding': 'br, gzip' } },
    { headers: { 'Accept-Encoding': 'gzip;q=0, br;q=0' } },
    { method: 'HEAD', headers: { 'Accept-Encoding': 'br' } },
    { headers: { Accept: 'text/turtle' } },
    { headers: { Accept: 'application/ld+json, application/json;q=0.5', 'Accept-Encoding': 'gzip' } },
    { headers: { 'If-None-Match': '*' } },
    { headers: { 'If-None-Match': '"not-the-tag"' } },
  ];

  it('gives every uncounted static file and list page from memory, the same bytes as the general path', async () => {
    for (const p of STATIC_PATHS()) {
      for (const variant of VARIANTS) {
        const { status, fromMemory } = await compare('unlimited', 'unlimitedGeneral', { ...variant, path: p });
        expect([200, 304], p).toContain(status);
        expect(fromMemory, `${p} ${JSON.stringify(variant)}`).toBe(1);
      }
    }
  });

  it('answers revalidation with the tag it gave, strong or weak, from memory too', async () => {
    for (const p of STATIC_PATHS()) {
      for (const coding of [undefined, 'gzip', 'br']) {
        const headers: Record<string, string> = coding ? { 'Accept-Encoding': coding } : {};
        const { headers: answered } = await compare('unlimited', 'unlimitedGeneral', { path: p, headers });
        const etag = answered.etag!;
        for (const tag of [etag, etag.replace(/^W\//, ''), `W/${etag.replace(/^W\//, '')}`, `"x", ${etag}`]) {
          const probe = { path: p, headers: { ...headers, 'If-None-Match': tag } };
          const { status, fromMemory } = await compare('unlimited', 'unlimitedGeneral', probe);
          expect(status, `${p} ${tag}`).toBe(304);
          expect(fromMemory).toBe(1);
        }
      }
    }
  });

  it('answers odd spellings exactly as the general path, and only published files from memory', async () => {
    for (const p of ODD_PATHS) {
      for (const variant of [{}, { method: 'HEAD' as const }, { headers: { 'Accept-Encoding': 'gzip' } }]) {
        const { status, fromMemory } = await compare('unlimited', 'unlimitedGeneral', { ...variant, path: p });
        // A spelling the routing table reads as a published file is that file (and kept), as is a
        // list page; every other answer (a 404, a redirect, a problem) is worked out afresh.
        expect(fromMemory, `${p} ${status}`).toBe(status === 200 || status === 304 ? 1 : 0);
      }
    }
  });

  it('gives counted answers from memory too, each one counted afresh (test/runtime/counted-answers.test.ts)', async () => {
    const counted = ['/api/lexicon/public/sophia', '/api/lexicon/en/sophia.json', '/api/lexicon/public?limit=1'];
    for (const p of counted) {
      const a = await rawExchange(servers.limited!.port, requestBytes({ path: p }));
      const before = answersGivenFromMemory();
      const b = await rawExchange(servers.limited!.port, requestBytes({ path: p }));
      expect(answersGivenFromMemory() - before, p).toBe(1);
      expect([a.status, b.status], p).toEqual([200, 200]);
      // Each request was counted: one fewer remaining.
      expect(Number(b.headers['x-ratelimit-remaining']), p).toBe(Number(a.headers['x-ratelimit-remaining']) - 1);
    }
    for (const p of ['/api/lexicon/', '/dumps/manifest.json', paths.asset, '/']) {
      const { status, fromMemory } = await compare('limited', 'limitedGeneral', { path: p });
      expect([status, fromMemory], p).toEqual([200, 1]);
    }
  });

  it('keeps a bounded number of variants of one request target, forgetting the oldest first', async () => {
    // Each Accept-Encoding spelling is its own variant (the client's choice): a few per target are
    // kept, so a lookup compares a few header values however many spellings clients send.
    const probe = (i: number): Probe => ({
      path: '/api/lexicon/en/sophia.json',
      headers: { 'Accept-Encoding': `gzip;q=0.${100 + i}` },
    });
    const fromMemory = async (i: number) => {
      const before = answersGivenFromMemory();
      const expected = await rawExchange(servers.unlimitedGeneral!.port, requestBytes(probe(i)));
      const answer = await rawExchange(servers.unlimited!.port, requestBytes(probe(i)));
      expect(withoutDate(answer.raw), String(i)).toBe(withoutDate(expected.raw));
      return answersGivenFromMemory() - before;
    };
    const extra = 5;
    for (let i = 0; i < MAX_VARIANTS + extra; i++) expect(await fromMemory(i), String(i)).toBe(0);
    for (let i = extra; i < MAX_VARIANTS + extra; i++) expect(await fromMemory(i), String(i)).toBe(1);
    // The oldest were forgotten: the general path answers them again, and they are kept again.
    expect(await fromMemory(0)).toBe(0);
    expect(await fromMemory(0)).toBe(1);
  });

  it('leaves a request with an unusual Host, or another method, to the general path', async () => {
    const before = answersGivenFromMemory();
    for (const host of ['LOCALHOST', '127.0.0.1:80', 'exa mple', '[::1]']) {
      const probe = { path: '/api/lexicon/' };
      const expected = await rawExchange(servers.unlimitedGeneral!.port, requestBytes(probe, host));
      const answer = await rawExchange(servers.unlimited!.port, requestBytes(probe, host));
      expect(withoutDate(answer.raw), host).toBe(withoutDate(expected.raw));
    }
    const options = await rawExchange(
      servers.unlimited!.port,
      requestBytes({ path: '/api/lexicon/' }).replace('GET', 'OPTIONS'),
    );
    expect(options.status).toBe(204);
    expect(answersGivenFromMemory() - before).toBe(0);
  });

  it('behind a trusted proxy, keeps files but never a list page, whose links follow X-Forwarded-Host', async () => {
    for (const host of ['a.example', 'b.example']) {
      const headers = { 'X-Forwarded-Host': host, 'X-Forwarded-Proto': 'https' };
      const list = await compare('proxied', 'proxiedGeneral', { path: '/api/lexicon/public?limit=1', headers });
      expect([list.status, list.fromMemory]).toEqual([200, 0]);
      expect(list.headers.link).toContain(`https://${host}/api/lexicon/public?`);
      const file = await compare('proxied', 'proxiedGeneral', { path: '/api/lexicon/public/sophia', headers });
      expect([file.status, file.fromMemory]).toEqual([200, 1]);
    }
  });
});
