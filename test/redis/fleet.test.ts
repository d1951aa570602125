// Three self-hosted server processes behind one real redis-server: one client's 100 requests,
// spread round-robin, are all served; the 101st is refused by whichever process gets it; the
// counters agree across processes. Redis stopped mid-run: no 5xx, no hang, served uncounted.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../scripts/lib/build-site.ts';
import { SMALL_CORPUS } from '../helpers/corpus-fixtures.ts';
import { httpRequest } from '../helpers/http-client.ts';
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
        startSelfHosted(['--dist', dist, '--redis-url', redis.url, '--redis-timeout', '2000'], {
          RATE_LIMIT_PER_HOUR: '100',
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
