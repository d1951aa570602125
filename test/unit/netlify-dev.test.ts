// netlify dev retries a function's 404 four times; the dev wrapper answers those repeats as the
// first request was answered and counts the request once.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withDevRetries } from '../../runtime/netlify-dev.ts';
import type { ClientInfo } from '../../src/handler.ts';

function recorder() {
  const calls: [string, boolean][] = [];
  const handle = async (request: Request, client: ClientInfo) => {
    calls.push([new URL(request.url).pathname, client.count !== false]);
    return new Response(null, { status: new URL(request.url).pathname.includes('nope') ? 404 : 200 });
  };
  return { calls, handle };
}

describe('withDevRetries', () => {
  const ledger = () => path.join(mkdtempSync(path.join(tmpdir(), 'lexicon-dev-')), 'retries.log');

  it('counts a 404 once through its four retries, whether they add a suffix or repeat the URL', async () => {
    let now = 1_000;
    const { calls, handle } = recorder();
    const dev = withDevRetries(handle, ledger(), () => now);
    const base = 'http://dev.test/api/lexicon/nope';
    for (const url of [base, `${base}.html`, `${base}.htm`, `${base}/index.html`, `${base}/index.htm`]) {
      expect((await dev(new Request(url), '192.0.2.1')).status).toBe(404);
      now += 200;
    }
    for (let i = 0; i < 5; i++) await dev(new Request('http://dev.test/api/lexicon/public/nope'), '192.0.2.1');
    expect(calls.filter(([, counted]) => counted)).toHaveLength(2);
    expect(calls.map(([p]) => p)).toEqual([
      ...Array(5).fill('/api/lexicon/nope'),
      ...Array(5).fill('/api/lexicon/public/nope'),
    ]);
  });

  it('counts a client asking for the same missing path again later, and a .html path that answers 200', async () => {
    let now = 1_000;
    const { calls, handle } = recorder();
    const dev = withDevRetries(handle, ledger(), () => now);
    await dev(new Request('http://dev.test/api/lexicon/nope'), '192.0.2.1');
    now += 60_000;
    await dev(new Request('http://dev.test/api/lexicon/nope'), '192.0.2.1');
    await dev(new Request('http://dev.test/api/lexicon/public.html'), '192.0.2.1');
    await dev(new Request('http://dev.test/api/lexicon/nope'), '198.51.100.1');
    expect(calls.map(([, counted]) => counted)).toEqual([true, true, true, true]);
  });
});
