// Who answers what on Netlify (netlify dev): canonical single-term lookups come from static files
// without invoking the function; every other form reaches the function. Counted from the dev
// server's own log of function invocations ("Request from <ip>: <method> <path>").
import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { httpRequest } from '../helpers/http-client.ts';

const baseUrl = inject('baseUrl');
const isNetlify = inject('server') === 'netlify-dev';

function invocations(ip: string): number {
  return readFileSync(inject('serverLog'), 'utf8')
    .split('\n')
    .filter((line) => line.includes(`Request from ::ffff:${ip}:`)).length;
}

async function settle() {
  // The log is written as the server prints; give it a moment to land in the file.
  await new Promise((resolve) => setTimeout(resolve, 300));
}

describe.skipIf(!isNetlify)('provenance through netlify dev', () => {
  it.each([
    ['/api/lexicon/public/sophia', '127.0.0.21'],
    ['/api/lexicon/public/sophia?locale=en', '127.0.0.22'],
    ['/api/lexicon/public/sophia?locale=bg', '127.0.0.23'],
    ['/api/lexicon/public/sophia?locale=bg&utm_source=x', '127.0.0.24'],
  ])('%s is a static file: public caching, no per-client counter, the function never runs', async (url, ip) => {
    for (let i = 0; i < 3; i++) {
      const response = await httpRequest(`${baseUrl}${url}`, { localAddress: ip });
      expect(response.status).toBe(200);
      expect(response.headers['cache-control']).toMatch(/^public/);
      expect(response.headers['x-ratelimit-remaining']).toBeUndefined();
    }
    await settle();
    expect(invocations(ip)).toBe(0);
  });

  it.each([
    ['/api/lexicon/public', '127.0.0.25', 1],
    ['/api/lexicon/public/sophia?locale=BG', '127.0.0.26', 1],
    // netlify dev retries a function's 404 four more times; it is counted once.
    ['/api/lexicon/public/no-such-term', '127.0.0.27', 5],
  ])('%s is answered by the function, per client and uncacheable by shared caches', async (url, ip, calls) => {
    const response = await httpRequest(`${baseUrl}${url}`, { localAddress: ip });
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers['x-ratelimit-remaining']).toBe(String(inject('rateLimit') - 1));
    await settle();
    expect(invocations(ip)).toBe(calls);
  });
});
