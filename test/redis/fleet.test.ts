// Three self-hosted server processes behind one real redis-server: one client's 100 requests,
// spread round-robin, are all served; the 101st is refused by whichever process gets it; the
// counters agree across processes. A key granted with `npm run grant` gets exactly its limit
// across the fleet from several addresses, also when 200 requests arrive at once, and every
// process refuses it soon after it is revoked. Redis stopped mid-run: no 5xx, no hang, served
// uncounted.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../scripts/lib/publish/build-site.ts';
import { SMALL_CORPUS } from '../helpers/corpus-fixtures.ts';
import { httpRequest } from '../helpers/http-client.ts';
import { runGrant } from '../helpers/grant-cli.ts';
import { hasRedisServer, startRedis, type RedisServer } from '../helpers/redis-server.ts';
import { startSelfHosted, type SelfHosted } from '../helpers/self-hosted.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const available = hasRedisServer();

describe.skipIf(!available)('three npm start processes sharing one Redis', () => {
  let redis: RedisServer;
  let servers: SelfHosted[] = [];
  beforeAll(async () => {
    const dist = path.join(tempDir(), 'dist');
    const built = await buildSite({ corpusDir: SMALL_CORPUS, outDir: dist });
    if (!built.ok) throw new Error(built.messages.join('\n'));
    redis = await startRedis();
    servers = await Promise.all(
      [0, 1, 2].map(() =>
        // A generous timeout: this is about exact counting on a busy machine, not failing open.
        startSelfHosted(['--dist', dist, '--redis-url', redis.url, '--redis-timeout', '10000'], {
          RATE_LIMIT_PER_HOUR: '100',
          GRANTS_REFRESH_SECONDS: '2',
        }),
      ),
    );
  }, 90_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await redis?.stop();
  });

  it('counts one client exactly across the fleet, term files and list alike', async () => {
    const paths = [
      '/api/lexicon/public?limit=1',
      '/api/lexicon/public/aeon',
      '/api/lexicon/public/aeon?locale=bg',
      '/api/lexicon/public/sophia',
    ];
    const remaining: number[] = [];
    const resets = new Set<string>();
    for (let i = 0; i < 100; i++) {
      const response = await httpRequest(`${servers[i % 3]!.baseUrl}${paths[i % paths.length]}`, {
        localAddress: '127.0.0.31',
      });
      expect(response.status, `request ${i + 1}`).toBe(200);
      remaining.push(Number(response.headers['x-ratelimit-remaining']));
      resets.add(String(response.headers['x-ratelimit-reset']));
      expect(response.headers['x-ratelimit-limit']).toBe('100');
    }
    expect(remaining).toEqual(Array.from({ length: 100 }, (_, i) => 99 - i));
    expect(resets.size).toBeLessThanOrEqual(2); // the same window, rounded to seconds on each process
    for (const server of servers) {
      const limited = await httpRequest(`${server.baseUrl}/api/lexicon/public`, { localAddress: '127.0.0.31' });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3500);
      expect(limited.headers.ratelimit).toMatch(/^"hourly";r=0;t=\d+$/);
    }
    const other = await httpRequest(`${servers[0]!.baseUrl}/api/lexicon/public`, { localAddress: '127.0.0.32' });
    expect(other.headers['x-ratelimit-remaining']).toBe('99');
  });

  const grant = (perHour: number) =>
    runGrant([
      '--redis-url',
      redis.url,
      'add',
      '--name',
      'Fleet',
      '--contact',
      'f@example.org',
      '--per-hour',
      String(perHour),
    ]);
  const withKey = (server: SelfHosted, key: string, localAddress: string) =>
    httpRequest(`${server.baseUrl}/api/lexicon/public?limit=1`, {
      localAddress,
      headers: { Authorization: `Bearer ${key}` },
    });

  it('gives a granted key exactly its limit across the fleet, counted per key from several addresses', async () => {
    const key = grant(60);
    const seen: string[] = [];
    for (let i = 0; i < 60; i++) {
      const response = await withKey(servers[i % 3]!, key, `127.0.0.${40 + (i % 5)}`);
      expect(response.status, `request ${i + 1}`).toBe(200);
      expect(response.headers['x-ratelimit-limit']).toBe('60');
      seen.push(String(response.headers['x-ratelimit-remaining']));
    }
    expect(seen).toEqual(Array.from({ length: 60 }, (_, i) => String(59 - i)));
    for (const server of servers) expect((await withKey(server, key, '127.0.0.46')).status).toBe(429);
    // The addresses it came from keep the anonymous 100.
    const anonymous = await httpRequest(`${servers[1]!.baseUrl}/api/lexicon/public`, { localAddress: '127.0.0.40' });
    expect(anonymous.headers['x-ratelimit-remaining']).toBe('99');

    const id = runGrant(['--redis-url', redis.url, 'list'])
      .split('\n')
      .find((line) => line.includes('60/hour'))!
      .split('\t')[0]!;
    const fresh = grant(50);
    for (const server of servers) expect((await withKey(server, fresh, '127.0.0.47')).status).toBe(200);
    runGrant(['--redis-url', redis.url, 'revoke', id]);
    const revokedAt = Date.now();
    // Every process refuses the revoked key within the refresh interval (2 s here, 30 s by default, 60 s at most).
    const refused = await Promise.all(
      servers.map(async (server) => {
        for (;;) {
          const response = await withKey(server, key, '127.0.0.48');
          if (response.status === 401) return Date.now() - revokedAt;
          expect(response.status).toBe(429);
          if (Date.now() - revokedAt > 60_000) return Number.POSITIVE_INFINITY;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }),
    );
    for (const ms of refused) expect(ms).toBeLessThan(2_000 + 5_000);
    for (const server of servers) {
      const response = await withKey(server, key, '127.0.0.49');
      expect(response.status).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    }
    for (const server of servers) expect(server.output()).not.toContain(key);
  }, 120_000);

  it('serves exactly the limit of a key when 200 requests with it arrive at once', async () => {
    const key = grant(90);
    const statuses = await Promise.all(
      Array.from({ length: 200 }, (_, i) => withKey(servers[i % 3]!, key, `127.0.1.${i % 20}`).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(90);
    expect(statuses.filter((s) => s === 429)).toHaveLength(110);
  }, 120_000);

  it('keeps serving, uncounted and without a 5xx, when Redis goes away mid-run', async () => {
    await redis.stop();
    for (let i = 0; i < 9; i++) {
      const response = await httpRequest(`${servers[i % 3]!.baseUrl}/api/lexicon/public?limit=1`, {
        localAddress: '127.0.0.33',
      });
      expect(response.status).toBe(200);
      expect(response.headers['x-ratelimit-remaining']).toBeUndefined();
      expect(response.headers['ratelimit-policy']).toBe('"hourly";q=100;w=3600');
    }
    expect(servers.map((s) => s.output()).join('\n')).toMatch(
      /rate-limit store unavailable, serving requests uncounted/,
    );
  });

  it('shuts down gracefully on SIGTERM', async () => {
    const server = servers.pop()!;
    expect(await server.stop('SIGTERM')).toBe(0);
  });
});
