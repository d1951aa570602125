// What netlify dev does that the CDN does not, and how the function copes, kept out of the
// production adapter:
// - every invocation runs in a fresh worker thread, so counters live in an append-only log
//   file named after the dev server's process (runtime/append-log-store.ts);
// - a function's 404 is retried up to four times: as /path.html, /path.htm, /path/index.html
//   and /path/index.htm, or, when a rewrite led to the function, as the very same URL (the
//   function sees the original URL, netlify-cli src/lib/functions/server.ts). Those repeats
//   answer what the first request answered, and are not counted again.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Handler } from '../src/handler.ts';
import { AppendLogRateLimitStore } from './append-log-store.ts';

const RETRY_SUFFIX = /(?:\.html?|\/index\.html?)$/;
const RETRIES = 4;
const RETRY_WINDOW_MS = 5_000;

const sessionFile = (kind: string) => path.join(tmpdir(), `lexicon-api-${kind}-${process.pid}.log`);

/** The counters of one `netlify dev` session: one log per dev server process. */
export function devRateLimitStore(limit: number): AppendLogRateLimitStore {
  return new AppendLogRateLimitStore(limit, sessionFile('rate-limit'));
}

/** Answers dev's retries of a 404 like the first request, without counting them again. */
export function withDevRetries(
  handle: Handler,
  ledger = sessionFile('retries'),
  now: () => number = Date.now,
): (request: Request, ip: string) => Promise<Response> {
  return async (request, ip) => {
    const url = new URL(request.url);
    const original = new URL(url);
    original.pathname = url.pathname.replace(RETRY_SUFFIX, '');
    const key = encodeURIComponent(`${ip} ${request.method} ${original.pathname}${original.search}`);
    if (isRetry(ledger, key, now())) {
      appendFileSync(ledger, `${now()}\tretry\t${key}\n`);
      return handle(new Request(original, request), { ip, count: false });
    }
    const response = await handle(request, { ip });
    if (response.status === 404) appendFileSync(ledger, `${now()}\t404\t${key}\n`);
    return response;
  };
}

/** A recent 404 for the same client and URL that has not used up its retries yet. */
function isRetry(ledger: string, key: string, now: number): boolean {
  if (!existsSync(ledger)) return false;
  let retriesLeft = 0;
  for (const line of readFileSync(ledger, 'utf8').split('\n')) {
    const [at, kind, lineKey] = line.split('\t');
    if (lineKey !== key) continue;
    if (kind === '404') retriesLeft = now - Number(at) <= RETRY_WINDOW_MS ? RETRIES : 0;
    else if (kind === 'retry') retriesLeft--;
  }
  return retriesLeft > 0;
}
