// The Redis store against a real redis-server: the same policy as the in-memory store, atomic
// under concurrency, and failing open (no error, no hang) when Redis is down or stalled.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisRateLimitStore } from '../../runtime/redis-store.ts';
import { hasRedisServer, startRedis, type RedisServer } from '../helpers/redis-server.ts';

const available = hasRedisServer();
if (!available)
  console.warn('test/redis: skipped: no redis-server (apt-get install redis-server, or set REDIS_SERVER_PATH)');

describe.skipIf(!available)('RedisRateLimitStore', () => {
  let redis: RedisServer;
  const stores: RedisRateLimitStore[] = [];
  const store = (limit: number, extra: Partial<ConstructorParameters<typeof RedisRateLimitStore>[0]> = {}) => {
    const s = new RedisRateLimitStore({
      url: redis.url,
      limit,
      keyPrefix: `t${stores.length}:`,
      log: () => {},
      ...extra,
    });
    stores.push(s);
    return s;
  };
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await Promise.all(stores.map((s) => s.close().catch(() => {})));
    await redis.stop();
  });

  it('allows the limit in a window from the first counted request, then refuses without counting', async () => {
    const s = store(3, { timeoutMs: 10_000 });
    const seen = [];
    for (let i = 0; i < 5; i++) seen.push(await s.consume('192.0.2.1'));
    expect(seen.map((d) => [d.allowed, d.remaining])).toEqual([
      [true, 2],
      [true, 1],
      [true, 0],
      [false, 0],
      [false, 0],
    ]);
    for (const d of seen) expect(d.resetIn).toBeGreaterThan(3590);
    expect(new Set(seen.map((d) => d.resetAt)).size).toBeLessThanOrEqual(2); // rounding at a second boundary
    expect(await s.peek('192.0.2.1')).toMatchObject({ allowed: false, remaining: 0 });
    expect(await s.peek('198.51.100.1')).toMatchObject({ allowed: true, remaining: 3 });
  });

  it('lets exactly the limit through when 300 requests from several stores arrive at once', async () => {
    // A generous timeout: this is about atomicity, not about failing open on a busy machine.
    const fleet = [0, 1, 2].map(() => store(100, { keyPrefix: 'fleet:', timeoutMs: 10_000 }));
    await Promise.all(fleet.map((s) => s.peek('warm-up')));
    const decisions = await Promise.all(Array.from({ length: 300 }, (_, i) => fleet[i % 3]!.consume('203.0.113.7')));
    expect(decisions.filter((d) => d.unknown)).toEqual([]);
    expect(decisions.filter((d) => d.allowed)).toHaveLength(100);
    expect(
      decisions
        .filter((d) => d.allowed)
        .map((d) => d.remaining)
        .sort((a, b) => a - b),
    ).toEqual(Array.from({ length: 100 }, (_, i) => i));
  });

  it('never counts later a request it served uncounted while Redis stalled (no double count on resume)', async () => {
    const s = store(5, { timeoutMs: 50 });
    // Connected first (a busy machine may need more than one try within 50 ms).
    for (let i = 0; i < 20 && (await s.peek('192.0.2.10')).unknown; i++);
    expect(await s.consume('192.0.2.10')).toMatchObject({ allowed: true, remaining: 4 });
    redis.child.kill('SIGSTOP');
    try {
      for (let i = 0; i < 3; i++) expect(await s.consume('192.0.2.10')).toMatchObject({ unknown: true });
    } finally {
      redis.child.kill('SIGCONT');
    }
    // Redis now runs the three commands that were waiting in its socket: they must count nothing.
    await new Promise((resolve) => setTimeout(resolve, 300));
    let after = await s.peek('192.0.2.10');
    for (let i = 0; i < 20 && after.unknown; i++) after = await s.peek('192.0.2.10');
    expect(after.unknown).toBeUndefined();
    expect(after.remaining).toBe(4);
  });

  it('counts against the limit a call names (a granted key), not only its own', async () => {
    const s = store(2, { timeoutMs: 10_000 });
    const seen = [];
    for (let i = 0; i < 6; i++) seen.push(await s.consume('key:g1', 5));
    expect(seen.map((d) => [d.allowed, d.remaining, d.limit])).toEqual([
      [true, 4, 5],
      [true, 3, 5],
      [true, 2, 5],
      [true, 1, 5],
      [true, 0, 5],
      [false, 0, 5],
    ]);
  });

  it('serves uncounted, without counters, when Redis stalls (SIGSTOP) or is gone, and says so in a log line', async () => {
    const lines: string[] = [];
    const s = store(5, { timeoutMs: 50, log: (line) => lines.push(line) });
    expect((await s.consume('192.0.2.9')).allowed).toBe(true);
    redis.child.kill('SIGSTOP');
    try {
      const stalled = await s.consume('192.0.2.9');
      expect(stalled).toMatchObject({ allowed: true, unknown: true });
    } finally {
      redis.child.kill('SIGCONT');
    }
    expect(lines.join('\n')).toMatch(
      /rate-limit store unavailable, serving requests uncounted: no answer within 50 ms/,
    );
    const other = await startRedis();
    const gone = store(5, { url: other.url, timeoutMs: 50 });
    // The first request waits for the connection (up to REDIS_CONNECT_BUDGET_MS), and is counted.
    const first = await gone.consume('192.0.2.9');
    expect(first).toMatchObject({ allowed: true, remaining: 4 });
    expect(first.unknown).toBeUndefined();
    await other.stop();
    expect(await gone.consume('192.0.2.9')).toMatchObject({ allowed: true, unknown: true });
  });
});
