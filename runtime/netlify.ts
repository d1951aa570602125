// The Netlify Functions adapter shared by the functions in functions/: loads the indexes once
// per instance, picks the rate-limit store, and hands every request to the web-standard handler.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Context } from '@netlify/functions';
import { createHandler } from '../src/handler.ts';
import { MemoryRateLimitStore, rateLimitFromEnv, type RateLimitStore } from '../src/limits/rate-limit.ts';
import { DATA_DIR } from '../src/contract/output-layout.ts';
import { findOutputDir, loadIndexes } from './load-indexes.ts';
import { devRateLimitStore, withDevRetries } from './netlify-dev.ts';
import { ipv6PrefixFromEnv } from '../src/limits/client-key.ts';
import { DEPLOYED_GRANTS_FILE, type GrantBook } from '../src/limits/grants.ts';
import { FileGrantBook, grantsRefreshFromEnv, RedisGrantBook } from './grant-books.ts';
import { checkRedisUrl, RedisRateLimitStore } from './redis-store.ts';

export type NetlifyHandler = (request: Request, context: Context) => Promise<Response>;

export function createNetlifyHandler(env: NodeJS.ProcessEnv = process.env): NetlifyHandler {
  // The bundler moves the function; `included_files` keeps the index at the same path relative
  // to the site root. The paths name dist/_data itself, not dist/: Netlify's file tracer ships
  // every file under a folder the code names, and dist/ holds every term file and dump.
  const dataDir = findOutputDir(
    [
      env.LEXICON_DIST && path.join(env.LEXICON_DIST, DATA_DIR),
      path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/_data'),
      path.resolve(process.cwd(), 'dist/_data'),
      env.LAMBDA_TASK_ROOT && path.resolve(env.LAMBDA_TASK_ROOT, 'dist/_data'),
    ],
    DATA_DIR,
  );
  const limit = rateLimitFromEnv(env.RATE_LIMIT_PER_HOUR);
  const isDev = env.NETLIFY_DEV === 'true';
  let rateLimit: RateLimitStore | undefined;
  let grants: GrantBook | undefined;
  const refreshMs = grantsRefreshFromEnv(env.GRANTS_REFRESH_SECONDS) * 1000;
  // Redis when configured (exact across every instance; grants there too), else the instance's
  // memory and the grants the build copied into dist/_data; netlify dev without Redis keeps its
  // counters in a log file because each request runs in a new worker.
  const redisUrl = usableRedisUrl(env.RATE_LIMIT_REDIS_URL || env.REDIS_URL);
  if (limit > 0) {
    if (redisUrl) {
      const redis = new RedisRateLimitStore({
        url: redisUrl,
        limit,
        timeoutMs: env.RATE_LIMIT_REDIS_TIMEOUT_MS ? Number(env.RATE_LIMIT_REDIS_TIMEOUT_MS) : undefined,
      });
      rateLimit = redis;
      grants = new RedisGrantBook(redis, refreshMs);
    } else {
      rateLimit = isDev ? devRateLimitStore(limit) : new MemoryRateLimitStore(limit);
      grants = new FileGrantBook(path.join(dataDir, DEPLOYED_GRANTS_FILE), refreshMs);
    }
  }
  const handle = createHandler({
    indexes: loadIndexes(path.dirname(dataDir)),
    rateLimit,
    grants,
    ipv6PrefixBits: ipv6PrefixFromEnv(env.RATE_LIMIT_IPV6_PREFIX),
    cdnBackstop: true,
    onError: (error, request) =>
      console.error(`lexicon: ${request.method} ${new URL(request.url).pathname} failed:`, error),
  });
  if (isDev) {
    const dev = withDevRetries(handle);
    return (request, context) => dev(request, context.ip);
  }
  return (request, context) => handle(request, { ip: context.ip });
}

/**
 * A function cannot refuse to start: a Redis URL that names no server is said in the log at every
 * cold start, and the instance counts in its own memory instead.
 */
function usableRedisUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    checkRedisUrl(url);
    return url;
  } catch (error) {
    console.error(
      `lexicon: RATE_LIMIT_REDIS_URL ignored, counting in this instance's memory: ${(error as Error).message}`,
    );
    return undefined;
  }
}
