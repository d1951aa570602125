// Where running servers find grants (runtime/grant-books.ts): Redis, believed for the refresh
// interval and `unavailable` (the request is served uncounted) when Redis does not answer; a
// grants file, read again when it changes, keeping the previous grants when an edit breaks it.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileGrantBook, GRANTS_REDIS_KEY, grantsRefreshFromEnv, RedisGrantBook } from '../../runtime/grant-books.ts';
import { RedisRateLimitStore } from '../../runtime/redis-store.ts';
import type { GrantRecord } from '../../src/limits/grants.ts';
import { hasRedisServer, startRedis, type RedisServer } from '../helpers/redis-server.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const HASH = 'a'.repeat(64);
const record: GrantRecord = { id: 'g_1', keyHash: HASH, perHour: 9 };

describe.skipIf(!hasRedisServer())('RedisGrantBook', () => {
  let redis: RedisServer;
  let store: RedisRateLimitStore;
  beforeAll(async () => {
    redis = await startRedis();
    store = new RedisRateLimitStore({ url: redis.url, limit: 5, timeoutMs: 10_000, log: () => {} });
  });
  afterAll(async () => {
    await store.close();
    await redis.stop();
  });

  it('finds a grant by its key hash, believes it for the refresh interval, then reads it again', async () => {
    let now = 0;
    const book = new RedisGrantBook(store, 1_000, () => now);
    expect(await book.find(HASH)).toBeUndefined();
    await store.command(['HSET', GRANTS_REDIS_KEY, HASH, JSON.stringify(record)]);
    expect(await book.find(HASH)).toBeUndefined(); // the miss is believed until the interval ends
    now = 1_000;
    expect(await book.find(HASH)).toEqual(record);
    await store.command([
      'HSET',
      GRANTS_REDIS_KEY,
      HASH,
      JSON.stringify({ ...record, revoked: '2026-01-01T00:00:00Z' }),
    ]);
    now = 2_000;
    expect(await book.find(HASH)).toMatchObject({ revoked: '2026-01-01T00:00:00Z' });
  });

  it('answers unavailable when Redis does not answer in time', async () => {
    const quick = new RedisRateLimitStore({ url: redis.url, limit: 5, timeoutMs: 50, log: () => {} });
    const book = new RedisGrantBook(quick, 1_000);
    // Connected first (a busy machine may need more than one try within 50 ms).
    let first: Awaited<ReturnType<typeof book.find>> = 'unavailable';
    for (let i = 0; i < 20 && first === 'unavailable'; i++) first = await book.find(`${i}`.padStart(64, 'b'));
    expect(first).toBeUndefined();
    redis.child.kill('SIGSTOP');
    try {
      expect(await book.find('c'.repeat(64))).toBe('unavailable');
    } finally {
      redis.child.kill('SIGCONT');
      await quick.close();
    }
  });
});

describe('FileGrantBook', () => {
  it('reads the file again when it changes, and keeps the grants in force when an edit breaks it', () => {
    const file = path.join(tempDir(), 'grants.json');
    const lines: string[] = [];
    let now = 0;
    const book = new FileGrantBook(
      file,
      1_000,
      (line) => lines.push(line),
      () => now,
    );
    expect(book.find(HASH)).toBeUndefined();
    writeFileSync(file, JSON.stringify({ grants: [record] }));
    now = 1_000;
    expect(book.find(HASH)).toEqual(record);
    writeFileSync(file, '{"grants": [');
    now = 2_000;
    expect(book.find(HASH)).toEqual(record);
    expect(lines.join('\n')).toMatch(/grants not reloaded, the previous ones stay in force: .*grants.json: not JSON/);
  });

  it('refuses a broken file at start, naming the field', () => {
    const file = path.join(tempDir(), 'grants.json');
    writeFileSync(file, JSON.stringify({ grants: [{ ...record, perHour: 0 }] }));
    expect(() => new FileGrantBook(file, 1_000)).toThrow(`${file}: grants[0].perHour must be a positive whole number`);
  });
});

describe('GRANTS_REFRESH_SECONDS', () => {
  it('defaults to 30 and accepts 1 to 60 seconds only', () => {
    expect(grantsRefreshFromEnv(undefined)).toBe(30);
    expect(grantsRefreshFromEnv('1')).toBe(1);
    expect(grantsRefreshFromEnv('60')).toBe(60);
    for (const bad of ['0', '61', '1.5', 'x'])
      expect(() => grantsRefreshFromEnv(bad)).toThrow(
        `GRANTS_REFRESH_SECONDS must be a whole number of seconds from 1 to 60, not "${bad}"`,
      );
  });
});
