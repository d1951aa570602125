import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppendLogRateLimitStore } from '../../runtime/append-log-store.ts';
import { MemoryRateLimitStore, rateLimitFromEnv, type RateLimitStore } from '../../src/limits/rate-limit.ts';

const T0 = 1_700_000_000_000;
const tempLog = () => path.join(mkdtempSync(path.join(tmpdir(), 'lexicon-rl-')), 'counters.log');

// Every store keeps the same policy; Redis runs the same table in test/redis/.
const STORES: [string, (limit: number, now: () => number) => RateLimitStore][] = [
  ['memory', (limit, now) => new MemoryRateLimitStore(limit, now)],
  ['append log (netlify dev)', (limit, now) => new AppendLogRateLimitStore(limit, tempLog(), now)],
];

describe.each(STORES)('%s store', (_, makeStore) => {
  it('allows the limit in a window, then refuses until the window from the first request ends', async () => {
    let now = T0;
    const store = makeStore(3, () => now);
    const first = [];
    for (let i = 0; i < 3; i++) first.push((await store.consume('a')).remaining);
    expect(first).toEqual([2, 1, 0]);
    expect(await store.consume('a')).toMatchObject({
      allowed: false,
      remaining: 0,
      resetIn: 3600,
      resetAt: T0 / 1000 + 3600,
    });
    expect(await store.peek('a')).toMatchObject({ allowed: false, remaining: 0 });
    expect(await store.peek('b')).toMatchObject({ allowed: true, remaining: 3 });
    now += 3_599_000;
    expect(await store.consume('a')).toMatchObject({ allowed: false, resetIn: 1 });
    now += 1_000;
    expect(await store.peek('a')).toMatchObject({ allowed: true, remaining: 3 });
    expect(await store.consume('a')).toMatchObject({ allowed: true, remaining: 2, resetIn: 3600 });
  });

  it('agrees with a brute-force model on random traffic (refused requests are not counted)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c'), fc.integer({ min: 0, max: 1_500_000 }), fc.boolean()), {
          maxLength: 60,
        }),
        async (steps) => {
          let now = T0;
          const store = makeStore(4, () => now);
          const model = new Map<string, { start: number; used: number }>();
          for (const [client, advance, peek] of steps) {
            now += advance;
            let window = model.get(client);
            if (!window || now - window.start >= 3_600_000) window = { start: now, used: 0 };
            const allowed = window.used < 4;
            if (!peek) {
              if (allowed) window.used++;
              model.set(client, window);
            }
            const decision = peek ? await store.peek(client) : await store.consume(client);
            expect(decision.allowed).toBe(allowed);
            expect(decision.remaining).toBe(Math.max(0, 4 - window.used));
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('MemoryRateLimitStore', () => {
  it('stays bounded with 1,000,000 distinct clients: the window closest to its end is forgotten first', () => {
    let now = T0;
    const store = new MemoryRateLimitStore(100, () => now, 3600, 10_000);
    for (let i = 0; i < 1_000_000; i++) {
      if (i % 1000 === 0) now += 1;
      store.consume(`198.51.${i >> 8}.${i & 255}`);
    }
    expect(store.size).toBe(10_000);
    // The newest clients are still counted.
    expect(store.peek(`198.51.${999_999 >> 8}.${999_999 & 255}`).remaining).toBe(99);
  });

  it('drops expired windows as traffic arrives, so memory follows the clients of one window', () => {
    let now = T0;
    const store = new MemoryRateLimitStore(100, () => now);
    for (let i = 0; i < 50_000; i++) store.consume(`c${i}`);
    now += 3_600_000;
    store.consume('late');
    expect(store.size).toBe(1);
  });

  it('rejects a limit that is not a positive integer', () => {
    expect(() => new MemoryRateLimitStore(0)).toThrow(RangeError);
    expect(() => new MemoryRateLimitStore(1.5)).toThrow(RangeError);
  });
});

describe('AppendLogRateLimitStore under concurrent processes', () => {
  it('lets exactly the limit through when 8 processes consume at once, and the log stays readable', async () => {
    const file = tempLog();
    const script = `
      const { AppendLogRateLimitStore } = await import(${JSON.stringify(path.resolve('runtime/append-log-store.ts'))});
      const store = new AppendLogRateLimitStore(100, ${JSON.stringify(file)});
      let allowed = 0;
      for (let i = 0; i < 30; i++) if (store.consume('203.0.113.9').allowed) allowed++;
      process.stdout.write(String(allowed));
    `;
    const runs = Array.from(
      { length: 8 },
      () =>
        new Promise<number>((resolve, reject) => {
          const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
            stdio: ['ignore', 'pipe', 'inherit'],
          });
          let out = '';
          child.stdout.on('data', (chunk) => (out += chunk));
          child.on('exit', (code) => (code === 0 ? resolve(Number(out)) : reject(new Error(`exit ${code}`))));
        }),
    );
    const allowed = (await Promise.all(runs)).reduce((a, b) => a + b, 0);
    expect(allowed).toBe(100);
    const store = new AppendLogRateLimitStore(100, file);
    expect(store.peek('203.0.113.9')).toMatchObject({ allowed: false, remaining: 0 });
  }, 60_000);
});

describe('rateLimitFromEnv', () => {
  it.each([
    [undefined, 100],
    ['', 100],
    ['0', 0],
    ['250', 250],
    [' 7 ', 7],
  ] as const)('%s -> %i', (value, limit) => {
    expect(rateLimitFromEnv(value)).toBe(limit);
  });

  it('refuses anything else with a message that says what to set', () => {
    expect(() => rateLimitFromEnv('ten')).toThrow(
      'RATE_LIMIT_PER_HOUR must be a whole number (0 disables the limit), not "ten"',
    );
    expect(() => rateLimitFromEnv('-1')).toThrow(RangeError);
  });
});
