import { describe, expect, it } from 'vitest';
import { FixedWindowRateLimiter, rateLimitFromEnv } from '../../src/rate-limit.ts';

describe('FixedWindowRateLimiter', () => {
  it('allows the limit in a window, then refuses until the window from the first request ends', () => {
    let now = 1_700_000_000_000;
    const limiter = new FixedWindowRateLimiter(3, () => now);
    expect([1, 2, 3].map(() => limiter.hit('a').remaining)).toEqual([2, 1, 0]);
    expect(limiter.peek('a')).toMatchObject({ exceeded: true, remaining: 0, resetIn: 3600, resetAt: 1_700_000_000 + 3600 });
    expect(limiter.peek('b').exceeded).toBe(false);
    now += 3_599_000;
    expect(limiter.peek('a')).toMatchObject({ exceeded: true, resetIn: 1 });
    now += 1_000;
    expect(limiter.peek('a')).toMatchObject({ exceeded: false, remaining: 3 });
    expect(limiter.hit('a')).toMatchObject({ remaining: 2, resetIn: 3600 });
  });

  it('round-trips its counters through a snapshot', () => {
    const now = () => 1_000_000;
    const a = new FixedWindowRateLimiter(5, now);
    a.hit('x');
    a.hit('x');
    const b = new FixedWindowRateLimiter(5, now);
    b.restore(a.snapshot());
    expect(b.hit('x').remaining).toBe(2);
  });

  it('rejects a limit that is not a positive integer', () => {
    expect(() => new FixedWindowRateLimiter(0)).toThrow(RangeError);
    expect(() => new FixedWindowRateLimiter(1.5)).toThrow(RangeError);
  });
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
    expect(() => rateLimitFromEnv('ten')).toThrow('RATE_LIMIT_PER_HOUR must be a whole number (0 disables the limit), not "ten"');
    expect(() => rateLimitFromEnv('-1')).toThrow(RangeError);
  });
});
