// Issue 27: `npm start` writes a counted answer's four counter values into a flat header list
// (putRateLimitState, runtime/counted-answers.ts) or a header block's entries (putRateLimitEntries) and the in-memory store makes its decision in
// one object (windowDecision). Each must give exactly what the general path's record
// (setRateLimitState) and the plain window arithmetic give, for any state.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { putRateLimitEntries, putRateLimitState, RATE_LIMIT_STATE_HEADERS, setRateLimitState } from '../../src/http.ts';
import { type RateLimitState, windowDecision, windowState } from '../../src/limits/rate-limit.ts';

const state = fc.record({
  limit: fc.integer({ min: 1, max: 2_000_000_000 }),
  remaining: fc.integer({ min: 0, max: 2_000_000_000 }),
  resetAt: fc.integer({ min: 0, max: 2 ** 34 }),
  resetIn: fc.integer({ min: 1, max: 3600 }),
});

describe('the counters written into a flat header list', () => {
  it('are the values setRateLimitState writes into a record, in the same places', () => {
    fc.assert(
      fc.property(
        fc.array(state, { minLength: 1, maxLength: 8 }),
        fc.array(fc.constantFrom('X-License', 'ETag', 'Vary', 'Cache-Control', 'Link'), { maxLength: 5 }),
        fc.nat(),
        (states: RateLimitState[], others, seed) => {
          // The four counter names among other headers, in an order the seed picks.
          const names: string[] = [...new Set(others)];
          for (const [i, name] of RATE_LIMIT_STATE_HEADERS.entries())
            names.splice((seed >> i) % (names.length + 1), 0, name);
          const record: Record<string, string> = Object.fromEntries(names.map((name) => [name, `old ${name}`]));
          const lines = Object.entries(record).flat();
          const at = RATE_LIMIT_STATE_HEADERS.map((name) => lines.indexOf(name) + 1);
          // The same as entries ([name, value]) of a header block (runtime/header-block.ts).
          const entries = RATE_LIMIT_STATE_HEADERS.map((name): [string, string] => [name, `old ${name}`]);
          // Several states in turn, as one kept answer serves client after client.
          for (const one of states) {
            setRateLimitState(record, one);
            putRateLimitState(lines, at, one);
            putRateLimitEntries(entries, one);
            expect(lines).toEqual(Object.entries(record).flat());
            expect(entries).toEqual(RATE_LIMIT_STATE_HEADERS.map((name) => [name, record[name]]));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('are the policy fields as the contract spells them', () => {
    const record: Record<string, string> = {};
    setRateLimitState(record, { limit: 100, remaining: 7, resetAt: 1_795_681_350, resetIn: 42 });
    expect(record).toEqual({
      RateLimit: '"hourly";r=7;t=42',
      'X-RateLimit-Limit': '100',
      'X-RateLimit-Remaining': '7',
      'X-RateLimit-Reset': '1795681350',
    });
  });
});

describe('windowDecision', () => {
  it('is the decision with the window state worked out plainly', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 2 ** 42 }),
        fc.integer({ min: 0, max: 2_000_000 }),
        fc.integer({ min: 0, max: 4_000_000 }),
        fc.integer({ min: 1, max: 7200 }),
        (allowed, limit, startMs, used, elapsedMs, windowSeconds) => {
          const nowMs = startMs + elapsedMs;
          const endMs = startMs + windowSeconds * 1000;
          const plain = {
            allowed,
            limit,
            remaining: Math.max(0, limit - used),
            resetAt: Math.ceil(endMs / 1000),
            resetIn: Math.max(1, Math.ceil((endMs - nowMs) / 1000)),
          };
          expect(windowDecision(allowed, limit, startMs, used, nowMs, windowSeconds)).toStrictEqual(plain);
          const { allowed: _allowed, ...state } = plain;
          expect(windowState(limit, startMs, used, nowMs, windowSeconds)).toStrictEqual(state);
        },
      ),
    );
  });
});
