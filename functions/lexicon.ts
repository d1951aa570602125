// The Netlify Functions v2 adapter: reads the list indexes once per instance and hands every
// request to the web-standard handler in src/. Nothing else belongs here.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config, Context } from '@netlify/functions';
import { LOCALES, termFilePath, type Locale } from '../src/contract.ts';
import { createHandler } from '../src/handler.ts';
import { decodeListIndex, type ListIndex } from '../src/list-index.ts';
import { FixedWindowRateLimiter, rateLimitFromEnv, type RateLimitSnapshot } from '../src/rate-limit.ts';

// The bundler moves this file; the index ships beside it through `included_files`, at the
// same path relative to the site root. LEXICON_DATA_DIR overrides both for self-hosting.
function findDataDir(): string {
  const candidates = [
    process.env.LEXICON_DATA_DIR,
    path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/_data'),
    path.resolve(process.cwd(), 'dist/_data'),
    process.env.LAMBDA_TASK_ROOT && path.resolve(process.env.LAMBDA_TASK_ROOT, 'dist/_data'),
  ].filter((dir): dir is string => Boolean(dir));
  const found = candidates.find((dir) => existsSync(path.join(dir, 'list-index.en.bin')));
  if (!found) throw new Error(`list index not found (looked in ${candidates.join(', ')}); run \`npm run build\``);
  return found;
}

const dataDir = findDataDir();
const indexes = Object.fromEntries(
  LOCALES.map((locale) => [locale, decodeListIndex(readFileSync(path.join(dataDir, `list-index.${locale}.bin`)))]),
) as Record<Locale, ListIndex>;

const isNetlifyDev = process.env.NETLIFY_DEV === 'true';
const limit = rateLimitFromEnv(process.env.RATE_LIMIT_PER_HOUR);
const rateLimiter = limit > 0 ? new FixedWindowRateLimiter(limit) : undefined;

// netlify dev runs every invocation in a fresh worker thread of the dev server's process, so
// nothing in memory outlives a request there. Under dev only, the counters live in a file
// named after that process: one set per dev session. In production the instance keeps them.
const devCounters = isNetlifyDev ? path.join(tmpdir(), `lexicon-api-rate-limit-${process.pid}.json`) : undefined;
if (rateLimiter && devCounters && existsSync(devCounters)) {
  rateLimiter.restore(JSON.parse(readFileSync(devCounters, 'utf8')) as RateLimitSnapshot);
}

const handle = createHandler({
  indexes,
  rateLimiter,
  // Only reached for a locale spelled another way (?locale=BG): the file is on the CDN.
  async readTermFile(locale, slug, origin) {
    const response = await fetch(new URL(termFilePath(locale, slug), origin));
    return response.ok ? response.text() : undefined;
  },
});

// netlify dev (not the CDN) retries a function's 404 as /path.html, /path.htm,
// /path/index.html and /path/index.htm. Those are the same request: answer for the original
// path and count it once.
const DEV_RETRY_SUFFIX = /(?:\.html?|\/index\.html?)$/;

export default async (request: Request, context: Context) => {
  if (!isNetlifyDev) return handle(request, { ip: context.ip });
  const url = new URL(request.url);
  const repeated = DEV_RETRY_SUFFIX.test(url.pathname);
  url.pathname = url.pathname.replace(DEV_RETRY_SUFFIX, '');
  const response = await handle(new Request(url, request), { ip: context.ip, repeated });
  if (rateLimiter && devCounters) writeFileSync(devCounters, JSON.stringify(rateLimiter.snapshot()));
  return response;
};

// Netlify reads this object by static analysis, so it holds literals only; a test checks
// them against LIST_PATH and the rate-limit constants in src/.
export const config: Config = {
  path: [
    '/api/lexicon/public',
    '/api/lexicon/public/',
    '/api/lexicon/public/*',
    '/api/lexicon/en/*',
    '/api/lexicon/bg/*',
    '/api/lexicon/rate-limited',
  ],
  // A term file that exists is served by the CDN; only missing ones reach the function.
  preferStatic: true,
  rateLimit: {
    windowLimit: 100,
    windowSize: 180,
    aggregateBy: ['ip', 'domain'],
    action: 'rewrite',
    to: '/api/lexicon/rate-limited',
  },
};
